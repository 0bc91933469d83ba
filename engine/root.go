package engine

import (
	"slices"
	"time"

	"damka/board"
)

// Lazy SMP: helper threads skip some depths so that the threads spread
// over several iterations instead of all searching the same one (the
// pattern of Stockfish 8).
var (
	skipSize  = [...]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [...]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

func skipDepth(id, depth int) bool {
	i := (id - 1) % len(skipSize)
	return (depth+skipPhase[i])/skipSize[i]%2 != 0
}

// rootGame is what a search keeps of the game it searches: the root, the
// positions before it and, for Bashni, the towers of each. Search copies
// them from the caller's board.Game at its start, so that the caller's
// Play or Undo cannot change them while the threads read them; the slices
// are kept from search to search, so a search allocates only when a game
// is longer than any before.
type rootGame struct {
	root    board.Position
	history []board.Position // before root, oldest first
	// towers[i] are the towers of history[i], and the last entry root's;
	// empty for a variant without columns.
	towers []board.Towers
	// rev is the reversible plies in a row that led to root (at most
	// len(history)), and endgame root's endgame counters: the game's own
	// (board.Game keeps them as it plays).
	rev     int
	endgame board.EndgameCounter
}

// load copies the current position of g, the positions and towers before
// it, and its counters.
func (r *rootGame) load(g *board.Game) {
	n := g.Len()
	r.root = *g.Position()
	r.rev = min(g.Reversible(), n)
	r.endgame = g.EndgameCounter()
	r.history = r.history[:0]
	for i := 0; i < n; i++ {
		r.history = append(r.history, *g.At(i))
	}
	r.towers = r.towers[:0]
	if g.Variant().Columns {
		for i := 0; i <= n; i++ {
			r.towers = append(r.towers, *g.TowersAt(i))
		}
	}
}

// towersOf returns the towers of history[i], or of the root for i =
// len(history): none in a variant without columns.
func (r *rootGame) towersOf(i int) *board.Towers {
	if len(r.towers) == 0 {
		return &board.Towers{}
	}
	return &r.towers[i]
}

// useVariant sets the variant whose positions the thread searches.
func (t *thread) useVariant(v *board.Variant) {
	t.v = v
	t.step, t.capture = steppers(v)
}

// setup prepares the thread for a search of game's root under v's rules.
func (t *thread) setup(v *board.Variant, game *rootGame) {
	t.useVariant(v)
	t.hand = t.e.handFor()
	t.weights = t.e.weightsFor(v)
	t.lazy = t.weights
	if t.e.knobs.noLazyEval {
		t.lazy = nil
	}
	t.nodes, t.nextCheck, t.abort = 0, checkEvery, false
	t.useTables(t.e.curTables)
	t.tbHits.Store(0)
	t.published.Store(0)
	t.selDepth, t.completed, t.rootDepth = 0, 0, 0
	t.depthDone.Store(0)
	t.drawFlag = false
	t.ageHistory()

	root, history := &game.root, game.history
	for i := range t.stack {
		t.stack[i].extra = 0
	}
	if v.Columns && t.towers == nil {
		t.towers = make([]board.Towers, maxPly+2)
	}

	// Only the positions since the last irreversible move can repeat.
	rev := game.rev
	need := rev + maxPly + 3
	if cap(t.keys) < need {
		t.keys = make([]uint64, need)
	}
	t.keys = t.keys[:need]
	for i := 0; i < rev; i++ {
		j := len(history) - rev + i
		h := &history[j]
		t.keys[i] = hashPosition(h) ^ runKey(h)
		if v.Columns {
			t.keys[i] ^= hashTowers(h, game.towersOf(j))
		}
	}
	t.hist = rev
	f := &t.stack[0]
	f.pos = *root
	f.key = hashPosition(root)
	if v.Columns {
		tw := game.towersOf(len(history))
		t.towers[0] = *tw
		f.key ^= hashTowers(root, tw)
		f.extra = t.hand.Towers(v, root, tw)
	}
	f.rev = rev
	f.endgame = game.endgame
	t.keys[rev] = f.key ^ runKey(root)

	v.Generate(&f.pos, &f.ml)
	// The table's move goes first, so that even a search stopped before its
	// first iteration returns the best move known.
	var ttMove uint16
	if e, ok := t.e.tt.Probe(t.ttKey(0)); ok {
		ttMove = e.Move
	}
	t.order(0, ttMove)
	n := f.ml.N
	if cap(t.rootMoves) < n {
		t.rootMoves = append(t.rootMoves[:cap(t.rootMoves)], make([]rootMove, n-cap(t.rootMoves))...)
	}
	t.rootMoves = t.rootMoves[:n]
	for i := 0; i < n; i++ {
		m := f.pick(i)
		r := &t.rootMoves[i]
		r.move, r.score, r.prevScore, r.selDepth = m, -inf, -inf, 0
		r.pv = append(r.pv[:0], m)
	}
	t.multiPV = 1
	if t.id == 0 {
		t.multiPV = min(t.e.opts.MultiPV, n)
	}
}

// iterate is a thread's iterative deepening loop. The main thread reports
// each completed iteration and decides when to stop; helpers run until
// stopped.
func (t *thread) iterate() {
	e := t.e
	main := t.id == 0
	rm := t.rootMoves
	for depth := 1; depth <= maxDepth; depth++ {
		if !main && skipDepth(t.id, depth) {
			continue
		}
		t.rootDepth = depth
		t.selDepth = 0
		before := rm[0].move
		for pv := 0; pv < t.multiPV && !t.abort; pv++ {
			t.aspiration(depth, pv)
		}
		if t.abort {
			break
		}
		if t.multiPV > 1 {
			// A later line's search can score above an earlier one's (the
			// reductions that reach the quiescence make the tree depend on
			// the window): the lines are reported, and the book built, in
			// the order of their scores.
			slices.SortStableFunc(rm[:t.multiPV], func(a, b rootMove) int { return b.score - a.score })
		}
		for i := range rm {
			rm[i].prevScore = rm[i].score
		}
		if !main {
			f := &t.finished
			f.move, f.score, f.selDepth = rm[0].move, rm[0].score, rm[0].selDepth
			f.pv = append(f.pv[:0], rm[0].pv...)
		}
		t.completed = depth
		t.depthDone.Store(int32(depth))
		if !main {
			continue
		}
		t.report(depth)
		lim := e.lim
		if lim.Depth > 0 && depth >= lim.Depth {
			break
		}
		if s := rm[0].score; (s >= WinBound || s <= -WinBound) && depth >= WinScore-abs(s)+2 {
			// Every line to the forced result has been seen in full.
			break
		}
		if !e.pondering.Load() && e.budget.iterationDone(e.elapsed(), rm[0].move != before) {
			break
		}
	}
	t.published.Store(t.nodes)
}

// aspiration searches root line pv at depth with a window around the last
// score, widening it after each failure.
func (t *thread) aspiration(depth, pv int) {
	rm := t.rootMoves
	prev := rm[pv].prevScore
	delta := 20
	alpha, beta := -inf, inf
	if depth >= 4 && prev > -WinBound && prev < WinBound && !t.e.knobs.noAspiration {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		s := t.root(alpha, beta, depth, pv)
		// Moves that failed low keep -inf and, the sort being stable, their
		// order of the previous iteration.
		slices.SortStableFunc(rm[pv:], func(a, b rootMove) int { return b.score - a.score })
		if t.abort {
			return
		}
		switch {
		case s <= alpha && alpha > -inf:
			beta = (alpha + beta) / 2
			alpha = max(s-delta, -inf)
		case s >= beta && beta < inf:
			beta = min(s+delta, inf)
		default:
			return
		}
		delta += delta
		if delta > 400 {
			alpha, beta = -inf, inf
		}
	}
}

// root searches the root moves from index pv on (the earlier ones are the
// lines already chosen in multi-PV mode).
func (t *thread) root(alpha, beta, depth, pv int) int {
	rm := t.rootMoves
	for i := pv; i < len(rm); i++ {
		rm[i].score = -inf
	}
	best := -inf
	for i := pv; i < len(rm); i++ {
		r := &rm[i]
		t.play(0, r.move)
		var s int
		if i == pv {
			s = -t.search(-beta, -alpha, depth-1, 1, true)
		} else {
			s = -t.search(-alpha-1, -alpha, depth-1, 1, false)
			if s > alpha && s < beta {
				s = -t.search(-beta, -alpha, depth-1, 1, true)
			}
		}
		if t.abort {
			// This move's search was cut short: its score means nothing.
			return best
		}
		best = max(best, s)
		if i == pv || s > alpha {
			r.score = s
			r.selDepth = t.selDepth
			r.pv = append(r.pv[:0], r.move)
			r.pv = append(r.pv, t.pv[1][:t.pvLen[1]]...)
			if s > alpha {
				alpha = s
				if s >= beta {
					return s
				}
			}
		}
	}
	return best
}

// report sends one Info per principal variation.
func (t *thread) report(depth int) {
	e := t.e
	if e.info == nil {
		return
	}
	nodes := e.totalNodes(t)
	var sum int32
	for _, h := range e.threads {
		sum += h.depthDone.Load()
	}
	mean := float64(sum) / float64(len(e.threads))
	elapsed := time.Since(e.searchStart)
	for i := 0; i < t.multiPV; i++ {
		r := &t.rootMoves[i]
		in := Info{
			Depth: depth, MeanDepth: mean, SelDepth: r.selDepth, Score: r.shownScore(),
			Nodes: nodes, Time: elapsed, PV: slices.Clone(r.pv), TBHits: e.tableHits(),
		}
		if t.multiPV > 1 {
			in.MultiPV = i + 1
		}
		e.info(in)
	}
}

// ttReply returns the table's move for the position after m at the root,
// if it is legal there.
func (t *thread) ttReply(m board.Move) (board.Move, bool) {
	t.play(0, m)
	c := &t.stack[1]
	e, ok := t.e.tt.Probe(t.ttKey(1))
	if !ok {
		return board.Move{}, false
	}
	t.v.Generate(&c.pos, &c.ml)
	if i := findCode(&c.ml, e.Move); i >= 0 {
		return c.ml.Moves[i], true
	}
	return board.Move{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
