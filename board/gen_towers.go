package board

import "fmt"

// Bashni (Russian towers, docs/variants.md 3.13) plays Russian draughts with
// columns of pieces: a jumped column loses its top piece to the bottom of
// the capturing column and stays on its square under its next piece. The
// Position of a Bashni game is the board of the tops, so the diagonal
// generator produces the moves of the tops unchanged (a jumped column
// blocks until the move is complete and cannot be jumped twice, exactly as
// a captured piece in Russian draughts); the pieces under the tops live in
// a Towers value beside it, which only SearchStepTowers, Game and the
// Bashni parts of the search read. design.md, "Bashni", gives the reasons.

// Column holds the pieces under the top piece of one column, the one right
// under the top first: piece i in bits 2i (colour) and 2i+1 (king), and
// the number of pieces in the bits from columnShift up.
type Column uint64

const (
	// MaxUnder is the most pieces a column can hold under its top: all 24
	// pieces of a Bashni game in one column.
	MaxUnder    = 23
	columnShift = 58
	columnMask  = 1<<(2*MaxUnder) - 1
	// towerBits is the number of bits of the 8x8 board (32 squares and 3
	// ghosts), the board of Bashni.
	towerBits = 35
	// maxOrdered is the most captured squares Move.Order can order: 12!
	// codes fit 32 bits, and a Bashni move jumps at most the 12 columns
	// topped by the opponent's 12 pieces.
	maxOrdered = 12
)

// Towers holds, per bit of the 8x8 board, the pieces under the top of the
// column standing there (zero for a single piece or an empty square). It
// is 280 bytes: search keeps one per ply, and only for Bashni.
type Towers [towerBits]Column

// PieceCode is a piece's 2-bit code in a Column: bit 0 the colour, bit 1
// set for a king. The codes equal the kinds of engine's Zobrist table.
func PieceCode(c Color, king bool) uint8 {
	if king {
		return uint8(c&1) | 2
	}
	return uint8(c & 1)
}

// Len returns the number of pieces under the top.
func (c Column) Len() int { return int(c >> columnShift) }

// At returns the code (see PieceCode) of the i-th piece under the top, 0
// being the one right under it.
func (c Column) At(i int) uint8 { return uint8(c>>(2*uint(i))) & 3 }

// push puts a piece at the bottom. The caller keeps the column within
// MaxUnder pieces (a game has 24).
func (c Column) push(code uint8) Column {
	n := c.Len()
	return (c&columnMask | Column(code)<<(2*uint(n))) | Column(n+1)<<columnShift
}

// pop removes the piece right under the top (the column's next top).
func (c Column) pop() (uint8, Column) {
	n := c.Len()
	return uint8(c) & 3, (c&columnMask)>>2 | Column(n-1)<<columnShift
}

// Height returns the number of pieces under the tops of the whole board.
func (t *Towers) Height() int {
	n := 0
	for _, c := range t {
		n += c.Len()
	}
	return n
}

// Column returns the pieces under the top on square s (zero off the
// board).
func (t *Towers) Column(s Square) Column {
	if s < 0 || int(s) >= towerBits {
		return 0
	}
	return t[s]
}

// Jumps appends to buf the captured squares of m in the order they were
// jumped (in ascending bit order for a move without Order) and returns it.
func (m Move) Jumps(buf []Square) []Square {
	start := len(buf)
	for b := m.Captured; b != 0; b &= b - 1 {
		buf = append(buf, b.First())
	}
	sq := buf[start:]
	n := len(sq)
	if m.Order == 0 || n > maxOrdered {
		return buf
	}
	var d [maxOrdered]uint32
	code := m.Order
	for i := n - 1; i >= 0; i-- {
		r := uint32(n - i)
		d[i], code = code%r, code/r
	}
	// sq[i:] are the squares not yet placed, in ascending order: put the
	// d[i]-th of them at i and shift the others right, keeping them sorted.
	for i := 0; i < n; i++ {
		j := i + int(d[i])
		s := sq[j]
		copy(sq[i+1:j+1], sq[i:j])
		sq[i] = s
	}
	return buf
}

// orderCode is Move.Order of the captured squares jumped in the order
// given: each square's rank among the squares not jumped yet, read as
// digits of radix n, n-1, ..., 1.
func orderCode(jumps []Square, captured Bitboard) uint32 {
	n := len(jumps)
	var code uint32
	left := captured
	for i, s := range jumps {
		b := s.Bit()
		code = code*uint32(n-i) + uint32(popCount(left&(b-1)))
		left &^= b
	}
	return code
}

