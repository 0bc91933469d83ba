package engine

import "damka/board"

// A stepper plays move m of the position at ply into the frame of ply+1:
// the child's position, its key and the part of its evaluation that the
// variant's extra state adds. The search picks its two steppers once per
// search (useVariant), so that the tree walk tests no variant: most
// variants fit one word (stepWord); Canadian's board spans two (stepWide),
// and Bashni's captured pieces stay in towers under the tops, which the
// thread keeps beside its stack (stepColumns).
type stepper func(t *thread, ply int, m board.Move)

// steppers returns the full step of v (play) and the quiescence's capture
// step, which needs no key: a capture cannot repeat a position.
func steppers(v *board.Variant) (step, capture stepper) {
	switch {
	case v.Columns:
		return stepColumns, stepColumns
	case v.Geo.Wide:
		return stepWide, stepBoard
	}
	return stepWord, stepBoard
}

func stepWord(t *thread, ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	f.pos.PlayInto(m, &c.pos)
	c.key = hashMove(f.key, &f.pos, m)
}

func stepWide(t *thread, ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	f.pos.PlayInto(m, &c.pos)
	c.key = hashMoveWide(f.key, &f.pos, m)
}

// stepBoard plays the move on the board alone, leaving the key stale.
func stepBoard(t *thread, ply int, m board.Move) {
	t.stack[ply].pos.PlayInto(m, &t.stack[ply+1].pos)
}

// stepColumns plays m on the position and the towers at ply, hashes the
// child from scratch (a capture moves pieces between towers) and sets the
// towers' part of its evaluation.
func stepColumns(t *thread, ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	tw := &t.towers[ply+1]
	t.v.SearchStepTowers(&f.pos, &t.towers[ply], m, &c.pos, tw)
	c.key = hashPosition(&c.pos) ^ hashTowers(&c.pos, tw)
	c.extra = t.hand.Towers(t.v, &c.pos, tw)
}
