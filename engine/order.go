package engine

import "damka/board"

// Ordering score bands: table move, captures (by pieces and kings taken),
// promotions, then quiet moves by history. (Killer moves were measured
// and removed: -3 +/- 45 and -9 +/- 47 Elo at 0.02 and 0.1 s per move,
// docs/testing.md; history ordering already finds the cut moves.)
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

// contSquares indexes squares by notation number (thread.sqNum): 1..72
// covers every board up to Canadian's, 0 stands for "no move" (the root).
const contSquares = 73

// contTable is the continuation history: quiet-move cutoffs by kind,
// side, the destination of an earlier move, and the quiet move's origin
// and destination. Kind 0 (knobs.contHistory) follows the opponent's move
// just played: a draughts reply depends on where the opponent's piece
// landed far more than on the square pair alone (the move that closes the
// gap it left, or takes the exchange it offers, is the same in many
// positions). Kind 1 (knobs.followHistory) follows the side's own move
// before that: plans of two moves. Notation numbers instead of frame bits
// keep it at 3 MB.
type contTable [2][2][contSquares]contRow

// contRow is the part of contTable one node reads: by origin, destination.
type contRow [contSquares][contSquares]int16

// contRows returns the continuation-history rows of the node at ply, nil
// for a kind that is off.
func (t *thread) contRows(ply int) (counter, follow *contRow) {
	k := &t.e.knobs
	us := t.stack[ply].pos.Side & 1
	if k.contHistory {
		counter = &t.cont[0][us][t.stack[ply].prevTo]
	}
	if k.followHistory && ply > 0 {
		follow = &t.cont[1][us][t.stack[ply-1].prevTo]
	}
	return counter, follow
}

// order scores the moves of the position at ply.
func (t *thread) order(ply int, ttMove uint16) {
	f := &t.stack[ply]
	hist := &t.history[f.pos.Side&1]
	counter, follow := t.contRows(ply)
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
			if counter != nil || follow != nil {
				from, to := t.sqNum[m.From&(historySquares-1)], t.sqNum[m.To&(historySquares-1)]
				if counter != nil {
					s += int32(counter[from][to])
				}
				if follow != nil {
					s += int32(follow[from][to])
				}
			}
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

// cutoff rewards the quiet move at index i of ply that failed high and
// penalises the quiet moves tried before it (they sit at indexes < i after
// pick).
func (t *thread) cutoff(ply, i, depth int) {
	f := &t.stack[ply]
	m := f.ml.Moves[i]
	if t.e.knobs.noHistory {
		return
	}
	us := f.pos.Side & 1
	bonus := int32(min(depth*depth, 400))
	counter, follow := t.contRows(ply)
	t.addHistory(us, m, counter, follow, bonus)
	for j := 0; j < i; j++ {
		if q := f.ml.Moves[j]; q.Captured == 0 && !q.Promote {
			t.addHistory(us, q, counter, follow, -bonus)
		}
	}
}

// addHistory moves an entry towards ±historyMax by bonus, less the closer it
// already is (the usual "gravity"), so entries never overflow and old
// knowledge fades. The continuation-history rows of the node that are not
// nil are updated the same way.
func (t *thread) addHistory(us board.Color, m board.Move, counter, follow *contRow, bonus int32) {
	from, to := m.From&(historySquares-1), m.To&(historySquares-1)
	h := &t.history[us&1][from][to]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
	for _, row := range [2]*contRow{counter, follow} {
		if row != nil {
			c := &row[t.sqNum[from]][t.sqNum[to]]
			v := int32(*c)
			*c = int16(v + bonus - v*abs/historyMax)
		}
	}
}
