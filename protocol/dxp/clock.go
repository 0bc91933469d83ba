package dxp

import (
	"time"

	"damka/board"
	"damka/engine"
)

// minThink is the least time we give a search once our clock has run out:
// DXP has no flag fall, so we keep playing, as fast as we can. It is a
// MoveTime rather than a zero Time, which engine.Limits reads as no limit.
const minThink = 20 * time.Millisecond

// clock keeps both sides' remaining time. DXP carries no clock: GAMEREQ
// gives minutes per player for the whole game and each program measures
// time itself, so the peer's clock here is only our estimate of it.
type clock struct {
	left      [2]time.Duration // by board.Color
	moveLimit int              // game length in moves; 0: none
}

func newClock(minutes float64, moveLimit int) clock {
	d := time.Duration(minutes * float64(time.Minute))
	return clock{left: [2]time.Duration{d, d}, moveLimit: moveLimit}
}

// spend takes d off side's clock.
func (c *clock) spend(side board.Color, d time.Duration) { c.left[side] -= d }

// remaining returns side's time left, which may be negative.
func (c *clock) remaining(side board.Color) time.Duration { return c.left[side] }

// limits returns the search limits for side with plies already played.
// With a move limit the remaining time is spread over the moves left to
// it, as Scan does: the game ends there. Past the limit, or without one,
// MovesToGo is 0 and the engine budgets for sudden death.
func (c *clock) limits(side board.Color, plies int) engine.Limits {
	left := c.left[side]
	if left < minThink {
		return engine.Limits{MoveTime: minThink}
	}
	lim := engine.Limits{Time: left}
	if c.moveLimit > 0 {
		if r := 2*c.moveLimit - plies; r > 0 {
			lim.MovesToGo = (r + 1) / 2
		}
	}
	return lim
}
