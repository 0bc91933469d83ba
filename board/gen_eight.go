package board

// The eight-direction generator (Variant.OrthogonalCaptures, Frisian
// draughts): men capture over an adjacent piece in every direction, kings
// fly in every direction; quiet moves stay diagonal. Its capture walk is
// capGen's (routes walked square set by square set, captured pieces left on
// the board until the move is complete so that they block and cannot be
// taken twice), generated from the same template (capture_walk.go) with the
// eight steps of a dirTable instead of bare rotations: a family of its own
// rather than more branches in capGen, so that the base variants' walk
// keeps its four fixed directions.

// eightGen walks the capture routes of one position.
type eightGen struct {
	routeList
	dt     *dirTable
	opp    Bitboard // opponent pieces
	kings  Bitboard // kings of both sides
	empty  Bitboard // empty squares, origin included
	promo  Bitboard // the mover's promotion row
	byKing int      // 1 while a king's routes are walked
	value  bool     // MostValue ranking (else FreeChoice)
}

// eightCapturers reports whether the side to move of p can capture.
func (v *Variant) eightCapturers(p *Position) bool {
	return v.tableCapturers(p, 8, 0xff)
}

// tableCapturers reports whether the side to move of p can capture in one
// of the first n directions of the variant's direction table; men only in
// the directions of manDirs (bit d for direction d). The eight-direction
// (Frisian) and removal (Turkish, Thai) generators share it.
func (v *Variant) tableCapturers(p *Position, n int, manDirs uint8) bool {
	t := v.dirs
	us := p.Side & 1
	own, opp := p.pieces[us], p.pieces[us^1]
	empty := v.Geo.All &^ (own | opp)
	men, kings := own&^p.kings, own&p.kings
	for d := 0; d < n; d++ {
		if manDirs&(1<<d) != 0 && t.next(t.next(men, d)&opp, d)&empty != 0 {
			return true
		}
		if kings == 0 {
			continue
		}
		// Slide all kings at once: the first piece met on each ray is a
		// target if the square behind it is empty.
		x := t.next(kings, d)
		reach := x
		for e := x & empty; e != 0; e = x & empty {
			x = t.next(e, d)
			reach |= x
		}
		if t.next(reach&opp, d)&empty != 0 {
			return true
		}
	}
	return false
}

// eightGenerate is generate for the eight-direction rules.
func (v *Variant) eightGenerate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	ml.N = 0
	if v.eightCapturers(p) {
		v.eightCaptures(p, ml, keep, sink)
		return
	}
	v.quiets(p, ml)
	if b := p.Blocked(p.Side); b != 0 {
		// The king has made its last allowed non-capturing move.
		from := b.First()
		n := 0
		for _, m := range ml.Slice() {
			if m.From != from {
				ml.Moves[n] = m
				n++
			}
		}
		ml.N = n
	}
}

// eightCount is Count for the eight-direction rules: the quiet moves are
// counted on bitboards, the captures generated into scratch.
func (v *Variant) eightCount(p *Position, scratch *MoveList, keep bool) int {
	if v.eightCapturers(p) {
		scratch.N = 0
		v.eightCaptures(p, scratch, keep, nil)
		return scratch.N
	}
	g := v.Geo
	us := p.Side & 1
	own := p.pieces[us]
	empty := g.All &^ (own | p.pieces[us^1])
	men := own &^ p.kings
	f1, f2 := forward(us)
	n := (rot(men, g.Step[f1]) & empty).Count() + (rot(men, g.Step[f2]) & empty).Count()
	kings := own & p.kings &^ p.Blocked(us)
	if kings == 0 {
		return n
	}
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		// Rays of different kings in one direction never overlap.
		x := rot(kings, d) & empty
		reach := x
		for x != 0 {
			x = rot(x, d) & empty
			reach |= x
		}
		n += reach.Count()
	}
	return n
}

// eightCaptures appends the legal captures of p, which has some.
func (v *Variant) eightCaptures(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	g := v.Geo
	us := p.Side & 1
	own := p.pieces[us]
	var eg eightGen
	eg.ml, eg.sink, eg.dt = ml, sink, v.dirs
	eg.opp, eg.kings, eg.promo = p.pieces[us^1], p.kings, g.Promotion[us]
	eg.start, eg.keep = ml.N, keep
	eg.value = v.Capture == MostValue
	if sink != nil {
		eg.path = new([maxPath]Square)
	}
	eg.routes(own&^p.kings, own&p.kings, g.All&^(own|eg.opp))
}

// add records a complete capture of n pieces ending on to. Under MostValue
// the rank is the value (man 100, king 199) and then whether a king
// captures; lower-ranked routes are dropped, a higher one drops the moves
// recorded before.
func (eg *eightGen) add(to, captured Bitboard, n int, promote bool) {
	k := popCount(captured & eg.kings)
	eg.record(eg.value, ((n-k)*100+k*199)<<1|eg.byKing, to, captured, n, promote)
}
