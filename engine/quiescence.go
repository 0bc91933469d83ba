package engine

import "damka/board"

// qsearch resolves captures. Captures are compulsory in draughts, so a
// side that can capture has no "stand pat": every capture is searched and
// the position is never evaluated. A side without a capture stands pat on
// the static evaluation.
func (t *thread) qsearch(alpha, beta, ply int) int {
	t.drawFlag = false
	t.pvLen[ply] = 0
	if t.tick() {
		return 0
	}
	if ply > t.selDepth {
		t.selDepth = ply
	}
	f := &t.stack[ply]
	if t.crowned(ply) {
		return t.terminal(ply)
	}
	// Only the first quiescence node can follow a reversible move.
	if f.rev >= 4 && t.repetition(ply) {
		t.drawFlag = true
		return DrawScore
	}
	// The captures, if any, are generated at once: most nodes here have one.
	if !t.v.GenerateCaptures(&f.pos, &f.ml) {
		if !t.v.HasQuietMove(&f.pos) {
			return t.terminal(ply)
		}
		if t.ruleDraw(ply) || t.endgameDraw(ply) {
			t.drawFlag = true
			return DrawScore
		}
		return t.standPat(alpha, beta, ply)
	}
	if t.endgameDraw(ply) {
		// A capture is a legal move.
		t.drawFlag = true
		return DrawScore
	}
	if ply >= maxPly {
		return t.evaluate(ply)
	}
	if f.ml.N > 1 {
		t.orderCaptures(ply)
	} else {
		f.first = 0 // a single capture needs no score
	}
	return t.qmoves(alpha, beta, ply, -inf)
}

// standPat is the score of a quiet quiescence node at ply: its static
// evaluation, or, without kings on the board and with no capture
// threatened, the best of it and Scan's exchange offers (a man steps where
// the opponent must take it and is taken back): with men only, an
// exchange often decides what the evaluation cannot see.
func (t *thread) standPat(alpha, beta, ply int) int {
	f := &t.stack[ply]
	best := t.evaluateWithin(ply, alpha, beta)
	if best >= beta || f.pos.HasKing() || t.v.Threat(&f.pos) {
		return best
	}
	f.ml.N = 0
	if !t.v.ExchangeOffers(&f.pos, &f.ml) {
		return best
	}
	clear(f.order[:f.ml.N])
	f.first = 0 // in the generator's order
	return t.qmoves(max(alpha, best), beta, ply, best)
}

// qmoves searches the ordered moves of the quiescence node at ply, its
// captures or its exchange offers, from best (the stand pat, or -inf
// where a capture is compulsory), and returns the best score.
func (t *thread) qmoves(alpha, beta, ply, best int) int {
	f := &t.stack[ply]
	// As in moveLoop: a cut-off rests on a rule draw when its move's line
	// does, any other result when any line searched does.
	bestDraw, anyDraw := false, false
	c := &t.stack[ply+1]
	for i := 0; i < f.ml.N; i++ {
		m := f.pick(i)
		// Captures and men's steps are irreversible: the child needs no key, and its
		// counter restarts.
		t.capture(t, ply, m)
		c.rev = 0
		if f.endgame == (board.EndgameCounter{}) && !c.pos.HasKing() {
			c.endgame = board.EndgameCounter{} // see stepEndgame
		} else {
			t.stepEndgame(f, c, m)
		}
		s := -t.qsearch(-beta, -alpha, ply+1)
		if t.abort {
			return 0
		}
		childDraw := t.drawFlag
		anyDraw = anyDraw || childDraw
		if s <= best {
			continue
		}
		best, bestDraw = s, childDraw
		if s > alpha {
			alpha = s
			t.updatePV(ply, m)
			if s >= beta {
				t.drawFlag = bestDraw
				return best
			}
		}
	}
	t.drawFlag = anyDraw
	return best
}
