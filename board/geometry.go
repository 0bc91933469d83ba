package board

import (
	"fmt"
	"strconv"
)

// Directions, as indexes into Geometry.Step. Opposite directions sum to 3.
// "Up" is towards square 1 (Black's back row), the way White's men move.
const (
	UpLeft = iota
	UpRight
	DownLeft
	DownRight
)

// Geometry is a board of Width x Height squares of which the dark half is
// played, in the ghost-square layout: playable squares are numbered row by row
// from the top (square 1 at the top left as White sees the board) and square n
// sits at bit (n-1)+(n-1)/Width, so one unused bit follows every second row.
// Then every diagonal step is one fixed bit distance (Width/2 or Width/2+1)
// for every square and no edge masks are needed: a step off the board lands on
// a ghost bit or above the board, both outside All.
type Geometry struct {
	Name          string
	Width, Height int
	Squares       int           // playable squares: Width*Height/2
	All           Bitboard      // every playable square
	Step          [4]int        // bit distance of one step in each direction
	Promotion     [2]Bitboard   // promotion row of White (top) and Black (bottom)
	bitOf         []Square      // notation number -> bit (index 0 unused)
	numOf         [wideBits]int // bit -> notation number (0 for non-playable bits)
	MaxRay        int           // longest diagonal, in steps
	// MainRoad is the long diagonal from a1 (file = rank): a1-h8 on 8x8,
	// the main road of Russian rule 7.2.7.
	MainRoad Bitboard
	// exchangeFiles are the second files from each edge (b and the one
	// before the last) and exchangeRank each side's second rank from its
	// own back rank: where a man backed by a neighbour may offer an
	// exchange (ExchangeOffers).
	exchangeFiles [2]Bitboard
	exchangeRank  [2]Bitboard
	// Full: every square is played (Turkish draughts), numbered 1..64 row
	// by row from the top left (a8) at bit n-1; there are no ghost bits.
	// Step then holds the orthogonal steps (up, left, right, down: still
	// opposite directions summing to 3), and a step off the board is not
	// caught by the layout: the generator masks the edges (dirTable).
	Full bool
	// Wide: the board does not fit one word (Canadian, 12x12). Squares are
	// numbered, but All, Step, Promotion and MainRoad are empty: only the
	// wide layout's code (wide.go) reads its positions.
	Wide bool
}

// newGeometry builds a ghost-square geometry. Width and Height must be even
// (the bottom-left corner is then playable and the top-left one is not), and
// the layout must leave room for the rotation trick: one step beyond the
// highest square must still be below bit 64, so that a step off the board
// never wraps round onto a playable bit (see rot).
func newGeometry(name string, width, height int) *Geometry {
	if width < 2 || height < 2 || width%2 != 0 || height%2 != 0 {
		panic("board: geometry needs an even width and height: " + name)
	}
	g := &Geometry{Name: name, Width: width, Height: height, Squares: width * height / 2}
	half := width / 2
	g.Step = [4]int{-(half + 1), -half, half, half + 1}
	g.bitOf = make([]Square, g.Squares+1)
	for n := 1; n <= g.Squares; n++ {
		b := Square((n - 1) + (n-1)/width)
		if int(b)+half+1 >= 64 {
			panic("board: geometry does not fit in 64 bits with room for a step: " + name)
		}
		g.bitOf[n] = b
		g.numOf[b] = n
		g.All |= b.Bit()
		row := (n - 1) / half
		if row == 0 {
			g.Promotion[White] |= b.Bit()
		}
		if row == height-1 {
			g.Promotion[Black] |= b.Bit()
		}
	}
	g.MaxRay = width - 1
	if height < width {
		g.MaxRay = height - 1
	}
	g.MainRoad = g.mainRoad()
	for n := 1; n <= g.Squares; n++ {
		b := g.bitOf[n]
		file, rank := g.FileRank(b)
		switch file {
		case 1:
			g.exchangeFiles[0] |= b.Bit()
		case width - 2:
			g.exchangeFiles[1] |= b.Bit()
		}
		switch rank {
		case 1:
			g.exchangeRank[White] |= b.Bit()
		case height - 2:
			g.exchangeRank[Black] |= b.Bit()
		}
	}
	return g
}

