package board

// The capture walks (man, king, kingCanCapture) of capGen, capGen128,
// eightGen and removalGen are written once, in internal/walkgen/walk.tmpl,
// and generated per family into capture_walk.go.
//go:generate go run ./internal/walkgen -o capture_walk.go

// maxPath bounds the squares of one capture route (origin plus one landing
// square per captured piece).
const maxPath = 40

// MaxRoute is the most squares a capture route has (maxPath): a move text
// naming more squares names no move.
const MaxRoute = maxPath

// capGen walks the capture routes of one position. Captured pieces stay on
// the board until the move is complete: they are never empty, so they block
// the king's line and cannot be jumped twice. The moving piece's origin is
// empty during the move.
type capGen struct {
	routeList
	v         *Variant // for the rules read off the common path
	opp       Bitboard // opponent pieces
	prey      Bitboard // opponent pieces men may take (opp less kings in Italian)
	kings     Bitboard // kings of both sides
	empty     Bitboard // empty squares, origin included
	promo     Bitboard // the mover's promotion row
	step      *[4]int
	manDirs   uint8 // bit i set: men capture in direction i
	order     int   // ItalianOrder: bit 23 for a king's route, bit 15-k if the k-th piece taken is a king
	rank      uint8 // how routes are ranked: captureRank of the capture rule
	flying    bool
	promotion PromotionRule
}

// routeList is what every capture generator (capGen, eightGen, removalGen)
// keeps while it walks routes: the list being filled, the rank of the best
// route so far, and the optional route sink of Paths.
type routeList struct {
	ml    *MoveList
	sink  func(Move, []Square) // optional: receives every route
	path  *[maxPath]Square     // the route so far, kept only for sink
	from  Square
	start int // index of the first capture in ml
	best  int // rank of the best recorded route
	keep  bool
	// geo, set for Bashni only, makes record compute each move's capture
	// order (Move.Order) from its route.
	geo *Geometry
}

// setPath records the n-th square of the current route when routes are
// wanted.
func (r *routeList) setPath(n int, b Bitboard) {
	if r.path != nil && n < maxPath {
		r.path[n] = b.First()
	}
}

// record adds the capture of n pieces ending on to. With ranked, key is the
// route's rank: lower-ranked routes are dropped and a higher one drops the
// moves recorded before. Routes with the same from, to and captured set are
// one move unless keep.
func (r *routeList) record(ranked bool, key int, to, captured Bitboard, n int, promote bool) {
	if ranked {
		if key < r.best {
			return
		}
		if key > r.best {
			r.best = key
			r.ml.N = r.start
		}
	}
	m := Move{From: r.from, To: to.First(), Captured: captured, Promote: promote}
	if r.path != nil && n < maxPath {
		r.path[n] = m.To
		if r.geo != nil {
			m.Order = routeOrder(r.geo, r.path[:n+1], captured)
		}
		if r.sink != nil {
			// A copy for the sink, which may keep it: the route itself may
			// live in the generator's frame.
			r.sink(m, append([]Square(nil), r.path[:n+1]...))
		}
	}
	if !r.keep && n >= 2 {
		for j := r.start; j < r.ml.N; j++ {
			if r.ml.Moves[j] == m {
				return
			}
		}
	}
	r.ml.add(m)
}

// captures appends the legal captures of p to ml and reports whether that
// completes the generation: there were captures (or, Italian, only men
// jumping kings, and the quiet moves were generated instead), or the game is
// over (Breakthrough).
func (v *Variant) captures(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) bool {
	us := p.Side & 1
	own, opp := p.pieces[us], p.pieces[us^1]
	empty := v.Geo.All &^ (own | opp)
	j0, j1, j2, j3 := v.jumpers(us, opp, own&^p.kings, empty)
	var kings Bitboard
	if p.kings != 0 {
		if v.Goal == Breakthrough {
			return true // the game ended with the first king: no moves
		}
		if own&p.kings != 0 {
			kings = v.kingCapturers(us, own, opp, p.kings)
		}
	}
	if j0|j1|j2|j3|kings == 0 {
		return false
	}
	j := [4]Bitboard{j0, j1, j2, j3}
	if kings == 0 && sink == nil && v.singleJumps(us, opp, p.kings, empty, j0, j1, j2, j3) {
		v.addSingleJumps(p, &j, ml)
		return true
	}
	if opp&p.kings != 0 && v.MenSpareKings {
		v.spareKingsRoutes(p, &j, kings, ml, keep, sink)
		return true
	}
	v.captureRoutes(p, &j, kings, opp, ml, keep, sink)
	return true
}

