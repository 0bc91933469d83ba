package eval

import "damka/engine/board"

// scale pulls score towards the draw in flying-king endings that material
// alone would call won. score is White's view; the conditions are colour
// symmetric and the integer division truncates towards zero, so the
// mirror-symmetry of the evaluation survives.
func scale(t *tables, w *params, p *board.Position, side *[2]sideInfo, score int) int {
	if !w.drawish {
		if side[0].men == 0 && side[1].men == 0 && side[0].kings == 1 && side[1].kings == 1 {
			return 0
		}
		return score
	}
	wk, bk := side[0].kings, side[1].kings
	if wk == 0 || bk == 0 {
		return score
	}
	wn, bn := side[0].men+wk, side[1].men+bk
	strong := board.White
	if bn > wn || (bn == wn && score < 0) {
		strong = board.Black
	}
	weak := strong ^ 1
	sn, wnWeak := wn, bn
	if strong == board.Black {
		sn, wnWeak = bn, wn
	}
	if wnWeak == 1 {
		// A lone king. One against one is a dead draw.
		if sn == 1 {
			return 0
		}
		if sn <= 3 {
			// Against up to three pieces the lone king draws unless the
			// strong side owns the main diagonal and the lone king is off
			// it (then three kings can build the winning net).
			ownsDiag := p.Pieces[strong]&p.Kings&t.mainDiag != 0 &&
				p.Pieces[weak]&t.mainDiag == 0
			if sn == 3 && ownsDiag && side[strong].kings == 3 {
				return score / 2
			}
			return score / 16
		}
		return score
	}
	// Both sides have kings and several pieces: kings defend so well that
	// an advantage of one piece seldom wins.
	if sn-wnWeak <= 1 {
		return score / 2
	}
	return score
}
