package hub

// The watchdog: a move before the clock runs out, whatever the searcher
// does. The engine stops itself at its hard limit, which leaves a margin of
// max(30 ms, 5%) of the clock; a search that has not answered shortly after
// that is stuck (in a match against Scan 3.1h, game 53 of 60, damka once
// gave no line at all for 0.79 s with 0.39 s on its clock, and earlier
// fixed-depth matches saw rare hangs that replays never showed). So the
// session watches the clock itself: first it stops the search, then, if no
// result has come, it answers with the best move of the last completed
// iteration (or the first legal move), logs the goroutines for a diagnosis
// and leaves the stuck search behind. A search that is merely slow loses
// nothing: it is stopped where the engine would have stopped anyway.

import (
	"runtime"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
)

// watchdogTimes returns when, after go, the watchdog stops the search and
// when it answers in its place; ok is false for searches without a clock
// to keep (pondering, infinite analysis, depth or node limits alone).
func watchdogTimes(lim engine.Limits) (stop, answer time.Duration, ok bool) {
	switch {
	case lim.Ponder || lim.Infinite:
		return 0, 0, false
	case lim.MoveTime > 0:
		// An exact move time: a little over it is no forfeit for a GUI, a
		// match runner allows a margin; the engine's own stop comes first.
		return lim.MoveTime + 20*time.Millisecond + lim.MoveTime/20, lim.MoveTime + 40*time.Millisecond + lim.MoveTime/10, true
	case lim.Time > 0:
		// Beyond the engine's hard limit (Time minus max(30 ms, 5%), or a
		// quarter of a nearly spent clock), within the clock.
		stop = max(lim.Time-max(20*time.Millisecond, lim.Time/40), lim.Time/2)
		answer = max(lim.Time-max(10*time.Millisecond, lim.Time/80), lim.Time*3/4)
		return stop, answer, true
	}
	return 0, 0, false
}

// watchdog is the timer state of one search.
type watchdog struct {
	timer  *time.Timer
	answer time.Duration // since go: answer without the searcher
	begun  time.Time     // when go arrived
	fired  bool          // the stop stage has run
	// deadman dumps the goroutines when even the watchdog has not answered.
	deadman *time.Timer
}

// armWatchdog starts the watchdog of run for limits lim.
func (s *Session) armWatchdog(run *running, lim engine.Limits) {
	stop, answer, ok := watchdogTimes(lim)
	if !ok {
		return
	}
	w := &watchdog{timer: time.NewTimer(stop), answer: answer, begun: time.Now()}
	run.watch = w
	// The deadman runs on a goroutine of its own: if the session itself is
	// stuck (the watchdog's timer fires on the session's goroutine), it is
	// the only one left to say where every goroutine stands. It fires
	// after the watchdog's answer by half the time between its two stages,
	// which for a clock is still before the flag falls.
	w.deadman = time.AfterFunc(answer+(answer-stop)/2, func() {
		if run.answered.Load() {
			return
		}
		s.logf("deadman: no done %.3f s after go (the session is stuck); goroutines: %s",
			time.Since(w.begun).Seconds(), strings.Join(compactStacks(goroutineDump()), " | "))
	})
}

// goroutineDump is the stacks of all goroutines (at most 64 KB of them).
func goroutineDump() []byte {
	buf := make([]byte, 1<<16)
	return buf[:runtime.Stack(buf, true)]
}

// compactStacks turns a runtime.Stack dump into one entry per goroutine:
// its header and the functions on its stack, innermost first, without
// arguments or files, so that a dump fits a line of a match log.
func compactStacks(dump []byte) []string {
	var out []string
	for _, g := range strings.Split(strings.TrimSpace(string(dump)), "\n\n") {
		lines := strings.Split(g, "\n")
		entry := strings.TrimSuffix(lines[0], ":")
		var funcs []string
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "\t") {
				continue // file:line
			}
			if i := strings.LastIndexByte(l, '('); i > 0 {
				l = l[:i]
			}
			funcs = append(funcs, l)
		}
		out = append(out, entry+": "+strings.Join(funcs, " < "))
	}
	return out
}

// watchdogC is the channel of the running search's watchdog, nil if none.
func (s *Session) watchdogC() <-chan time.Time {
	if s.search == nil || s.search.watch == nil {
		return nil
	}
	return s.search.watch.timer.C
}

// watchdogFired runs a stage of the watchdog of the running search.
func (s *Session) watchdogFired() {
	run := s.search
	w := run.watch
	if !w.fired {
		w.fired = true
		s.logf("watchdog: no answer %.3f s after go: stopping the search", time.Since(w.begun).Seconds())
		s.stopSearch()
		w.timer.Reset(max(w.answer-time.Since(w.begun), time.Millisecond))
		return
	}
	s.logf("watchdog: the search did not stop %.3f s after go: answering the last iteration's move; goroutines:\n%s",
		time.Since(w.begun).Seconds(), goroutineDump())
	var r engine.Result
	if m, ok := run.lastBest(); ok {
		r = engine.Result{Best: m, HasBest: true}
	}
	// The stuck search is left behind: its result goes to its own buffered
	// channel, which nobody reads, and its info lines are dropped.
	run.orphaned.Store(true)
	s.finish(r)
}

// noteBest records the first move of a completed iteration's line.
func (run *running) noteBest(in engine.Info) {
	if len(in.PV) == 0 || in.MultiPV > 1 {
		return
	}
	run.bestMu.Lock()
	run.best, run.hasBest = in.PV[0], true
	run.bestMu.Unlock()
}

// lastBest is the move noted last.
func (run *running) lastBest() (board.Move, bool) {
	run.bestMu.Lock()
	defer run.bestMu.Unlock()
	return run.best, run.hasBest
}
