package board

// Color is a side: White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Piece is what stands on a square.
type Piece uint8

const (
	Empty Piece = iota
	WhiteMan
	BlackMan
	WhiteKing
	BlackKing
)

// Position is a board and the side to move. It is a small value: making a
// move returns a new Position, so search keeps positions on per-ply stacks.
type Position struct {
	Pieces [2]Bitboard // all pieces of White and of Black
	Kings  Bitboard    // kings of both sides
	Side   Color       // side to move
}

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.Pieces[White] | p.Pieces[Black] }

// Men returns the men of side c.
func (p *Position) Men(c Color) Bitboard { return p.Pieces[c] &^ p.Kings }

// KingsOf returns the kings of side c.
func (p *Position) KingsOf(c Color) Bitboard { return p.Pieces[c] & p.Kings }

// At returns the piece on square s.
func (p *Position) At(s Square) Piece {
	b := s.Bit()
	king := p.Kings&b != 0
	switch {
	case p.Pieces[White]&b != 0 && king:
		return WhiteKing
	case p.Pieces[White]&b != 0:
		return WhiteMan
	case p.Pieces[Black]&b != 0 && king:
		return BlackKing
	case p.Pieces[Black]&b != 0:
		return BlackMan
	}
	return Empty
}

// Put places piece pc on square s (Empty clears it).
func (p *Position) Put(s Square, pc Piece) {
	b := s.Bit()
	p.Pieces[White] &^= b
	p.Pieces[Black] &^= b
	p.Kings &^= b
	switch pc {
	case WhiteMan:
		p.Pieces[White] |= b
	case BlackMan:
		p.Pieces[Black] |= b
	case WhiteKing:
		p.Pieces[White] |= b
		p.Kings |= b
	case BlackKing:
		p.Pieces[Black] |= b
		p.Kings |= b
	}
}

// Play returns the position after move m, which must be legal in p.
// The captured pieces all disappear at once, when the move is complete.
func (p *Position) Play(m Move) Position {
	var q Position
	p.PlayInto(m, &q)
	return q
}

// PlayInto writes the position after move m into q (which may be p). Hot
// loops use it so that the new position is stored field by field where it
// will be read, instead of being copied as a whole right after it was
// written, which stalls the CPU's store forwarding.
func (p *Position) PlayInto(m Move, q *Position) {
	from, to := Bitboard(1)<<uint(m.From&63), Bitboard(1)<<uint(m.To&63)
	us := p.Side & 1
	own := p.Pieces[us]&^from | to
	opp := p.Pieces[us^1] &^ m.Captured
	kings := p.Kings &^ (m.Captured | from)
	if p.Kings&from != 0 || m.Promote {
		kings |= to
	}
	q.Pieces[us] = own
	q.Pieces[us^1] = opp
	q.Kings = kings
	q.Side = us ^ 1
}

// Mirror returns the colour-reversed position: the board turned by 180
// degrees with the colours swapped and the other side to move. Every rule
// that does not depend on colour gives the same result in both.
func (p Position) Mirror(g *Geometry) Position {
	var q Position
	q.Side = p.Side ^ 1
	for c := White; c <= Black; c++ {
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			s := b.First()
			t, _ := g.Bit(g.Squares + 1 - g.Number(s))
			q.Pieces[c^1] |= t.Bit()
			if p.Kings.Has(s) {
				q.Kings |= t.Bit()
			}
		}
	}
	return q
}
