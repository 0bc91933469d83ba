package engine

import (
	"testing"

	"damka/board"
)

// A finished Stavropol game gets no move and the score of its outcome: the
// side to move without pieces has lost though it could move the
// opponent's, and the side to move whose opponent has none has won.
func TestStavropolFinished(t *testing.T) {
	v := board.Stavropol
	e := New(Options{HashMB: 1})
	for fen, want := range map[string]int{"W:W:Bd4,h8": -WinScore, "B:W:Bd4,h8": WinScore} {
		r := searchPos(e, v, mustFEN(t, v, fen), Limits{Depth: 3}, nil)
		if r.HasBest || r.Score != want {
			t.Errorf("%s: %+v, want no move and score %d", fen, r, want)
		}
	}
}

// The endgame tables hold Russian values: a Stavropol search must not use
// them. (The same position under Russian rules is a table win:
// TestTablesInSearch.)
func TestStavropolNoTables(t *testing.T) {
	v := board.Stavropol
	e := New(Options{HashMB: 1})
	if db := e.tablesFor(v); db != nil {
		t.Fatal("tables opened for stavropol")
	}
	var hits uint64
	r := searchPos(e, v, mustFEN(t, v, "W:WKa1,Kc1,Ka3:BKh2"), Limits{Depth: 4}, func(in Info) { hits = in.TBHits })
	if hits != 0 || r.TBHits != 0 {
		t.Errorf("%d table hits in a stavropol search", max(hits, r.TBHits))
	}
}

// Self-play: engine searches play Stavropol games to their end. Every move
// must be legal, and the game must end by the rules: a finished position
// (Outcome), a third repetition, the king-moves counter, or the ply cap.
func TestStavropolSelfPlay(t *testing.T) {
	v := board.Stavropol
	e := New(Options{HashMB: 4})
	starts := []board.Position{v.Start()}
	for seed := uint64(1); seed <= 2; seed++ {
		g := randomGame(v, 8, seed)
		starts = append(starts, g[len(g)-1])
	}
	for _, start := range starts {
		e.NewGame()
		g := board.NewGame(v, start)
		var ml board.MoveList
		foreign := 0
		result := "ply cap"
		for ply := 0; ply < 400; ply++ {
			p := *g.Position()
			v.Generate(&p, &ml)
			r := e.Search(g, Limits{Nodes: 3000}, nil)
			if over, win := v.Outcome(&p, &ml); over {
				want := -WinScore
				result = v.FEN(&p) + ": " + p.Side.String() + " to move has lost"
				if win {
					want = WinScore
					result = v.FEN(&p) + ": " + p.Side.String() + " to move has won"
				}
				if r.HasBest || r.Score != want {
					t.Fatalf("%s: the game is over, search %+v, want score %d", v.FEN(&p), r, want)
				}
				break
			}
			if !r.HasBest || findMove(&ml, r.Best) < 0 {
				t.Fatalf("%s: illegal move %+v", v.FEN(&p), r.Best)
			}
			if !p.Has(p.Side, r.Best.From) {
				foreign++
			}
			if why := playDrawn(g, r.Best); why != "" {
				result = "draw by " + why
				break
			}
		}
		t.Logf("%d plies, %d foreign moves: %s", g.Len(), foreign, result)
	}
}
