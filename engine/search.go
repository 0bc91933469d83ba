package engine

import (
	"runtime"

	"damka/board"
	"damka/tt"
)

// Search parameters. They are first guesses, not measured values: every
// change must be measured by self-play before it is kept (design.md, 4).
const (
	checkEvery = 1024 // nodes between looks at the clock and the stop flag

	// ruleWindow: within this many plies of the king-moves limit the
	// remaining plies are folded into the table key, because the same
	// board is then worth a draw or not depending on the counter.
	ruleWindow = 24
)

// knobs are the search parameters that self-play experiments vary per
// engine; New sets defaultKnobs.
type knobs struct {
	probCutDepth  int // minimum depth for the reduced-depth pruning search
	probCutMargin int // score margin the reduced search must clear
	lmrMinDepth   int // minimum depth for late-move reductions
	lmrMinMove    int // moves searched at full depth before reducing
	// qTactical is the quiet moves a quiescence line may spend on
	// threats and shots (quiet.go); 0 switches both off.
	qTactical int
	// lmpDepth: at non-PV nodes of at most this depth without a capture,
	// quiet moves after the first lmpMoves(depth) are not searched (0: off).
	lmpDepth int
	// razorDepth: at non-PV nodes of at most this depth without a capture
	// whose evaluation is razorMargin per ply below alpha, the quiescence
	// decides (0: off).
	razorDepth, razorMargin int
	// rfpDepth: at non-PV nodes of at most this depth without a capture
	// for either side, an evaluation rfpMargin per ply above beta returns
	// (static pruning, 0: off).
	rfpDepth, rfpMargin int
	clock               clockPlan
	// singularDepth: from this depth on, a table move whose stored lower
	// bound no other move comes near (within singularMargin, a reduced
	// search without it) is searched a ply deeper (0: off).
	singularDepth, singularMargin int
	// singularPV: the test only at PV nodes, at depth - 4, with a table
	// entry at most 4 plies shallower (Scan's way; cheap, as PV nodes are few).
	singularPV bool
	// iirDepth: from this depth on, a node without a table move is
	// searched a ply shallower (internal iterative reduction): its
	// ordering is a guess, and the next iteration will bring a move (0: off).
	// From depth 4 it measured +26.1 +/- 25.6 Elo at 4+0.04 (200 games)
	// and +14.5 +/- 28.4 at 10+0.1 (144 games), about +21 +/- 19 together
	// (docs/testing.md); "--ablate iir" turns it off.
	iirDepth int
	// probCutWide: ProbCut as a selective engine does it (Scan's idea):
	// from depth 3 at every non-PV node, whatever the static evaluation, a
	// search of 2/5 of the depth must clear beta by probCutPerPly a ply of
	// depth; the verification search itself prunes nothing this way.
	probCutWide   bool
	probCutPerPly int
	// ttMinDepth: nodes shallower than this do not use the shared table
	// (1: every node with depth left); with nearTable they use the
	// thread's small one (thread.near) instead, else none.
	ttMinDepth int
	nearTable  bool
	// lmrFlat: reductions by a flat schedule instead of the ln*ln table:
	// from depth 2, one ply after the first move (non-PV) or the third
	// (PV), two plies from the fifth move at non-PV nodes.
	lmrFlat bool
	// lmrHistory: the ln*ln reduction one ply less for a quiet move whose
	// history is above lmrGood, one more below lmrBad. In the bench, at
	// the reduced moves, about a third of the histories are positive, 6%
	// above historyMax/32, a third below -historyMax/512, almost none
	// beyond ±historyMax/2.
	lmrHistory      bool
	lmrGood, lmrBad int32
	// contHistory: quiet moves are ordered by the continuation history
	// (contTable) as well as by the history of their squares.
	contHistory bool
	// followHistory: likewise the side's own move before (contTable kind 1).
	followHistory bool
	// Switches for measuring features by their absence (ablate.go).
	noHistory, noAspiration, noExtension bool
	noLazyEval                           bool // the learned evaluation always reads its windows
	noQThreat, noQShot                   bool
}

// The tactical quiescence (quiet.go) is off by default: at a fixed node
// budget it measured +28 +/- 50 Elo (International) and +21 +/- 40
// (Russian) against the engine without it, but it costs about 23% more
// time per node, and at 0.1 s a move it measured -21 +/- 42
// (docs/testing.md). "--ablate +qthreat,+qshot" turns it on.
var defaultKnobs = knobs{probCutDepth: 5, probCutMargin: 100, lmrMinDepth: 3, lmrMinMove: 3, qTactical: 1,
	noQThreat: true, noQShot: true, razorMargin: 120, rfpMargin: 50, clock: defaultPlan, singularMargin: 50, iirDepth: 4,
	probCutPerPly: 10, ttMinDepth: 1}

