package engine

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// bashniGame plays a seeded random Bashni game with its towers and returns
// every position met with its towers, the start included.
func bashniGame(plies int, seed uint64) ([]board.Position, []board.Towers) {
	v := board.Bashni
	r := rand.New(rand.NewPCG(seed, 13))
	var ml board.MoveList
	p, tw := v.Start(), board.Towers{}
	ps, ts := []board.Position{p}, []board.Towers{tw}
	for i := 0; i < plies; i++ {
		v.Generate(&p, &ml)
		if ml.N == 0 {
			break
		}
		v.PlayTowers(&p, &tw, ml.Moves[r.IntN(ml.N)], &p, &tw)
		ps, ts = append(ps, p), append(ts, tw)
	}
	return ps, ts
}

// Searches of Bashni positions with columns return legal moves, and the
// ponder move is legal after the best one.
func TestBashniSearchLegal(t *testing.T) {
	v := board.Bashni
	e := New(Options{HashMB: 4})
	n := 0
	for seed := uint64(1); seed <= uint64(depthFor(8, 3)); seed++ {
		ps, ts := bashniGame(140, seed)
		for i := range ps {
			if i%3 != 0 {
				continue
			}
			p, tw := ps[i], ts[i]
			r := e.Search(v, p, ps[:i], Limits{Depth: depthFor(4, 3), Columns: &Columns{Towers: ts[:i+1]}}, nil)
			var ml board.MoveList
			v.Generate(&p, &ml)
			if ml.N == 0 {
				if r.HasBest || r.Score != -WinScore {
					t.Fatalf("%s: no move, got %+v", v.TowersFEN(&p, &tw), r)
				}
				continue
			}
			if !r.HasBest || findMove(&ml, r.Best) < 0 {
				t.Fatalf("%s: illegal best move %+v", v.TowersFEN(&p, &tw), r.Best)
			}
			if r.HasPonder {
				var q board.Position
				var u board.Towers
				v.PlayTowers(&p, &tw, r.Best, &q, &u)
				if !legal(v, &q, r.Ponder) {
					t.Fatalf("%s: illegal ponder move %+v", v.TowersFEN(&p, &tw), r.Ponder)
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
		p, tw, err := v.ParseTowersFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r := e.Search(v, p, nil, Limits{Depth: 6, Columns: &Columns{Towers: []board.Towers{tw}}}, nil)
		if got := v.FormatMove(&p, r.Best); got != c.want {
			t.Errorf("%s: best %s (score %d), want %s", c.fen, got, r.Score, c.want)
		}
	}
}

// The same tops with other pieces under them are another position for the
// table and for repetitions.
func TestBashniKeys(t *testing.T) {
	v := board.Bashni
	a, ta, _ := v.ParseTowersFEN("W:Wc3(b),e3:Bd6,f6(w)")
	b, tb, _ := v.ParseTowersFEN("W:Wc3,e3(b):Bd6,f6(w)")
	c, tc, _ := v.ParseTowersFEN("W:Wc3,e3:Bd6,f6")
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
	p, tw := v.Start(), board.Towers{}
	var hist []board.Position
	towers := []board.Towers{tw}
	rev := 0
	result := ""
	for ply := 0; ply < 300 && result == ""; ply++ {
		e := a
		if ply%2 == 1 {
			e = b
		}
		r := e.Search(v, p, hist, Limits{Nodes: 3000, Columns: &Columns{Towers: towers}}, nil)
		var ml board.MoveList
		v.Generate(&p, &ml)
		if !r.HasBest {
			if ml.N != 0 {
				t.Fatalf("%s: no move returned, %d legal", v.TowersFEN(&p, &tw), ml.N)
			}
			result = p.Side.Opponent().String() + " wins"
			break
		}
		if findMove(&ml, r.Best) < 0 {
			t.Fatalf("%s: illegal move %+v", v.TowersFEN(&p, &tw), r.Best)
		}
		if p.Reversible(r.Best) {
			rev++
		} else {
			rev = 0
		}
		hist = append(hist, p)
		v.PlayTowers(&p, &tw, r.Best, &p, &tw)
		towers = append(towers, tw)
		if err := v.CheckTowers(&p, &tw); err != nil || p.TotalCount()+tw.Height() != 24 {
			t.Fatalf("%s: %v", v.TowersFEN(&p, &tw), err)
		}
		if rev >= v.Draw.KingMovesLimit {
			result = "draw by the king-moves counter"
		}
		reps := 0
		for i := len(hist) - 2; i >= 0 && i >= len(hist)-rev; i -= 2 {
			if hist[i] == p && towers[i] == tw {
				reps++
			}
		}
		if reps >= 2 {
			result = "draw by repetition"
		}
	}
	if result == "" {
		result = "draw by the ply limit"
	}
	t.Logf("%s after %d plies: %s", result, len(hist), v.TowersFEN(&p, &tw))
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
