package eval

import "damka/board"

// Bashni (board.Towers): the pieces under the tops. Every piece counts for
// the owner of its column, the one whose piece is on top: the tops through
// Evaluate like the pieces of any Russian position, the pieces under them
// here at half value. An own piece under an own top is safe material, a
// reserve that becomes the top when the column is jumped; an enemy piece
// under it is a prisoner, worth as much to the holder until a capture of
// the column's top sets it free. Simple and symmetric in the colours, a
// first version: no term weighs what the column's height does for its
// safety or mobility.

// Towers is the part of the evaluation of a Bashni position p that its
// towers t add to Evaluate, from the side to move's point of view.
func Towers(v *board.Variant, p *board.Position, t *board.Towers) int {
	return defaultHand.Towers(v, p, t)
}

// Towers is Towers with h's weights.
func (h *Hand) Towers(v *board.Variant, p *board.Position, t *board.Towers) int {
	w := h.paramsFor(v)
	value := [4]int{100, 100, w.king, w.king} // by piece code: man, man, king, king
	s := 0                                    // White's view
	tops := p.Board64()
	for b := tops.Occupied(); b != 0; b &= b - 1 {
		sq := b.First()
		col := t.Column(sq)
		n := col.Len()
		if n == 0 {
			continue
		}
		sum := 0
		for k := 0; k < n; k++ {
			sum += value[col.At(k)]
		}
		if tops.Pieces[board.White].Has(sq) {
			s += sum
		} else {
			s -= sum
		}
	}
	s = s * w.under / 100
	if p.Side == board.Black {
		return -s
	}
	return s
}
