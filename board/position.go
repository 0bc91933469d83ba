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
// It is 40 bytes: KingRun fits in the padding after Side, and Canadian's
// squares above the word take 6 more (wide.go).
type Position struct {
	// pieces and kings are the words of frame squares 0-63: all pieces of
	// White and of Black, and the kings of both sides. They are unexported
	// because on Canadian's board they are not the whole board (high holds
	// the rest): callers read a position through the accessors of
	// access.go, right on every board.
	pieces [2]Bitboard
	kings  Bitboard
	Side   Color // side to move
	// KingRun is the state of Frisian draughts' limit on consecutive
	// moves with the same king. It is zero in every variant without that
	// rule, and part of the position's identity where it has it: search
	// must hash it and compare it for repetitions.
	KingRun KingRun
	// wide marks a Canadian position, whose squares 64-76 are in high
	// (White, Black, kings): see wide.go. Both are zero on every other board.
	wide bool
	high [3]uint16
}

// KingRun counts, for each side, the non-capturing moves in a row that the
// side has made with one king (Frisian draughts: a side that still has men
// may make at most Limit of them; see Variant.KingMoveLimit).
//
// Play keeps it: a non-capturing king move of a side that has men extends
// that side's run if the king is the one that made the run (Square) and
// starts a run of 1 otherwise; any other move of the side (a man's move, a
// capture, or any move once the side has no men) ends it; and the run of
// the side whose counted king is captured ends. Limit is the variant's
// limit, set by Start, ParseFEN and hubtext.ParsePosition: a Position carries
// it so that Play, which does not know the variant, knows whether to count.
type KingRun struct {
	Limit  uint8     // the variant's limit; 0: no such rule, nothing counted
	Moves  [2]uint8  // per side: moves in the current run (0: none)
	Square [2]Square // per side: where the running king stands (when Moves > 0)
}

// Blocked returns the king of side c that may not make another
// non-capturing move (it has made Limit in a row and c still has men), or 0.
func (p *Position) Blocked(c Color) Bitboard {
	r := &p.KingRun
	if r.Limit == 0 || r.Moves[c&1] < r.Limit || p.pieces[c&1]&^p.kings == 0 {
		return 0
	}
	return r.Square[c&1].Bit()
}

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.pieces[White] | p.pieces[Black] }

// Men returns the men of side c.
func (p *Position) Men(c Color) Bitboard { return p.pieces[c] &^ p.kings }

// KingsOf returns the kings of side c.
func (p *Position) KingsOf(c Color) Bitboard { return p.pieces[c] & p.kings }

// At returns the piece on square s.
func (p *Position) At(s Square) Piece {
	if s >= 64 {
		// Canadian's squares above the word (wide.go).
		return pieceOn(&p.high[White], &p.high[Black], &p.high[2], 1<<uint(s-64))
	}
	return pieceOn(&p.pieces[White], &p.pieces[Black], &p.kings, s.Bit())
}

// Put places piece pc on square s (Empty clears it).
func (p *Position) Put(s Square, pc Piece) {
	if s >= 64 {
		putOn(&p.high[White], &p.high[Black], &p.high[2], 1<<uint(s-64), pc)
		return
	}
	putOn(&p.pieces[White], &p.pieces[Black], &p.kings, s.Bit(), pc)
}

// set is one word of squares: a Bitboard, or the high part of Canadian's
// wide layout.
type set interface{ Bitboard | uint16 }

// pieceOn returns the piece on the square b of the sets white, black, kings.
func pieceOn[T set](white, black, kings *T, b T) Piece {
	king := *kings&b != 0
	switch {
	case *white&b != 0 && king:
		return WhiteKing
	case *white&b != 0:
		return WhiteMan
	case *black&b != 0 && king:
		return BlackKing
	case *black&b != 0:
		return BlackMan
	}
	return Empty
}

