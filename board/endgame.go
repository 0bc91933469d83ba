package board

import "math"

// Endgame draw rules and their counters (docs/variants.md 7.1.3-4, 7.2.4,
// 7.2.6-8): in some endings the side ahead has a fixed number of plies to
// win. This file is the one implementation of them; the search
// (engine/endgame.go) and every follower of a Game step an EndgameCounter.
// They count plies, not time: a clock in damka is a player's thinking time.
//
//   - FMJD (International): a lone king against exactly 3 pieces with at
//     least one king (3K, 2K+M, K+2M) is drawn after 32 plies (16-move
//     rule); against 1-2 pieces with at least one king (2K, K+M, K) after
//     10 plies (5-move rule).
//   - IDF (Russian, Brazilian): a lone king against 3 or more kings, with or
//     without men beside them, after 30 plies (7.2.4: the rule counts
//     kings and says nothing of men); against 2K, K+M or K after 10 (7.2.8);
//     otherwise, with kings on both sides, a 4-5 piece ending after 60
//     plies and a 6-7 piece ending after 120 without a change of the
//     balance (7.2.6); and, on top of these, the main-road counter of 7.2.7
//     (below).
//
// A counter starts at 0 in the position that the capture or promotion
// creating its configuration produced, and counts one per ply after it. A
// lone-king counter (16-, 5-move, 7.2.4, 7.2.8) goes on, without restarting,
// across captures and promotions that keep the position in the same rule
// (a promotion K+2M -> 2K+M, a lone king's capture that leaves it against
// 3 kings from 4); a 7.2.6 counter restarts at every capture and promotion,
// since the rule counts from the last change of the balance. A move into
// another rule (the 16-move configuration into the 5-move one) starts the
// new counter at 0, and a move out of every rule stops the counter. A
// position whose counter has reached its limit is a draw, unless the side to move has
// no legal move: a win on the last allowed ply is still a win (the callers
// check that first).
//
// Russian 7.2.7 (3K, 2K+M or K+2M against a lone king on the main road
// a1-h8: drawn if the strong side has not won by its 5th move) is loosely
// worded and its counting open in the reference. damka's reading: it is a
// property of the position, counted in plies like the others. The road
// counter starts at 0 in the first position of the 7.2.7 configuration with
// the lone king on the road (however it arose: a capture, a promotion, or
// the lone king stepping onto the road), counts one per ply while every
// position keeps that configuration with the lone king on the road
// (promotions among the 3 pieces included), and stops when the lone king
// leaves the road or the material leaves the configuration; coming back
// starts it at 0 again. At 10 plies (5 moves of each side) the game is
// drawn. It runs beside the material counter (7.2.4 for 3K, 7.2.6 for 2K+M
// and K+2M), which goes on untouched when the road counter stops.
// (lidraughts counts the lone king's moves on the long diagonal, which
// comes to the same while the king stays there.)

// EndgameRules names a set of endgame draw counters (DrawRules.Endgames).
type EndgameRules uint8

const (
	NoEndgameRules EndgameRules = iota
	FMJDEndgames                // International: 16- and 5-move rules (7.1)
	IDFEndgames                 // Russian, Brazilian: 7.2.4, 7.2.6, 7.2.7, 7.2.8
)

// Endgame is the rule whose counter a position's material puts it under.
type Endgame uint8

const (
	NoEndgame    Endgame = iota
	LoneVs3              // FMJD 16-move rule: lone king v exactly 3 pieces with a king
	LoneVs2              // FMJD 5-move rule, IDF 7.2.8: lone king v 1-2 pieces with a king
	LoneVs3Kings         // IDF 7.2.4: lone king v 3 or more kings
	Balance45            // IDF 7.2.6: kings on both sides, 4-5 pieces
	Balance67            // IDF 7.2.6: kings on both sides, 6-7 pieces
)

// RoadLimit is the 7.2.7 limit in plies.
const RoadLimit = 10