// readsStatic reports whether a pruning rule of search may read the static
// evaluation at a non-PV node of this depth without a capture: ProbCut
// (the narrow one), razoring and static pruning. A new rule that reads it
// belongs here too, or it reads noStatic.
func (k *knobs) readsStatic(depth int) bool {
	return depth >= k.probCutDepth && !k.probCutWide || depth <= k.razorDepth || depth <= k.rfpDepth
}

// lmpMoves is the number of quiet moves searched at depth d before late-move
// pruning drops the rest.
func lmpMoves(d int) int { return 3 + d*d }

// tick counts a node and reports whether the search must unwind.
func (t *thread) tick() bool {
	t.nodes++
	if t.nodes >= t.nextCheck {
		t.check()
	}
	return t.abort
}

// check runs every checkEvery nodes: it publishes the node count, picks up
// a stop, and enforces the hard time limit (every thread) and the node
// limit (the main thread).
//
// With more threads than cores the Go scheduler gives each goroutine
// 10 ms slices in turn, so the main thread, which decides when the search
// ends, would wait threads/cores slices between two of its checks. Helpers
// therefore yield at every check (a no-op cost when nothing else is
// runnable), and any thread that sees the time run out stops them all.
func (t *thread) check() {
	t.nextCheck = t.nodes + checkEvery
	t.published.Store(t.nodes)
	e := t.e
	if e.stop.Load() {
		t.abort = true
		return
	}
	if t.id != 0 {
		if t.abort = e.mainDone.Load(); !t.abort {
			t.abort = e.outOfTime()
			runtime.Gosched()
		}
		return
	}
	if e.lim.Nodes > 0 {
		if e.totalNodes(t) >= e.lim.Nodes {
			e.stop.Store(true)
			t.abort = true
			return
		}
		if len(e.threads) == 1 {
			// Alone, stop on the exact node: the count is then reproducible.
			t.nextCheck = min(t.nextCheck, e.lim.Nodes)
		}
	}
	t.abort = e.outOfTime()
}

// outOfTime reports, and on the first time turns into a stop, that the hard
// time limit has passed.
func (e *Engine) outOfTime() bool {
	if e.budget.timed && !e.pondering.Load() && e.elapsed() >= e.budget.hard {
		e.stop.Store(true)
		return true
	}
	return false
}

// play makes move m of the position at ply into the frame of ply+1.
func (t *thread) play(ply int, m board.Move) {
	f := &t.stack[ply]
	c := &t.stack[ply+1]
	if t.special {
		t.playSpecial(ply, m) // sets c.rev too
	} else {
		f.pos.PlayInto(m, &c.pos)
		c.key = hashMove(f.key, &f.pos, m)
		c.rev = f.nextRev(f.pos.Reversible(m))
	}
	if f.endgame == (board.EndgameCounter{}) && !c.pos.HasKing() {
		c.endgame = board.EndgameCounter{} // see stepEndgame
	} else {
		t.stepEndgame(f, c, m)
	}
	k := c.key ^ runKey(&c.pos)
	t.keys[t.hist+ply+1] = k
	c.ttKey = t.tableKey(c, k)
	c.prevTo = t.sqNum[m.To&(historySquares-1)]
}

// repetition reports whether the position at ply already occurred on the
// search path or in the game history. Only the last rev positions can be
// equal to it, and only those with the same side to move; four plies is the
// shortest cycle.
func (t *thread) repetition(ply int) bool {
	f := &t.stack[ply]
	i := t.hist + ply
	key := t.keys[i] // includes the Frisian king-run state
	for back := 4; back <= f.rev && back <= i; back += 2 {
		if t.keys[i-back] == key {
			return true
		}
	}
	return false
}

// ruleDraw reports a draw by the king-moves counter at ply. The caller has
// checked that the side to move has a move: a win on the last allowed move
// is still a win.
func (t *thread) ruleDraw(ply int) bool {
	lim := t.v.Draw.KingMovesLimit
	return lim > 0 && t.stack[ply].rev >= lim
}

