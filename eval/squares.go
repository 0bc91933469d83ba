package eval

import (
	"math/bits"
	"sync"

	"damka/board"
)

// squareTables holds everything about a board geometry that the evaluation would
// otherwise recompute per call. The colour index is the owner of the piece:
// the Black half of every table is the White half turned by 180 degrees, so
// the evaluation is symmetric by construction.
type squareTables struct {
	geo      *board.Geometry
	rows     int // board height: men advance rows-1 times to promote
	adv      [2][64]int8
	mgMan    [2][64]int16 // men: middlegame square values (advancement, centre, edge)
	egMan    [2][64]int16 // men: endgame square values (advancement)
	cone     [2][64]board.Bitboard
	guard    [2]board.Bitboard // back-row squares worth keeping against promotion
	left     [2]board.Bitboard // the owner's left wing, as the owner sees the board
	right    [2]board.Bitboard
	centre   board.Bitboard // central squares; the set is its own mirror image
	mainDiag board.Bitboard // the long diagonal from a1 (and its mirror image)
	fwd      [2][2]int      // Step of the two forward directions of each colour
	// manPk packs both square values of a man as mg<<32 + eg, so that one
	// load and one add per man sum both (the sums stay far below 2^31).
	manPk [2][64]int64
	// manByte[c][i][x] is the sum of manPk-style values, packed in 32 bits
	// as mg<<16 + eg, of c's men on the squares of bit set x shifted to
	// byte i of the board: eight loads sum a side's men without a loop.
	// (eg of every man is at least 0 and the sums stay far below 2^15.)
	manByte [2][8][256]int32
	// flood: the cone of every square is exactly what repeated forward
	// steps (rot by fwd, masked by All) reach, so runaways can find the
	// men with no opponent piece in their cone by flooding backwards from
	// the opponent's pieces instead of testing each man's cone (unstopped).
	// Checked square by square when the square tables are built; false
	// falls back to the per-man loop.
	flood bool
}

var (
	squares10x10      = newSquareTables(board.Board10x10)
	squares8x8        = newSquareTables(board.Board8x8)
	otherSquareTables sync.Map // *board.Geometry -> *squareTables, for geometries added later
)

// squareTablesFor returns the square tables of g, building them on first
// use for a geometry that is not one of the two built at start-up.
func squareTablesFor(g *board.Geometry) *squareTables {
	switch g {
	case board.Board10x10:
		return squares10x10
	case board.Board8x8:
		return squares8x8
	}
	if t, ok := otherSquareTables.Load(g); ok {
		return t.(*squareTables)
	}
	t, _ := otherSquareTables.LoadOrStore(g, newSquareTables(g))
	return t.(*squareTables)
}

func newSquareTables(g *board.Geometry) *squareTables {
	t := &squareTables{geo: g, rows: g.Height}
	t.fwd[board.White] = [2]int{g.Step[board.UpLeft], g.Step[board.UpRight]}
	t.fwd[board.Black] = [2]int{g.Step[board.DownLeft], g.Step[board.DownRight]}
	w, h := g.Width, g.Height
	for n := 1; n <= g.Squares; n++ {
		s, _ := g.Bit(n)
		f, r := g.FileRank(s)
		for c := board.White; c <= board.Black; c++ {
			// Seen from c's side: own back row is row 0, own left is file 0.
			row, file := r, f
			if c == board.Black {
				row, file = h-1-r, w-1-f
			}
			t.adv[c][s] = int8(row)
			t.mgMan[c][s] = int16(manMg(row, file, w, h))
			t.egMan[c][s] = int16(manEg(row, h))
			t.manPk[c][s] = int64(t.mgMan[c][s])<<32 + int64(t.egMan[c][s])
			if row == 0 && file > 0 && file < w-2 {
				t.guard[c] |= s.Bit()
			}
			if file < w/2 {
				t.left[c] |= s.Bit()
			} else {
				t.right[c] |= s.Bit()
			}
			// The cone: every square a man could reach by forward steps.
			for m := 1; m <= g.Squares; m++ {
				s2, _ := g.Bit(m)
				f2, r2 := g.FileRank(s2)
				row2, file2 := r2, f2
				if c == board.Black {
					row2, file2 = h-1-r2, w-1-f2
				}
				if d := row2 - row; d > 0 && abs(file2-file) <= d {
					t.cone[c][s] |= s2.Bit()
				}
			}
		}
		if f >= 2 && f <= w-3 && r >= h/2-2 && r <= h/2+1 {
			t.centre |= s.Bit()
		}
		// The long diagonal from a1, and on boards that are not square
		// also its image under the half turn, so that the set is its own
		// mirror image as the symmetry of the evaluation needs.
		if f == r || w-1-f == h-1-r {
			t.mainDiag |= s.Bit()
		}
	}
	for c := range 2 {
		for i := range 8 {
			for x := range 256 {
				var mg, eg int32
				for b := range 8 {
					if x&(1<<b) != 0 {
						s := i*8 + b
						mg += int32(t.mgMan[c][s])
						eg += int32(t.egMan[c][s])
					}
				}
				t.manByte[c][i][x] = mg<<16 + eg
			}
		}
	}
	t.flood = t.floodMatchesCones()
	return t
}

