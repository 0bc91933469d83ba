package board

// ExchangeOffers appends to ml the exchange offers of the side to move of a
// position with men only: a man steps next to an opponent's man that must
// take it, where the side to move recaptures ("backed"), or opens a hole in
// the opponent's formation. It is Scan 3.1's add_sacs (gen.cpp) on
// damka's ghost-square layout, which the quiescence tries against a
// stand pat: without kings, a quiet exchange decides many positions that a
// capture-only search would misjudge. The rules are Scan's patterns, not a
// proof: each offer is searched. Only the ghost-square boards have them
// (not the Full board, whose men move orthogonally, nor Canadian's wide
// one); it returns whether it added any.
func (v *Variant) ExchangeOffers(p *Position, ml *MoveList) bool {
	g := v.Geo
	if g.Full || g.Wide {
		return false
	}
	us := p.Side & 1
	mp := uint64(p.pieces[us] &^ p.kings)
	op := uint64(p.pieces[us^1])
	e := uint64(g.All &^ (p.pieces[0] | p.pieces[1]))
	i1 := uint(g.Width / 2) // Scan's I1: up-right for White
	j1 := i1 + 1            // Scan's J1: up-left for White
	i2, j2 := 2*i1, 2*j1
	fileB, fileY := uint64(g.exchangeFiles[0]), uint64(g.exchangeFiles[1])
	n := ml.N
	if us == White {
		back := uint64(g.exchangeRank[White])
		strong := ((fileB | back | (mp >> i2)) & (mp >> i1) & (e << i1)) |
			((fileY | back | (mp >> j2)) & (mp >> j1) & (e << j1))
		weak := ((mp << j1) & (e << j2)) | ((mp << i1) & (e << i2)) |
			((mp >> i1) & (e >> i2)) | ((mp >> j1) & (e >> j2))
		target := strong &^ weak
		pin := ((mp << j1) & (op << j2)) | ((mp << i1) & (op << i2)) |
			((mp >> i1) & (op >> i2)) | ((mp >> j1) & (op >> j2))
		dangerI := ((op << i1) & (e >> i1)) | ((op >> i1) & (e << i1))
		dangerJ := ((op << j1) & (e >> j1)) | ((op >> j1) & (e << j1))

		// The exchange.
		wi := (target >> i1) & (op << i1) &^ dangerJ
		wj := (target >> j1) & (op << j1) &^ dangerI
		wi |= ^(op << i1) & (op << j1) & ((e & target) >> j1)
		wj |= ^(op << j1) & (op << i1) & ((e & target) >> i1)
		wi |= ^(op << i1) & (op >> j1) & ((e & target) << j1)
		wj |= ^(op << j1) & (op >> i1) & ((e & target) << i1)

		// A hole in the opponent's formation.
		oppWeak := ((op << i1) & (e << i2)) | ((op << j1) & (e << j2))
		oppPin := ((op >> i1) & (mp >> i2)) | ((op >> j1) & (mp >> j2))
		oppTarget := op & oppWeak & oppPin
		wi |= ((mp &^ weak) >> i1) & (oppTarget << i1) &^ dangerJ
		wj |= ((mp &^ weak) >> j1) & (oppTarget << j1) &^ dangerI

		wi &= ((mp &^ pin) >> i1) & e
		wj &= ((mp &^ pin) >> j1) & e
		addSteps(ml, Bitboard(wi), int(i1), g.Promotion[White])
		addSteps(ml, Bitboard(wj), int(j1), g.Promotion[White])
	} else {
		back := uint64(g.exchangeRank[Black])
		strong := ((fileB | back | (mp << j2)) & (mp << j1) & (e >> j1)) |
			((fileY | back | (mp << i2)) & (mp << i1) & (e >> i1))
		weak := ((mp << j1) & (e << j2)) | ((mp << i1) & (e << i2)) |
			((mp >> i1) & (e >> i2)) | ((mp >> j1) & (e >> j2))
		pin := ((mp << j1) & (op << j2)) | ((mp << i1) & (op << i2)) |
			((mp >> i1) & (op >> i2)) | ((mp >> j1) & (op >> j2))
		dangerI := ((op >> i1) & (e << i1)) | ((op << i1) & (e >> i1))
		dangerJ := ((op >> j1) & (e << j1)) | ((op << j1) & (e >> j1))
		target := strong &^ weak

		bi := (target << i1) & (op >> i1) &^ dangerJ
		bj := (target << j1) & (op >> j1) &^ dangerI
		bi |= ^(op >> i1) & (op >> j1) & ((e & target) << j1)
		bj |= ^(op >> j1) & (op >> i1) & ((e & target) << i1)
		bi |= ^(op >> i1) & (op << j1) & ((e & target) >> j1)
		bj |= ^(op >> j1) & (op << i1) & ((e & target) >> i1)

		oppWeak := ((op >> i1) & (e >> i2)) | ((op >> j1) & (e >> j2))
		oppPin := ((op << i1) & (mp << i2)) | ((op << j1) & (mp << j2))
		oppTarget := op & oppWeak & oppPin
		bi |= ((mp &^ weak) << i1) & (oppTarget >> i1) &^ dangerJ
		bj |= ((mp &^ weak) << j1) & (oppTarget >> j1) &^ dangerI

		bi &= ((mp &^ pin) << i1) & e
		bj &= ((mp &^ pin) << j1) & e
		addSteps(ml, Bitboard(bi), -int(i1), g.Promotion[Black])
		addSteps(ml, Bitboard(bj), -int(j1), g.Promotion[Black])
	}
	return ml.N > n
}

// addSteps appends a man's step to each square of to from the square back
// bits after it.
func addSteps(ml *MoveList, to Bitboard, back int, promo Bitboard) {
	for ; to != 0; to &= to - 1 {
		t := to.First()
		ml.add(Move{From: t + Square(back), To: t, Promote: promo.Has(t)})
	}
}