// ttKey is the table key at ply: the Zobrist key, with the plies left on the
// king-moves counter folded in when they are few enough to matter, and the
// plies left on an active endgame counter always (endgameKey).
func (t *thread) ttKey(ply int) uint64 {
	f := &t.stack[ply]
	return t.tableKey(f, f.key^runKey(&f.pos))
}

// tableKey is ttKey of frame f from its key with the king-run state.
func (t *thread) tableKey(f *frame, key uint64) uint64 {
	if f.endgame.Endgame() != board.NoEndgame {
		key ^= endgameKey(&f.endgame)
	}
	if lim := t.v.Draw.KingMovesLimit; lim > 0 {
		if left := lim - f.rev; left < ruleWindow {
			return key ^ zobrist.rule[max(left, 0)]
		}
	}
	return key
}

// noMoves is an always-empty move list: given to Outcome it says "no legal
// move", so that the variant decides what that means.
var noMoves board.MoveList

// terminal is the score at ply of a finished game: the side to move has no
// legal move or, in breakthrough, a king stands on the board. The variant's
// goal decides who has won (board.Variant.Outcome): normally the side
// without a move has lost, in giveaway it has won.
func (t *thread) terminal(ply int) int {
	if _, win := t.v.Outcome(&t.stack[ply].pos, &noMoves); win {
		return WinScore - ply
	}
	return -(WinScore - ply)
}

// crowned reports a breakthrough game that the last move has ended.
func (t *thread) crowned(ply int) bool {
	return t.v.Goal == board.Breakthrough && t.stack[ply].pos.HasKing()
}

