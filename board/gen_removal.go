package board

// The removal generator (Variant.RemoveAtOnce): captured pieces leave the
// board at each jump, so a square can be crossed again and a piece behind a
// taken one can be reached. It serves Turkish draughts, on the Full board
// with orthogonal directions, and Thai draughts, on the ghost-square board
// with diagonal ones: four directions from a dirTable, opposite directions
// summing to 3 in both. Its capture walk is generated from capGen's
// template (capture_walk.go), with the pieces taken off the board.
//
// What it supports, because these variants need it and nothing else
// does: men that do not capture backwards (Turkish men move and capture
// forwards and sideways, Thai men forwards), flying kings that land
// anywhere behind the piece or right behind it (KingLandsBehind), the
// majority rule or free choice, no 180-degree turn between two jumps
// (NoReversal), a man crowned only where its move ends, and on the Full
// board quiet steps along the diagonals too (DiagonalSteps, Armenian
// tama: men diagonally forwards, kings any distance; captures stay
// orthogonal). register checks a variant's rules against this list.

// removalGen walks the capture routes of one position.
type removalGen struct {
	routeList
	dt       *dirTable
	opp      Bitboard // opponent pieces at the start of the move
	empty    Bitboard // empty squares at the start, origin included
	promo    Bitboard // the mover's promotion row
	manDirs  uint8
	majority bool
	behind   bool // KingLandsBehind
	noTurn   bool // NoReversal
}

// removalManDirs returns the directions (bit i for direction i) in which
// the men of c move and capture: forwards, and on a Full board sideways.
func (v *Variant) removalManDirs(c Color) uint8 {
	if v.Geo.Full {
		if c == White {
			return 1<<0 | 1<<1 | 1<<2 // up, left, right
		}
		return 1<<3 | 1<<1 | 1<<2 // down, left, right
	}
	f1, f2 := forward(c)
	return 1<<f1 | 1<<f2
}

// removalCapturers reports whether the side to move of p can capture.
func (v *Variant) removalCapturers(p *Position) bool {
	return v.tableCapturers(p, 4, v.removalManDirs(p.Side&1))
}

// removalGenerate is generate for the removal rules.
func (v *Variant) removalGenerate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	ml.N = 0
	if v.removalCapturers(p) {
		v.removalCaptures(p, ml, keep, sink)
		return
	}
	us := p.Side & 1
	own := p.pieces[us]
	empty := v.Geo.All &^ (own | p.pieces[us^1])
	men, kings := own&^p.kings, own&p.kings
	promo := v.Geo.Promotion[us]
	v.dirs.addSteps(ml, men, kings, empty, promo, v.removalManDirs(us))
	if v.diag != nil {
		// Forwards only: diagonal 0 and 1 are White's, as up is.
		v.diag.addSteps(ml, men, kings, empty, promo, diagForward(us))
	}
}

// diagForward returns the diagonals (bit i for direction i of
// diagonalOffsets) in which the men of c step with DiagonalSteps.
func diagForward(c Color) uint8 {
	if c == White {
		return 1<<0 | 1<<1
	}
	return 1<<2 | 1<<3
}

// addSteps appends the quiet moves along the four directions of t: a man
// of men one square in the directions manDirs, a king of kings over any
// number of empty squares in all four.
func (t *dirTable) addSteps(ml *MoveList, men, kings, empty, promo Bitboard, manDirs uint8) {
	for d := 0; d < 4; d++ {
		if manDirs&(1<<d) == 0 {
			continue
		}
		for x := t.next(men, d) & empty; x != 0; x &= x - 1 {
			to := x.First()
			ml.add(Move{From: to - Square(t.step[d]), To: to, Promote: promo.Has(to)})
		}
	}
	for k := kings; k != 0; k &= k - 1 {
		b := k & -k
		from := b.First()
		for d := 0; d < 4; d++ {
			for x := t.next(b, d) & empty; x != 0; x = t.next(x, d) & empty {
				ml.add(Move{From: from, To: x.First()})
			}
		}
	}
}

// removalCount is Count for the removal rules.
func (v *Variant) removalCount(p *Position, scratch *MoveList, keep bool) int {
	if v.removalCapturers(p) {
		scratch.N = 0
		v.removalCaptures(p, scratch, keep, nil)
		return scratch.N
	}
	us := p.Side & 1
	own := p.pieces[us]
	empty := v.Geo.All &^ (own | p.pieces[us^1])
	men, kings := own&^p.kings, own&p.kings
	n := v.dirs.countSteps(men, kings, empty, v.removalManDirs(us))
	if v.diag != nil {
		n += v.diag.countSteps(men, kings, empty, diagForward(us))
	}
	return n
}

// countSteps is the number of moves addSteps appends.
func (t *dirTable) countSteps(men, kings, empty Bitboard, manDirs uint8) int {
	n := 0
	for d := 0; d < 4; d++ {
		if manDirs&(1<<d) != 0 {
			n += (t.next(men, d) & empty).Count()
		}
		// Rays of different kings in one direction never overlap.
		x := t.next(kings, d) & empty
		reach := x
		for x != 0 {
			x = t.next(x, d) & empty
			reach |= x
		}
		n += reach.Count()
	}
	return n
}

// removalCaptures appends the legal captures of p, which has some.
func (v *Variant) removalCaptures(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	g := v.Geo
	us := p.Side & 1
	own := p.pieces[us]
	var rg removalGen
	rg.ml, rg.sink, rg.dt = ml, sink, v.dirs
	rg.opp, rg.promo = p.pieces[us^1], g.Promotion[us]
	rg.start, rg.keep = ml.N, keep
	rg.majority = v.Capture == Majority
	rg.behind, rg.noTurn = v.KingLandsBehind, v.NoReversal
	rg.manDirs = v.removalManDirs(us)
	if sink != nil {
		rg.path = new([maxPath]Square)
	}
	rg.routes(own&^p.kings, own&p.kings, g.All&^(own|rg.opp))
}

// add records a complete capture of n pieces ending on to.
func (rg *removalGen) add(to, captured Bitboard, n int, promote bool) {
	rg.record(rg.majority, n, to, captured, n, promote)
}

// canStep reports whether addSteps would append a move.
func (t *dirTable) canStep(men, kings, empty Bitboard, manDirs uint8) bool {
	for d := 0; d < 4; d++ {
		if manDirs&(1<<d) != 0 && t.next(men, d)&empty != 0 || t.next(kings, d)&empty != 0 {
			return true
		}
	}
	return false
}