// putOn puts pc on the square b of the sets white, black, kings.
func putOn[T set](white, black, kings *T, b T, pc Piece) {
	*white &^= b
	*black &^= b
	*kings &^= b
	switch pc {
	case WhiteMan:
		*white |= b
	case BlackMan:
		*black |= b
	case WhiteKing:
		*white |= b
		*kings |= b
	case BlackKing:
		*black |= b
		*kings |= b
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
//
// The piece on m.From moves, whatever its colour: in Stavropol draughts
// (Variant.ForeignMoves) the side to move may move the opponent's pieces.
// Its colour is read off the board with a shift, no branch, so that Play
// is right there without knowing the variant and costs the others no
// test. The other side is to move after it, as always.
func (p *Position) PlayInto(m Move, q *Position) {
	if p.KingRun.Limit != 0 || p.wide {
		p.playSpecial(m, q)
		return
	}
	q.KingRun = KingRun{}
	q.wide, q.high = false, [3]uint16{}
	p.playBoard(Color(p.pieces[Black]>>uint(m.From&63))&1, m, q)
}

// playSpecial is PlayInto for the positions with more state than the
// board: Frisian's king runs and Canadian's wide layout.
func (p *Position) playSpecial(m Move, q *Position) {
	if p.wide {
		p.playWide(m, q)
		return
	}
	q.KingRun = p.nextKingRun(m)
	q.wide, q.high = false, [3]uint16{}
	p.playBoard(Color(p.pieces[Black]>>uint(m.From&63))&1, m, q)
}

// nextKingRun returns KingRun after move m (see KingRun for the rules).
func (p *Position) nextKingRun(m Move) KingRun {
	r := p.KingRun
	us := p.Side & 1
	if m.Captured == 0 && p.kings.Has(m.From) && p.pieces[us]&^p.kings != 0 {
		if r.Moves[us] == 0 || r.Square[us] != m.From {
			r.Moves[us] = 0
		}
		if r.Moves[us] < 255 {
			r.Moves[us]++
		}
		r.Square[us] = m.To
	} else {
		r.Moves[us], r.Square[us] = 0, 0
	}
	if r.Moves[us^1] != 0 && m.Captured.Has(r.Square[us^1]) {
		r.Moves[us^1], r.Square[us^1] = 0, 0
	}
	return r
}

// playBoard is PlayInto for the pieces and the side to move only, the
// piece of colour c moving: perft of the variants without a
// king-move limit uses it, so that their positions (whose KingRun is zero
// from the start) pay nothing for the rule. c is the side to move's colour
// in every variant but Stavropol, where the piece may be the opponent's:
// perft of the others passes p.Side, PlayInto the colour on m.From.
func (p *Position) playBoard(c Color, m Move, q *Position) {
	from, to := Bitboard(1)<<uint(m.From&63), Bitboard(1)<<uint(m.To&63)
	c &= 1 // no bounds checks
	own := p.pieces[c]&^from | to
	opp := p.pieces[c^1] &^ m.Captured
	kings := p.kings &^ (m.Captured | from)
	if p.kings&from != 0 || m.Promote {
		kings |= to
	}
	q.pieces[c] = own
	q.pieces[c^1] = opp
	q.kings = kings
	q.Side = p.Side ^ 1
}

// Mirror returns the colour-reversed position: the board turned by 180
// degrees with the colours swapped and the other side to move. Every rule
// that does not depend on colour gives the same result in both.
func (p Position) Mirror(g *Geometry) Position {
	var q Position
	q.Side = p.Side ^ 1
	q.KingRun.Limit = p.KingRun.Limit
	for c := White; c <= Black; c++ {
		if n := p.KingRun.Moves[c]; n != 0 {
			t, _ := g.Bit(g.Squares + 1 - g.Number(p.KingRun.Square[c]))
			q.KingRun.Moves[c^1], q.KingRun.Square[c^1] = n, t
		}
	}
	q.wide = p.wide
	// By square number, so that Canadian's squares above the word turn too.
	swap := [5]Piece{Empty, BlackMan, WhiteMan, BlackKing, WhiteKing}
	for n := 1; n <= g.Squares; n++ {
		s, _ := g.Bit(n)
		if pc := p.At(s); pc != Empty {
			t, _ := g.Bit(g.Squares + 1 - n)
			q.Put(t, swap[pc])
		}
	}
	return q
}