// search is the principal variation search below the root.
func (t *thread) search(alpha, beta, depth, ply int, pvNode bool) int {
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply, t.e.knobs.qTactical)
	}
	t.drawFlag = false
	t.pvLen[ply] = 0
	if t.tick() {
		return 0
	}
	if ply > t.selDepth {
		t.selDepth = ply
	}
	if t.crowned(ply) {
		return t.terminal(ply)
	}
	if t.repetition(ply) {
		t.drawFlag = true
		return DrawScore
	}
	if ply >= maxPly {
		return t.evaluate(ply)
	}
	// Mate-distance pruning: no line from here beats a win found nearer
	// the root. (Bounds wide enough for giveaway too, where the side to
	// move may win at this very ply.)
	alpha = max(alpha, -(WinScore - ply))
	beta = min(beta, WinScore-ply)
	if alpha >= beta {
		return alpha
	}
	f := &t.stack[ply]
	if t.endgameDraw(ply) {
		// Before the tables, which know nothing of the endgame counters.
		if !t.v.HasCapture(&f.pos) && !t.v.HasQuietMove(&f.pos) {
			return t.terminal(ply)
		}
		t.drawFlag = true
		return DrawScore
	}
	if t.tb != nil && f.pos.TotalCount() <= t.tbPieces {
		if r, ok := t.tb.Probe(&f.pos); ok && tableFits(r, f) {
			t.tbHits.Add(1)
			return tableScore(r, ply)
		}
	}
	key := f.ttKey // set by play
	table := t.table(depth)
	var e tt.Entry
	hit := false
	if table != nil {
		e, hit = table.Probe(key)
	}
	excluded := f.excluded
	if excluded != 0 {
		// A singular test: the table's entry is the full node's.
		hit = false
	}
	var ttMove uint16
	if hit {
		ttMove = e.Move
		s := scoreFromTT(int(e.Score), ply)
		if !pvNode && int(e.Depth) >= depth && cuts(e.Bound, s, alpha, beta) {
			return s
		}
	}
	k := &t.e.knobs
	if k.iirDepth > 0 && depth >= k.iirDepth && ttMove == 0 && excluded == 0 {
		depth--
	}
	// Singular extension: when the table move's lower bound clears every
	// other move by a margin at half the depth, the node's value hangs on
	// that one move, and it is searched a ply deeper.
	singular := false
	sDepth, sAge := depth/2, 3
	if k.singularPV {
		sDepth, sAge = depth-4, 4
	}
	if k.singularDepth > 0 && depth >= k.singularDepth && hit && ttMove != 0 && excluded == 0 && (pvNode || !k.singularPV) &&
		e.Bound != tt.BoundUpper && int(e.Depth) >= depth-sAge && ply < 2*t.rootDepth {
		if s := scoreFromTT(int(e.Score), ply); s > -WinBound && s < WinBound {
			sb := s - k.singularMargin
			f.excluded = ttMove
			v := t.search(sb-1, sb, sDepth, ply, false)
			f.excluded = 0
			if t.abort {
				return 0
			}
			singular = v < sb
		}
	}

	// With a capture, the moves are generated here (ProbCut, which reuses
	// this frame's list, is not tried then); without, after ProbCut.
	capture := t.v.GenerateCaptures(&f.pos, &f.ml)
	// The static evaluation serves only the pruning below; where none of
	// it can apply, it is not computed (noStatic in the table), which
	// spares most of the evaluations of the nodes near the leaves. Keeping
	// this ply's window readings current for the quiescence below (Follow
	// alone) measured slower than letting it follow a sibling's.
	static := noStatic
	if !capture && !pvNode && k.readsStatic(depth) {
		if hit && e.Bound != tt.BoundNone && e.Eval != noStatic {
			static = int(e.Eval)
		} else {
			static = t.evaluate(ply)
		}
	}

	// ProbCut-style pruning: a reduced-depth search that clears the bound
	// by a margin predicts the full one. Null move is not an option: in
	// draughts passing is often the best "move" (zugzwang is everywhere).
	if k.probCutWide {
		if !pvNode && !capture && depth >= 3 && t.noPrune == 0 && beta < WinBound && alpha > -WinBound {
			margin := k.probCutPerPly * depth
			rb := beta + margin
			t.noPrune++
			s := t.search(rb-1, rb, depth*2/5, ply, false)
			t.noPrune--
			if t.abort {
				return 0
			}
			if s >= rb {
				return s - margin
			}
		}
	} else if !pvNode && !capture && depth >= k.probCutDepth && beta < WinBound && alpha > -WinBound {
		rd := depth / 2
		if static >= beta {
			rb := beta + k.probCutMargin
			if s := t.search(rb-1, rb, rd, ply, false); s >= rb && !t.abort {
				return s
			}
		} else if static <= alpha {
			ra := alpha - k.probCutMargin
			if s := t.search(ra, ra+1, rd, ply, false); s <= ra && !t.abort {
				return s
			}
		}
		if t.abort {
			return 0
		}
	}

	// Razoring: near the leaves, an evaluation far below alpha is left to
	// the quiescence, which sees the captures and (when on) the shots.
	if !pvNode && !capture && depth <= k.razorDepth && static+k.razorMargin*depth <= alpha && alpha > -WinBound {
		if s := t.qsearch(alpha, alpha+1, ply, k.qTactical); s <= alpha || t.abort {
			return s
		}
	}

	// Static pruning (reverse futility): near the leaves, an evaluation
	// that clears beta by a margin a ply is taken as the node's value,
	// unless the opponent threatens a capture. Measured +4.5 +/- 36.1 at
	// 4 s + 0.04 s (docs/testing.md): off.
	if k.rfpDepth > 0 && !pvNode && !capture && depth <= k.rfpDepth && excluded == 0 &&
		beta < WinBound && beta > -WinBound && static-k.rfpMargin*depth >= beta && t.v.Goal == board.Normal && !t.columns &&
		!t.opponentCaptures(ply) {
		return static
	}

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

	// A forced move (typically a capture) costs no branching: do not let
	// it eat the depth. Bounded so that forced sequences cannot run away.
	ext := 0
	if f.ml.N == 1 && ply < 2*t.rootDepth && !k.noExtension {
		ext = 1
	}
	origAlpha := alpha
	best := -inf
	var bestMove board.Move
	bestDraw, anyDraw := false, false
	lmp := f.ml.N
	if !pvNode && !capture && depth <= k.lmpDepth {
		lmp = lmpMoves(depth)
	}
	for i := 0; i < f.ml.N; i++ {
		if i >= lmp && best > -WinBound {
			break // late-move pruning: the rest are quiet and ordered last
		}
		m := f.pick(i)
		if excluded != 0 && moveCode(m) == excluded {
			continue
		}
		t.play(ply, m)
		quiet := m.Captured == 0 && !m.Promote
		nd := depth - 1 + ext
		if nd > 0 {
			// Only a child with depth left probes a table: the
			// quiescence never does, and prefetching for it too
			// measured slower (docs/testing.md).
			if ct := t.table(nd); ct != nil {
				ct.Prefetch(t.stack[ply+1].ttKey)
			}
		}
		if singular && ext == 0 && moveCode(m) == ttMove {
			nd++
		}
		var s int
		if i == 0 {
			s = -t.search(-beta, -alpha, nd, ply+1, pvNode)
		} else {
			r := 0
			if k.lmrFlat {
				if quiet && depth >= 2 && (i >= 3 || !pvNode) {
					r = 1
					if !pvNode && i >= 4 {
						r = 2
					}
					r = max(0, min(r, nd-1))
				}
			} else if quiet && depth >= k.lmrMinDepth && i >= k.lmrMinMove {
				r = int(lmr[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				if k.lmrHistory {
					// pick left the move's history score in f.order[i]:
					// a move that often refuted here is reduced less, one
					// that often failed more.
					if h := f.order[i]; h > k.lmrGood {
						r--
					} else if h < k.lmrBad {
						r++
					}
				}
				r = max(0, min(r, nd-1))
			}
			s = -t.search(-alpha-1, -alpha, nd-r, ply+1, false)
			if r > 0 && s > alpha {
				s = -t.search(-alpha-1, -alpha, nd, ply+1, false)
			}
			if pvNode && s > alpha && s < beta {
				s = -t.search(-beta, -alpha, nd, ply+1, true)
			}
		}
		if t.abort {
			return 0
		}
		childDraw := t.drawFlag
		anyDraw = anyDraw || childDraw
		if s > best {
			best, bestMove, bestDraw = s, m, childDraw
			if s > alpha {
				alpha = s
				t.updatePV(ply, m)
				if s >= beta {
					if quiet {
						t.cutoff(ply, i, depth)
					}
					break
				}
			}
		}
	}
	// A cutoff depends only on the move that caused it; any other result
	// is a maximum over every move searched.
	draw := anyDraw
	if best >= beta {
		draw = bestDraw
	}
	t.drawFlag = draw
	if best == -inf {
		// Every move was the excluded one: nothing else to compare.
		return alpha
	}
	if !draw && excluded == 0 && table != nil {
		bound := tt.BoundUpper
		var code uint16
		if best >= beta {
			bound, code = tt.BoundLower, moveCode(bestMove)
		} else if best > origAlpha {
			bound, code = tt.BoundExact, moveCode(bestMove)
		}
		table.Store(key, tt.Entry{
			Move: code, Score: int16(scoreToTT(best, ply)), Eval: int16(static),
			Depth: int8(depth), Bound: bound,
		})
	}
	return best
}

// noStatic marks a table entry, and a node, whose static evaluation was not
// computed: no evaluation reaches it (eval.Limit bounds them all).
const noStatic = -1 << 15

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

// qsearch resolves captures. Captures are compulsory in draughts, so a
// side that can capture has no "stand pat": every capture is searched and
// the position is never evaluated. A side without a capture stands pat on
// the static evaluation, unless qd (the quiet moves this line may still
// spend in quiescence) allows a look at threats and shots (quiet.go).
func (t *thread) qsearch(alpha, beta, ply, qd int) int {
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
		if qd > 0 && ply < maxPly-1 {
			return t.quietTactics(alpha, beta, ply, qd)
		}
		return t.evaluateWithin(ply, alpha, beta)
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
	best := -inf
	c := &t.stack[ply+1]
	for i := 0; i < f.ml.N; i++ {
		m := f.pick(i)
		// Captures are irreversible: the child needs no key, and its
		// counter restarts.
		if t.columns {
			t.playColumns(ply, m)
		} else {
			f.pos.PlayInto(m, &c.pos)
		}
		c.rev = 0
		if f.endgame == (board.EndgameCounter{}) && !c.pos.HasKing() {
			c.endgame = board.EndgameCounter{} // see stepEndgame
		} else {
			t.stepEndgame(f, c, m)
		}
		s := -t.qsearch(-beta, -alpha, ply+1, qd)
		if t.abort {
			return 0
		}
		var cut bool
		if best, alpha, cut = t.improve(ply, m, s, best, alpha, beta); cut {
			break
		}
	}
	t.drawFlag = false
	return best
}

// improve is the quiescence's step after move m at ply scored s: the new
// best and alpha, and whether s cuts off (the line is then updated).
func (t *thread) improve(ply int, m board.Move, s, best, alpha, beta int) (int, int, bool) {
	if s <= best {
		return best, alpha, false
	}
	if s <= alpha {
		return s, alpha, false
	}
	t.updatePV(ply, m)
	return s, s, s >= beta
}

// updatePV makes m followed by the child's line the line at ply.
func (t *thread) updatePV(ply int, m board.Move) {
	t.pv[ply][0] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][1:1+n], t.pv[ply+1][:n])
	t.pvLen[ply] = n + 1
}
