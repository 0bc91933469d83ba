package engine

import "runtime"

// checkEvery is the nodes between looks at the clock and the stop flag.
const checkEvery = 1024

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
