package engine

import "damka/engine/board"

// Ordering score bands: table move, captures (by pieces and kings taken),
// promotions, killers, then quiet moves by history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderPromote = 1 << 23
	orderKiller  = 1 << 22
	historyMax   = 1 << 14 // history values stay within ±historyMax
)

// order scores the moves of the position at ply.
func (t *thread) order(ply int, ttMove uint16) {
	f := &t.stack[ply]
	us := f.pos.Side & 1
	for i := 0; i < f.ml.N; i++ {
		m := &f.ml.Moves[i]
		var s int32
		switch {
		case ttMove != 0 && moveCode(*m) == ttMove:
			s = orderTT
		case m.Captured != 0:
			s = orderCapture + int32(m.Captured.Count())<<8 + int32((m.Captured&f.pos.Kings).Count())<<4
		case m.Promote:
			s = orderPromote
		case *m == f.killers[0]:
			s = orderKiller
		case *m == f.killers[1]:
			s = orderKiller - 1
		default:
			s = t.history[us][m.From&63][m.To&63]
		}
		f.order[i] = s
	}
}

// orderCaptures scores captures for quiescence: most pieces and kings first.
func (t *thread) orderCaptures(ply int) {
	f := &t.stack[ply]
	for i := 0; i < f.ml.N; i++ {
		m := &f.ml.Moves[i]
		f.order[i] = int32(m.Captured.Count())<<8 + int32((m.Captured&f.pos.Kings).Count())<<4
		if m.Promote {
			f.order[i] += 8
		}
	}
}

// pick moves the best-scored of the moves not tried yet to index i and
// returns it. Selection instead of a full sort: most nodes cut off after a
// move or two.
func (f *frame) pick(i int) board.Move {
	best := i
	for j := i + 1; j < f.ml.N; j++ {
		if f.order[j] > f.order[best] {
			best = j
		}
	}
	if best != i {
		f.ml.Moves[i], f.ml.Moves[best] = f.ml.Moves[best], f.ml.Moves[i]
		f.order[i], f.order[best] = f.order[best], f.order[i]
	}
	return f.ml.Moves[i]
}

// cutoff rewards the quiet move at index i of ply that failed high and
// penalises the quiet moves tried before it (they sit at indexes < i after
// pick).
func (t *thread) cutoff(ply, i, depth int) {
	f := &t.stack[ply]
	m := f.ml.Moves[i]
	if f.killers[0] != m {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
	}
	us := f.pos.Side & 1
	bonus := int32(min(depth*depth, 400))
	t.addHistory(us, m, bonus)
	for j := 0; j < i; j++ {
		if q := f.ml.Moves[j]; q.Captured == 0 && !q.Promote {
			t.addHistory(us, q, -bonus)
		}
	}
}

// addHistory moves an entry towards ±historyMax by bonus, less the closer it
// already is (the usual "gravity"), so entries never overflow and old
// knowledge fades.
func (t *thread) addHistory(us board.Color, m board.Move, bonus int32) {
	h := &t.history[us][m.From&63][m.To&63]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}
