package match

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
)

// Opening is a start for a game pair: a position and the moves played from
// it before the engines take over. Games record both, so the PDN of a game
// from a move-line opening starts at the initial position.
type Opening struct {
	Start board.Position
	Moves []board.Move
	Text  string // the line it was read from, for messages
}

// Position returns the position after the opening moves.
func (o Opening) Position() board.Position {
	p := o.Start
	for _, m := range o.Moves {
		p = p.Play(m)
	}
	return p
}

// Game is the opening as a game of v (with Bashni's columns, which the
// opening's moves build: its start has none); an illegal move is an error.
func (o Opening) Game(v *board.Variant) (*board.Game, error) {
	return board.GameOf(v, o.Start, o.Moves)
}

// ReadOpenings reads an openings file for variant v. Each non-blank line
// that does not start with '%' is one opening (text after '#' is a comment): a FEN ("W:W31-50:B1-20")
// or a move line from the initial position ("1. 32-28 19-23 2. 33-29",
// move numbers optional, any notation ParseMove reads). A file that starts
// with a PDN tag ('[') is read as PDN instead: each game is one opening
// (its start position and all its moves). Every opening must leave the side
// to move with a legal move.
func ReadOpenings(r io.Reader, v *board.Variant) ([]Opening, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff"))), []byte("[")) {
		games, err := pdn.Read(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		var out []Opening
		for i, g := range games {
			if g.Variant() != v {
				return nil, fmt.Errorf("openings: PDN game %d is %s, not %s", i+1, g.Variant().Name, v.Name)
			}
			o := Opening{Start: g.Start(), Moves: g.Moves(), Text: fmt.Sprintf("PDN game %d", i+1)}
			if err := checkOpening(v, o); err != nil {
				return nil, fmt.Errorf("openings: PDN game %d: %v", i+1, err)
			}
			out = append(out, o)
		}
		return out, nil
	}
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#") // comments, also after an opening
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '%' {
			continue
		}
		o, err := ParseOpening(v, line)
		if err != nil {
			return nil, fmt.Errorf("openings: line %d: %v", n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ParseOpening reads one opening line: a FEN or a move line.
func ParseOpening(v *board.Variant, line string) (Opening, error) {
	line = strings.TrimSpace(line)
	o := Opening{Start: v.Start(), Text: line}
	t := strings.TrimLeft(line, `"`)
	if len(t) >= 2 && (t[0] == 'W' || t[0] == 'B' || t[0] == 'w' || t[0] == 'b') && t[1] == ':' {
		p, err := v.ParseFEN(line)
		if err != nil {
			return o, err
		}
		o.Start = p
	} else {
		g := board.NewGame(v, o.Start)
		for _, w := range strings.Fields(line) {
			w = stripMoveNumber(w)
			if w == "" || w == "*" {
				continue
			}
			m, err := v.ParseMove(g.Position(), w)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				return o, fmt.Errorf("move %d: %v", len(o.Moves)+1, err)
			}
			o.Moves = append(o.Moves, m)
		}
	}
	return o, checkOpening(v, o)
}

// stripMoveNumber removes a leading move number "12." or "12..." (which
// may be glued to the move, "12.32-28").
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i == len(w) || w[i] != '.' {
		return w
	}
	return strings.TrimLeft(w[i:], ".")
}

func checkOpening(v *board.Variant, o Opening) error {
	g, err := o.Game(v)
	if err != nil {
		return err
	}
	p := *g.Position()
	var ml board.MoveList
	v.Generate(&p, &ml)
	if ml.N == 0 {
		return fmt.Errorf("the game is over after the opening (%s)", v.FEN(&p))
	}
	if p.PieceCount(board.White) == 0 || p.PieceCount(board.Black) == 0 {
		return fmt.Errorf("a side has no pieces (%s)", v.FEN(&p))
	}
	return nil
}

// FormatOpening writes an opening as one line ReadOpenings reads: the moves
// with move numbers, or the FEN when it has no moves and does not start
// from the initial position.
func FormatOpening(v *board.Variant, o Opening) string {
	if len(o.Moves) == 0 {
		return v.FEN(&o.Start)
	}
	if o.Start != v.Start() {
		// A FEN plus moves has no one-line form here: write the position
		// the moves lead to.
		if g, err := o.Game(v); err == nil {
			return g.FEN()
		}
	}
	var sb strings.Builder
	g := board.NewGame(v, o.Start)
	for i, m := range o.Moves {
		if i%2 == 0 {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(v.FormatMove(g.Position(), m))
		if g.Play(m) != nil {
			break // not an opening of v: checkOpening says why
		}
	}
	return sb.String()
}

// GenerateSpec configures GenerateOpenings.
type GenerateSpec struct {
	Plies  int // positions after this many plies from the initial position
	Depth  int // depth of the shallow search that scores them
	Margin int // keep |score| <= Margin, in engine units (100 = one man)
	Count  int // at most this many (0: all)
}

// Scored is a generated opening with its shallow-search score (side to
// move's view), valid when Searched.
type Scored struct {
	Opening
	Score    int
	Searched bool
}

// GenerateOpenings returns a balanced opening suite: every distinct
// position after spec.Plies plies from the initial position (the first move
// sequence reaching it, in generation order), scored by a search of
// spec.Depth plies with s and kept when |score| <= spec.Margin. Positions
// where the side to move has no move are skipped. With Count > 0 the Count
// most balanced ones are kept (ties: generation order), listed in
// generation order.
//
// s may be nil: then nothing is scored and the suite is every distinct
// position after Plies plies (evenly thinned to Count), which the caller
// should say. The runner package itself has no search: the searcher comes
// from the caller (damka's engine, or a Hub engine through HubSearcher).
func GenerateOpenings(v *board.Variant, spec GenerateSpec, s engine.Searcher) ([]Scored, error) {
	if spec.Plies < 0 || spec.Plies > 12 {
		return nil, fmt.Errorf("plies must be between 0 and 12, not %d", spec.Plies)
	}
	type node struct {
		pos   board.Position
		tow   board.Towers // Bashni: pos's columns
		moves []board.Move
	}
	// seenKey is a position for the merge of transpositions: the board and,
	// in Bashni, the pieces under the tops (zero elsewhere).
	type seenKey struct {
		pos board.Position
		tow board.Towers
	}
	level := []node{{pos: v.Start()}}
	var ml board.MoveList
	for ply := 0; ply < spec.Plies; ply++ {
		seen := map[seenKey]bool{}
		var next []node
		for _, n := range level {
			v.Generate(&n.pos, &ml)
			for _, m := range ml.Slice() {
				// A tree walk, not a game: the rules core's stepping
				// primitives, Bashni's with its columns.
				q, qt := n.pos.Play(m), board.Towers{}
				if v.Columns {
					v.SearchStepTowers(&n.pos, &n.tow, m, &q, &qt)
				}
				if seen[seenKey{q, qt}] {
					continue
				}
				seen[seenKey{q, qt}] = true
				next = append(next, node{q, qt, append(append([]board.Move(nil), n.moves...), m)})
			}
		}
		level = next
		if len(level) > 2_000_000 {
			return nil, fmt.Errorf("more than 2000000 positions after %d plies; use fewer plies", ply+1)
		}
	}
	var out []Scored
	for _, n := range level {
		v.Generate(&n.pos, &ml)
		if ml.N == 0 {
			continue
		}
		sc := Scored{Opening: Opening{Start: v.Start(), Moves: n.moves}}
		if s != nil {
			g, err := board.GameOf(v, v.Start(), n.moves)
			if err != nil {
				return nil, err
			}
			s.NewGame()
			r := s.Search(g, engine.Limits{Depth: max(spec.Depth, 1)}, nil)
			if !r.HasBest {
				if hs, ok := s.(*HubSearcher); ok && hs.Err() != nil {
					return nil, hs.Err()
				}
				return nil, fmt.Errorf("the searcher returned no move for %s", v.FEN(&n.pos))
			}
			sc.Score, sc.Searched = r.Score, true
			if abs(r.Score) > spec.Margin {
				continue
			}
		}
		sc.Text = FormatOpening(v, sc.Opening)
		out = append(out, sc)
	}
	if spec.Count > 0 && len(out) > spec.Count {
		if s != nil {
			idx := make([]int, len(out))
			for i := range idx {
				idx[i] = i
			}
			sort.SliceStable(idx, func(a, b int) bool { return abs(out[idx[a]].Score) < abs(out[idx[b]].Score) })
			idx = idx[:spec.Count]
			sort.Ints(idx)
			kept := make([]Scored, len(idx))
			for i, j := range idx {
				kept[i] = out[j]
			}
			out = kept
		} else {
			// Evenly spaced, so that the suite covers the whole move tree
			// rather than the first moves only.
			kept := make([]Scored, spec.Count)
			for i := range kept {
				kept[i] = out[i*len(out)/spec.Count]
			}
			out = kept
		}
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
