package hub

import (
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
)

// stuckSearcher reports one iteration whose line starts with the root's
// last legal move, then blocks: until Stop when obeyStop, else until the
// test releases it (a searcher stuck where it checks nothing).
type stuckSearcher struct {
	obeyStop bool
	release  chan struct{}
	mu       sync.Mutex
	stop     chan struct{}
}

func (f *stuckSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	var ml board.MoveList
	g.Variant().Generate(g.Position(), &ml)
	last := ml.Moves[ml.N-1]
	info(engine.Info{Depth: 1, PV: []board.Move{last}})
	stop := make(chan struct{})
	f.mu.Lock()
	f.stop = stop
	f.mu.Unlock()
	if f.obeyStop {
		select {
		case <-stop:
		case <-f.release:
		}
		return engine.Result{Best: ml.Moves[0], HasBest: true}
	}
	<-f.release
	// Late: the watchdog has answered; this line must not reach the GUI.
	info(engine.Info{Depth: 2, PV: []board.Move{ml.Moves[0]}})
	return engine.Result{Best: ml.Moves[0], HasBest: true}
}

func (f *stuckSearcher) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stop != nil {
		close(f.stop)
		f.stop = nil
	}
}
func (f *stuckSearcher) PonderHit()                {}
func (f *stuckSearcher) NewGame()                  {}
func (f *stuckSearcher) SetOptions(engine.Options) {}

// A search that does not answer is answered for, within the clock: stopped
// first (a searcher that obeys then gives its own move), else replaced by
// the last iteration's move.
func TestWatchdog(t *testing.T) {
	v := board.International
	start := v.Start()
	var ml board.MoveList
	v.Generate(&start, &ml)
	first, last := hubtext.FormatMove(v, ml.Moves[0]), hubtext.FormatMove(v, ml.Moves[ml.N-1])
	for _, c := range []struct {
		name     string
		obeyStop bool
		level    string
		clock    time.Duration
		want     string
	}{
		{"stuck, clock", false, "level time=0.3 inc=0.1", 300 * time.Millisecond, last},
		{"obeys stop, clock", true, "level time=0.3", 300 * time.Millisecond, first},
		{"stuck, move time", false, "level move-time=0.2", 200*time.Millisecond + 100*time.Millisecond, last},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &stuckSearcher{obeyStop: c.obeyStop, release: make(chan struct{})}
			var once sync.Once
			release := func() { once.Do(func() { close(f.release) }) }
			h := newHarnessFor(t, f)
			// Cleanups run last first: the stuck search is released before
			// the harness ends the session, which waits for it.
			t.Cleanup(release)
			h.send("hub", "init")
			h.until("ready")
			h.send(c.level, "go think")
			begun := time.Now()
			got := h.until("done") // h.next fails the test after 5 s
			took := time.Since(begun)
			// The watchdog aims at least 10 ms before the clock
			// (watchdogTimes, checked below); the harness's pipe and a
			// test binary sharing 2 cores with other packages add
			// latency of their own (300.3 ms was seen under load), so
			// the bound here allows 20 ms for them.
			if took >= c.clock+20*time.Millisecond {
				t.Errorf("done after %v, the clock was %v", took, c.clock)
			}
			if want := "done move=" + c.want; got[len(got)-1] != want {
				t.Errorf("got %q, want %q", got[len(got)-1], want)
			}
			log := h.log.String()
			if !strings.Contains(log, "watchdog: no answer") {
				t.Errorf("log has no watchdog line: %q", log)
			}
			if !c.obeyStop && !strings.Contains(log, "goroutines:") {
				t.Errorf("log has no goroutine dump")
			}
			if strings.Contains(log, "deadman") {
				t.Errorf("the deadman spoke though the watchdog answered: %q", log)
			}
			// The session still serves, and the stuck search, once it
			// ends, adds no line after the done.
			release()
			time.Sleep(50 * time.Millisecond)
			h.ping()
		})
	}
}

// blockedStopSearcher searches until released, and its Stop blocks too:
// the watchdog, which calls Stop on the session's goroutine, is then stuck
// with the session, as in a deadlock of the session itself.
type blockedStopSearcher struct{ release chan struct{} }

func (f *blockedStopSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	<-f.release
	return engine.Result{}
}
func (f *blockedStopSearcher) Stop()                     { <-f.release }
func (f *blockedStopSearcher) PonderHit()                {}
func (f *blockedStopSearcher) NewGame()                  {}
func (f *blockedStopSearcher) SetOptions(engine.Options) {}

// When the session itself is stuck, the deadman (a goroutine of its own)
// logs every goroutine's stack within the clock, compacted to one line.
func TestDeadman(t *testing.T) {
	f := &blockedStopSearcher{release: make(chan struct{})}
	h := newHarnessFor(t, f)
	t.Cleanup(func() { close(f.release) })
	h.send("hub", "init")
	h.until("ready")
	h.send("level time=0.2", "go think")
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(h.log.String(), "deadman:") {
		if time.Now().After(deadline) {
			t.Fatalf("no deadman line 2 s after go on a 0.2 s clock: log %q", h.log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	log := h.log.String()
	if !strings.Contains(log, "blockedStopSearcher).Stop") || strings.Count(log, "\n") > 3 {
		t.Errorf("the deadman line does not show the stuck Stop in one line: %q", log)
	}
}

// The watchdog's times lie after the engine's own hard limit and within
// the clock, for every clock.
func TestWatchdogTimes(t *testing.T) {
	for _, left := range []time.Duration{5 * time.Millisecond, 40 * time.Millisecond, 387 * time.Millisecond, 2 * time.Second, 10 * time.Second, 10 * time.Minute} {
		stop, answer, ok := watchdogTimes(engine.Limits{Time: left, Inc: 100 * time.Millisecond})
		hard := left - max(30*time.Millisecond, left/20)
		if hard < time.Millisecond {
			hard = left / 4
		}
		if !ok || stop <= hard || answer <= stop || answer >= left || answer+(answer-stop)/2 >= left {
			t.Errorf("clock %v: stop %v, answer %v, ok %v (engine hard limit %v)", left, stop, answer, ok, hard)
		}
	}
	for _, lim := range []engine.Limits{{Ponder: true, Time: time.Second}, {Infinite: true}, {Depth: 8}, {Nodes: 1000}} {
		if _, _, ok := watchdogTimes(lim); ok {
			t.Errorf("%+v: watchdog armed", lim)
		}
	}
}
