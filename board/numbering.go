package board

import (
	"fmt"
	"strconv"
)

// The notation layer: how a variant's players name the squares of Geo.
//
// Internally every 8x8 variant uses the same geometry, with a1 playable. The
// Italian, Spanish and Portuguese boards are mirrored (a1 light, h1 dark);
// because the rules are symmetric under a left-right reflection, damka plays
// them on the reflected internal board and reflects files back only here.
// Numbers then count either from the top left as White sees the board, row
// by row (International, English, Italian), or from White's near right
// corner, row by row upwards (Spanish, Portuguese): the second is the first
// turned by 180 degrees.

// viewFile converts a 0-based file of Geo to the file as the players name
// it, and back (the reflection is its own inverse).
func (v *Variant) viewFile(f int) int {
	if v.Mirrored {
		return v.Geo.Width - 1 - f
	}
	return f
}

// FileRank returns the 0-based file (a = 0) and rank (1st rank = 0) of s as
// the variant's players name it, White at the bottom.
func (v *Variant) FileRank(s Square) (file, rank int) {
	f, r := v.Geo.FileRank(s)
	return v.viewFile(f), r
}

// SquareAt returns the square on the given file and rank (0-based) as the
// players name them, if it is a playing square.
func (v *Variant) SquareAt(file, rank int) (Square, bool) {
	if file < 0 || file >= v.Geo.Width {
		return NoSquare, false
	}
	return v.Geo.At(v.viewFile(file), rank)
}

// Number returns the notation number of s in the variant's numbering
// (1..Squares; 0 if s is not a playing square).
func (v *Variant) Number(s Square) int {
	g := v.Geo
	n := g.Number(s)
	if n == 0 || !v.Mirrored && !v.NumberFromWhite {
		return n
	}
	if v.Mirrored {
		// Same row, counted from the other end.
		half := g.Width / 2
		row, col := (n-1)/half, (n-1)%half
		n = row*half + (half - 1 - col) + 1
	}
	if v.NumberFromWhite {
		n = g.Squares + 1 - n
	}
	return n
}

// Square returns the square with notation number n in the variant's
// numbering.
func (v *Variant) Square(n int) (Square, bool) {
	g := v.Geo
	if n < 1 || n > g.Squares {
		return NoSquare, false
	}
	if v.NumberFromWhite {
		n = g.Squares + 1 - n
	}
	if v.Mirrored {
		half := g.Width / 2
		row, col := (n-1)/half, (n-1)%half
		n = row*half + (half - 1 - col) + 1
	}
	return g.Bit(n)
}

// Algebraic returns the algebraic name of s as the players name it ("c3").
func (v *Variant) Algebraic(s Square) string {
	f, r := v.FileRank(s)
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// ParseAlgebraic reads an algebraic square name such as "c3" as the
// variant's players name the squares.
func (v *Variant) ParseAlgebraic(text string) (Square, error) {
	if len(text) < 2 || text[0] < 'a' || text[0] > 'z' {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	r, err := strconv.Atoi(text[1:])
	if err != nil || text[1] == '+' || text[1] == '-' {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	s, ok := v.SquareAt(int(text[0]-'a'), r-1)
	if !ok {
		return NoSquare, fmt.Errorf("square %q is not a playing square", text)
	}
	return s, nil
}
