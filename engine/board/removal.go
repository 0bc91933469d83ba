package board

// The removal generator (Variant.RemoveAtOnce): captured pieces leave the
// board at each jump, so a square can be crossed again and a piece behind a
// taken one can be reached. It serves Turkish draughts, on the Full board
// with orthogonal directions, and Thai draughts, on the ghost-square board
// with diagonal ones: four directions from a dirTable, opposite directions
// summing to 3 in both. Its capture walk is generated from capGen's
// template (capture_walk.go), with the pieces taken off the board.
//
// What it supports, because these two variants need it and nothing else
// does: men that do not capture backwards (Turkish men move and capture
// forwards and sideways, Thai men forwards), flying kings that land
// anywhere behind the piece or right behind it (KingLandsBehind), the
// majority rule or free choice, no 180-degree turn between two jumps
// (NoReversal), and a man crowned only where its move ends. register
// checks a variant's rules against this list.

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
	t := v.dirs
	us := p.Side & 1
	own := p.Pieces[us]
	empty := v.Geo.All &^ (own | p.Pieces[us^1])
	men := own &^ p.Kings
	promo := v.Geo.Promotion[us]
	dirs := v.removalManDirs(us)
	for d := 0; d < 4; d++ {
		if dirs&(1<<d) == 0 {
			continue
		}
		for x := t.next(men, d) & empty; x != 0; x &= x - 1 {
			to := x.First()
			ml.add(Move{From: to - Square(t.step[d]), To: to, Promote: promo.Has(to)})
		}
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
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
	t := v.dirs
	us := p.Side & 1
	own := p.Pieces[us]
	empty := v.Geo.All &^ (own | p.Pieces[us^1])
	men, kings := own&^p.Kings, own&p.Kings
	dirs := v.removalManDirs(us)
	n := 0
	for d := 0; d < 4; d++ {
		if dirs&(1<<d) != 0 {
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
	own := p.Pieces[us]
	var rg removalGen
	rg.ml, rg.sink, rg.dt = ml, sink, v.dirs
	rg.opp, rg.promo = p.Pieces[us^1], g.Promotion[us]
	rg.start, rg.keep = ml.N, keep
	rg.majority = v.Capture == Majority
	rg.behind, rg.noTurn = v.KingLandsBehind, v.NoReversal
	rg.manDirs = v.removalManDirs(us)
	if sink != nil {
		rg.path = new([maxPath]Square)
	}
	rg.routes(own&^p.Kings, own&p.Kings, g.All&^(own|rg.opp))
}

// add records a complete capture of n pieces ending on to.
func (rg *removalGen) add(to, captured Bitboard, n int, promote bool) {
	rg.record(rg.majority, n, to, captured, n, promote)
}
