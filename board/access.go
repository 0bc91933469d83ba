package board

import (
	"iter"
	"math/bits"
)

// Reading a Position. Canadian's wide layout keeps squares 64-76 outside
// the words (wide.go), so on that board the words are not the board: the
// accessors here are right on every board, and the words themselves are
// handed out only by Board64, which refuses a Canadian position. A
// Bitboard names frame squares 0-63 on every board (Move.Captured
// included), so masking the words with one, as KingsIn does, is right on
// every board too; reading them whole is not.

// TotalCount returns the number of pieces of both sides, on every board.
func (p *Position) TotalCount() int {
	// high is zero on every board but Canadian's: no test needed.
	return (p.pieces[White] | p.pieces[Black]).Count() + bits.OnesCount16(p.high[White]|p.high[Black])
}

// HasKing reports whether a king of either side is on the board.
func (p *Position) HasKing() bool { return p.kings|Bitboard(p.high[2]) != 0 }

// IsKing reports whether a king (of either side) stands on square s, on
// every board.
func (p *Position) IsKing(s Square) bool {
	// A shift by 64 or more gives 0, and s-64 is negative (a huge uint)
	// below the word, so exactly one term can hold s; high is zero on
	// every board but Canadian's. No branch.
	return (uint64(p.kings)>>uint(s)|uint64(p.high[2])>>uint(s-64))&1 != 0
}

// Has reports whether a piece of side c stands on square s, on every
// board.
func (p *Position) Has(c Color, s Square) bool {
	c &= 1
	return (uint64(p.pieces[c])>>uint(s)|uint64(p.high[c])>>uint(s-64))&1 != 0
}

// KingsIn returns the kings (of either side) on the squares of b, on every
// board: b names squares 0-63, which hold every square a Canadian capture
// can take, so KingsIn(m.Captured) is the kings that move m takes.
func (p *Position) KingsIn(b Bitboard) Bitboard { return p.kings & b }

// All iterates over the occupied squares and their pieces, on every
// board: the frame bits in ascending order, Canadian's squares above the
// word last.
func (p *Position) All() iter.Seq2[Square, Piece] {
	return func(yield func(Square, Piece) bool) {
		for b := p.pieces[White] | p.pieces[Black]; b != 0; b &= b - 1 {
			s := b.First()
			if !yield(s, p.At(s)) {
				return
			}
		}
		for h := p.high[White] | p.high[Black]; h != 0; h &= h - 1 {
			s := Square(64 + bits.TrailingZeros16(h))
			if !yield(s, p.At(s)) {
				return
			}
		}
	}
}

// Board64 is the board of a position whose squares fit in one word: every
// board but Canadian's 12x12 (whose whole board is Position128). It is for
// the hot loops of the evaluation, hashing and the endgame tables, which
// work on the words.
type Board64 struct {
	Pieces [2]Bitboard // all pieces of White and of Black
	Kings  Bitboard    // kings of both sides
}

// Occupied returns every occupied square.
func (b Board64) Occupied() Bitboard { return b.Pieces[White] | b.Pieces[Black] }

// Men returns the men of side c.
func (b Board64) Men(c Color) Bitboard { return b.Pieces[c&1] &^ b.Kings }

// KingsOf returns the kings of side c.
func (b Board64) KingsOf(c Color) Bitboard { return b.Pieces[c&1] & b.Kings }

// Board64 returns the words of p, which must not be a Canadian position:
// there they would miss squares 64-76, so Board64 panics rather than hand
// out half a board (a program error, like an index out of range; Canadian
// code uses Board128). The test is one predictable branch.
func (p *Position) Board64() Board64 {
	if p.wide {
		panic("board: Board64 of a Canadian position, whose squares 64-76 are not in the word (use Board128)")
	}
	return Board64{Pieces: p.pieces, Kings: p.kings}
}

// Words returns the words of p, which must not be a Canadian position
// (Board64's rule): White's pieces, Black's pieces and the kings. It is
// Board64 for the hottest loops (hashing a move, evaluating a leaf): three
// values stay in registers, where a struct holding an array goes through
// memory.
func (p *Position) Words() (white, black, kings Bitboard) {
	if p.wide {
		panic("board: Words of a Canadian position, whose squares 64-76 are not in the word (use Board128)")
	}
	return p.pieces[White], p.pieces[Black], p.kings
}

// FromBoard64 returns the position of b with side to move side, on a board
// that fits in one word (not Canadian's: FromBoard128), without Frisian
// king-run state.
func FromBoard64(b Board64, side Color) Position {
	return Position{pieces: b.Pieces, kings: b.Kings, Side: side}
}

// Empty returns a position of v with no pieces and side to move: the
// board's layout (Canadian's wide flag) and the variant's Frisian king-move
// limit are set, so that Put and Play then work as on v.Start(). Readers of
// other formats (Hub position strings) start from it.
func (v *Variant) Empty(side Color) Position {
	return Position{Side: side, KingRun: KingRun{Limit: uint8(v.KingMoveLimit)}, wide: v.gen == genWide}
}
