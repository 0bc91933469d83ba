package eval

import (
	"math/rand"
	"testing"

	"damka/board"
)

// TestShadowMatchesCones checks that the flood used by runaways finds
// exactly the men whose cone holds an opponent piece, on random sets.
func TestShadowMatchesCones(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tb := range []*squareTables{squares10x10, squares8x8} {
		if !tb.flood {
			t.Fatalf("%v: flood does not match the cone tables", tb.geo.Squares)
		}
		all := tb.geo.All
		for i := 0; i < 20000; i++ {
			men := board.Bitboard(rng.Uint64()&rng.Uint64()) & all
			opp := board.Bitboard(rng.Uint64()&rng.Uint64()) & all &^ men
			for c := board.White; c <= board.Black; c++ {
				var want board.Bitboard
				for b := men; b != 0; b &= b - 1 {
					if s := b.First(); tb.cone[c][s]&opp == 0 {
						want |= s.Bit()
					}
				}
				if got := tb.unstopped(c, opp, men); got != want {
					t.Fatalf("squares %d colour %d men %x opp %x: got %x want %x", tb.geo.Squares, c, men, opp, got, want)
				}
			}
		}
	}
}

// TestUnstoppedBoth checks the two-sided flood against the one-sided one.
func TestUnstoppedBoth(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, tb := range []*squareTables{squares10x10, squares8x8} {
		all := tb.geo.All
		for i := 0; i < 20000; i++ {
			white := board.Bitboard(rng.Uint64()&rng.Uint64()) & all
			black := board.Bitboard(rng.Uint64()&rng.Uint64()) & all &^ white
			uw, ub := tb.unstoppedBoth(white, black)
			if ww, wb := tb.unstopped(board.White, black, white), tb.unstopped(board.Black, white, black); uw != ww || ub != wb {
				t.Fatalf("squares %d white %x black %x: got %x %x want %x %x", tb.geo.Squares, white, black, uw, ub, ww, wb)
			}
		}
	}
}