// endgameLimit is the limit in plies of each rule; none never ends.
var endgameLimit = [...]int32{NoEndgame: math.MaxInt32, LoneVs3: 32, LoneVs2: 10, LoneVs3Kings: 30, Balance45: 60, Balance67: 120}

var endgameText = [...]string{
	LoneVs3:      "16-move rule (lone king v three pieces)",
	LoneVs2:      "5-move rule (lone king v one or two pieces)",
	LoneVs3Kings: "15-move rule (three or more kings v lone king)",
	Balance45:    "30-move rule (4-5 piece ending with kings, balance unchanged)",
	Balance67:    "60-move rule (6-7 piece ending with kings, balance unchanged)",
}

const roadText = "5-move rule (lone king on the main road v three pieces)"

// Limit is the rule's limit in plies (math.MaxInt32 for NoEndgame).
func (e Endgame) Limit() int { return int(endgameLimit[e]) }

// String describes the rule, as a game's termination would name it.
func (e Endgame) String() string {
	if e == NoEndgame {
		return "no endgame rule"
	}
	return endgameText[e]
}

// balance reports a 7.2.6 rule: its counter restarts at every capture and
// promotion.
func (e Endgame) balance() bool { return e == Balance45 || e == Balance67 }

// Endgame classifies p's material under v's endgame rules.
func (v *Variant) Endgame(p *Position) Endgame {
	rules := v.Draw.Endgames
	if rules == NoEndgameRules || p.kings == 0 {
		return NoEndgame // every rule counts from a king
	}
	w, b := p.pieces[White], p.pieces[Black]
	if e := lone(rules, p.kings, w, b); e != NoEndgame {
		return e
	}
	if e := lone(rules, p.kings, b, w); e != NoEndgame {
		return e
	}
	if rules == IDFEndgames && w&p.kings != 0 && b&p.kings != 0 {
		switch (w | b).Count() {
		case 4, 5:
			return Balance45
		case 6, 7:
			return Balance67
		}
	}
	return NoEndgame
}

// lone is the rule when weak is a lone king against strong.
func lone(rules EndgameRules, kings, weak, strong Bitboard) Endgame {
	if weak.Count() != 1 || weak&kings == 0 || strong&kings == 0 {
		return NoEndgame
	}
	n := strong.Count()
	switch {
	case rules == IDFEndgames && (strong&kings).Count() >= 3:
		return LoneVs3Kings
	case n <= 2:
		return LoneVs2
	case rules == FMJDEndgames && n == 3:
		return LoneVs3
	}
	return NoEndgame
}

// onRoad reports the configuration of Russian 7.2.7: a lone king on the
// main road against exactly 3 pieces with at least one king. (Always
// inside an IDF material rule: 7.2.4 for 3K, 7.2.6 for the others.)
func (v *Variant) onRoad(p *Position) bool {
	if v.Draw.Endgames != IDFEndgames || p.kings == 0 {
		return false
	}
	for c := White; c <= Black; c++ {
		weak, strong := p.pieces[c], p.pieces[c^1]
		if weak.Count() == 1 && weak&p.kings&v.Geo.MainRoad != 0 && strong.Count() == 3 && strong&p.kings != 0 {
			return true
		}
	}
	return false
}

// EndgameCounter is the endgame draw counter of a position in a game: the
// rule, the plies since its counter started, and the 7.2.7 road counter.
// The zero value is no counter. It is a small value without pointers; the
// search keeps one per ply.
type EndgameCounter struct {
	plies int32   // plies since the material counter started
	road  int32   // 7.2.7: plies on the road + 1; 0: not on the road
	e     Endgame // the material rule; NoEndgame: no counter runs
}

// NewEndgameCounter is the counter of p taken as the position in which its
// configuration arose (no earlier history): every counter that applies
// starts at 0 in p.
func (v *Variant) NewEndgameCounter(p *Position) EndgameCounter {
	c := EndgameCounter{e: v.Endgame(p)}
	if v.onRoad(p) {
		c.road = 1
	}
	return c
}

