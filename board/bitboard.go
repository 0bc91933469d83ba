package board

import "math/bits"

// Bitboard is a set of squares, one bit per square in the ghost-square layout
// of a Geometry. Bits that are not playable squares (ghosts and the bits above
// the board) are always zero in a valid set.
type Bitboard uint64

// Square is a bit index into a Bitboard (not a notation number: see
// Geometry.Number for that).
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// Bit returns the one-square set of s.
func (s Square) Bit() Bitboard { return 1 << uint(s) }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// rot moves every square of b by d bit positions (d < 0: towards bit 0).
// Rotation instead of shifting lets one code path serve both directions;
// bits that wrap around land on non-playable bits and are masked off by the
// caller's AND with a set of real squares.
func rot(b Bitboard, d int) Bitboard { return Bitboard(bits.RotateLeft64(uint64(b), d)) }
