package engine

import "damka/engine/board"

// Tactical quiescence. A quiescence node without a capture used to stand
// pat on the static evaluation. A threatened position lies to it: the
// opponent would capture if it were to move. Draughts has no pass, so the
// side to move must find a parry; its value is the best quiet move's, not
// the evaluation. Such a node is searched with its quiet moves, each child
// resolving the forced captures in qsearch. qd bounds the quiet moves one
// line spends here, so that positions full of contact cannot explode: a
// quiet move costs one, the captures it forces cost nothing.
//
// The quiet moves are played with play, which keeps the repetition keys
// only where the frame's own key is valid; after a capture in quiescence it
// is not. That is harmless while qd < 4: a repetition needs four reversible
// plies, and a capture resets the counter (TestQuietBudgetBelowCycle).

// quietTactics is the value at ply, where the side to move has quiet moves
// and no capture, for a line that may still spend qd quiet moves.
func (t *thread) quietTactics(alpha, beta, ply, qd int) int {
	stand := t.evaluate(ply)
	k := &t.e.knobs
	if t.columns || t.v.Goal != board.Normal {
		// Bashni's captures depend on the towers under the tops, and in
		// giveaway or breakthrough a capture is not a gain: stand pat.
		return stand
	}
	f := &t.stack[ply]
	c := &t.stack[ply+1]
	// The opponent's captures, as if it were to move (c.pos is scratch
	// until the first play).
	c.pos = f.pos
	c.pos.Side ^= 1
	threat := !k.noQThreat && t.v.HasCapture(&c.pos)
	if !threat || stand <= alpha {
		// A parry keeps at best what the evaluation sees: a fail low.
		return stand
	}
	t.v.GenerateQuiets(&f.pos, &f.ml)
	if f.ml.N > 1 {
		t.order(ply, 0)
	} else {
		f.first = 0
	}
	best := -inf
	anyDraw := false
	for i := 0; i < f.ml.N; i++ {
		m := f.pick(i)
		t.play(ply, m)
		s := -t.qsearch(-beta, -alpha, ply+1, qd-1)
		if t.abort {
			return 0
		}
		anyDraw = anyDraw || t.drawFlag
		var cut bool
		if best, alpha, cut = t.improve(ply, m, s, best, alpha, beta); cut {
			break
		}
	}
	t.drawFlag = anyDraw
	return best
}
