package eval

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// TestTowersMirror: the towers' term of a Bashni position and of its
// colour-reversed mirror agree, in positions of seeded random games (where
// tall columns of both colours come up), and so does the whole evaluation.
func TestTowersMirror(t *testing.T) {
	v := board.Bashni
	r := rand.New(rand.NewPCG(3, 7))
	n, towers := 0, 0
	var ml board.MoveList
	for g := 0; g < 40; g++ {
		game := board.NewGame(v, v.Start())
		for i := 0; i < 150; i++ {
			p, tw := game.Position(), game.Towers()
			v.Generate(p, &ml)
			if ml.N == 0 {
				break
			}
			q, u := p.Mirror(v.Geo), tw.Mirror(v.Geo)
			a, b := Towers(v, p, tw), Towers(v, &q, &u)
			if a != b || Evaluate(v, p)+a != Evaluate(v, &q)+b {
				t.Fatalf("%s: %d, mirrored: %d", game.FEN(), a, b)
			}
			if a != 0 {
				towers++
			}
			n++
			if err := game.Play(ml.Moves[r.IntN(ml.N)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 1000 || towers < 100 {
		t.Errorf("%d positions, %d with a towers term: too few", n, towers)
	}
}

func TestTowersCases(t *testing.T) {
	v := board.Bashni
	for _, c := range []struct {
		fen      string
		min, max int // side to move's view
	}{
		{"W:W21-32:B1-12", 0, 0},
		// White holds two black men under a man: two half men.
		{"W:Wc3(bb),e3:Bd6,f6", 100, 100},
		{"B:Wc3(bb),e3:Bd6,f6", -100, -100},
		// Own pieces under an own top count the same way.
		{"W:Wc3(ww):Bd6,f6,h6", 100, 100},
		// A prisoner king counts as half a king.
		{"B:Wc3:Bd6(W),f6", 1, 1000},
	} {
		g, err := board.ParseGame(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if s := Towers(v, g.Position(), g.Towers()); s < c.min || s > c.max {
			t.Errorf("%s: %d, want %d..%d", c.fen, s, c.min, c.max)
		}
	}
}
