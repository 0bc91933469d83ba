package board

// The Stavropol generator (Variant.ForeignMoves, docs/variants.md 3.16): Russian
// rules, but the side to move may move one of the opponent's pieces instead
// of one of its own. The legal moves are the diagonal generator's moves of
// both colours: those of the side to move's pieces, and those of the
// opponent's pieces as their owner would make them, so a foreign man steps
// towards the side to move, is crowned on its owner's far row, and a
// foreign capture takes the side to move's pieces. If either colour can
// capture, only captures are legal, with free choice among all of them
// (open point 9: the sources give no priority between own and foreign
// captures, so none is made).
//
// The origin square tells whose piece moves, so Move is unchanged and every
// move is written from-to as in Russian draughts; PlayInto moves the piece
// of whichever colour stands on m.From and passes the turn as always.
//
// A side without pieces has lost (open point 9): the side to move without
// pieces of its own, even though it could move the opponent's; and the
// side that has just moved, when a forced foreign capture took its own last
// piece. Generate gives no moves once a side has no pieces, as Breakthrough
// does after the first king, so that the search's "no move" test needs
// nothing of its own; Outcome names the winner. With pieces on both sides
// and no legal move at all, the side to move has lost.

// stavOver reports a finished Stavropol game: a side has no pieces.
func stavOver(p *Position) bool {
	return p.pieces[White] == 0 || p.pieces[Black] == 0
}

// stavGenerate is generate for the Stavropol rules: the side to move's
// moves, then the foreign ones.
func (v *Variant) stavGenerate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	ml.N = 0
	if stavOver(p) {
		return
	}
	q := *p // the opponent's pieces, moved as their owner would
	q.Side ^= 1
	own := v.captures(p, ml, keep, sink)
	foreign := v.captures(&q, ml, keep, sink)
	if own || foreign {
		return
	}
	v.quiets(p, ml)
	v.quiets(&q, ml)
}

// stavCount is Count for the Stavropol rules: countBoard counts a colour's
// captures if it has any and its quiet moves otherwise, so each colour is
// counted unless only the other can capture.
func (v *Variant) stavCount(p *Position, scratch *MoveList, keep bool) int {
	if stavOver(p) {
		return 0
	}
	us := p.Side & 1
	own, opp, kings := p.pieces[us], p.pieces[us^1], p.kings
	capUs, capThem := v.canCapture(us, own, opp, kings), v.canCapture(us^1, opp, own, kings)
	n := 0
	if capUs || !capThem {
		n += v.countBoard(us, own, opp, kings, scratch, keep)
	}
	if capThem || !capUs {
		n += v.countBoard(us^1, opp, own, kings, scratch, keep)
	}
	return n
}

// canCapture reports whether the pieces own of colour us can capture
// (diagonal generator).
func (v *Variant) canCapture(us Color, own, opp, allKings Bitboard) bool {
	j0, j1, j2, j3 := v.jumpers(us, opp, own&^allKings, v.Geo.All&^(own|opp))
	return j0|j1|j2|j3 != 0 || v.kingCapturers(us, own, opp, allKings) != 0
}

// stavHasCapture is HasCapture for the Stavropol rules: a piece of either
// colour can capture.
func (v *Variant) stavHasCapture(p *Position) bool {
	if stavOver(p) {
		return false
	}
	w, b := p.pieces[White], p.pieces[Black]
	return v.canCapture(White, w, b, p.kings) || v.canCapture(Black, b, w, p.kings)
}

// stavHasQuietMove is HasQuietMove for the Stavropol rules: a piece of
// either colour can step.
func (v *Variant) stavHasQuietMove(p *Position) bool {
	if stavOver(p) {
		return false
	}
	empty := v.Geo.All &^ p.Occupied()
	for c := White; c <= Black; c++ {
		if v.canStep(c, p.pieces[c]&^p.kings, p.pieces[c]&p.kings, empty) {
			return true
		}
	}
	return false
}
