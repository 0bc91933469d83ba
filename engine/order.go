package engine

import "damka/board"

// Ordering score bands: table move, captures (by pieces and kings taken),
// promotions, then quiet moves by history. (No killer moves: history
// ordering already finds the cut moves; docs/testing.md.)
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderPromote = 1 << 23
	historyMax   = 1 << 14 // history values stay within ±historyMax
)

// historySquares is the history table's side: every frame bit of every
// board (Canadian's squares reach bit 76), rounded up to a power of two so
// that masking a square keeps the index in range without a bounds check.
const historySquares = 128

// historyTable holds quiet-move cutoffs by side, origin and destination.
type historyTable [2][historySquares][historySquares]int32

// order scores the moves of the position at ply.
func (t *thread) order(ply int, ttMove uint16) {
	f := &t.stack[ply]
	hist := &t.history[f.pos.Side&1]
	pos := &f.pos
	n := f.ml.N
	moves := f.ml.Moves[:n:n]
	ord := f.order[:n:n]
	first, fv := 0, int32(-1<<31)
	for i := range moves {
		m := &moves[i]
		var s int32
		switch {
		case ttMove != 0 && moveCode(*m) == ttMove:
			s = orderTT
		case m.Captured != 0:
			s = orderCapture + int32(m.Captured.Count())<<8 + int32(pos.KingsIn(m.Captured).Count())<<4
		case m.Promote:
			s = orderPromote
		default:
			s = hist[m.From&(historySquares-1)][m.To&(historySquares-1)]
		}
		ord[i] = s
		if s > fv {
			first, fv = i, s
		}
	}
	f.first = first
}

// orderCaptures scores captures for quiescence: most pieces and kings first.
func (t *thread) orderCaptures(ply int) {
	f := &t.stack[ply]
	pos := &f.pos
	n := f.ml.N
	moves := f.ml.Moves[:n:n]
	ord := f.order[:n:n]
	first, fv := 0, int32(-1<<31)
	for i := range moves {
		m := &moves[i]
		s := int32(m.Captured.Count())<<8 + int32(pos.KingsIn(m.Captured).Count())<<4
		if m.Promote {
			s += 8
		}
		ord[i] = s
		if s > fv {
			first, fv = i, s
		}
	}
	f.first = first
}

// pick moves the best-scored of the moves not tried yet to index i and
// returns it. Selection instead of a full sort: most nodes cut off after a
// move or two. The first pick uses the index order found while scoring.
func (f *frame) pick(i int) board.Move {
	n := f.ml.N
	ord := f.order[:n:n]
	best, bv := i, ord[i]
	if i == 0 {
		best = f.first
		bv = ord[best]
	} else {
		for j := i + 1; j < n; j++ {
			if v := ord[j]; v > bv {
				best, bv = j, v
			}
		}
	}
	if best != i {
		f.ml.Moves[i], f.ml.Moves[best] = f.ml.Moves[best], f.ml.Moves[i]
		ord[best] = ord[i]
		ord[i] = bv
	}
	return f.ml.Moves[i]
}

// raisedAlpha rewards the quiet move at index i of ply that raised alpha
// (a cut-off or a new best line: Scan updates at both) and penalises the
// quiet moves tried before it (they sit at indexes < i after pick), by
// 32*depth^2 up to the knob.
func (t *thread) raisedAlpha(ply, i, depth int) {
	f := &t.stack[ply]
	hist := &t.history[f.pos.Side&1]
	bonus := int32(min(32*depth*depth, t.e.knobs.historyBonus))
	addHistory(hist, f.ml.Moves[i], bonus)
	for j := 0; j < i; j++ {
		if q := f.ml.Moves[j]; q.Captured == 0 && !q.Promote {
			addHistory(hist, q, -bonus)
		}
	}
}

// addHistory moves the entry of m towards ±historyMax by bonus, less the
// closer it already is (the usual "gravity"), so entries never overflow
// and old knowledge fades.
func addHistory(hist *[historySquares][historySquares]int32, m board.Move, bonus int32) {
	h := &hist[m.From&(historySquares-1)][m.To&(historySquares-1)]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}
