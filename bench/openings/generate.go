package openings

import (
	"fmt"
	"sort"

	"damka/board"
	"damka/engine"
)

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
// should say. This package has no search of its own: the searcher comes
// from the caller (damka's engine, or a Hub engine through match.HubSearcher).
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
				// A searcher that can fail (a Hub engine) says why.
				if fs, ok := s.(interface{ Err() error }); ok && fs.Err() != nil {
					return nil, fs.Err()
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
