package engine

import (
	"damka/egdb"
	"damka/engine/board"
)

// Endgame draw clocks (variants.md 7.1.3-4 and 7.2.4, 7.2.8): once one side
// is down to a lone king against a few pieces with a king, the strong side
// has a fixed number of plies to win.
//
//   - International: a lone king against exactly 3 pieces with at least one
//     king (3K, 2K+M, K+2M) is drawn after 32 more plies (16-move rule);
//     against 1-2 pieces with at least one king (2K, K+M, K) after 10 more
//     plies (5-move rule).
//   - Russian and Brazilian: a lone king against 3 or more kings (and no
//     men) is drawn after 30 plies (7.2.4); against 2K, K+M or K after 10
//     (7.2.8). Rule 7.2.7 (lone king on the main road) is open in the
//     reference and not applied.
//
// A clock starts at 0 in the position that the capture or promotion
// creating the configuration produced, and counts one per ply after it. It
// goes on, without restarting, across moves that keep the configuration in
// the same category (a promotion K+2M -> 2K+M, a lone king's capture that
// leaves it against 3 kings from 4); a move into another category (the
// 16-move configuration into the 5-move one) starts the new clock at 0; a
// move out of every configuration stops it. A position whose clock has
// reached its limit is a draw, unless the side to move has no legal move: a
// win on the last allowed ply is still a win.

// clockRules are a variant's endgame clocks, in plies; zero values: none.
// The two limits differ, so a limit also names its category.
type clockRules struct {
	long     int  // lone king against 3 (International) or 3+ (Russian) pieces
	short    int  // lone king against 1-2 pieces with a king
	allKings bool // the long rule needs kings only and counts 3 or more (Russian); else exactly 3 pieces
}

// clockRulesFor maps the variants that have the rules (variants.md 7.1,
// 7.2); board.Variant has no field for them.
func clockRulesFor(v *board.Variant) clockRules {
	switch v.Name {
	case "international":
		return clockRules{long: 32, short: 10}
	case "russian", "brazilian":
		return clockRules{long: 30, short: 10, allKings: true}
	}
	return clockRules{}
}

// limit is the clock limit of p's configuration, or 0 when p is in none.
func (r *clockRules) limit(p *board.Position) int {
	if r.short == 0 {
		return 0
	}
	if l := r.lone(p, p.Pieces[board.White], p.Pieces[board.Black]); l != 0 {
		return l
	}
	return r.lone(p, p.Pieces[board.Black], p.Pieces[board.White])
}

// lone is the limit when weak is a lone king against strong.
func (r *clockRules) lone(p *board.Position, weak, strong board.Bitboard) int {
	if weak.Count() != 1 || weak&p.Kings == 0 || strong&p.Kings == 0 {
		return 0
	}
	switch n := strong.Count(); {
	case n <= 2:
		return r.short
	case r.allKings:
		if strong&^p.Kings == 0 {
			return r.long
		}
	case n == 3:
		return r.long
	}
	return 0
}

// rootClock sets the clock of the root frame from the game history: the
// root's configuration counts as having arisen in the oldest position of
// the unbroken run of history positions (ending at the root) that are in
// the same category. Without history the clock starts at the root, which
// gives the strong side the most time the rules could allow.
func (t *thread) rootClock(f *frame, root *board.Position, history []board.Position) {
	f.clock, f.clockLim = -1, 0
	lim := t.clocks.limit(root)
	if lim == 0 {
		return
	}
	n := 0
	for i := len(history) - 1; i >= 0 && t.clocks.limit(&history[i]) == lim; i-- {
		n++
	}
	f.clock, f.clockLim = n, lim
}

// stepClock sets the clock of c, reached from f by move m. Only a capture
// or a promotion changes the material, so a quiet move just counts.
func (t *thread) stepClock(f, c *frame, m board.Move) {
	if m.Captured == 0 && !m.Promote {
		c.clockLim = f.clockLim
		c.clock = f.clock
		if c.clock >= 0 {
			c.clock++
		}
		return
	}
	lim := t.clocks.limit(&c.pos)
	switch {
	case lim == 0:
		c.clock, c.clockLim = -1, 0
	case lim == f.clockLim:
		c.clock, c.clockLim = f.clock+1, lim
	default:
		c.clock, c.clockLim = 0, lim
	}
}

// clockDraw reports a draw by an endgame clock at ply. The caller has
// checked that the side to move has a move.
func (t *thread) clockDraw(ply int) bool {
	f := &t.stack[ply]
	return f.clock >= 0 && f.clock >= f.clockLim
}

// tableFits reports whether a table result can be used at frame f. The
// tables ignore the clocks: under an active clock a draw stays a draw, and
// a win or loss is used only when its stored distance ends the game before
// the clock runs out. (Not exact: a capture by the lone king on the way
// could start a shorter clock; the table line does not know of it.)
func tableFits(r egdb.Result, f *frame) bool {
	if f.clock < 0 || r.Value == egdb.Draw {
		return true
	}
	return r.Dist >= 0 && r.Dist <= f.clockLim-f.clock
}
