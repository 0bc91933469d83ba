package board

import (
	"math/rand"
	"testing"
)

// TestGenerateCaptures checks that GenerateCaptures reports HasCapture and
// then lists what Generate does, and that GenerateQuiets lists what
// Generate does where there is no capture, along random games of every
// variant.
func TestGenerateCaptures(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, v := range Variants() {
		for game := 0; game < 20; game++ {
			p, tw := v.Start(), Towers{}
			var ml, want MoveList
			for ply := 0; ply < 200; ply++ {
				v.Generate(&p, &want)
				capture := v.HasCapture(&p)
				if got := v.GenerateCaptures(&p, &ml); got != capture {
					t.Fatalf("%s %s: GenerateCaptures %v, HasCapture %v", v.Name, v.FEN(&p), got, capture)
				}
				if !capture {
					v.GenerateQuiets(&p, &ml)
				}
				if ml.N != want.N || !equalMoves(ml.Moves[:ml.N], want.Moves[:want.N]) {
					t.Fatalf("%s %s: capture %v: %d moves, Generate %d", v.Name, v.FEN(&p), capture, ml.N, want.N)
				}
				if want.N == 0 {
					break
				}
				p, tw = v.next(&p, &tw, want.Moves[rng.Intn(want.N)])
			}
		}
	}
}

func equalMoves(a, b []Move) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
