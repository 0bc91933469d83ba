package engine

import "damka/board"

// ruleWindow: within this many plies of the king-moves limit the remaining
// plies are folded into the table key, because the same board is then
// worth a draw or not depending on the counter.
const ruleWindow = 24

// play makes move m of the position at ply into the frame of ply+1: the
// position, its keys, its counters.
func (t *thread) play(ply int, m board.Move) {
	f := &t.stack[ply]
	c := &t.stack[ply+1]
	t.step(t, ply, m)
	c.rev = f.nextRev(f.pos.Reversible(m))
	if f.endgame == (board.EndgameCounter{}) && !c.pos.HasKing() {
		c.endgame = board.EndgameCounter{} // see stepEndgame
	} else {
		t.stepEndgame(f, c, m)
	}
	k := c.key ^ runKey(&c.pos)
	t.keys[t.hist+ply+1] = k
	c.ttKey = t.tableKey(c, k)
}

// nextRev is the child's count of plies since the last irreversible move,
// after a move that is reversible or not.
func (f *frame) nextRev(reversible bool) int {
	if reversible {
		return f.rev + 1
	}
	return 0
}

// repetition reports whether the position at ply already occurred on the
// search path or in the game history. Only the last rev positions can be
// equal to it, and only those with the same side to move; four plies is the
// shortest cycle.
func (t *thread) repetition(ply int) bool {
	f := &t.stack[ply]
	i := t.hist + ply
	key := t.keys[i] // includes the Frisian king-run state
	for back := 4; back <= f.rev && back <= i; back += 2 {
		if t.keys[i-back] == key {
			return true
		}
	}
	return false
}

// ruleDraw reports a draw by the king-moves counter at ply. The caller has
// checked that the side to move has a move: a win on the last allowed move
// is still a win.
func (t *thread) ruleDraw(ply int) bool {
	lim := t.v.Draw.KingMovesLimit
	return lim > 0 && t.stack[ply].rev >= lim
}

// ttKey is the table key at ply: the Zobrist key, with the plies left on the
// king-moves counter folded in when they are few enough to matter, and the
// plies left on an active endgame counter always (endgameKey).
func (t *thread) ttKey(ply int) uint64 {
	f := &t.stack[ply]
	return t.tableKey(f, f.key^runKey(&f.pos))
}

// tableKey is ttKey of frame f from its key with the king-run state.
func (t *thread) tableKey(f *frame, key uint64) uint64 {
	if f.endgame.Endgame() != board.NoEndgame {
		key ^= endgameKey(&f.endgame)
	}
	if lim := t.v.Draw.KingMovesLimit; lim > 0 {
		if left := lim - f.rev; left < ruleWindow {
			return key ^ zobrist.rule[max(left, 0)]
		}
	}
	return key
}

// noMoves is an always-empty move list: given to Outcome it says "no legal
// move", so that the variant decides what that means.
var noMoves board.MoveList

// terminal is the score at ply of a finished game: the side to move has no
// legal move or, in breakthrough, a king stands on the board. The variant's
// goal decides who has won (board.Variant.Outcome): normally the side
// without a move has lost, in giveaway it has won.
func (t *thread) terminal(ply int) int {
	if _, win := t.v.Outcome(&t.stack[ply].pos, &noMoves); win {
		return WinScore - ply
	}
	return -(WinScore - ply)
}

// crowned reports a breakthrough game that the last move has ended.
func (t *thread) crowned(ply int) bool {
	return t.v.Goal == board.Breakthrough && t.stack[ply].pos.HasKing()
}
