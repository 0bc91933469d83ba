package engine

import "damka/board"

// Endgame draw counters in the search: a thin adapter over
// board.EndgameCounter (board/endgame.go), which holds the rules
// (docs/variants.md 7.1.3-4, 7.2.4, 7.2.6-8), the restart semantics and the
// 7.2.7 reading. Each frame carries the counter of its position; a position
// whose counter has reached its limit is a draw unless the side to move has
// no legal move, so a win on the last allowed ply is still a win (search.go
// checks the moves first).

// stepEndgame sets the counter of c, reached from f by move m. Only a
// capture or a promotion changes the material. Without a king on the board
// no counter can start (every rule counts from a king), so while none runs
// the child has none either: the two callers in search.go test that common
// case themselves (f.endgame zero and no king in c), since a function
// holding the test and this call is over the inlining budget, and call
// stepEndgame only when a counter may run.
func (t *thread) stepEndgame(f, c *frame, m board.Move) {
	c.endgame = t.v.NextEndgameCounter(f.endgame, &c.pos, m.Captured != 0 || m.Promote)
}

// endgameDraw reports a draw by an endgame counter at ply. The caller has
// checked that the side to move has a move.
func (t *thread) endgameDraw(ply int) bool {
	return t.stack[ply].endgame.AtLimit()
}
