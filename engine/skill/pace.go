package skill

// Time used like a person's: a level that answers a clock game in a few
// milliseconds is a machine however weak its moves, and one that spends
// the clock as the engine does makes a person wait for a weak move. On a
// clock or a fixed move time, a level with Pace on takes its Think time
// (varied by up to half of it either way, as a person's does), never more
// than a fair share of the clock, and a fifth of it for a forced move.
// Limits without a clock (depth, nodes, none) are not paced: there is no
// time to use like a person.

import (
	"math/rand/v2"
	"time"

	"damka/engine"
)

// defaultMovesLeft is how many more moves a clock without a move count is
// shared over.
const defaultMovesLeft = 30

// thinkTime is the time a person of level p takes for a move under lim;
// zero where lim has no clock.
func thinkTime(lim engine.Limits, p Params, forced bool, rng *rand.Rand) time.Duration {
	var share time.Duration
	switch {
	case lim.MoveTime > 0:
		share = lim.MoveTime * 9 / 10
	case lim.Time > 0:
		moves := defaultMovesLeft
		if lim.MovesToGo > 0 {
			moves = lim.MovesToGo
		}
		share = lim.Time/time.Duration(moves) + lim.Inc*3/4
		// Never near the flag, whatever the increment.
		share = min(share, lim.Time/4)
	default:
		return 0
	}
	think := time.Duration(float64(p.Think) * (0.5 + rng.Float64()))
	if forced {
		think /= 5
	}
	return min(think, share)
}

// waitLikeAPerson waits until the move's think time since start has passed,
// or until Stop.
func (s *Searcher) waitLikeAPerson(lim engine.Limits, p Params, start time.Time, forced bool, rng *rand.Rand) {
	left := thinkTime(lim, p, forced, rng) - time.Since(start)
	if left <= 0 {
		return
	}
	timer := time.NewTimer(left)
	defer timer.Stop()
	for {
		s.mu.Lock()
		stopped := s.stopped
		s.mu.Unlock()
		if stopped {
			return
		}
		select {
		case <-timer.C:
			return
		case <-s.signal:
		}
	}
}
