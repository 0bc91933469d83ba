package eval

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// randomWide plays seeded random Canadian games and returns every position
// met.
func randomWide(games, plies int, seed uint64) []board.Position128 {
	v := board.Canadian128
	r := rand.New(rand.NewPCG(seed, 7))
	var out []board.Position128
	var ml board.MoveList128
	for g := 0; g < games; g++ {
		p := v.Start()
		for i := 0; i < plies; i++ {
			v.Generate(&p, &ml, false)
			if ml.N == 0 {
				break
			}
			out = append(out, p)
			p = p.Play(ml.Moves[r.IntN(ml.N)])
		}
	}
	return out
}

// mirrorWide turns the board by 180 degrees (square n to 73-n), swaps the
// colours and the side to move.
func mirrorWide(p *board.Position128) board.Position128 {
	v := board.Canadian128
	var q board.Position128
	q.Side = p.Side ^ 1
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.Square(n)
		t, _ := v.Square(v.Squares() + 1 - n)
		for c := board.White; c <= board.Black; c++ {
			if p.Pieces[c].Has(s) {
				q.Pieces[c^1] = or128(q.Pieces[c^1], bit128(t))
				if p.Kings.Has(s) {
					q.Kings = or128(q.Kings, bit128(t))
				}
			}
		}
	}
	return q
}

func mustWide(t testing.TB, fen string) board.Position128 {
	t.Helper()
	p, err := board.Canadian128.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Wide scores the colour-reversed position, seen from its side to move,
// as the original: no term may favour a colour.
func TestWideMirrorSymmetry(t *testing.T) {
	start := board.Canadian128.Start()
	ps := append([]board.Position128{start}, randomWide(40, 200, 1)...)
	for i := range ps {
		q := mirrorWide(&ps[i])
		if a, b := Wide(&ps[i]), Wide(&q); a != b {
			t.Fatalf("%s: %d, mirrored %s: %d", board.Canadian128.FEN(&ps[i]), a, board.Canadian128.FEN(&q), b)
		}
	}
	if len(ps) < 2000 {
		t.Errorf("only %d positions", len(ps))
	}
}

func TestWideStartIsEqual(t *testing.T) {
	p := board.Canadian128.Start()
	if s := Wide(&p); s != 0 {
		t.Errorf("start: %d, want 0", s)
	}
}

func TestWideCases(t *testing.T) {
	for _, c := range []struct {
		name     string
		fen      string
		min, max int // side to move's view
	}{
		{"man up", "W:W43-72:B1-29", 60, 160},
		{"man down", "B:W43-72:B1-29", -160, -60},
		{"king v man", "W:WK40:B1", 150, 330},
		{"man v king", "B:WK40:B1", -330, -150},
		// Flying-king endings: a lone king holds one or two kings, not four.
		{"K v K", "W:WK67:BK6", 0, 0},
		{"2K v K", "W:WK1,K2:BK67", 0, 40},
		{"4K v K", "W:WK1,K2,K3,K4:BK67", 800, Limit},
		{"clamped", "W:WK1-30:B61", Limit, Limit},
		{"clamped, other side to move", "B:WK1-30:B61", -Limit, -Limit},
	} {
		p := mustWide(t, c.fen)
		if s := Wide(&p); s < c.min || s > c.max {
			t.Errorf("%s (%s): %d, want %d..%d", c.name, c.fen, s, c.min, c.max)
		}
	}
}

// Pairs of positions, the first better for the side to move.
func TestWideOrder(t *testing.T) {
	for _, c := range []struct {
		name          string
		better, worse string
		margin        int // at least this much better
	}{
		// White's man on 8 promotes next move; on 56 it is far back.
		{"man near promotion", "W:W8:B25,30", "W:W56:B25,30", 100},
		// White's king takes Black's runaway term away, so only White's 32
		// differs: free when Black's man is on 24, off its path, and
		// stoppable when it is on 20, straight ahead. The two Black squares
		// are worth the same to Black. 85 = runaway 160 - 15 per row to go.
		{"runaway v blocked", "W:WK67,32:B24", "W:WK67,32:B20", 85},
		{"a king rather than a man", "W:WK40:B1", "W:W40:B1", 150},
		{"a man more", "W:W43-72:B1-29", "W:W43-72:B1-30", 60},
	} {
		b, w := mustWide(t, c.better), mustWide(t, c.worse)
		if eb, ew := Wide(&b), Wide(&w); eb-ew < c.margin {
			t.Errorf("%s: %d - %d < %d", c.name, eb, ew, c.margin)
		}
	}
}

// The tables agree with the move generator: every quiet man move steps
// by one of the forward shifts side uses onto a square one row further
// in the man's cone, so the file/row mapping and the step constants
// describe the same board.
func TestWideTablesMatchMoves(t *testing.T) {
	v := board.Canadian128
	var ml board.MoveList128
	n := 0
	for _, p := range randomWide(10, 150, 2) {
		v.Generate(&p, &ml, false)
		c := p.Side
		for _, m := range ml.Slice() {
			if p.Kings.Has(m.From) || !empty128(m.Captured) {
				continue
			}
			d := int(m.To) - int(m.From)
			if c == board.White {
				d = -d
			}
			if d != wideStepA && d != wideStepB || !wide.cone[c][m.From].Has(m.To) ||
				wide.adv[c][m.To] != wide.adv[c][m.From]+1 {
				t.Fatalf("%s: move %s does not match the tables", v.FEN(&p), v.FormatMove(&p, m))
			}
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d moves checked", n)
	}
	for _, c := range []struct {
		name string
		set  board.Bitboard128
		want []int
	}{
		{"White's guards", wide.guard[board.White], []int{68, 69, 70, 71}},
		{"Black's guards", wide.guard[board.Black], []int{2, 3, 4, 5}},
		{"long diagonal", wide.mainDiag, []int{6, 12, 17, 23, 28, 34, 39, 45, 50, 56, 61, 67}},
	} {
		var want board.Bitboard128
		for _, n := range c.want {
			s, _ := v.Square(n)
			want = or128(want, bit128(s))
		}
		if c.set != want {
			t.Errorf("%s: got %v, want %v", c.name, c.set, want)
		}
	}
}

func TestWideNoAllocation(t *testing.T) {
	ps := randomWide(4, 150, 3)
	if allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			Wide(&ps[i])
		}
	}); allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}

