// Package skill plays at a chosen strength for people: levels 1 to 20,
// where 20 is the engine at full strength and every level below it is a
// weaker player, weak in judgement but never in the rules.
//
// A level is a wrapper around an engine.Searcher (Searcher in searcher.go):
// the engine searches with a small node budget and several principal
// variations, and the level picks among the near-best of them at random,
// with a temperature that falls as the level rises. The legal moves are the
// engine's (the move generator's), so compulsory and majority capture and
// promotion during a capture are always right. docs/levels.md gives the
// design and the measurements behind it, and the ladder that gives each
// level an Elo.
package skill

import (
	"fmt"
	"math"
	"time"
)

// Level bounds.
const (
	MinLevel = 1
	MaxLevel = 20 // full strength: the engine itself, untouched
)

// Params are what a level does differently from full strength.
type Params struct {
	// Horizon is how far the level looks, in plies: the depth of the shots
	// it finds and of the ones it walks into. A move is searched to the
	// whole part of Horizon, or one ply deeper with the fraction's chance:
	// a whole ply a level is too big a step at the lowest levels. A depth,
	// not a node budget, because a node budget buys a level deeper
	// searches as the game simplifies and the transposition table fills
	// (docs/levels.md).
	Horizon float64
	// Nodes caps the search of a move, so that a position where the
	// horizon is expensive still answers in a fraction of a second.
	Nodes uint64
	// Lines is how many of the best root moves are searched as principal
	// variations: the moves the level chooses among.
	Lines int
	// Temperature (engine units, 100 = a man) spreads the choice: a move
	// Temperature worse than the best is chosen e times less often.
	Temperature float64
	// Margin (engine units): a move worse than the best by more than this
	// is never chosen, however high the temperature.
	Margin int
	// Book says whether the opening book may answer: a beginner does not
	// know the openings, a club player knows some.
	Book bool
	// Think is what a person of this level takes for an ordinary move when
	// the clock allows it (see pace.go).
	Think time.Duration
}

// The horizon grows by horizonStep plies a level from one ply at level 1,
// and by horizonStep+horizonSteepen above level horizonKnee: a ply buys
// less the deeper the search, and full strength looks 13 to 20 plies deep
// at 10 s a game. horizonNodes caps the search of every level up to
// capKnee and doubles with each level above it: the horizons of levels
// 16-19 (10.5-13.2 plies) cost more than 250,000 nodes in a third to two
// thirds of the positions, where a single cap ended their searches short of
// the horizon and made them one level (docs/levels.md, TestLevelDepth).
const (
	horizonStep    = 0.4
	horizonSteepen = 0.5
	horizonKnee    = 9
	horizonNodes   = 250000
	capKnee        = 15
)

// ParamsOf returns the parameters of a level from MinLevel to MaxLevel-1;
// MaxLevel has none (it is the plain engine). The numbers are chosen in
// docs/levels.md: a horizon that grows from 1 to 13.2 plies, a temperature
// that falls by 0.78 a level, fewer lines as the level rises.
func ParamsOf(level int) (Params, error) {
	if level < MinLevel || level >= MaxLevel {
		return Params{}, fmt.Errorf("skill level %d has no parameters (levels %d to %d; %d is full strength)", level, MinLevel, MaxLevel-1, MaxLevel)
	}
	i := float64(level - 1)
	p := Params{
		Temperature: 150 * math.Pow(0.78, i),
		Book:        level > 10,
		Think:       500*time.Millisecond + time.Duration(level)*350*time.Millisecond,
		Horizon:     1 + horizonStep*i + horizonSteepen*float64(max(0, level-horizonKnee)),
		Nodes:       horizonNodes << max(0, level-capKnee),
	}
	switch {
	case level <= 6:
		p.Lines = 6
	case level <= 12:
		p.Lines = 4
	case level <= 16:
		p.Lines = 3
	default:
		p.Lines = 2
	}
	p.Margin = max(10, int(math.Round(4*p.Temperature)))
	return p, nil
}

// CheckLevel says whether level is one of the levels.
func CheckLevel(level int) error {
	if level < MinLevel || level > MaxLevel {
		return fmt.Errorf("skill must be an integer from %d to %d, not %d", MinLevel, MaxLevel, level)
	}
	return nil
}
