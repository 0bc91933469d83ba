package eval

import "damka/board"

// scale pulls score towards the draw in flying-king endings that material
// alone would call won. score is White's view; the conditions are colour
// symmetric and the integer division truncates towards zero, so the
// mirror-symmetry of the evaluation survives. ownsDiag tells, on the
// board evaluated, whether the strong side's kings hold the long diagonal
// and the lone king is off it; it is asked only in that ending.
func scale(w *params, side *[2]sideInfo, score int, ownsDiag func(strong board.Color) bool) int {
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
			if sn == 3 && side[strong].kings == 3 && ownsDiag(strong) {
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

// blend turns the two sides' contributions into White's score: material
// and positional terms, the runaways (runW, runB: computed by the caller
// only for a side whose opponent has no king), tapered from the middlegame
// to the endgame square values as the men of maxMen (both sides' men at the
// start) come off.
func blend(w *params, sw, sb *sideInfo, runW, runB, maxMen int) int {
	matW := 100*sw.men + w.king*sw.kings + runW
	matB := 100*sb.men + w.king*sb.kings + runB
	mg := matW + sw.mg - (matB + sb.mg)
	eg := matW + sw.eg - (matB + sb.eg)
	men := min(sw.men+sb.men, maxMen)
	// A 32-bit division, quicker than a 64-bit one: the sum stays far
	// below 2^31.
	return int(int32(mg*men+eg*(maxMen-men)) / int32(maxMen))
}
