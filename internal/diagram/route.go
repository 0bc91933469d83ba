package diagram

import "damka/board"

// LastMove fills Route and Captured of opt for move m played from p: the
// route as the board's Paths give it (a capture's landing squares, in
// order), and the squares whose pieces the move took, read from the
// position after it so that every board (Canadian's wide one, Bashni's
// columns, Stavropol's foreign moves) is handled the same way.
func LastMove(v *board.Variant, p *board.Position, m board.Move, opt *Options) {
	opt.Route = Route(v, p, m)
	opt.Captured = Captured(v, p, m)
}

// Route is m's origin and each landing square as the board's Paths give
// them (the first route when several take the same pieces).
func Route(v *board.Variant, p *board.Position, m board.Move) []board.Square {
	var route []board.Square
	v.Paths(p, func(pm board.Move, path []board.Square) {
		if pm == m && route == nil {
			route = append([]board.Square(nil), path...)
		}
	})
	if route == nil {
		route = []board.Square{m.From, m.To}
	}
	return route
}

// Captured lists the squares of the pieces m takes from p (Bashni: the
// columns whose tops it takes).
func Captured(v *board.Variant, p *board.Position, m board.Move) []board.Square {
	if !m.IsCapture() {
		return nil
	}
	var out []board.Square
	if !v.Geo.Wide {
		for _, s := range Squares(v) {
			if m.Captured&s.Bit() != 0 {
				out = append(out, s)
			}
		}
		return out
	}
	// Canadian's squares above the word are not in m.Captured's word: read
	// the captures from the position after the move (a wide board has no
	// columns).
	q := p.Play(m)
	for s, pc := range p.All() {
		if s != m.From && s != m.To && q.At(s) != pc {
			out = append(out, s)
		}
	}
	return out
}
