package engine

import "damka/board"

// moveCode packs a move into the 16 bits of a table entry: origin and
// destination bits (6 each) and 4 bits of a hash of the captured set, which
// tells apart most captures that share origin and destination. The code is
// matched against the generated moves, never played blind, so a collision
// can only cost move ordering, not legality. 0 means "no move": no legal
// move has the same origin and destination and captures nothing.
func moveCode(m board.Move) uint16 {
	c := uint64(m.Captured) * 0x9e3779b97f4a7c15 >> 60
	return uint16(m.From&63) | uint16(m.To&63)<<6 | uint16(c)<<12
}

// findCode returns the index in ml of the move with code c, or -1.
func findCode(ml *board.MoveList, c uint16) int {
	if c == 0 {
		return -1
	}
	for i := 0; i < ml.N; i++ {
		if moveCode(ml.Moves[i]) == c {
			return i
		}
	}
	return -1
}

// findMove returns the index of m in ml, or -1.
func findMove(ml *board.MoveList, m board.Move) int {
	for i := 0; i < ml.N; i++ {
		if ml.Moves[i] == m {
			return i
		}
	}
	return -1
}
