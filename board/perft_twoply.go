package board

// countTwoPlies counts the leaves two plies below p in bulk, for the most
// common kind of position in a perft tree: no kings, the side to move (X)
// has no capture, and neither would the opponent (Y) if it were to move.
// Then every child is a quiet man move f -> t of X, and Y's moves in the
// child differ from its moves in p only around f and t:
//
//   - Y's quiet moves: those of p, plus the steps into the vacated f, less
//     the steps into the now occupied t;
//   - Y's captures: only a jump over the new piece on t, or a jump that
//     lands on the vacated f, can exist (every other jump would exist in p).
//
// Both are decided for all moves of one direction at once with bitboards;
// the few children where Y can capture are counted one by one. ok is false
// (nothing counted) when p is not of this kind. Rule sets whose men cannot
// take kings are left out, since a man crowned on t changes what Y may take.
func (v *Variant) countTwoPlies(p *Position, scratch *MoveList, keep bool) (n uint64, ok bool) {
	if p.kings != 0 || v.MenSpareKings {
		return 0, false
	}
	g := v.Geo
	x := p.Side & 1
	y := x ^ 1
	xm, ym := p.pieces[x], p.pieces[y]
	empty := g.All &^ (xm | ym)
	s := &g.Step
	// X must have no capture, and Y none in p either.
	if j0, j1, j2, j3 := v.jumpers(x, ym, xm, empty); j0|j1|j2|j3 != 0 {
		return 0, false
	}
	if j0, j1, j2, j3 := v.jumpers(y, xm, ym, empty); j0|j1|j2|j3 != 0 {
		return 0, false
	}
	yDirs := v.manDirs(y)
	yf1, yf2 := forward(y)
	ys1, ys2 := s[yf1], s[yf2]
	quietY := uint64((rot(ym, ys1) & empty).Count() + (rot(ym, ys2) & empty).Count())
	xf1, xf2 := forward(x)
	for _, e := range [2]int{xf1, xf2} {
		de := s[e]
		movers := rot(empty, -de) & xm // X men that step in direction e
		if movers == 0 {
			continue
		}
		targets := rot(movers, de)
		// Children where Y can capture, as sets of origins (bad) built from
		// the targets (badT) and the origins directly.
		var badT, bad Bitboard
		for d := 0; d < 4; d++ {
			if yDirs&(1<<d) == 0 {
				continue
			}
			dd := s[d]
			if d == 3-e {
				// Jumping t in direction d lands on f, which is empty; and
				// landing on f in direction d jumps t, which is X's.
				badT |= targets & rot(ym, dd)
				bad |= movers & rot(ym, 2*dd)
				continue
			}
			badT |= targets & rot(ym, dd) & rot(empty, -dd)
			bad |= movers & rot(ym, 2*dd) & rot(xm, dd)
		}
		bad |= rot(badT, -de)
		good := movers &^ bad
		gt := rot(good, de)
		n += uint64(good.Count())*quietY +
			uint64((good&rot(ym, ys1)).Count()+(good&rot(ym, ys2)).Count()) -
			uint64((gt&rot(ym, ys1)).Count()+(gt&rot(ym, ys2)).Count())
		for ; bad != 0; bad &= bad - 1 {
			from := bad & -bad
			to := rot(from, de)
			var kings Bitboard
			if to&g.Promotion[x] != 0 {
				kings = to
			}
			n += uint64(v.countBoard(y, ym, xm&^from|to, kings, scratch, keep))
		}
	}
	return n, true
}
