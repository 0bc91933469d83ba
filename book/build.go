package book

import (
	"context"
	"fmt"
	"math"
	"slices"

	"damka/board"
	"damka/format/hubtext"
)

// Scored is one move of a position with the score a search gave it (from
// the side to move's view, engine units) and the depth searched.
type Scored struct {
	Move  board.Move
	Score int
	Depth int
}

// BuildOptions shape the tree Build expands.
type BuildOptions struct {
	// Plies: positions up to Plies-1 moves from the start get moves
	// (Plies 6: the first six moves of the game, White's and Black's).
	Plies int
	// Margin (engine units, 100 = one man): the moves kept in a position
	// are those scored within Margin of its best.
	Margin int
	// Width: at most this many moves kept per position (the best ones).
	Width int
}

// Limits of BuildOptions.
const (
	MaxPlies = 64
	MaxWidth = 64
)

// Build expands the tree of v from the start position breadth-first, to
// o.Plies plies. At each position it calls eval (the caller's search; the
// history holds the positions before p on the first line that reached it,
// oldest first), keeps the scored moves that are legal, within o.Margin of
// the best and among the o.Width best, stores them, and expands only
// those. A position reached again (a transposition: same Key) is stored
// and expanded once. A position with one legal move is stored without
// calling eval: its entry has depth 0 and the score of the move that led
// to it, negated (0 at the start). Positions where the game is over are
// not stored, nor moves whose Hub text is longer than MaxMoveLen.
//
// progress, if not nil, is called after each position with the positions
// done and those still queued. The result depends only on eval's answers:
// a deterministic eval gives the same book every time.
//
// Variants whose positions have columns (Bashni) are refused: the pieces
// under the tops are not in board.Position, so neither the key nor the
// move replay would be right.
func Build(v *board.Variant, o BuildOptions, eval func(p board.Position, history []board.Position) []Scored, progress func(done, queued int)) (*Book, error) {
	return BuildContext(context.Background(), v, o, eval, progress)
}

// BuildContext is Build that ends when ctx does, with an error wrapping
// ctx's: an answer eval gives after that is not used (the search it came
// from may have been cut short). A caller that keeps eval's earlier
// answers and gives them again resumes the build exactly.
func BuildContext(ctx context.Context, v *board.Variant, o BuildOptions, eval func(p board.Position, history []board.Position) []Scored, progress func(done, queued int)) (*Book, error) {
	switch {
	case v == nil:
		return nil, fmt.Errorf("book: no variant")
	case v.Columns:
		return nil, fmt.Errorf("book: variant %s: positions have columns that a book key does not hold", v.Name)
	case o.Plies < 1 || o.Plies > MaxPlies:
		return nil, fmt.Errorf("book: plies %d (1..%d)", o.Plies, MaxPlies)
	case o.Width < 1 || o.Width > MaxWidth:
		return nil, fmt.Errorf("book: width %d (1..%d)", o.Width, MaxWidth)
	case o.Margin < 0:
		return nil, fmt.Errorf("book: negative margin %d", o.Margin)
	case eval == nil:
		return nil, fmt.Errorf("book: no eval function")
	}
	type node struct {
		pos     board.Position
		history []board.Position // before pos, oldest first
		ply     int
		score   int // of pos for its side to move, as its parent's entry said
	}
	start := v.Start()
	queue := []node{{pos: start}}
	seen := map[uint64]bool{Key(v, &start): true}
	var entries []Entry
	var ml board.MoveList
	done := 0
	for len(queue) > 0 {
		n := queue[0]
		queue[0] = node{}
		queue = queue[1:]
		p := n.pos
		key := Key(v, &p)
		v.Generate(&p, &ml)
		legal := slices.Clone(ml.Slice())
		var kept []Scored
		switch len(legal) {
		case 0:
			// The game is over: nothing to play.
		case 1:
			kept = []Scored{{Move: legal[0], Score: n.score}}
		default:
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("book: stopped after %d positions: %w", done, err)
			}
			scored := eval(p, n.history)
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("book: stopped after %d positions: %w", done, err)
			}
			kept = choose(legal, scored, o)
		}
		for _, s := range kept {
			text := hubtext.FormatMove(v, s.Move)
			if len(text) > MaxMoveLen {
				continue
			}
			entries = append(entries, Entry{Key: key, Move: text, Score: clamp16(s.Score), Depth: uint8(min(max(s.Depth, 0), math.MaxUint8))})
			if n.ply+1 >= o.Plies {
				continue
			}
			q := p.Play(s.Move)
			qk := Key(v, &q)
			if seen[qk] {
				continue
			}
			seen[qk] = true
			h := make([]board.Position, len(n.history), len(n.history)+1)
			copy(h, n.history)
			queue = append(queue, node{pos: q, history: append(h, p), ply: n.ply + 1, score: -s.Score})
		}
		done++
		if progress != nil {
			progress(done, len(queue))
		}
	}
	return New(v.Name, entries)
}

// choose keeps the scored moves that are legal (each once), within
// o.Margin of the best, at most o.Width of them, best first; equal scores
// keep eval's order.
func choose(legal []board.Move, scored []Scored, o BuildOptions) []Scored {
	var ok []Scored
	for _, s := range scored {
		if !slices.Contains(legal, s.Move) || slices.ContainsFunc(ok, func(t Scored) bool { return t.Move == s.Move }) {
			continue
		}
		ok = append(ok, s)
	}
	slices.SortStableFunc(ok, func(a, b Scored) int { return b.Score - a.Score })
	for i, s := range ok {
		if i == o.Width || s.Score < ok[0].Score-o.Margin {
			return ok[:i]
		}
	}
	return ok
}

func clamp16(s int) int16 {
	return int16(min(max(s, math.MinInt16), math.MaxInt16))
}
