package eval

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

var variants = []*board.Variant{board.International, board.Russian, board.Brazilian, board.English}

// randomPositions plays seeded random games and returns every position met.
func randomPositions(v *board.Variant, games, plies int, seed uint64) []board.Position {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []board.Position
	var ml board.MoveList
	for g := 0; g < games; g++ {
		p := v.Start()
		for i := 0; i < plies; i++ {
			v.Generate(&p, &ml)
			if ml.N == 0 {
				break
			}
			out = append(out, p)
			p = p.Play(ml.Moves[r.IntN(ml.N)])
		}
	}
	return out
}

func mustFEN(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The evaluation of the colour-reversed position, seen from its side to
// move, equals that of the original: no term may favour a colour. Every
// variant the rules core knows is checked, whatever its goal and board.
func TestMirrorSymmetry(t *testing.T) {
	for _, v := range board.Variants() {
		n := 0
		for _, p := range randomPositions(v, 40, 120, 1) {
			q := p.Mirror(v.Geo)
			if a, b := Evaluate(v, &p), Evaluate(v, &q); a != b {
				t.Fatalf("%s %s: %d, mirrored %s: %d", v.Name, v.FEN(&p), a, v.FEN(&q), b)
			}
			n++
		}
		if n < 500 {
			t.Errorf("%s: only %d positions", v.Name, n)
		}
	}
}

func TestStartIsEqual(t *testing.T) {
	for _, v := range board.Variants() {
		p := v.Start()
		if s := Evaluate(v, &p); s != 0 {
			t.Errorf("%s start: %d, want 0", v.Name, s)
		}
	}
}

func TestCases(t *testing.T) {
	cases := []struct {
		name     string
		v        *board.Variant
		fen      string
		min, max int // expected range, side to move's view
	}{
		// Material: a man up is worth about a man.
		{"man up", board.International, "W:W31-50:B1-19", 60, 160},
		{"man down", board.International, "B:W31-50:B1-19", -160, -60},
		// One king against one king: nothing to play for.
		{"K v K intl", board.International, "W:WK46:BK5", 0, 0},
		{"K v K russian", board.Russian, "W:WKa1:BKh8", 0, 0},
		{"K v K english", board.English, "W:WK1:BK32", 0, 0},
		// A lone king holds 2 kings, and 3 kings off the main diagonal.
		{"2K v K", board.International, "W:WK1,K2:BK46", 0, 40},
		{"3K v K, lone king on the diagonal", board.International, "W:WK1,K2,K3:BK46", 0, 60},
		// Three kings on the main diagonal against a king off it: winnable.
		{"3K on diagonal v K", board.International, "W:WK46,K2,K3:BK4", 200, 700},
		// 4 kings win against a lone king.
		{"4K v K", board.International, "W:WK1,K2,K3,K4:BK46", 800, Limit},
		// A king is worth about three men in International, under 1.5 in English.
		{"king v man intl", board.International, "W:WK28:B3", 150, 330},
		{"king v man english", board.English, "W:WK28:B3", 20, 140},
		// Runaway: White's man on 11 cannot be stopped (Black's men are far
		// behind it on the other wing): far better than a blocked pawn race.
		{"runaway", board.International, "W:W11,45:B20,25", 100, 400},
	}
	for _, c := range cases {
		p := mustFEN(t, c.v, c.fen)
		if s := Evaluate(c.v, &p); s < c.min || s > c.max {
			t.Errorf("%s (%s %s): %d, want %d..%d", c.name, c.v.Name, c.fen, s, c.min, c.max)
		}
	}
}

// A runaway man scores more than the same man with an enemy piece in its
// path. In both positions White's 46 and Black's man stop each other, so
// only White's 28 differs: free when Black's man is on 36 (behind it),
// stoppable when it is on 17 (in the cone of squares 28 must cross).
func TestRunaway(t *testing.T) {
	v := board.International
	free := mustFEN(t, v, "W:W28,46:B36")
	blocked := mustFEN(t, v, "W:W28,46:B17")
	if a, b := Evaluate(v, &free), Evaluate(v, &blocked); a <= b+40 {
		t.Errorf("runaway %d, blocked %d: want the runaway well ahead", a, b)
	}
}

// The giveaway terms, each shown by two positions that differ in it only
// (side to move's view): more moves is better, a man near promotion is
// worse, and a king is worth having.
func TestGiveawayTerms(t *testing.T) {
	for _, c := range []struct {
		name          string
		v             *board.Variant
		better, worse string
	}{
		{"mobility: a man on c3 has two steps, on a3 one", board.Poddavki, "W:Wc3:Bf8", "W:Wa3:Bf8"},
		{"a man near promotion", board.Poddavki, "W:Wc5:Bh2", "W:Wc7:Bh2"},
		{"a king rather than a man", board.Poddavki, "W:WKb2:Bh8", "W:Wb2:Bh8"},
		{"mobility on 10x10", board.Antidraughts, "W:W33:B3", "W:W35:B3"},
	} {
		b, w := mustFEN(t, c.v, c.better), mustFEN(t, c.v, c.worse)
		if eb, ew := Evaluate(c.v, &b), Evaluate(c.v, &w); eb <= ew {
			t.Errorf("%s: %d <= %d", c.name, eb, ew)
		}
	}
}

func TestNoAllocation(t *testing.T) {
	for _, v := range append(variants, board.Poddavki, board.Antidraughts) {
		ps := randomPositions(v, 2, 80, 3)
		allocs := testing.AllocsPerRun(10, func() {
			for i := range ps {
				Evaluate(v, &ps[i])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations", v.Name, allocs)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	v := board.International
	ps := randomPositions(v, 4, 100, 5)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Evaluate(v, &ps[i%len(ps)])
	}
}
