package engine

import (
	"damka/board"
	"damka/egdb"
)

// Endgame draw clocks in the search: a thin adapter over board.DrawClock
// (board/drawclock.go), which holds the rules (docs/variants.md 7.1.3-4,
// 7.2.4, 7.2.6-8), the restart semantics and the 7.2.7 reading. Each frame
// carries the clock of its position; a position whose clock has run out is
// a draw unless the side to move has no legal move, so a win on the last
// allowed ply is still a win (search.go checks the moves first).

// rootClock sets the clock of the root frame from the game history: the
// clock is taken as starting in the oldest history position, so without
// history it starts at the root, which gives the strong side the most time
// the rules could allow.
func (t *thread) rootClock(f *frame, root *board.Position, history []board.Position) {
	f.clock = t.v.DrawClockAfter(history, root)
}

// stepClock sets the clock of c, reached from f by move m. Only a capture
// or a promotion changes the material. Without a king on the board no clock
// can start (every rule counts from a king), so while none runs the child
// has none either: the two callers in search.go test that common case
// themselves (f.clock zero and no king in c), since a function holding the
// test and this call is over the inlining budget, and call stepClock only
// when a clock may run.
func (t *thread) stepClock(f, c *frame, m board.Move) {
	c.clock = t.v.NextDrawClock(f.clock, &c.pos, m.Captured != 0 || m.Promote)
}

// clockDraw reports a draw by an endgame clock at ply. The caller has
// checked that the side to move has a move.
func (t *thread) clockDraw(ply int) bool {
	return t.stack[ply].clock.Expired()
}

// tableFits reports whether a table result can be used at frame f. The
// tables ignore the clocks: under an active clock a draw stays a draw, and
// a win or loss is used only when its stored distance ends the game before
// the clock runs out. (Not exact: a capture by the lone king on the way
// could start a shorter clock, the lone king could leave the main road and
// stop the 7.2.7 one; the table line does not know of it.)
func tableFits(r egdb.Result, f *frame) bool {
	if f.clock.Endgame() == board.NoEndgame || r.Value == egdb.Draw {
		return true
	}
	return r.Dist >= 0 && r.Dist <= f.clock.Left()
}
