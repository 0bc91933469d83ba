package board

// maxPath bounds the squares of one capture route (origin plus one landing
// square per captured piece).
const maxPath = 40

// capGen walks the capture routes of one position. Captured pieces stay on
// the board until the move is complete: they are never empty, so they block
// the king's line and cannot be jumped twice. The moving piece's origin is
// empty during the move.
type capGen struct {
	ml        *MoveList
	sink      func(Move, []Square) // optional: receives every route
	opp       Bitboard             // opponent pieces
	empty     Bitboard             // empty squares, origin included
	promo     Bitboard             // the mover's promotion row
	step      [4]int
	manDirs   [4]int
	nManDirs  int
	from      Square
	start     int // index of the first capture in ml
	best      int // most pieces taken by a recorded move (Majority)
	majority  bool
	flying    bool
	keep      bool
	promotion PromotionRule
	path      [maxPath]Square
}

// captures appends the legal captures of p to ml and reports whether there
// were any.
func (v *Variant) captures(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) bool {
	men, kings := v.capturers(p)
	if men|kings == 0 {
		return false
	}
	g := v.Geo
	us := p.Side
	cg := capGen{
		ml:        ml,
		sink:      sink,
		opp:       p.Pieces[us^1],
		promo:     g.Promotion[us],
		step:      g.Step,
		start:     ml.N,
		majority:  v.Capture == Majority,
		flying:    v.FlyingKings,
		keep:      keep,
		promotion: v.Promotion,
	}
	f1, f2 := forward(us)
	for i := 0; i < 4; i++ {
		if v.ManBackward || i == f1 || i == f2 {
			cg.manDirs[cg.nManDirs] = i
			cg.nManDirs++
		}
	}
	empty := g.All &^ p.Occupied()
	for ; men != 0; men &= men - 1 {
		b := men & -men
		cg.from = b.First()
		cg.path[0] = cg.from
		cg.empty = empty | b
		cg.man(b, 0, 0)
	}
	for ; kings != 0; kings &= kings - 1 {
		b := kings & -kings
		cg.from = b.First()
		cg.path[0] = cg.from
		cg.empty = empty | b
		cg.king(b, 0, 0, -1, false, -1)
	}
	return true
}

// man continues a man's capture from cur after n captures.
func (cg *capGen) man(cur, captured Bitboard, n int) {
	found := false
	for k := 0; k < cg.nManDirs; k++ {
		i := cg.manDirs[k]
		d := cg.step[i]
		mid := rot(cur, d) & cg.opp &^ captured
		if mid == 0 {
			continue
		}
		land := rot(mid, d) & cg.empty
		if land == 0 {
			continue
		}
		found = true
		taken := captured | mid
		if n+1 < maxPath {
			cg.path[n+1] = land.First()
		}
		if land&cg.promo != 0 {
			switch cg.promotion {
			case EndsMove:
				cg.add(land, taken, n+1, true)
				continue
			case ContinueAsKing:
				cg.king(land, taken, n+1, i, true, -1)
				continue
			}
		}
		cg.man(land, taken, n+1)
	}
	if !found && n > 0 {
		cg.add(cur, captured, n, cur&cg.promo != 0)
	}
}

// king continues a king's capture from cur after n captures; dir is the
// direction of the last jump (-1 before the first). promoted marks a man
// crowned during this capture (Russian rules). skip is a direction not to
// explore (-1 for none): going straight on from a landing square further
// along the line is the same route as going straight on from the first one,
// and the caller has checked that the capture continues from cur.
func (cg *capGen) king(cur, captured Bitboard, n int, dir int, promoted bool, skip int) {
	found := skip >= 0
	for i := 0; i < 4; i++ {
		if i == 3-dir || i == skip {
			// Turning back meets the piece just jumped, which blocks.
			continue
		}
		d := cg.step[i]
		x := rot(cur, d)
		if cg.flying {
			for x&cg.empty != 0 {
				x = rot(x, d)
			}
		}
		if x&cg.opp&^captured == 0 {
			continue
		}
		land := rot(x, d) & cg.empty
		if land == 0 {
			continue
		}
		found = true
		taken := captured | x
		if !cg.flying {
			if n+1 < maxPath {
				cg.path[n+1] = land.First()
			}
			cg.king(land, taken, n+1, i, promoted, -1)
			continue
		}
		// A flying king may land on any empty square behind the piece, but
		// if the capture can go on from some of them it must land on one of
		// those and go on.
		lands := land
		for y := rot(land, d) & cg.empty; y != 0; y = rot(y, d) & cg.empty {
			lands |= y
		}
		var cont Bitboard
		for l := lands; l != 0; l &= l - 1 {
			b := l & -l
			if cg.kingCanCapture(b, taken, i) {
				cont |= b
			}
		}
		if cont == 0 {
			for l := lands; l != 0; l &= l - 1 {
				b := l & -l
				if n+1 < maxPath {
					cg.path[n+1] = b.First()
				}
				cg.add(b, taken, n+1, promoted)
			}
			continue
		}
		for l := cont; l != 0; l &= l - 1 {
			b := l & -l
			if n+1 < maxPath {
				cg.path[n+1] = b.First()
			}
			straight := i
			if b == land {
				straight = -1
			}
			cg.king(b, taken, n+1, i, promoted, straight)
		}
	}
	if !found && n > 0 {
		cg.add(cur, captured, n, promoted)
	}
}

// kingCanCapture reports whether a flying king on cur, having arrived in
// direction dir, can take one more piece.
func (cg *capGen) kingCanCapture(cur, captured Bitboard, dir int) bool {
	for i := 0; i < 4; i++ {
		if i == 3-dir {
			continue
		}
		d := cg.step[i]
		x := rot(cur, d)
		for x&cg.empty != 0 {
			x = rot(x, d)
		}
		if x&cg.opp&^captured != 0 && rot(x, d)&cg.empty != 0 {
			return true
		}
	}
	return false
}

// add records a complete capture of n pieces ending on to.
func (cg *capGen) add(to, captured Bitboard, n int, promote bool) {
	if cg.majority {
		if n < cg.best {
			return
		}
		if n > cg.best {
			cg.best = n
			cg.ml.N = cg.start
		}
	}
	m := Move{From: cg.from, To: to.First(), Captured: captured, Promote: promote}
	if cg.sink != nil && n < maxPath {
		cg.path[n] = m.To
		cg.sink(m, cg.path[:n+1])
	}
	if !cg.keep && n >= 2 {
		for j := cg.start; j < cg.ml.N; j++ {
			if cg.ml.Moves[j] == m {
				return
			}
		}
	}
	cg.ml.add(m)
}