// mainRoad is the set of squares with file = rank.
func (g *Geometry) mainRoad() Bitboard {
	var b Bitboard
	for i := 0; i < g.Width && i < g.Height; i++ {
		if s, ok := g.At(i, i); ok {
			b |= s.Bit()
		}
	}
	return b
}

// newFullGeometry builds the 8x8 board of which every square is played.
func newFullGeometry(name string) *Geometry {
	g := &Geometry{Name: name, Width: 8, Height: 8, Squares: 64, Full: true, MaxRay: 7}
	g.Step = [4]int{-8, -1, 1, 8}
	g.bitOf = make([]Square, 65)
	for n := 1; n <= 64; n++ {
		b := Square(n - 1)
		g.bitOf[n] = b
		g.numOf[b] = n
		g.All |= b.Bit()
	}
	g.Promotion[White] = 0xff
	g.Promotion[Black] = 0xff << 56
	g.MainRoad = g.mainRoad()
	return g
}

// Board geometries used by the variants. Board10x8 is 10 files (a-j) wide
// and 8 rows high (Spantsiretti); Board8x8Full is the Turkish board.
var (
	Board10x10   = newGeometry("10x10", 10, 10)
	Board8x8     = newGeometry("8x8", 8, 8)
	Board10x8    = newGeometry("10x8", 10, 8)
	Board8x8Full = newFullGeometry("8x8-full")
)

// Bit returns the square with notation number n (1..Squares).
func (g *Geometry) Bit(n int) (Square, bool) {
	if n < 1 || n > g.Squares {
		return NoSquare, false
	}
	return g.bitOf[n], true
}

// Number returns the notation number (1..Squares) of square s.
func (g *Geometry) Number(s Square) int {
	if s < 0 || int(s) >= len(g.numOf) {
		return 0
	}
	return g.numOf[s]
}

// FileRank returns the 0-based file (a=0) and rank (1st rank = 0) of s, as
// White sees the board.
func (g *Geometry) FileRank(s Square) (file, rank int) {
	n := g.Number(s) - 1
	if g.Full {
		return n % g.Width, g.Height - 1 - n/g.Width
	}
	half := g.Width / 2
	row, col := n/half, n%half
	file = 2 * col
	// The bottom row always starts on file a, so rows with the same parity as
	// the bottom row start at file a and the others at file b.
	if (g.Height-1-row)%2 != 0 {
		file++
	}
	return file, g.Height - 1 - row
}

// At returns the square on the given 0-based file and rank, if playable.
func (g *Geometry) At(file, rank int) (Square, bool) {
	if file < 0 || file >= g.Width || rank < 0 || rank >= g.Height || !g.Full && (file+rank)%2 != 0 {
		return NoSquare, false
	}
	row := g.Height - 1 - rank
	if g.Full {
		return g.bitOf[row*g.Width+file+1], true
	}
	n := row*(g.Width/2) + file/2 + 1
	return g.bitOf[n], true
}

// Algebraic returns the algebraic name of s ("c3").
func (g *Geometry) Algebraic(s Square) string {
	f, r := g.FileRank(s)
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// ParseAlgebraic reads an algebraic square name such as "c3".
func (g *Geometry) ParseAlgebraic(text string) (Square, error) {
	if len(text) < 2 || text[0] < 'a' || text[0] > 'z' {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	r, err := strconv.Atoi(text[1:])
	if err != nil || text[1] == '+' || text[1] == '-' {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	s, ok := g.At(int(text[0]-'a'), r-1)
	if !ok {
		return NoSquare, fmt.Errorf("square %q is not a playing square", text)
	}
	return s, nil
}

// List lists the squares of b in ascending order of the geometry's
// numbering (which is not every variant's notation order: see
// Variant.Number).
func (g *Geometry) List(b Bitboard) []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}
