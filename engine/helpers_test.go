package engine

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

var testVariants = []*board.Variant{board.International, board.Russian, board.Brazilian, board.English}

// randomGame plays a seeded random game of at most plies plies and returns
// every position met, the start included.
func randomGame(v *board.Variant, plies int, seed uint64) []board.Position {
	r := rand.New(rand.NewPCG(seed, 11))
	var ml board.MoveList
	p := v.Start()
	out := []board.Position{p}
	for i := 0; i < plies; i++ {
		v.Generate(&p, &ml)
		if over, _ := v.Outcome(&p, &ml); over {
			break
		}
		p = p.Play(ml.Moves[r.IntN(ml.N)])
		out = append(out, p)
	}
	return out
}

func mustFEN(t testing.TB, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func legal(v *board.Variant, p *board.Position, m board.Move) bool {
	var ml board.MoveList
	v.Generate(p, &ml)
	return findMove(&ml, m) >= 0
}

// depthFor keeps -short runs (and -race, which is run with -short) quick.
func depthFor(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
