package engine

import (
	"math/bits"

	"damka/board"
)

// rot shifts every square of b by d bits, as the rules core does: squares
// moved off the board land on ghost bits, removed by an AND with real squares.
func rot(b board.Bitboard, d int) board.Bitboard {
	return board.Bitboard(bits.RotateLeft64(uint64(b), d))
}

// scoreToTT converts a score relative to the root into one relative to the
// node at ply, as stored in the table: a win in n plies from here is the
// same entry whatever path led here.
func scoreToTT(s, ply int) int {
	switch {
	case s >= WinBound:
		return s + ply
	case s <= -WinBound:
		return s - ply
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= WinBound:
		return s - ply
	case s <= -WinBound:
		return s + ply
	}
	return s
}