// NextEndgameCounter is the counter after a move that led to q; material
// tells whether the move captured or promoted (Move.Captured != 0 || Move.Promote;
// between two positions of a history, MaterialChanged). It does not
// allocate and, outside the endgames, a quiet move costs one inlined test.
func (v *Variant) NextEndgameCounter(c EndgameCounter, q *Position, material bool) EndgameCounter {
	if !material && c.e == NoEndgame {
		// The material is that of the last position: no rule, and so no
		// 7.2.7 configuration either.
		return c
	}
	return v.stepEndgameCounter(c, q, material)
}

func (v *Variant) stepEndgameCounter(c EndgameCounter, q *Position, material bool) EndgameCounter {
	if !material {
		c.plies++
	} else {
		e := v.Endgame(q)
		if e == c.e && e != NoEndgame && !e.balance() {
			c.plies++
		} else {
			c.plies = 0
		}
		c.e = e
	}
	if v.onRoad(q) {
		c.road++
	} else {
		c.road = 0
	}
	return c
}

// EndgameCounterAfter is the counter of p, reached after the positions of
// history (oldest first): the counter is taken as starting in the oldest
// position, so that with a short history the strong side gets the most
// time the rules could allow.
func (v *Variant) EndgameCounterAfter(history []Position, p *Position) EndgameCounter {
	if v.Draw.Endgames == NoEndgameRules {
		return EndgameCounter{}
	}
	if len(history) == 0 {
		return v.NewEndgameCounter(p)
	}
	c := v.NewEndgameCounter(&history[0])
	for i := 1; i <= len(history); i++ {
		q := p
		if i < len(history) {
			q = &history[i]
		}
		c = v.NextEndgameCounter(c, q, MaterialChanged(&history[i-1], q))
	}
	return c
}

// MaterialChanged reports whether a capture or a promotion led from a to b:
// the number of pieces or of kings differs (on every board: Canadian's
// squares above the word count too).
func MaterialChanged(a, b *Position) bool {
	if a.wide {
		return a.PieceCount(White)+a.PieceCount(Black) != b.PieceCount(White)+b.PieceCount(Black) ||
			a.KingCount(White)+a.KingCount(Black) != b.KingCount(White)+b.KingCount(Black)
	}
	return a.Occupied().Count() != b.Occupied().Count() || a.kings.Count() != b.kings.Count()
}

// Endgame is the material rule the counter runs for (NoEndgame: none).
func (c *EndgameCounter) Endgame() Endgame { return c.e }

// Plies is the count of the material counter (0 when none runs).
func (c *EndgameCounter) Plies() int { return int(c.plies) }

// RoadPlies is the count of the 7.2.7 counter, or -1 when it does not run.
func (c *EndgameCounter) RoadPlies() int { return int(c.road) - 1 }

// AtLimit reports that a counter has reached its limit: the position is a
// draw unless the side to move has no legal move.
func (c *EndgameCounter) AtLimit() bool {
	// No material rule (the common case) never ends.
	return c.e != NoEndgame && c.plies >= endgameLimit[c.e] || c.road > RoadLimit
}

// Left is the number of plies before the first counter reaches its limit (0
// when one has), or math.MaxInt32 when none runs.
func (c *EndgameCounter) Left() int {
	left := endgameLimit[c.e] - c.plies
	if c.road != 0 {
		left = min(left, RoadLimit+1-c.road)
	}
	return int(max(left, 0))
}

// Reason names the rule whose counter has reached its limit, or "" if none.
// The road counter, the more specific rule, is named first.
func (c *EndgameCounter) Reason() string {
	switch {
	case c.road > RoadLimit:
		return roadText
	case c.plies >= endgameLimit[c.e]:
		return c.e.String()
	}
	return ""
}
