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

// generate picks the generator family once per call; the base variants'
// perft calls diagGenerate directly.
func (v *Variant) generate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	switch v.gen {
	case genDiagonal:
		v.diagGenerate(p, ml, keep, sink)
	case genEight:
		v.eightGenerate(p, ml, keep, sink)
	case genRemoval:
		v.removalGenerate(p, ml, keep, sink)
	case genStavropol:
		v.stavGenerate(p, ml, keep, sink)
	case genTowers:
		v.diagGenerate(p, ml, keep, sink) // captureRoutes keeps the order
	case genWide:
		v.wideGenerate(p, ml, keep, sink)
	}
}

// diagGenerate is generate for the diagonal generator.
func (v *Variant) diagGenerate(p *Position, ml *MoveList, keep bool, sink func(Move, []Square)) {
	ml.N = 0
	if v.captures(p, ml, keep, sink) {
		return
	}
	v.quiets(p, ml)
}

// Count returns the number of legal moves of p. Without captures it only
// counts target squares, which is what makes bulk-counted perft fast; with
// captures it generates them into scratch. The bitboards stay in local
// variables (registers) throughout: this is the innermost function of perft.
func (v *Variant) Count(p *Position, scratch *MoveList, keep bool) int {
	switch v.gen {
	case genDiagonal:
		// Below. (A case of its own keeps it at two tests: the switch is a
		// binary search.)
	case genEight:
		return v.eightCount(p, scratch, keep)
	case genRemoval:
		return v.removalCount(p, scratch, keep)
	case genStavropol:
		return v.stavCount(p, scratch, keep)
	case genWide:
		q := p.Board128()
		return Canadian128.Count(&q, scratch, keep)
	case genTowers:
		if v.HasCapture(p) {
			v.generate(p, scratch, keep, nil)
			return scratch.N
		}
	}
	if p.kings != 0 && v.Goal == Breakthrough {
		return 0 // the game ended with the first king
	}
	us := p.Side & 1
	return v.countBoard(us, p.pieces[us], p.pieces[us^1], p.kings, scratch, keep)
}