func BenchmarkWide(b *testing.B) {
	for _, c := range []struct{ name, fen string }{
		{"start", "W:W43-72:B1-30"},
		// 26 men against 22, from a seeded random game at ply 40.
		{"middlegame", "W:W18,30,37,40,43,45,47,50,51,52,53,54,56,58,59,61,62,63,65,66,67,68,69,70,71,72:B2,3,4,5,6,7,8,9,10,11,12,14,15,16,17,20,21,22,25,27,28,29"},
	} {
		p := mustWide(b, c.fen)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Wide(&p)
			}
		})
	}
}

// The flood that runaways uses finds exactly the squares whose cone holds
// an opponent piece, for every single square (the flood is a union over
// its sources, so that covers every set) and on random sets.
func TestWideShadowMatchesCones(t *testing.T) {
	v := board.Canadian128
	for c := board.White; c <= board.Black; c++ {
		for n := 1; n <= v.Squares(); n++ {
			q, _ := v.Square(n)
			var want board.Bitboard128
			for m := 1; m <= v.Squares(); m++ {
				s, _ := v.Square(m)
				if wide.cone[c][s].Has(q) {
					want = or128(want, bit128(s))
				}
			}
			if got := wide.shadow(c, bit128(q), wide.all); got != want {
				t.Fatalf("%s, square %d: shadow %v, cones %v", c, n, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(4, 7))
	for i := 0; i < 20000; i++ {
		men := and128(board.Bitboard128{Lo: r.Uint64() & r.Uint64(), Hi: r.Uint64() & r.Uint64()}, wide.all)
		opp := and128(board.Bitboard128{Lo: r.Uint64() & r.Uint64() & r.Uint64(), Hi: r.Uint64() & r.Uint64() & r.Uint64()}, wide.all)
		c := board.Color(i & 1)
		var want board.Bitboard128
		for b := men; !empty128(b); b = andNot128(b, bit128(b.First())) {
			if s := b.First(); !empty128(and128(wide.cone[c][s], opp)) {
				want = or128(want, bit128(s))
			}
		}
		if got := and128(wide.shadow(c, opp, men), men); got != want {
			t.Fatalf("%s men %v opp %v: shadow %v, cones %v", c, men, opp, got, want)
		}
	}
}
