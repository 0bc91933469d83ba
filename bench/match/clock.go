package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"damka/protocol/hub"
)

// TimeControl is what limits every search of a game. Any combination may be
// set; a zero field is no limit of that kind. With no clock (Base == 0 and
// MoveTime == 0) the runner waits up to the hang timeout for each move.
type TimeControl struct {
	Moves    int           // moves per period (0: the whole game)
	Base     time.Duration // time per period
	Inc      time.Duration // Fischer increment, added after every move
	MoveTime time.Duration // fixed time per move
	Depth    int           // plies
	Nodes    int64
}

// ParseTC reads a clock time control, seconds as decimals:
// "60+0.5" (Fischer), "40/60+0" or "40/60" (40 moves in 60 s, then the same
// again), "60" (sudden death).
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	t := strings.TrimSpace(s)
	if t == "" {
		return tc, fmt.Errorf("empty time control")
	}
	if m, rest, ok := strings.Cut(t, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 {
			return tc, fmt.Errorf("time control %q: moves per period %q must be a positive integer", s, m)
		}
		tc.Moves = n
		t = rest
	}
	base, inc, hasInc := strings.Cut(t, "+")
	var err error
	if tc.Base, err = seconds(base); err != nil || tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: base time %q must be a positive number of seconds", s, base)
	}
	if hasInc {
		if tc.Inc, err = seconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment %q must be a number of seconds >= 0", s, inc)
		}
	}
	return tc, nil
}

// seconds parses a non-negative decimal number of seconds.
func seconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsNaN(f) || f > 1e7 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// ParseSeconds reads a non-negative decimal number of seconds ("0.1").
func ParseSeconds(s string) (time.Duration, error) { return seconds(s) }

// secs writes d as seconds, shortest form ("0.5", "60").
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// HasClock reports whether games are played on a clock (and can be lost on
// time).
func (tc TimeControl) HasClock() bool { return tc.Base > 0 || tc.MoveTime > 0 }

// IsZero reports whether no limit at all is set.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String is the PDN TimeControl tag: the PGN forms "40/60+0.5", "60+0.5",
// "60" for clocks; for the other limits, which PGN has no form for,
// "movetime=0.1", "depth=6", "nodes=1000" (joined with ',' when combined).
func (tc TimeControl) String() string {
	var parts []string
	if tc.Base > 0 {
		s := secs(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 || tc.Moves == 0 {
			s += "+" + secs(tc.Inc)
		}
		parts = append(parts, s)
	}
	if tc.MoveTime > 0 {
		parts = append(parts, "movetime="+secs(tc.MoveTime))
	}
	if tc.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(tc.Nodes, 10))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ",")
}

// DefaultTimeMargin is the grace of `damka match` unless --timemargin says
// otherwise. A reply can be late for reasons that have nothing to do with
// the move time and grow with the machine's load: the first move of a
// process opens its book and tables (the book move of a fresh damka took
// 0.167 s at a load of 5, 0.150 s at 3, against a move time of 0.05), and
// the engine and the runner each wait for a core before the answer is
// read. A second covers that at a load of 10; a move later than its clock
// but within the grace is not forfeited but counted (Standing.Late).
const DefaultTimeMargin = time.Second

// clock is one side's clock in one game.
type clock struct {
	tc        TimeControl
	left      time.Duration // time on the clock now
	movesToGo int           // moves to the next period (tc.Moves > 0)
}

func newClock(tc TimeControl) clock {
	return clock{tc: tc, left: tc.Base, movesToGo: tc.Moves}
}

// level returns the arguments of the Hub level command for the next move.
// The Hub engine adds inc to time before it thinks (docs/protocols.md 1.8), so
// time is sent as clock - inc, as pydraughts and lidraughts do: the engine
// then budgets exactly what is on the clock.
func (c *clock) level() []hub.Arg {
	tc := c.tc
	l := hubLevel{Depth: tc.Depth, Nodes: uint64(max(tc.Nodes, 0)), MoveTime: tc.MoveTime, Clock: tc.Base > 0}
	if l.Clock {
		inc := min(tc.Inc, c.left)
		if tc.Moves > 0 {
			l.MovesToGo = c.movesToGo
		}
		l.Time = c.left - inc
		if tc.Inc > 0 {
			l.Inc = inc
		}
	}
	return l.args()
}

// hubLevel is what one Hub level command says; both the match clock and
// HubSearcher's engine limits are written through it.
type hubLevel struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	Clock     bool // time (and moves, inc) are sent
	MovesToGo int  // 0: the clock is not in periods
	Time, Inc time.Duration
}

// args are the level command's arguments; with no limit at all, infinite.
func (l hubLevel) args() []hub.Arg {
	var args []hub.Arg
	if l.Depth > 0 {
		args = append(args, hub.A("depth", strconv.Itoa(l.Depth)))
	}
	if l.Nodes > 0 {
		args = append(args, hub.A("nodes", strconv.FormatUint(l.Nodes, 10)))
	}
	if l.MoveTime > 0 {
		args = append(args, hub.A("move-time", secs(l.MoveTime)))
	}
	if l.Clock {
		if l.MovesToGo > 0 {
			args = append(args, hub.A("moves", strconv.Itoa(l.MovesToGo)))
		}
		args = append(args, hub.A("time", fmt3(l.Time)))
		if l.Inc > 0 {
			args = append(args, hub.A("inc", fmt3(l.Inc)))
		}
	}
	if len(args) == 0 {
		args = append(args, hub.F("infinite"))
	}
	return args
}

// fmt3 writes a duration as seconds with millisecond precision.
func fmt3(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Milliseconds())/1000, 'f', -1, 64)
}

// allowance is how long the side may think for this move before it loses on
// time (0: no clock, only the hang timeout applies).
func (c *clock) allowance(margin time.Duration) time.Duration {
	var a time.Duration
	if c.tc.Base > 0 {
		a = c.left + margin
	}
	if c.tc.MoveTime > 0 {
		mt := c.tc.MoveTime + margin
		if a == 0 || mt < a {
			a = mt
		}
	}
	return a
}

// timeLeft is what is on the clock now (0 without a clock).
func (c *clock) timeLeft() time.Duration {
	if c.tc.Base == 0 {
		return 0
	}
	return c.left
}

// spend charges elapsed to the clock and reports whether the side lost on
// time. Within the margin the clock is clamped to zero rather than going
// negative, and then the increment and period time are added.
func (c *clock) spend(elapsed, margin time.Duration) (flagged bool) {
	if a := c.allowance(margin); a > 0 && elapsed > a {
		return true
	}
	if c.tc.Base == 0 {
		return false
	}
	c.left = max(c.left-elapsed, 0) + c.tc.Inc
	if c.tc.Moves > 0 {
		c.movesToGo--
		if c.movesToGo == 0 {
			c.left += c.tc.Base
			c.movesToGo = c.tc.Moves
		}
	}
	return false
}