// countBoard is Count for the side us with pieces own, the opponent's pieces
// opp and the kings of both; perft passes a child position in registers.
// It does not apply the Breakthrough goal: its callers do.
func (v *Variant) countBoard(us Color, own, opp, allKings Bitboard, scratch *MoveList, keep bool) int {
	g := v.Geo
	empty := g.All &^ (own | opp)
	men := own &^ allKings
	j0, j1, j2, j3 := v.jumpers(us, opp, men, empty)
	var kingCaps Bitboard
	if own&allKings != 0 {
		kingCaps = v.kingCapturers(us, own, opp, allKings)
	}
	if j0|j1|j2|j3|kingCaps != 0 {
		if kingCaps == 0 && v.singleJumps(us, opp, allKings, empty, j0, j1, j2, j3) {
			return j0.Count() + j1.Count() + j2.Count() + j3.Count()
		}
		j := [4]Bitboard{j0, j1, j2, j3}
		if kingCaps == 0 && (v.Capture == FreeChoice || v.Capture == Majority) {
			if n, ok := v.countManRoutes(us, opp, empty, &j, keep); ok {
				return n
			}
		}
		scratch.N = 0
		var p Position
		p.Side, p.pieces[us], p.pieces[us^1], p.kings = us, own, opp, allKings
		if opp&allKings != 0 && v.MenSpareKings {
			v.spareKingsRoutes(&p, &j, kingCaps, scratch, keep, nil)
			return scratch.N
		}
		v.captureRoutes(&p, &j, kingCaps, opp, scratch, keep, nil)
		return scratch.N
	}
	var n int
	if us == White {
		n = (rot(men, g.Step[UpLeft]) & empty).Count() + (rot(men, g.Step[UpRight]) & empty).Count()
	} else {
		n = (rot(men, g.Step[DownLeft]) & empty).Count() + (rot(men, g.Step[DownRight]) & empty).Count()
	}
	if kings := own & allKings; kings != 0 {
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

// HasCapture reports whether the side to move must capture (in Stavropol
// draughts: with a piece of either colour).
func (v *Variant) HasCapture(p *Position) bool {
	switch v.gen {
	case genDiagonal:
		// Below, as in Count.
	case genEight:
		return v.eightCapturers(p)
	case genRemoval:
		return v.removalCapturers(p)
	case genStavropol:
		return v.stavHasCapture(p)
	case genWide:
		return v.wideHasCapture(p)
	}
	men, kings := v.capturers(p)
	return men|kings != 0
}

// kingsMatterToMen reports whether a man's jump over a king is not like a
// jump over a man: men may not take kings (Italian), or the capture rule
// counts the kings taken (Spanish).
func (v *Variant) kingsMatterToMen() bool {
	return v.MenSpareKings || v.Capture == MostThenKings
}

// prey returns the opponent pieces that the men of the side to move may
// capture.
func (v *Variant) prey(opp, allKings Bitboard) Bitboard {
	if v.MenSpareKings {
		return opp &^ allKings
	}
	return opp
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

// jumpers returns, per direction, the men of side us that can jump an
// opponent piece in that direction. Results come back in registers.
func (v *Variant) jumpers(us Color, opp, men, empty Bitboard) (j0, j1, j2, j3 Bitboard) {
	s := &v.Geo.Step
	if v.ManBackward || us == White {
		j0 = rot(rot(empty, -s[0])&opp, -s[0]) & men
		j1 = rot(rot(empty, -s[1])&opp, -s[1]) & men
	}
	if v.ManBackward || us == Black {
		j2 = rot(rot(empty, -s[2])&opp, -s[2]) & men
		j3 = rot(rot(empty, -s[3])&opp, -s[3]) & men
	}
	return
}

// manJumpers is jumpers for position p, into an array.
func (v *Variant) manJumpers(p *Position, j *[4]Bitboard) {
	us := p.Side & 1
	own, opp := p.pieces[us], p.pieces[us^1]
	j[0], j[1], j[2], j[3] = v.jumpers(us, v.prey(opp, p.kings), own&^p.kings, v.Geo.All&^(own|opp))
}

// capturers returns the men and the kings of the side to move that can make
// at least one capture.
func (v *Variant) capturers(p *Position) (men, kings Bitboard) {
	var j [4]Bitboard
	v.manJumpers(p, &j)
	us := p.Side & 1
	return j[0] | j[1] | j[2] | j[3], v.kingCapturers(us, p.pieces[us], p.pieces[us^1], p.kings)
}

// kingCapturers returns the kings of the side to move that can capture.
func (v *Variant) kingCapturers(us Color, own, opp, allKings Bitboard) (kings Bitboard) {
	ownKings := own & allKings
	if ownKings == 0 {
		return 0
	}
	g := v.Geo
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
	own := p.pieces[us]
	empty := g.All &^ (own | p.pieces[us^1])
	men := own &^ p.kings
	promo := g.Promotion[us]
	f1, f2 := forward(us)
	for _, i := range [2]int{f1, f2} {
		d := g.Step[i]
		for t := rot(men, d) & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.add(Move{From: to - Square(d), To: to, Promote: promo.Has(to)})
		}
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
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

// HasQuietMove reports whether the side to move of p has a non-capturing
// move, by the rules of its generator family (on the Full board men step
// sideways too; a Frisian king that has made its last allowed move in a row
// is left out; in Stavropol draughts a piece of either colour). Search uses
// it, when there is no capture, to tell a blocked side, which has lost,
// without generating.
func (v *Variant) HasQuietMove(p *Position) bool {
	if v.gen == genWide {
		return v.wideHasQuietMove(p)
	}
	us := p.Side & 1
	own := p.pieces[us]
	empty := v.Geo.All &^ (own | p.pieces[us^1])
	men, kings := own&^p.kings, own&p.kings
	switch v.gen {
	case genDiagonal:
		// Below, as in Count.
	case genRemoval:
		if v.dirs.canStep(men, kings, empty, v.removalManDirs(us)) {
			return true
		}
		return v.diag != nil && v.diag.canStep(men, kings, empty, diagForward(us))
	case genEight:
		kings &^= p.Blocked(us)
	case genStavropol:
		return v.stavHasQuietMove(p)
	}
	return v.canStep(us, men, kings, empty)
}

// canStep reports whether a man of men (of colour us) or a king of kings
// can step diagonally onto an empty square.
func (v *Variant) canStep(us Color, men, kings, empty Bitboard) bool {
	s := &v.Geo.Step
	f1, f2 := forward(us)
	if (rot(men, s[f1])|rot(men, s[f2]))&empty != 0 {
		return true
	}
	return (rot(kings, s[0])|rot(kings, s[1])|rot(kings, s[2])|rot(kings, s[3]))&empty != 0
}

// GenerateCaptures is Generate for a caller that first needs to know
// whether p has a capture: it reports HasCapture(p) and, when that is
// true, leaves in ml what Generate would. When it reports false, ml holds
// nothing useful and GenerateQuiets gives the moves. It saves the search
// finding the capturers twice.
func (v *Variant) GenerateCaptures(p *Position, ml *MoveList) bool {
	if v.gen != genDiagonal || p.kings != 0 && (v.Goal == Breakthrough || v.MenSpareKings) {
		if !v.HasCapture(p) {
			return false
		}
		v.generate(p, ml, false, nil)
		return true
	}
	ml.N = 0
	return v.captures(p, ml, false, nil)
}

// GenerateQuiets is Generate for a position that has no capture
// (GenerateCaptures or HasCapture said so).
func (v *Variant) GenerateQuiets(p *Position, ml *MoveList) {
	if v.gen != genDiagonal || p.kings != 0 && (v.Goal == Breakthrough || v.MenSpareKings) {
		v.generate(p, ml, false, nil)
		return
	}
	ml.N = 0
	v.quiets(p, ml)
}

// Threat reports whether the opponent of the side to move could capture
// were it its turn: a quiet position under a threat is not quiet.
func (v *Variant) Threat(p *Position) bool {
	q := *p
	q.Side ^= 1
	return v.HasCapture(&q)
}
