package match

// Machine stalls. The runner's machines are virtual, and the host now and
// then stops a whole virtual machine for a second or more: every process,
// the runner included, stands still while the wall clock runs on. Charged
// to the engine on move, such a stall is a time loss that no engine could
// avoid (a 2.95 s clock lost after 4.0 s without a single line from a
// damka whose own watchdog answers before its clock ends). So the runner
// watches itself: a goroutine that wakes every stallTick and finds it
// woke much later than asked knows the machine (or at least the runner)
// did not run in between. That time is not charged to the engine on move,
// and its wait is extended by as much; every such discount is reported.
//
// A runner that is merely short of CPU is woken within a few milliseconds
// (it sleeps almost all the time, which the scheduler favours), far below
// stallMin, so ordinary load on a busy machine is charged as usual.

import (
	"sync"
	"time"
)

const (
	stallTick = 10 * time.Millisecond
	// stallMin is the shortest gap between two ticks that counts as a
	// stall; only the part of the gap beyond one tick is discounted.
	stallMin = 150 * time.Millisecond
	// stallEvents is how many stalls are remembered, plenty for the
	// length of one search.
	stallEvents = 64
)

// stallMeter records the intervals in which the runner did not run.
type stallMeter struct {
	mu     sync.Mutex
	events [stallEvents]interval
	n      int
	last   time.Time        // the latest tick
	now    func() time.Time // time.Now, replaced by tests
}

type interval struct{ from, to time.Time }

var (
	machine     = &stallMeter{now: time.Now}
	machineOnce sync.Once
)

// watchMachine starts the process-wide stall meter (once).
func watchMachine() {
	machineOnce.Do(func() { go machine.run(time.Sleep) })
}

// run ticks forever, recording every gap longer than stallMin.
func (m *stallMeter) run(sleep func(time.Duration)) {
	last := m.now()
	for {
		sleep(stallTick)
		last = m.tick(last)
	}
}

// tick records the gap since last if it is a stall and returns now.
func (m *stallMeter) tick(last time.Time) time.Time {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if now.Sub(last) > stallMin {
		m.events[m.n%stallEvents] = interval{last.Add(stallTick), now}
		m.n++
	}
	m.last = now
	return now
}

// catchUp waits (briefly) until the meter has ticked after t minus a few
// ticks, so that a stall that just ended is recorded before stalled is
// asked: after a stall every goroutine wakes at once, and the one asking
// may run before the meter.
func (m *stallMeter) catchUp(t time.Time) {
	for range 20 {
		m.mu.Lock()
		ok := m.last.After(t.Add(-3 * stallTick))
		m.mu.Unlock()
		if ok {
			return
		}
		time.Sleep(stallTick / 2)
	}
}

// stalled returns how much of [from, to] the runner spent stalled.
func (m *stallMeter) stalled(from, to time.Time) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	var sum time.Duration
	for i := range min(m.n, stallEvents) {
		ev := m.events[i]
		a, b := ev.from, ev.to
		if a.Before(from) {
			a = from
		}
		if b.After(to) {
			b = to
		}
		if b.After(a) {
			sum += b.Sub(a)
		}
	}
	return sum
}
