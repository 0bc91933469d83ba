package hub

// Searching: go think|ponder|analyze, stop, ponder-hit, and the info and
// done lines.
//
// Every go is answered by exactly one done, also after stop, after a search
// aborted by another command, and at the end of input. done carries move=
// first and ponder= second, unquoted, because pydraughts splits it on
// spaces (docs/protocols.md 1.11). A root with no legal move gets a bare done at
// once instead of a search (draughtsnet tolerates it; a GUI should never
// ask).
//
// The searcher's answer is checked against the rules before it is sent: a
// best move that is not legal (a searcher bug, or a search stopped before it
// found anything) is replaced by the first legal move, and an illegal ponder
// move is dropped, each with a log line. A GUI that receives an illegal move
// forfeits the game; a weak move is the lesser harm.

import (
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
)

// running is the state of the search in progress.
type running struct {
	result chan engine.Result
	game   *board.Game  // the game searched (its root the current position)
	ponder ponderState  // go ponder: whether and when ponder-hit reaches the searcher
	retry  *time.Ticker // repeats Stop after stop, until the result comes
	// stopped is set by stop; the search goroutine reads it before calling
	// Search.
	stopped atomic.Bool
	// watch keeps the clock when the search has one (watchdog.go); best
	// is the first move of the last completed iteration's line.
	watch    *watchdog
	orphaned atomic.Bool // the watchdog answered for it
	answered atomic.Bool // done was sent (finish): the deadman stays quiet
	bestMu   sync.Mutex
	best     board.Move
	hasBest  bool
}

func (s *Session) cmdGo(l Line) {
	mode := ""
	for _, a := range l.Args {
		switch a.Name {
		case "think", "ponder", "analyze":
			if mode == "" {
				mode = a.Name
			}
		default:
			s.ignoreArg("go", a)
		}
	}
	lim := s.searchLimits()
	if s.noPosition {
		s.errorf("go: no valid position (the last pos was refused); send pos or new-game")
		s.send("done")
		return
	}
	if mode == "ponder" {
		lim.Ponder = true
	}
	// analyze is searched like think, with the limits given, but without
	// the opening book.
	if mode == "analyze" {
		lim.NoBook = true
	}

	v, root := s.variant, *s.game.Position()
	var ml board.MoveList
	v.Generate(&root, &ml)
	if ml.N == 0 {
		s.send("done")
		return
	}
	s.applyOptions()

	multi, numbering := s.engineOpts.MultiPV > 1, s.numbering
	run := &running{result: make(chan engine.Result, 1), game: s.game.Clone()}
	run.ponder.pondering = lim.Ponder
	s.search = run
	s.armWatchdog(run, lim)
	go func() {
		if run.stopped.Load() {
			// Stopped before it began (go then at once another command):
			// skip the search; finish plays a legal move. This also avoids
			// waiting for a Stop retry, as Stop is a no-op before Search.
			run.result <- engine.Result{}
			return
		}
		lim.Ponder = run.ponder.begin()
		run.result <- s.searcher.Search(run.game, lim, func(in engine.Info) {
			run.ponder.searching(s.searcher)
			run.noteBest(in)
			if run.orphaned.Load() {
				return // answered by the watchdog: its lines would follow done
			}
			s.send(infoLine(v, numbering, in, multi))
		})
	}()
}

// ponderState carries a ponder-hit to the searcher of a go ponder. The
// searcher's PonderHit is a no-op until its Search has begun, and the
// session cannot see that moment: a ponder-hit right behind go ponder (both
// in one write, as lidraughts-bot sends them when the opponent answers at
// once) would be lost and the search would ponder until stop. So the hit is
// delivered in one of three ways, decided under one mutex:
//   - before Search is called: the search starts as a normal timed one;
//   - after Search was called but before it has reported anything: the hit
//     is kept and delivered at the first info callback, which proves that
//     Search is running (the clock then starts up to one depth-1 iteration
//     late, well under a millisecond);
//   - once Search has reported: at once.
type ponderState struct {
	mu        sync.Mutex
	pondering bool // go ponder, and no ponder-hit yet
	started   bool // Search has been called (with Ponder = pondering)
	live      bool // Search has reported: PonderHit reaches it
	pending   bool // a ponder-hit arrived while started && !live
}

// begin is called by the search goroutine just before Search and returns
// whether the search must still ponder.
func (p *ponderState) begin() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.started = true
	return p.pondering
}

// searching is called from the searcher's info callback.
func (p *ponderState) searching(sr engine.Searcher) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.live {
		return
	}
	p.live = true
	if p.pending {
		p.pending = false
		sr.PonderHit()
	}
}

// hit handles ponder-hit; it reports false when the search is not pondering
// (a second ponder-hit, or one during go think).
func (p *ponderState) hit(sr engine.Searcher) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.pondering {
		return false
	}
	p.pondering = false
	switch {
	case p.live:
		sr.PonderHit()
	case p.started:
		p.pending = true
	}
	return true
}

