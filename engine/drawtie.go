package engine

import (
	"time"

	"damka/board"
)

// Root moves tied by a move-count draw rule.
//
// Once such a rule has run out (Russian 7.2.8 after its 10 plies, the
// International 5-move rule, the king-moves counter at its limit), every
// root move that leaves the rule running scores an exact draw: the search
// cannot tell a quiet king move from one that walks the king into capture.
// Under a GUI or a referee that does not apply that rule the second loses a
// drawn game. So when the chosen move is such a draw, the root moves that
// the rule draws at once are ranked again by a short search that ignores
// the move-count rules (repetition still counts, the endgame tables are
// used as they are: they know nothing of the rules either), and the best of
// them is played. The score stays the draw the rules give. In any other
// position this costs one comparison of the score (and at a score of
// exactly 0 one move played), and the signature of the bench does not
// move.

// The tie-break search: deep enough to see a piece hang and the simple
// tactics after it, and bounded in nodes (milliseconds) and, in timed play,
// by what is left of the time plan's hard limit, or a tenth of that limit
// when nothing is left, so that it overruns a move time by a tenth at most.
// It does not see Stop; the bounds keep it short.
const (
	tieDepth = 8
	tieNodes = 20000
	// hangMargin: how much better than the best safe move a move that
	// lets the opponent capture must score to be played (half a man).
	hangMargin = 50
)

// breakRuleTie returns r, the decision of a finished search of root, or
// the same decision with another best move when r's move is drawn at once
// by a move-count rule and one of the other moves drawn by it keeps more
// (of material or position) with the rules ignored.
func (e *Engine) breakRuleTie(main *thread, game *rootGame, r Result) Result {
	if r.Score != DrawScore || !r.HasBest || !main.drawnByRule(r.Best) {
		return r
	}
	tied := []board.Move{r.Best}
	for i := range main.rootMoves {
		if m := main.rootMoves[i].move; m != r.Best && main.drawnByRule(m) {
			tied = append(tied, m)
		}
	}
	if len(tied) < 2 {
		return r
	}
	tie := e.tieEngine(len(main.rootMoves))
	lines := map[board.Move][]board.Move{}
	scores := map[board.Move]int{}
	var depth int
	// Only the deepest iteration that reported every line counts; a line
	// of an unfinished one (node bound) is not comparable with the others.
	var cur map[board.Move]int
	var curPV map[board.Move][]board.Move
	lim := Limits{Depth: tieDepth, Nodes: tieNodes, NoBook: true}
	if b := e.budget; b.timed {
		lim.MoveTime = max(b.hard-e.elapsed(), b.hard/10, time.Millisecond)
	}
	tie.mu.Lock()
	defer tie.mu.Unlock()
	// The same game without the rules' counters, which the rule-free
	// variant does not keep.
	free := *game
	free.endgame = board.EndgameCounter{}
	res := tie.search(e.rulesIgnored(main.v), &free, lim, func(in Info) {
		if in.Depth != depth {
			depth, cur, curPV = in.Depth, map[board.Move]int{}, map[board.Move][]board.Move{}
		}
		cur[in.PV[0]], curPV[in.PV[0]] = in.Score, in.PV
		if len(cur) == len(main.rootMoves) {
			scores, lines = cur, curPV
		}
	})
	r.Nodes += res.Nodes
	// The move played should keep the draw also under a referee that
	// ignores the rule, so a move that lets the opponent capture at once
	// must score clearly better (hangMargin) than the best one that does
	// not: the tie search is short (at 20,000 nodes and a line per root
	// move it may finish only depth 4) and can misjudge an exchange, and
	// the endgame tables call most of these endings a draw whatever hangs.
	root := main.stack[0].pos
	best, bestScore := r.Best, -inf // all tied moves
	safe, safeScore := board.Move{}, -inf
	for _, m := range tied {
		s, ok := scores[m]
		if !ok {
			continue
		}
		if s > bestScore {
			best, bestScore = m, s
		}
		if q := root.Play(m); !main.v.HasCapture(&q) && s > safeScore {
			safe, safeScore = m, s
		}
	}
	if safeScore > -inf && safeScore+hangMargin > bestScore {
		best = safe
	}
	if best != r.Best {
		r.Best = best
		pv := lines[best]
		r.HasPonder = len(pv) > 1
		if r.HasPonder {
			r.Ponder = pv[1]
		}
	}
	return r
}

// drawnByRule reports whether root move m leads to a position that a
// move-count rule (an endgame counter or the king-moves counter) draws. A
// move that leaves the opponent without a move wins instead.
func (t *thread) drawnByRule(m board.Move) bool {
	t.play(0, m)
	c := &t.stack[1]
	if !c.endgame.AtLimit() && !t.ruleDraw(1) {
		return false
	}
	return t.v.HasCapture(&c.pos) || t.v.HasQuietMove(&c.pos)
}

// tieEngine is the engine of the tie-break searches: one thread, a small
// table cleared before each use (the answer depends on nothing searched
// before), and this engine's endgame tables, opened once and shared.
func (e *Engine) tieEngine(lines int) *Engine {
	if e.tie == nil {
		e.tie = New(Options{Threads: 1, HashMB: 1})
	}
	t := e.tie
	t.opts.MultiPV = lines
	t.opts.NoEGDB, t.opts.EGDBPath, t.opts.EGDBCacheMB = e.opts.NoEGDB, e.opts.EGDBPath, e.opts.EGDBCacheMB
	// Used only while e's search holds e.mu, so never at the same time.
	t.tables = e.tables
	t.NewGame()
	return t
}

// rulesIgnored is v without its move-count draw rules (the king-moves
// counter and the endgame counters); repetition stays. One copy per variant,
// kept, because the endgame tables cache their checks by variant.
func (e *Engine) rulesIgnored(v *board.Variant) *board.Variant {
	if w, ok := e.ruleFree[v]; ok {
		return w
	}
	w := *v
	w.Draw.KingMovesLimit, w.Draw.Endgames = 0, board.NoEndgameRules
	if e.ruleFree == nil {
		e.ruleFree = map[*board.Variant]*board.Variant{}
	}
	e.ruleFree[v] = &w
	return &w
}
