package match

import (
	"errors"
	"testing"
	"time"

	"damka/protocol/hub"
)

// The meter on a made-up clock: gaps of a tick or a little more are load,
// longer ones are stalls, and stalled counts only their overlap with the
// interval asked.
func TestStallMeter(t *testing.T) {
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	// The meter's clock: ticks at 10, 20, 30 (load: 30 -> 100 is 70 ms),
	// a stall from 100 to 1,100, ticks on to 1,110.
	times := []time.Time{ms(0), ms(10), ms(20), ms(30), ms(100), ms(1100), ms(1110)}
	m := &stallMeter{}
	i := 0
	m.now = func() time.Time { i++; return times[i-1] }
	last := m.now()
	for range len(times) - 1 {
		last = m.tick(last)
	}
	if m.n != 1 {
		t.Fatalf("%d stalls recorded, want 1 (the 70 ms gap is load)", m.n)
	}
	for _, c := range []struct {
		from, to int
		want     time.Duration
	}{
		{0, 2000, 990 * time.Millisecond}, // the gap less the tick asked for
		{0, 100, 0},
		{500, 600, 100 * time.Millisecond},
		{1000, 5000, 100 * time.Millisecond},
		{1100, 5000, 0},
	} {
		if got := m.stalled(ms(c.from), ms(c.to)); got != c.want {
			t.Errorf("stalled(%d ms, %d ms) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// A search during which the machine stood still is not charged for that
// time: the fake engine answers after 0.4 s against an allowance of
// 0.2 s, which is a time loss unless the runner saw the machine stall.
func TestThinkDiscountsStalls(t *testing.T) {
	e, err := StartHub(fakeSpec("Slow", "-mode", "slow", "-after", "0", "-think", "0.4"), "normal", Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	pos := "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	level := []hub.Arg{hub.A("move-time", "0.05")}

	_, err = e.Think(pos, level, 200*time.Millisecond, TimeLoss)
	var ee *EngineError
	if !errors.As(err, &ee) || ee.Kind != TimeLoss {
		t.Fatalf("without a stall: %v, want a time loss", err)
	}
	e.Kill()

	e, err = StartHub(fakeSpec("Slow", "-mode", "slow", "-after", "0", "-think", "0.4"), "normal", Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	// A stall of the whole search, as the meter would record it.
	now := time.Now()
	machine.mu.Lock()
	saved, savedN := machine.events, machine.n
	machine.events[machine.n%stallEvents] = interval{now, now.Add(time.Second)}
	machine.n++
	machine.mu.Unlock()
	defer func() {
		machine.mu.Lock()
		machine.events, machine.n = saved, savedN
		machine.mu.Unlock()
	}()
	r, err := e.Think(pos, level, 200*time.Millisecond, TimeLoss)
	if err != nil {
		t.Fatalf("with a stall: %v", err)
	}
	if r.Stalled < 350*time.Millisecond || r.Elapsed > 150*time.Millisecond {
		t.Errorf("stalled %v, elapsed %v: want the 0.4 s moved from elapsed to stalled", r.Stalled, r.Elapsed)
	}
}
