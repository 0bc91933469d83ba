package weak

import (
	"slices"
	"testing"

	"damka/board"
	"damka/engine"
)

func TestRandomSearcher(t *testing.T) {
	v := board.International
	s := NewRandomSearcher(7)
	play := func() []board.Move {
		s.NewGame()
		g := board.NewGame(v, v.Start())
		var out []board.Move
		for i := 0; i < 20; i++ {
			r := s.Search(g, engine.Limits{}, nil)
			if !r.HasBest {
				break
			}
			out = append(out, r.Best)
			if err := g.Play(r.Best); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	a, b := play(), play()
	if len(a) != 20 || !slices.Equal(a, b) {
		t.Errorf("NewGame does not restart the sequence: %v vs %v", a, b)
	}
	// Uniform: over many draws from the start every one of the 9 moves comes up.
	counts := map[board.Move]int{}
	for i := 0; i < 900; i++ {
		counts[s.Search(board.NewGame(v, v.Start()), engine.Limits{}, nil).Best]++
	}
	if len(counts) != 9 {
		t.Errorf("%d distinct first moves, want 9", len(counts))
	}
	for m, n := range counts {
		if n < 50 || n > 160 {
			t.Errorf("move %v drawn %d times of 900", m, n)
		}
	}
	empty, err := v.ParseFEN("W:W46:B5")
	if err != nil {
		t.Fatal(err)
	}
	s46, _ := v.Geo.Bit(46)
	empty.Put(s46, board.Empty)
	if r := s.Search(board.NewGame(v, empty), engine.Limits{}, nil); r.HasBest {
		t.Error("a move in a position without pieces")
	}
}