// duringSearch handles the lines allowed while a search runs and reports
// whether l was one of them.
func (s *Session) duringSearch(l Line) bool {
	switch l.Command {
	case "":
		return true
	case "ping":
		s.send("pong")
		return true
	case "stop":
		s.stopSearch()
		return true
	case "ponder-hit":
		if !s.search.ponder.hit(s.searcher) {
			s.logf("ponder-hit during a search that is not pondering: ignored")
		}
		return true
	}
	return false
}

// stopSearch asks the running search to stop; Run sends done when the
// result comes.
func (s *Session) stopSearch() {
	s.search.stopped.Store(true)
	s.searcher.Stop()
	if s.search.retry == nil {
		s.search.retry = time.NewTicker(stopRetry)
	}
}

// abortSearch stops the running search, if any, and waits for it, sending
// its done line.
func (s *Session) abortSearch() {
	if s.search == nil {
		return
	}
	s.stopSearch()
	for {
		select {
		case r := <-s.search.result:
			s.finish(r)
			return
		case <-s.search.retry.C:
			s.searcher.Stop()
		}
	}
}

// finish ends the search with its done line.
func (s *Session) finish(r engine.Result) {
	run := s.search
	s.search = nil
	if run.retry != nil {
		run.retry.Stop()
	}
	run.answered.Store(true)
	if run.watch != nil {
		run.watch.timer.Stop()
		run.watch.deadman.Stop()
	}

	for _, err := range r.TableDamage {
		s.sendf("info", A("message", infoText("endgame tables: "+err.Error())))
	}
	v := s.variant
	var ml board.MoveList
	v.Generate(run.game.Position(), &ml)
	if ml.N == 0 {
		s.send("done")
		return
	}
	best := ml.Moves[0]
	switch {
	case !r.HasBest && run.stopped.Load():
		// Stopped before any iteration: no move is expected.
	case !r.HasBest:
		s.logf("search returned no move; playing %s", hubtext.FormatMoveIn(v, best, s.numbering))
	case !slices.Contains(ml.Slice(), r.Best):
		s.logf("search returned an illegal move (%s); playing %s", hubtext.FormatMoveIn(v, r.Best, s.numbering), hubtext.FormatMoveIn(v, best, s.numbering))
	default:
		best = r.Best
	}
	args := []Arg{A("move", hubtext.FormatMoveIn(v, best, s.numbering))}
	if r.HasPonder && best == r.Best {
		next := run.game.Clone()
		var replies board.MoveList
		if next.Play(best) == nil {
			v.Generate(next.Position(), &replies)
		}
		if slices.Contains(replies.Slice(), r.Ponder) {
			args = append(args, A("ponder", hubtext.FormatMoveIn(v, r.Ponder, s.numbering)))
		} else {
			s.logf("search returned an illegal ponder move (%s): dropped", hubtext.FormatMoveIn(v, r.Ponder, s.numbering))
		}
	}
	s.sendf("done", args...)
}

// infoLine formats one progress report: depth, mean-depth, score (Hub
// scale, see formatScore), nodes, time in seconds, nps in millions of nodes
// per second (as Scan writes it, 1.5) and the pv in Hub notation numbered
// as n says; multipv=
// (the line number) is added when several lines are searched. Every field is
// name=value, as pydraughts requires (1.11).
func infoLine(v *board.Variant, n hubtext.Numbering, in engine.Info, multi bool) string {
	mean := in.MeanDepth
	if mean <= 0 {
		mean = float64(in.Depth)
	}
	secs := in.Time.Seconds()
	nps := 0.0
	if secs > 0 {
		nps = float64(in.Nodes) / secs / 1e6
	}
	args := []Arg{
		A("depth", strconv.Itoa(in.Depth)),
		A("mean-depth", strconv.FormatFloat(mean, 'f', 1, 64)),
		A("score", formatScore(in.Score)),
		A("nodes", strconv.FormatUint(in.Nodes, 10)),
		A("time", strconv.FormatFloat(secs, 'f', 3, 64)),
		A("nps", strconv.FormatFloat(nps, 'f', 1, 64)),
	}
	if multi && in.MultiPV > 0 {
		args = append(args, A("multipv", strconv.Itoa(in.MultiPV)))
	}
	if len(in.PV) > 0 {
		pv := make([]byte, 0, 8*len(in.PV))
		for i, m := range in.PV {
			if i > 0 {
				pv = append(pv, ' ')
			}
			pv = append(pv, hubtext.FormatMoveIn(v, m, n)...)
		}
		args = append(args, A("pv", string(pv)))
	}
	return Format("info", args...)
}

// formatScore writes an engine score in the Hub scale, men with two
// decimals: 100 -> "1.00", -1 -> "-0.01", WinScore-5 -> "99.95". Integer
// arithmetic keeps it exact.
func formatScore(score int) string {
	sign := ""
	u := int64(score)
	if u < 0 {
		sign, u = "-", -u
	}
	frac := strconv.FormatInt(u%100, 10)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(u/100, 10) + "." + frac
}
