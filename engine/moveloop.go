package engine

import "damka/board"

// moveLoop is step 9 of search: the moves of the node at ply, ordered,
// each searched by searchMove until one fails high. It returns the best
// score and move, and whether that result rests on a rule draw of the
// search path: a cut-off depends only on the move that caused it, any
// other result is a maximum over every move searched.
func (t *thread) moveLoop(alpha, beta, depth, ply int, pvNode bool) (best int, bestMove board.Move, draw bool) {
	f := &t.stack[ply]
	ext := t.extend(ply)
	best = -inf
	bestDraw, anyDraw := false, false
	raised := -1 // index of the move that last raised alpha
	for i := 0; i < f.ml.N; i++ {
		m := f.pick(i)
		s := t.searchMove(alpha, beta, depth, depth-1+ext, ply, i, m, pvNode)
		if t.abort {
			return 0, board.Move{}, false
		}
		childDraw := t.drawFlag
		anyDraw = anyDraw || childDraw
		if s <= best {
			continue
		}
		best, bestMove, bestDraw = s, m, childDraw
		if s <= alpha {
			continue
		}
		alpha = s
		raised = i
		t.updatePV(ply, m)
		if s >= beta {
			if m.Captured == 0 && !m.Promote {
				t.raisedAlpha(ply, i, depth)
			}
			return best, bestMove, bestDraw
		}
	}
	if raised >= 0 {
		if m := f.ml.Moves[raised]; m.Captured == 0 && !m.Promote {
			t.raisedAlpha(ply, raised, depth)
		}
	}
	return best, bestMove, anyDraw
}

// searchMove plays m, the i-th move of the node at ply and depth, and
// searches it to the new depth nd: the first move with the node's window, the others with
// a null window, a late quiet one reduced first (reduce); a null-window
// result above alpha is searched again, unreduced, then at PV nodes with
// the full window.
func (t *thread) searchMove(alpha, beta, depth, nd, ply, i int, m board.Move, pvNode bool) int {
	t.play(ply, m)
	if nd > 0 {
		// Only a child with depth left probes the table: the quiescence
		// never does.
		t.e.tt.Prefetch(t.stack[ply+1].ttKey)
	}
	if i == 0 {
		return -t.search(-beta, -alpha, nd, ply+1, pvNode)
	}
	r := t.reduce(depth, i, m, pvNode)
	s := -t.search(-alpha-1, -alpha, nd-r, ply+1, false)
	// A stopped search answers 0, which must not start a re-search: each
	// would count one more node past a node limit.
	if r > 0 && s > alpha && !t.abort {
		s = -t.search(-alpha-1, -alpha, nd, ply+1, false)
	}
	if pvNode && s > alpha && s < beta && !t.abort {
		s = -t.search(-beta, -alpha, nd, ply+1, true)
	}
	return s
}

// extend is the extension of every move of the node at ply: a forced move
// (typically a capture) costs no branching, so it does not eat the depth,
// bounded so that forced sequences cannot run away.
func (t *thread) extend(ply int) int {
	if t.stack[ply].ml.N == 1 && ply < 2*t.rootDepth {
		return t.e.knobs.forcedExt
	}
	return 0
}

// reduce is the late-move reduction of the i-th move m at a node of the
// given depth, Scan's schedule: from depth 2, a quiet move after the first
// (after the third at PV nodes) a ply less, two plies from the fifth at
// non-PV nodes. No floor: a reduced move at depth 2 drops straight into
// the quiescence.
func (t *thread) reduce(depth, i int, m board.Move, pvNode bool) int {
	k := &t.e.knobs
	if m.Captured != 0 || m.Promote || depth < k.lmrMinDepth {
		return 0
	}
	if pvNode {
		if i < 3 {
			return 0
		}
		return 1
	}
	if i < 4 {
		return 1
	}
	return 2
}
