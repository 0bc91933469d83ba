package board

// Generate fills ml with the legal moves of p: the captures allowed by the
// capture rule if any capture exists, the quiet moves otherwise. Capture
// routes that take the same pieces from the same square to the same square
// are one move.
func (v *Variant) Generate(p *Position, ml *MoveList) {
	v.generate(p, ml, false, nil)
}

// GenerateDuplicates is Generate with the choice of keeping every capture
// route as its own move (the convention of half of the published perft
// tables).
func (v *Variant) GenerateDuplicates(p *Position, ml *MoveList, keep bool) {
	v.generate(p, ml, keep, nil)
}

func (v *Variant) generate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	ml.N = 0
	if v.captures(p, ml, keep, sink) {
		return
	}
	v.quiets(p, ml)
}

// Count returns the number of legal moves of p. Without captures it only
// counts target squares, which is what makes bulk-counted perft fast; with
// captures it generates them into scratch.
func (v *Variant) Count(p *Position, scratch *MoveList, keep bool) int {
	scratch.N = 0
	var j [4]Bitboard
	v.manJumpers(p, &j)
	jumpers := j[0] | j[1] | j[2] | j[3]
	if kings := v.kingCapturers(p); jumpers|kings != 0 {
		if kings == 0 && v.singleJumps(p, &j) {
			return j[0].Count() + j[1].Count() + j[2].Count() + j[3].Count()
		}
		v.captureRoutes(p, &j, kings, scratch, keep, nil)
		return scratch.N
	}
	g := v.Geo
	us := p.Side & 1
	own := p.Pieces[us]
	empty := g.All &^ (own | p.Pieces[us^1])
	men := own &^ p.Kings
	f1, f2 := forward(us)
	n := (rot(men, g.Step[f1]) & empty).Count() + (rot(men, g.Step[f2]) & empty).Count()
	if kings := own & p.Kings; kings != 0 {
		for i := 0; i < 4; i++ {
			d := g.Step[i]
			x := rot(kings, d) & empty
			if !v.FlyingKings {
				n += x.Count()
				continue
			}
			// Rays of different kings in one direction never overlap, so the
			// size of their union is the number of moves.
			reach := x
			for x != 0 {
				x = rot(x, d) & empty
				reach |= x
			}
			n += reach.Count()
		}
	}
	return n
}

// HasCapture reports whether the side to move must capture.
func (v *Variant) HasCapture(p *Position) bool {
	men, kings := v.capturers(p)
	return men|kings != 0
}

// manDirs returns the directions (bit i for direction i) in which the men of
// side c capture.
func (v *Variant) manDirs(c Color) uint8 {
	if v.ManBackward {
		return 15
	}
	f1, f2 := forward(c)
	return 1<<f1 | 1<<f2
}

// manJumpers sets j[i] to the men of the side to move that can jump an
// opponent piece in direction i. (A pointer rather than a returned array:
// copying the array right after writing it stalls store forwarding.)
func (v *Variant) manJumpers(p *Position, j *[4]Bitboard) {
	g := v.Geo
	us := p.Side & 1
	own := p.Pieces[us]
	opp := p.Pieces[us^1]
	empty := g.All &^ (own | opp)
	men := own &^ p.Kings
	// Unrolled: this runs at every node of perft and search.
	s0, s1, s2, s3 := g.Step[0], g.Step[1], g.Step[2], g.Step[3]
	if v.ManBackward {
		j[0] = rot(rot(empty, -s0)&opp, -s0) & men
		j[1] = rot(rot(empty, -s1)&opp, -s1) & men
		j[2] = rot(rot(empty, -s2)&opp, -s2) & men
		j[3] = rot(rot(empty, -s3)&opp, -s3) & men
		return
	}
	if us == White {
		j[0] = rot(rot(empty, -s0)&opp, -s0) & men
		j[1] = rot(rot(empty, -s1)&opp, -s1) & men
		j[2], j[3] = 0, 0
		return
	}
	j[0], j[1] = 0, 0
	j[2] = rot(rot(empty, -s2)&opp, -s2) & men
	j[3] = rot(rot(empty, -s3)&opp, -s3) & men
}

// capturers returns the men and the kings of the side to move that can make
// at least one capture.
func (v *Variant) capturers(p *Position) (men, kings Bitboard) {
	var j [4]Bitboard
	v.manJumpers(p, &j)
	return j[0] | j[1] | j[2] | j[3], v.kingCapturers(p)
}

// kingCapturers returns the kings of the side to move that can capture.
func (v *Variant) kingCapturers(p *Position) (kings Bitboard) {
	us := p.Side & 1
	own := p.Pieces[us]
	ownKings := own & p.Kings
	if ownKings == 0 {
		return 0
	}
	g := v.Geo
	opp := p.Pieces[us^1]
	empty := g.All &^ (own | opp)
	for i := 0; i < 4; i++ {
		d := g.Step[i]
		if !v.FlyingKings {
			kings |= rot(rot(empty, -d)&opp, -d) & ownKings
			continue
		}
		// Slide all kings at once; the first piece met on each ray is a
		// target if the square behind it is empty.
		x := rot(ownKings, d)
		reach := x
		for e := x & empty; e != 0; e = x & empty {
			x = rot(e, d)
			reach |= x
		}
		if rot(reach&opp, d)&empty != 0 {
			// Some king captures in this direction; find which.
			for k := ownKings; k != 0; k &= k - 1 {
				b := k & -k
				y := rot(b, d)
				for y&empty != 0 {
					y = rot(y, d)
				}
				if rot(y&opp, d)&empty != 0 {
					kings |= b
				}
			}
		}
	}
	return kings
}

// quiets appends the non-capturing moves of p.
func (v *Variant) quiets(p *Position, ml *MoveList) {
	g := v.Geo
	us := p.Side
	own := p.Pieces[us]
	empty := g.All &^ (own | p.Pieces[us^1])
	men := own &^ p.Kings
	promo := g.Promotion[us]
	f1, f2 := forward(us)
	for _, i := range [2]int{f1, f2} {
		d := g.Step[i]
		for t := rot(men, d) & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.add(Move{From: to - Square(d), To: to, Promote: promo.Has(to)})
		}
	}
	for k := own & p.Kings; k != 0; k &= k - 1 {
		from := k.First()
		b := k & -k
		for i := 0; i < 4; i++ {
			d := g.Step[i]
			for x := rot(b, d) & empty; x != 0; x = rot(x, d) & empty {
				ml.add(Move{From: from, To: x.First()})
				if !v.FlyingKings {
					break
				}
			}
		}
	}
}
