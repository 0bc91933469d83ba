package hubtext

import (
	"fmt"
	"strconv"
	"strings"

	"damka/board"
)

// Hub is a 10x10 protocol, where moves and position strings share the
// board's numbering. For the boards written a1..h8 (Russian, Brazilian,
// Turkish and the other algebraic variants) the programs that speak Hub
// disagree on the numbers of the moves, while their position strings always
// follow the top-down numbering of Position (1 = b8 on the 8x8 board):
//   - pydraughts 0.6 and later number the squares of moves from White's
//     side, row by row upwards: 1 = a1, 2 = c1, ..., 32 = h8;
//   - pydraughts 0.5.7, which lidraughts-bot pins, numbers moves as its
//     positions: 1 = b8, 2 = d8, ..., 29 = a1, 32 = g1.
//
// Both are offered (Numbering); numeric variants (International, English,
// Italian, Spanish, ...) use their own notation numbers for moves and
// positions whichever is chosen. The Full board (Turkish) counts its 64
// squares the same two ways: 1 = a1, 2 = b1, ..., 64 = h8, or 1 = a8, ...,
// 64 = h1 (no program to follow was found for bottom-up; it keeps the
// convention of the other algebraic boards).

// Numbering is how the squares of Hub moves are numbered on the algebraic
// boards.
type Numbering uint8

const (
	// BottomUp counts from White's side: 1 = a1 (pydraughts 0.6 and later,
	// and damka's default).
	BottomUp Numbering = iota
	// TopDown numbers moves as the position string numbers its squares:
	// 1 = b8 on 8x8 (pydraughts 0.5.7, and so lidraughts-bot).
	TopDown
)

// numberingNames are the names of the numberings, as the Hub parameter and
// the command line write them.
var numberingNames = [...]string{BottomUp: "bottom-up", TopDown: "top-down"}

func (n Numbering) String() string {
	if int(n) < len(numberingNames) {
		return numberingNames[n]
	}
	return "Numbering(" + strconv.Itoa(int(n)) + ")"
}

// NumberingNames lists the names ParseNumbering accepts.
func NumberingNames() []string { return numberingNames[:] }

// ParseNumbering reads the name of a numbering ("bottom-up", "top-down";
// case and surrounding space do not matter).
func ParseNumbering(s string) (Numbering, error) {
	want := strings.ToLower(strings.TrimSpace(s))
	for n, name := range numberingNames {
		if name == want {
			return Numbering(n), nil
		}
	}
	return 0, fmt.Errorf("unknown move numbering %q (known: %s)", clip(s), strings.Join(numberingNames[:], ", "))
}

// Other is the numbering that is not n.
func (n Numbering) Other() Numbering {
	if n == TopDown {
		return BottomUp
	}
	return TopDown
}

// numberingsDiffer reports whether the two numberings give different moves
// on v's board: only on the algebraic boards.
func numberingsDiffer(v *board.Variant) bool { return v.Notation == board.Algebraic }

// number is the number of s in Hub moves written in numbering n. This and
// square are the one place where the numberings are defined.
func number(v *board.Variant, s board.Square, n Numbering) int {
	if n == TopDown || !numberingsDiffer(v) {
		return v.Number(s)
	}
	f, r := v.FileRank(s)
	if v.Geo.Full {
		return r*v.Geo.Width + f + 1
	}
	return r*(v.Geo.Width/2) + f/2 + 1
}

// square is the square numbered k in Hub moves written in numbering n.
func square(v *board.Variant, k int, n Numbering) (board.Square, bool) {
	if n == TopDown || !numberingsDiffer(v) {
		return v.Square(k)
	}
	if k < 1 || k > v.Geo.Squares {
		return board.NoSquare, false
	}
	if v.Geo.Full {
		return v.SquareAt((k-1)%v.Geo.Width, (k-1)/v.Geo.Width)
	}
	half := v.Geo.Width / 2
	row, col := (k-1)/half, (k-1)%half
	if s, ok := v.SquareAt(2*col, row); ok {
		return s, true
	}
	return v.SquareAt(2*col+1, row)
}