// routeOrder is Move.Order of a capture route (the origin, then the landing
// square after each jump). Each leg passes exactly one captured piece, the
// first captured square on the diagonal from one landing to the next.
func routeOrder(g *Geometry, path []Square, captured Bitboard) uint32 {
	n := len(path) - 1
	if n < 2 || n > maxOrdered {
		return 0
	}
	var jumps [maxOrdered]Square
	for k := 0; k < n; k++ {
		jumps[k] = legTaken(g, path[k], path[k+1], captured)
	}
	return orderCode(jumps[:n], captured)
}

// legTaken returns the captured square between a and b on their diagonal.
// A step off the board leaves All (the ghost layout), so each walk stays
// on one real diagonal.
func legTaken(g *Geometry, a, b Square, captured Bitboard) Square {
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		taken := NoSquare
		for x := rot(a.Bit(), d) & g.All; x != 0; x = rot(x, d) & g.All {
			if x&captured != 0 && taken == NoSquare {
				taken = x.First()
			}
			if x == b.Bit() {
				return taken
			}
		}
	}
	return NoSquare
}

// SearchStepTowers is Bashni's stepping primitive, for the search's and
// perft's per-ply stacks (and the openings generator's walk of the tree of
// positions): it writes the position and the towers after move m, legal in
// p whose towers are t, into q and u (q may be p and u may be t), checking
// nothing. Code that follows a game plays Game.Play, which refuses an
// illegal move and keeps the history and the draw rules.
//
// The moving column travels whole; every jumped column, in the order
// jumped, gives its top to the bottom of the moving column, and its next
// piece, if any, becomes the top of its square (possibly changing the
// square's owner). Only the moving column's top is crowned.
func (v *Variant) SearchStepTowers(p *Position, t *Towers, m Move, q *Position, u *Towers) {
	if u != t {
		*u = *t
	}
	us := p.Side & 1
	from, to := m.From.Bit(), m.To.Bit()
	king := p.kings&from != 0 || m.Promote
	np := Position{pieces: p.pieces, kings: p.kings &^ from, Side: us ^ 1}
	np.pieces[us] &^= from
	col := u.Column(m.From)
	if int(m.From) < towerBits {
		u[m.From] = 0
	}
	if m.Captured != 0 {
		var buf [maxPath]Square
		for _, s := range m.Jumps(buf[:0]) {
			if int(s) >= towerBits {
				continue
			}
			b := s.Bit()
			if col.Len() < MaxUnder {
				col = col.push(PieceCode(us^1, p.kings&b != 0))
			}
			np.pieces[us^1] &^= b
			np.kings &^= b
			if u[s].Len() > 0 {
				code, rest := u[s].pop()
				u[s] = rest
				np.pieces[code&1] |= b
				if code&2 != 0 {
					np.kings |= b
				}
			}
		}
	}
	np.pieces[us] |= to
	if king {
		np.kings |= to
	}
	if int(m.To) < towerBits {
		u[m.To] = col
	}
	*q = np
}

// CheckTowers reports what is wrong with a Bashni position and its towers:
// pieces under empty squares or off the board, or more pieces of a colour
// than a game has (12 each).
func (v *Variant) CheckTowers(p *Position, t *Towers) error {
	var count [2]int
	for c := White; c <= Black; c++ {
		count[c] = p.pieces[c].Count()
	}
	for i, col := range t {
		s := Square(i)
		if col == 0 {
			continue
		}
		if v.Geo.All&p.Occupied()&s.Bit() == 0 {
			return fmt.Errorf("pieces under the empty square %s", v.SquareName(s))
		}
		if col.Len() > MaxUnder || col&^(columnMask|Column(63)<<columnShift) != 0 ||
			col&columnMask>>(2*uint(col.Len())) != 0 {
			return fmt.Errorf("bad column on %s", v.SquareName(s))
		}
		for k := 0; k < col.Len(); k++ {
			count[col.At(k)&1]++
		}
	}
	for c := White; c <= Black; c++ {
		if count[c] > 12 {
			return fmt.Errorf("%d %s pieces (at most 12)", count[c], c)
		}
	}
	return nil
}

// Mirror returns the towers of the colour-reversed position (see
// Position.Mirror): the board turned by 180 degrees, every piece's colour
// swapped.
func (t *Towers) Mirror(g *Geometry) Towers {
	var u Towers
	for i, c := range t {
		if c.Len() == 0 {
			continue
		}
		s, _ := g.Bit(g.Squares + 1 - g.Number(Square(i)))
		var m Column
		for k := 0; k < c.Len(); k++ {
			m = m.push(c.At(k) ^ 1)
		}
		u[s] = m
	}
	return u
}

// next returns the position and towers after move m, legal in p whose
// towers are t: SearchStepTowers for a variant with columns, Position.Play
// (the towers staying empty) for the others.
func (v *Variant) next(p *Position, t *Towers, m Move) (Position, Towers) {
	if !v.Columns {
		return p.Play(m), Towers{}
	}
	var q Position
	var u Towers
	v.SearchStepTowers(p, t, m, &q, &u)
	return q, u
}