// singleJumps reports the most common case, decided in one pass over the
// bitboards: only men capture (jN holds the men that jump in direction N)
// and no capture can take a second piece. Then every (man, direction) pair
// is one move.
//
// With enemy kings on the board, men that may not take them (Italian) or a
// rule that counts the kings taken (Spanish) make single jumps unequal: then
// it answers no, and captureRoutes sorts them out (falling back to the quiet
// moves when the only "captures" were men jumping kings).
func (v *Variant) singleJumps(us Color, opp, allKings, empty, j0, j1, j2, j3 Bitboard) bool {
	if opp&allKings != 0 && v.kingsMatterToMen() {
		return false
	}
	g := v.Geo
	s := &g.Step
	l0, l1, l2, l3 := rot(j0, 2*s[0]), rot(j1, 2*s[1]), rot(j2, 2*s[2]), rot(j3, 2*s[3])
	if v.Promotion == ContinueAsKing && (l0|l1|l2|l3)&g.Promotion[us] != 0 {
		return false
	}
	// The captured piece lies behind the landing square and the origin two
	// steps behind, so in every other direction the board around the
	// landing square is as before the move: a second jump in direction e is
	// possible from the landings of every direction but the opposite one.
	back := v.ManBackward
	if (back || us == White) &&
		(rot(rot(l0|l1|l2, s[0])&opp, s[0])|rot(rot(l0|l1|l3, s[1])&opp, s[1]))&empty != 0 {
		return false
	}
	if (back || us == Black) &&
		(rot(rot(l0|l2|l3, s[2])&opp, s[2])|rot(rot(l1|l2|l3, s[3])&opp, s[3]))&empty != 0 {
		return false
	}
	return true
}

// addSingleJumps appends the moves of the single-jump case.
func (v *Variant) addSingleJumps(p *Position, jumpers *[4]Bitboard, ml *MoveList) {
	g := v.Geo
	promo := g.Promotion[p.Side&1]
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		for j := jumpers[i]; j != 0; j &= j - 1 {
			from := j.First()
			to := from + Square(2*d)
			ml.add(Move{From: from, To: to, Captured: rot(j&-j, d), Promote: promo.Has(to)})
		}
	}
}

// spareKingsRoutes is captureRoutes for men that may not take kings, with
// kings on the board: the callers' jumper sets may hold jumps over kings,
// which are dropped here; if no capture is left, the quiet moves are the
// legal ones. The callers test MenSpareKings where they call anyway, so the
// other variants do not pay for it.
func (v *Variant) spareKingsRoutes(p *Position, jumpers *[4]Bitboard, kings Bitboard, ml *MoveList, keep bool, sink func(Move, []Square)) {
	prey := v.prey(p.pieces[p.Side^1], p.kings)
	v.manJumpers(p, jumpers)
	if jumpers[0]|jumpers[1]|jumpers[2]|jumpers[3]|kings == 0 {
		v.quiets(p, ml)
		return
	}
	v.captureRoutes(p, jumpers, kings, prey, ml, keep, sink)
}