// manSquares returns the middlegame and endgame square values summed over
// the men of c in men.
func (t *squareTables) manSquares(c board.Color, men board.Bitboard) (mg, eg int) {
	tb := &t.manByte[c&1]
	m := uint64(men)
	sq := tb[0][uint8(m)] + tb[1][uint8(m>>8)] + tb[2][uint8(m>>16)] + tb[3][uint8(m>>24)] +
		tb[4][uint8(m>>32)] + tb[5][uint8(m>>40)] + tb[6][uint8(m>>48)] + tb[7][uint8(m>>56)]
	eg = int(int16(sq))
	mg = int((sq - int32(eg)) >> 16)
	return mg, eg
}

// unstopped returns the men of c in men whose cone holds no piece of opp.
// It floods backwards from opp one row a step: the front after k steps is
// the squares whose cone holds a piece of opp exactly k rows ahead, and
// every front is empty once it has passed the back row (floodMatchesCones
// checks that a step always lowers the row), so the loop ends.
func (t *squareTables) unstopped(c board.Color, opp, men board.Bitboard) board.Bitboard {
	b1, b2 := -t.fwd[c&1][0], -t.fwd[c&1][1]
	all := t.geo.All
	for front := opp; front != 0 && men != 0; {
		front = (rot(front, b1) | rot(front, b2)) & all
		men &^= front
	}
	return men
}

// unstoppedBoth is unstopped for both sides' men at once, on a board
// without kings: white and black are the two sides' men.
func (t *squareTables) unstoppedBoth(white, black board.Bitboard) (board.Bitboard, board.Bitboard) {
	w1, w2 := -t.fwd[board.White][0], -t.fwd[board.White][1]
	b1, b2 := -t.fwd[board.Black][0], -t.fwd[board.Black][1]
	all := t.geo.All
	wm, bm := white, black // men not reached yet
	fw, fb := black, white // fronts: floods towards each side's back row
	for fw != 0 && wm != 0 || fb != 0 && bm != 0 {
		fw = (rot(fw, w1) | rot(fw, w2)) & all
		wm &^= fw
		fb = (rot(fb, b1) | rot(fb, b2)) & all
		bm &^= fb
	}
	return wm, bm
}

// floodMatchesCones reports whether unstopped reproduces the cone tables
// for every single square (the flood is a union over its sources, so that
// covers every set).
func (t *squareTables) floodMatchesCones() bool {
	g := t.geo
	for c := board.White; c <= board.Black; c++ {
		// A backward step lands on the row behind or off the board.
		for n := 1; n <= g.Squares; n++ {
			q, _ := g.Bit(n)
			for _, d := range t.fwd[c] {
				if b := rot(q.Bit(), -d) & g.All; b != 0 && t.adv[c][b.First()] != t.adv[c][q]-1 {
					return false
				}
			}
		}
		for n := 1; n <= g.Squares; n++ {
			q, _ := g.Bit(n)
			want := g.All
			for m := 1; m <= g.Squares; m++ {
				s, _ := g.Bit(m)
				if t.cone[c][s].Has(q) {
					want &^= s.Bit()
				}
			}
			if t.unstopped(c, q.Bit(), g.All) != want {
				return false
			}
		}
	}
	return true
}

// manMg is a man's middlegame square value: a little per row advanced (the
// sum over a side's men is its tempo count, so the difference of the two
// is the tempo balance), a bonus on the central squares that hold the
// position together, and a penalty on the edge files where a man covers
// only one diagonal.
func manMg(row, file, w, h int) int {
	v := 2 * min(row, h/2)
	if row > h/2 {
		// Men far ahead of the main body are targets before they are threats.
		v -= row - h/2
	}
	if file >= 2 && file <= w-3 && row >= h/2-2 && row <= h/2+1 {
		v += 8
	}
	if file == 0 || file == w-1 {
		v -= 5
	}
	return v
}

// manEg is a man's endgame square value: advancement counts, more so on
// the last rows before promotion.
func manEg(row, h int) int {
	v := 4 * row
	if near := row - (h - 4); near > 0 {
		v += 8 * near * near
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rot shifts every square of b by d bit positions, as the rules core does:
// squares moved off the board land on ghost bits and are removed by an AND
// with a set of real squares.
func rot(b board.Bitboard, d int) board.Bitboard {
	return board.Bitboard(bits.RotateLeft64(uint64(b), d))
}
