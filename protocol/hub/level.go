package hub

// The level command (docs/protocols.md 1.8): the limits of the next search.
//
//	level depth=<plies> | nodes=<n> | move-time=<s>
//	level [moves=<moves to the next control>] time=<remaining s> [inc=<s>]
//	level infinite
//
// Which limits a search gets. Scan forgets the limits at every done and
// pos, so that a GUI sending level once and then only pos and go gets
// searches that never end. damka keeps them instead:
//   - The level lines since the last go or pos make up the limits in
//     force; each line sets only what it names, so a GUI may split them
//     over several lines (level time=30, then level inc=1).
//   - The first level line after a go or a pos starts a new set: no limit
//     from before it survives (as in Scan, pos -> level -> go searches
//     with exactly those level lines).
//   - A go with no level line since the last go or pos searches with the
//     limits of the previous search.
//   - When the limits in force bound nothing (no level line yet, or only
//     level lines like "level moves=40" or "level ponder"), a search
//     thinks defaultMoveTime, so that every go think ends by itself.
//     level infinite is a limit: the search then runs until stop.
// go ponder uses the limits in force from ponder-hit on.
//
// A line with a bad value answers an error and changes nothing. Unknown
// arguments (draughtsnet's handicap= and ply=) are ignored, and so is the
// ponder flag Scan accepts.
//
// engine.Limits reads a zero duration as "no limit", so times that mean "no
// time left" are sent as one millisecond: move-time=0, and time<=0, which
// pydraughts sends as clock minus increment when the clock is below the
// increment (the increment is added before the move, so the engine still
// has inc to spend). A negative inc is no increment: lidraughts-bot takes
// its increment overhead (100 ms) off a zero increment too and sends
// inc=-0.1 for the pondering search of every game without increment.

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"damka/engine"
)

const (
	maxDepth      = 1000
	maxMovesToGo  = 10000
	maxSeconds    = 1e9 // about 31 years: anything larger is a mistake
	minSearchTime = time.Millisecond
	// defaultMoveTime is what a search thinks when no level bounds it.
	defaultMoveTime = time.Second
)

func (s *Session) cmdLevel(l Line) {
	lim := s.limits
	if s.levelFresh {
		lim = engine.Limits{}
	}
	for _, a := range l.Args {
		var err error
		switch a.Name {
		case "depth":
			lim.Depth, err = intArg(a, 1, maxDepth)
		case "nodes":
			var n int
			n, err = intArg(a, 1, math.MaxInt64)
			lim.Nodes = uint64(n)
		case "moves":
			lim.MovesToGo, err = intArg(a, 0, maxMovesToGo)
		case "move-time":
			lim.MoveTime, err = secondsArg(a, 0)
			lim.MoveTime = max(lim.MoveTime, minSearchTime)
		case "time":
			lim.Time, err = secondsArg(a, -maxSeconds)
			lim.Time = max(lim.Time, minSearchTime)
		case "inc":
			lim.Inc, err = secondsArg(a, -maxSeconds)
			lim.Inc = max(lim.Inc, 0)
		case "infinite":
			lim.Infinite = true
		case "ponder":
			// Accepted and ignored, as in Scan: pondering is go ponder.
		default:
			s.ignoreArg("level", a)
		}
		if err != nil {
			s.errorf("level: %v", err)
			return
		}
	}
	s.limits, s.levelFresh = lim, false
}

// intArg reads a decimal integer in [lo, hi].
func intArg(a Arg, lo, hi int) (int, error) {
	if a.Flag {
		return 0, fmt.Errorf("%s needs a value", a.Name)
	}
	n, err := strconv.Atoi(a.Value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s must be an integer from %d to %d, not %s", a.Name, lo, hi, quoteValue(a.Value))
	}
	return n, nil
}

// secondsArg reads a number of seconds in [lo, maxSeconds] as a duration.
func secondsArg(a Arg, lo float64) (time.Duration, error) {
	if a.Flag {
		return 0, fmt.Errorf("%s needs a value in seconds", a.Name)
	}
	f, err := strconv.ParseFloat(a.Value, 64)
	if err != nil || math.IsNaN(f) || f < lo || f > maxSeconds {
		return 0, fmt.Errorf("%s must be a number of seconds from %g to %g, not %s", a.Name, lo, maxSeconds, quoteValue(a.Value))
	}
	return time.Duration(f * float64(time.Second)), nil
}

// searchLimits returns the limits of the search that go starts, and makes
// the next level line start a new set.
func (s *Session) searchLimits() engine.Limits {
	s.levelFresh = true
	lim := s.limits
	if !bounded(lim) {
		lim.MoveTime = defaultMoveTime
	}
	return lim
}

// bounded reports whether a search with lim ends without stop, or is meant
// to run until stop (infinite).
func bounded(lim engine.Limits) bool {
	return lim.Infinite || lim.Depth > 0 || lim.Nodes > 0 || lim.MoveTime > 0 || lim.Time > 0 || lim.Inc > 0
}
