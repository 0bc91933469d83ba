package engine

import (
	"testing"
	"time"
)

func TestPlan(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name       string
		lim        Limits
		timed      bool
		soft, hard time.Duration // 0: not checked
	}{
		{"infinite", Limits{Infinite: true, Time: time.Minute}, false, 0, 0},
		{"depth only", Limits{Depth: 5}, false, 0, 0},
		{"movetime exact", Limits{MoveTime: 1500 * ms}, true, 1500 * ms, 1500 * ms},
		// 60 s, no increment: margin 3 s (5%), 57 s over 30 moves.
		{"sudden death", Limits{Time: 60 * time.Second}, true, 1900 * ms, 7600 * ms},
		// 10 moves to go: a tenth of the usable time; hard keeps 3/4 of a
		// tenth for each of the 9 later moves (57 s - 9*4.275 s).
		{"moves to go", Limits{Time: 60 * time.Second, MovesToGo: 10}, true, 5700 * ms, 18525 * ms},
		// Many moves to go: four times the share is the lower limit.
		{"moves to go, early", Limits{Time: 60 * time.Second, MovesToGo: 40}, true, 1425 * ms, 5700 * ms},
		// Last move before the control: everything but the margin.
		{"last move", Limits{Time: 10 * time.Second, MovesToGo: 1}, true, 9500 * ms, 9500 * ms},
		// Increment: most of it is spent on top of the share.
		{"increment", Limits{Time: 30 * time.Second, Inc: 2 * time.Second}, true, 950*ms + 1500*ms, 4 * (950*ms + 1500*ms)},
	}
	for _, c := range cases {
		b := plan(c.lim)
		if b.timed != c.timed || (c.soft != 0 && b.soft != c.soft) || (c.hard != 0 && b.hard != c.hard) {
			t.Errorf("%s: got %+v, want timed=%v soft=%v hard=%v", c.name, b, c.timed, c.soft, c.hard)
		}
	}
}

// Whatever the clock, the hard limit leaves the safety margin (or, when
// the clock is nearly gone, uses a fraction of what is left).
func TestPlanNeverExceedsClock(t *testing.T) {
	for _, left := range []time.Duration{5 * time.Millisecond, 40 * time.Millisecond, time.Second, time.Minute, time.Hour} {
		for _, mtg := range []int{0, 1, 2, 40} {
			for _, inc := range []time.Duration{0, time.Second} {
				b := plan(Limits{Time: left, Inc: inc, MovesToGo: mtg})
				margin := max(minMargin, left/marginShare)
				if b.hard > left-margin && b.hard > left/4 {
					t.Errorf("time %v inc %v mtg %d: hard %v leaves less than %v", left, inc, mtg, b.hard, margin)
				}
				if b.soft > b.hard || b.hard <= 0 {
					t.Errorf("time %v inc %v mtg %d: soft %v hard %v", left, inc, mtg, b.soft, b.hard)
				}
			}
		}
	}
}

// A period clock (moves in a time, refilled after the last) spent at its
// worst, every move to its hard limit plus a transport delay, never runs
// out, and every move of the period keeps most of an even share of what
// was left before it.
func TestPlanPeriodWorstCase(t *testing.T) {
	const delay = 5 * time.Millisecond
	for _, period := range []struct {
		moves int
		time  time.Duration
	}{{20, 5 * time.Second}, {40, 2 * time.Hour}, {5, 300 * time.Millisecond}, {2, time.Second}} {
		left := period.time
		for mtg := period.moves; mtg >= 1; mtg-- {
			b := plan(Limits{Time: left, MovesToGo: mtg})
			if mtg > 1 {
				even := (left - max(minMargin, left/marginShare)) / time.Duration(mtg)
				if keep := left - b.hard; keep < time.Duration(mtg-1)*even*periodKeep/100 {
					t.Errorf("%d/%v, %d to go with %v: hard %v keeps %v for the rest of the period", period.moves, period.time, mtg, left, b.hard, keep)
				}
			}
			left -= b.hard + delay
			if left <= 0 {
				t.Fatalf("%d/%v: out of time with %d moves to go (hard %v)", period.moves, period.time, mtg, b.hard)
			}
		}
	}
}

// A clock plan by pieces gives the middle game a larger share than the
// fixed 30 moves to go, and never more than the plan's own mtg allows.
func TestPlanByPieces(t *testing.T) {
	cp := clockPlan{mtg: 30, stable: 60, byPieces: true}
	lim := Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond}
	cases := []struct{ pieces, mtg int }{{40, 28}, {30, 23}, {20, 18}, {8, 12}, {2, 12}, {80, 30}}
	for _, c := range cases {
		if got := piecesToGo(c.pieces, cp.mtg); got != c.mtg {
			t.Errorf("piecesToGo(%d) = %d, want %d", c.pieces, got, c.mtg)
		}
		b := cp.plan(lim, c.pieces)
		want := (lim.Time-lim.Time/marginShare)/time.Duration(c.mtg) + lim.Inc*3/4
		if b.soft != want || b.stable != 60 {
			t.Errorf("%d pieces: soft %v stable %d, want %v and 60", c.pieces, b.soft, b.stable, want)
		}
	}
	// The clock's own moves to go wins over the guess.
	lim.MovesToGo = 5
	if b := cp.plan(lim, 40); b.soft != (lim.Time-lim.Time/marginShare)/5+lim.Inc*3/4 {
		t.Errorf("moves to go 5: soft %v", b.soft)
	}
	// Saving the opening: 1.5 moves more per piece above 30.
	save := cp
	save.saveOpening = true
	for _, c := range []struct{ pieces, mtg int }{{40, 43}, {36, 35}, {31, 24}, {30, 23}, {12, 14}} {
		lim.MovesToGo = 0
		if b := save.plan(lim, c.pieces); b.soft != (lim.Time-lim.Time/marginShare)/time.Duration(c.mtg)+lim.Inc*3/4 {
			t.Errorf("saveOpening, %d pieces: soft %v, want %d moves to go", c.pieces, b.soft, c.mtg)
		}
	}
	// The stable share: 60% of soft, the full soft when the move changed.
	b := budget{timed: true, soft: time.Second, hard: 4 * time.Second, stable: 60}
	if b.iterationDone(590*time.Millisecond, false) || !b.iterationDone(600*time.Millisecond, false) || b.iterationDone(900*time.Millisecond, true) {
		t.Errorf("iterationDone does not stop at 60%% of soft (or at soft when unstable)")
	}
}
