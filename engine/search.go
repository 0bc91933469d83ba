package engine

import (
	"damka/board"
	"damka/eval"
	"damka/tt"
)

// search is the principal variation search of a node below the root, in
// the order of its steps:
//
//	Step 1. The horizon: at depth 0 the quiescence resolves the captures,
//	        unless the opponent threatens one: then a one-ply search,
//	        whose children look again, so that threats chain (Scan).
//	Step 2. The node is counted; the clock and the stop flag are read.
//	Step 3. A result known without a move (settled): a crown in
//	        breakthrough, a repetition, the ply limit, a win already found
//	        nearer the root, an endgame counter at its limit, the tables.
//	Step 4. The transposition table: a stored bound that decides the node
//	        (at PV nodes too), or a won or lost bound at any depth.
//	Step 5. Internal iterative reduction without a table move.
//	Step 6. ProbCut: a reduced search that clears beta by a margin.
//	Step 7. The captures.
//	Step 8. The quiet moves; no move at all ends the game; the king-moves
//	        draw; the ordering.
//	Step 9. The move loop (moveLoop: searchMove, extend, reduce).
//	Step 10. The result into the table, unless it rests on a rule draw.
func (t *thread) search(alpha, beta, depth, ply int, pvNode bool) int {
	// Step 1. The horizon. A quiet position under a threat is not quiet:
	// what the threat wins depends on the moves that meet it.
	if depth <= 0 {
		if f := &t.stack[ply]; t.v.HasCapture(&f.pos) || !t.v.Threat(&f.pos) {
			return t.qsearch(alpha, beta, ply)
		}
		depth = 1
	}

	// Step 2. The node.
	t.drawFlag = false
	t.pvLen[ply] = 0
	if t.tick() {
		return 0
	}
	if ply > t.selDepth {
		t.selDepth = ply
	}

	// Step 3. A result known without a move.
	alpha, beta, s, done := t.settled(alpha, beta, ply)
	if done {
		return s
	}

	// Step 4. The transposition table.
	f := &t.stack[ply]
	key := f.ttKey // set by play
	e, hit := t.e.tt.Probe(key)
	var ttMove uint16
	if hit {
		ttMove = e.Move
		s := scoreFromTT(int(e.Score), ply)
		// A bound deep enough decides at PV nodes too (Scan): with the
		// table's rule its entry is the deepest result of the position.
		if int(e.Depth) >= depth && cuts(e.Bound, s, alpha, beta) {
			return s
		}
		// A won or lost bound decides at any depth: a deeper search
		// cannot undo a forced result.
		if e.Bound&tt.BoundLower != 0 && s >= WinBound && s >= beta ||
			e.Bound&tt.BoundUpper != 0 && s <= -WinBound && s <= alpha {
			return s
		}
	}

	// Step 5. Internal iterative reduction.
	k := &t.e.knobs
	if depth >= k.iirDepth && ttMove == 0 {
		depth--
	}

	// Step 6. ProbCut.
	if !pvNode && depth >= k.probCutDepth && !t.inProbCut {
		if s, cut := t.probCut(beta, depth, ply); cut || t.abort {
			return s
		}
	}

	// Step 7. The captures.
	capture := t.v.GenerateCaptures(&f.pos, &f.ml)

	// Step 8. The quiet moves, the end of the game, the ordering.
	if !capture {
		t.v.GenerateQuiets(&f.pos, &f.ml)
	}
	if f.ml.N == 0 {
		return t.terminal(ply)
	}
	if t.ruleDraw(ply) {
		t.drawFlag = true
		return DrawScore
	}
	if f.ml.N > 1 {
		t.order(ply, ttMove)
	} else {
		f.first = 0 // a single move needs no scores
	}

	// Step 9. The move loop.
	best, bestMove, draw := t.moveLoop(alpha, beta, depth, ply, pvNode)
	if t.abort {
		return 0
	}

	// Step 10. The store. A result that rests on a rule draw of this path
	// is not the position's value elsewhere.
	t.drawFlag = draw
	if !draw {
		bound, code := tt.BoundUpper, uint16(0)
		if best >= beta {
			bound, code = tt.BoundLower, moveCode(bestMove)
		} else if best > alpha {
			bound, code = tt.BoundExact, moveCode(bestMove)
		}
		t.e.tt.Store(key, tt.Entry{
			Move: code, Score: int16(scoreToTT(best, ply)),
			Depth: int8(depth), Bound: bound,
		})
	}
	return best
}

// settled is step 3 of search: the score of the node at ply when a rule
// decides it before any move is searched, else the bounds narrowed by
// mate-distance pruning: no line from here beats a win found nearer the
// root (bounds wide enough for giveaway too, where the side to move may
// win at this very ply).
func (t *thread) settled(alpha, beta, ply int) (a, b, score int, done bool) {
	if t.crowned(ply) {
		return alpha, beta, t.terminal(ply), true
	}
	if t.repetition(ply) {
		t.drawFlag = true
		return alpha, beta, DrawScore, true
	}
	if ply >= maxPly {
		return alpha, beta, t.evaluate(ply), true
	}
	alpha = max(alpha, -(WinScore - ply))
	beta = min(beta, WinScore-ply)
	if alpha >= beta {
		return alpha, beta, alpha, true
	}
	f := &t.stack[ply]
	if t.endgameDraw(ply) {
		// Before the tables, which know nothing of the endgame counters.
		if !t.v.HasCapture(&f.pos) && !t.v.HasQuietMove(&f.pos) {
			return alpha, beta, t.terminal(ply), true
		}
		t.drawFlag = true
		return alpha, beta, DrawScore, true
	}
	if t.tb != nil && f.pos.TotalCount() <= t.tbPieces {
		if r, ok := t.tb.Probe(&f.pos); ok && tableFits(r, f) {
			t.tbHits.Add(1)
			return alpha, beta, tableScore(r, ply), true
		}
	}
	return alpha, beta, 0, false
}

// probCut is step 6 of search, Scan's: a null-window search of 0.4 of
// the depth whose result clears beta by a margin of 10 a ply predicts that
// the full one fails high, and answers it less the margin (fail-soft).
// Only where beta is an evaluation, not a win or a loss; its tree has no
// ProbCut of its own. Null move is not an option: in draughts passing is
// often the best "move" (zugzwang is everywhere).
func (t *thread) probCut(beta, depth, ply int) (int, bool) {
	if beta >= eval.Limit || beta <= -eval.Limit {
		return 0, false
	}
	margin := depth * t.e.knobs.probCutMargin
	rb := beta + margin
	t.inProbCut = true
	s := t.search(rb-1, rb, depth*40/100, ply, false)
	t.inProbCut = false
	if s >= rb && !t.abort {
		return s - margin, true
	}
	return 0, false
}

// cuts reports whether a stored bound decides the node.
func cuts(b tt.Bound, s, alpha, beta int) bool {
	switch b {
	case tt.BoundExact:
		return true
	case tt.BoundLower:
		return s >= beta
	case tt.BoundUpper:
		return s <= alpha
	}
	return false
}

// updatePV makes m followed by the child's line the line at ply.
func (t *thread) updatePV(ply int, m board.Move) {
	t.pv[ply][0] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][1:1+n], t.pv[ply+1][:n])
	t.pvLen[ply] = n + 1
}
