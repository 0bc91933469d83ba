package engine

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// bashniGame plays a seeded random Bashni game of at most plies plies.
func bashniGame(t *testing.T, plies int, seed uint64) *board.Game {
	v := board.Bashni
	r := rand.New(rand.NewPCG(seed, 13))
	var ml board.MoveList
	g := board.NewGame(v, v.Start())
	for i := 0; i < plies; i++ {
		v.Generate(g.Position(), &ml)
		if ml.N == 0 {
			break
		}
		if err := g.Play(ml.Moves[r.IntN(ml.N)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// mustGame reads a FEN of v, columns included.
func mustGame(t testing.TB, v *board.Variant, fen string) *board.Game {
	t.Helper()
	g, err := board.ParseGame(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Searches of Bashni positions with columns return legal moves, and the
// ponder move is legal after the best one.
func TestBashniSearchLegal(t *testing.T) {
	v := board.Bashni
	e := New(Options{HashMB: 4})
	n := 0
	for seed := uint64(1); seed <= uint64(depthFor(8, 3)); seed++ {
		game := bashniGame(t, 140, seed)
		for i := 0; i <= game.Len(); i += 3 {
			g := game.Clone()
			g.Truncate(i)
			p := *g.Position()
			r := e.Search(g, Limits{Depth: depthFor(4, 3)}, nil)
			var ml board.MoveList
			v.Generate(&p, &ml)
			if ml.N == 0 {
				if r.HasBest || r.Score != -WinScore {
					t.Fatalf("%s: no move, got %+v", g.FEN(), r)
				}
				continue
			}
			if !r.HasBest || findMove(&ml, r.Best) < 0 {
				t.Fatalf("%s: illegal best move %+v", g.FEN(), r.Best)
			}
			if r.HasPonder {
				fen := g.FEN()
				if err := g.Play(r.Best); err != nil {
					t.Fatal(err)
				}
				if !legal(v, g.Position(), r.Ponder) {
					t.Fatalf("%s: illegal ponder move %+v", fen, r.Ponder)
				}
			}
			n++
		}
	}
	if n < 20 {
		t.Errorf("only %d positions searched", n)
	}
}

// The search sees the columns: White has two captures landing on e5, one
// of a lone black man, the other of a black man over three white men,
// which frees them. It must take the column, wherever it stands.
func TestBashniSearchSeesColumns(t *testing.T) {
	v := board.Bashni
	e := New(Options{HashMB: 4})
	for _, c := range []struct{ fen, want string }{
		{"W:Wc3,g3:Bd4(www),f4,h8", "c3:e5"},
		{"W:Wc3,g3:Bd4,f4(www),h8", "g3:e5"},
	} {
		g := mustGame(t, v, c.fen)
		r := e.Search(g, Limits{Depth: 6}, nil)
		if got := v.FormatMove(g.Position(), r.Best); got != c.want {
			t.Errorf("%s: best %s (score %d), want %s", c.fen, got, r.Score, c.want)
		}
	}
}

// The same tops with other pieces under them are another position for the
// table and for repetitions.
func TestBashniKeys(t *testing.T) {
	v := board.Bashni
	ga := mustGame(t, v, "W:Wc3(b),e3:Bd6,f6(w)")
	gb := mustGame(t, v, "W:Wc3,e3(b):Bd6,f6(w)")
	gc := mustGame(t, v, "W:Wc3,e3:Bd6,f6")
	a, ta := *ga.Position(), *ga.Towers()
	b, tb := *gb.Position(), *gb.Towers()
	c, tc := *gc.Position(), *gc.Towers()
	if a != b || a != c {
		t.Fatal("the tops differ")
	}
	ka := hashPosition(&a) ^ hashTowers(&a, &ta)
	kb := hashPosition(&b) ^ hashTowers(&b, &tb)
	kc := hashPosition(&c) ^ hashTowers(&c, &tc)
	if ka == kb || ka == kc || kb == kc {
		t.Errorf("keys %x %x %x: columns not hashed", ka, kb, kc)
	}
	if kc != hashPosition(&c) {
		t.Errorf("no column, yet the towers add to the key")
	}
}

// A Bashni self-play game with the towers and the history passed to every
// search ends with a legal result: a side without a move (it has lost), or
// a draw by repetition or by the king-moves counter, or the ply limit.
func TestBashniSelfPlay(t *testing.T) {
	v := board.Bashni
	a, b := New(Options{HashMB: 4}), New(Options{HashMB: 4})
	g := board.NewGame(v, v.Start())
	result := ""
	for ply := 0; ply < 300 && result == ""; ply++ {
		e := a
		if ply%2 == 1 {
			e = b
		}
		r := e.Search(g, Limits{Nodes: 3000}, nil)
		var ml board.MoveList
		v.Generate(g.Position(), &ml)
		if !r.HasBest {
			if ml.N != 0 {
				t.Fatalf("%s: no move returned, %d legal", g.FEN(), ml.N)
			}
			result = g.Position().Side.Opponent().String() + " wins"
			break
		}
		if findMove(&ml, r.Best) < 0 {
			t.Fatalf("%s: illegal move %+v", g.FEN(), r.Best)
		}
		result = playDrawn(g, r.Best)
		if err := v.CheckTowers(g.Position(), g.Towers()); err != nil || g.Position().TotalCount()+g.Towers().Height() != 24 {
			t.Fatalf("%s: %v", g.FEN(), err)
		}
	}
	if result == "" {
		result = "draw by the ply limit"
	}
	t.Logf("%s after %d plies: %s", result, g.Len(), g.FEN())
}

// Endgame tables index the tops only: Bashni must not use them.
func TestBashniNoTables(t *testing.T) {
	e := New(Options{HashMB: 1})
	if db := e.tablesFor(board.Bashni); db != nil {
		t.Errorf("Bashni got endgame tables (%d pieces)", db.MaxPieces())
	}
	if db := e.tablesFor(board.Russian); db == nil {
		t.Errorf("Russian lost its tables: the check tests nothing")
	}
}