// captureRoutes walks every capture route of the given capturing men and
// kings (jumpers holds, per direction, the men that jump in it); prey is
// what the men may take.
func (v *Variant) captureRoutes(p *Position, jumpers *[4]Bitboard, kings, prey Bitboard, ml *MoveList, keep bool, sink func(Move, []Square)) {
	g := v.Geo
	us := p.Side & 1
	// Field by field rather than as a composite literal, which the
	// compiler builds in a temporary and then copies.
	var cg capGen
	cg.ml, cg.sink, cg.v = ml, sink, v
	cg.opp, cg.prey, cg.kings = p.pieces[us^1], prey, p.kings
	cg.promo, cg.step = g.Promotion[us], &g.Step
	cg.start = ml.N
	cg.rank = captureRank[v.Capture]
	cg.flying, cg.keep, cg.promotion = v.FlyingKings, keep, v.Promotion
	if kings != 0 && v.Capture == KingPriority {
		// A king can capture, so a king must: the men's captures are out.
		*jumpers = [4]Bitboard{}
	}
	if sink != nil || v.gen == genTowers {
		// The route is kept for the sink (Paths) and for Bashni's capture
		// order. A frame variable, not new: record never lets it escape.
		var path [maxPath]Square
		cg.path = &path
		if v.gen == genTowers {
			cg.geo = g
		}
	}
	f1, f2 := forward(us)
	cg.manDirs = 1<<f1 | 1<<f2
	if v.ManBackward {
		cg.manDirs = 15
	}
	empty := g.All &^ p.Occupied()
	// The first jump of every man is known from jumpers already.
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		for j := jumpers[i]; j != 0; j &= j - 1 {
			b := j & -j
			cg.from = b.First()
			cg.setPath(0, b)
			cg.empty = empty | b
			mid := rot(b, d)
			cg.jumped(i, rot(mid, d), mid, 0)
		}
	}
	for ; kings != 0; kings &= kings - 1 {
		b := kings & -kings
		cg.from = b.First()
		cg.setPath(0, b)
		cg.empty = empty | b
		cg.order = 0
		if v.Capture == ItalianOrder {
			cg.order = 1 << 23 // a capture with a king beats one with a man
		}
		cg.king(b, 0, 0, -1, false, -1)
	}
}

// jumped goes on after a man's (n+1)-th jump, in direction i, which landed
// on land; taken includes the piece just jumped.
func (cg *capGen) jumped(i int, land, taken Bitboard, n int) {
	cg.setPath(n+1, land)
	if land&cg.promo != 0 {
		switch cg.promotion {
		case EndsMove:
			cg.add(land, taken, n+1, true)
			return
		case ContinueAsKing:
			cg.king(land, taken, n+1, i, true, -1)
			return
		}
	}
	cg.man(land, taken, n+1)
}

// Ranks of capture routes: rankNone takes every route, rankMajority the
// routes taking the most pieces, rankKeyed the routes with the highest key
// (see add).
const (
	rankNone uint8 = iota
	rankMajority
	rankKeyed
)

// captureRank is the way each capture rule ranks routes (KingPriority
// filters the capturing pieces instead, in captureRoutes). Indexed by a byte
// so that the lookup needs no bounds check.
var captureRank = [256]uint8{Majority: rankMajority, MostThenKings: rankKeyed, ItalianOrder: rankKeyed}

// add records a complete capture of n pieces ending on to. Under a ranking
// rule a route ranked below the best one so far is dropped, and one ranked
// above it drops the moves recorded before. The keyed rank is, from the most
// significant bits down: the pieces taken; (Italian) a king's route over a
// man's; the kings taken; (Italian) the route that meets a king earliest,
// compared as the sequence of pieces taken with kings first (cg.order).
func (cg *capGen) add(to, captured Bitboard, n int, promote bool) {
	key := n
	if cg.rank == rankKeyed {
		key = n<<24 | popCount(captured&cg.kings)<<16 | cg.order
	}
	cg.record(cg.rank != rankNone, key, to, captured, n, promote)
}

// popCount is Bitboard.Count without the CPU feature test (and the call
// behind it) that math/bits needs on baseline amd64, so that add stays
// free of calls on its common path.
func popCount(b Bitboard) int {
	x := uint64(b)
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	return int(x * 0x0101010101010101 >> 56)
}
