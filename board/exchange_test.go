package board

import (
	"math/rand"
	"slices"
	"testing"
)

// sqSet is a set of squares of a one-word board, for the reference below.
type sqSet [64]bool

// exchangeRef is ExchangeOffers computed square by square from files and
// ranks (Geometry.FileRank and At), without shifting any bitboard: each of
// Scan's shifts becomes "the square so many diagonal steps away", off the
// board being empty. It checks the translation of add_sacs' shifts and edge
// masks to each ghost-square layout, where a step off an edge must land on
// a ghost bit and never on a square of the other edge.
func exchangeRef(v *Variant, p *Position) []Move {
	g := v.Geo
	us := p.Side & 1
	var mp, op, e, all sqSet
	for _, s := range g.List(g.All) {
		all[s] = true
		switch {
		case p.Has(us, s) && !p.IsKing(s):
			mp[s] = true
		case p.Has(us^1, s):
			op[s] = true
		case !p.Has(White, s) && !p.Has(Black, s):
			e[s] = true
		}
	}
	// shift is X >> n*I (df, dr = -1, -1: the square down-left), X >> n*J
	// (+1, -1: down-right), X << n*I (+1, +1: up-right) or X << n*J (-1,
	// +1: up-left), as White sees the board. Black's offers are White's
	// with the board turned upside down (up is -1): Scan's shifts for
	// Black are White's with I and J swapped and their sense reversed.
	up := 1
	if us == Black {
		up = -1
	}
	shift := func(x sqSet, df, dr, n int) (y sqSet) {
		for _, s := range g.List(g.All) {
			f, r := g.FileRank(s)
			if t, ok := g.At(f+n*df, r+n*dr*up); ok {
				y[s] = x[t]
			}
		}
		return y
	}
	shrI := func(x sqSet, n int) sqSet { return shift(x, -1, -1, n) }
	shrJ := func(x sqSet, n int) sqSet { return shift(x, 1, -1, n) }
	shlI := func(x sqSet, n int) sqSet { return shift(x, 1, 1, n) }
	shlJ := func(x sqSet, n int) sqSet { return shift(x, -1, 1, n) }
	and := func(xs ...sqSet) (y sqSet) {
		y = all
		for _, x := range xs {
			for i := range y {
				y[i] = y[i] && x[i]
			}
		}
		return y
	}
	or := func(xs ...sqSet) (y sqSet) {
		for _, x := range xs {
			for i := range y {
				y[i] = y[i] || x[i]
			}
		}
		return y
	}
	not := func(x sqSet) (y sqSet) {
		for i := range y {
			y[i] = all[i] && !x[i]
		}
		return y
	}
	files := func(file int) (y sqSet) {
		for _, s := range g.List(g.All) {
			if f, _ := g.FileRank(s); f == file {
				y[s] = true
			}
		}
		return y
	}
	rankOf := func(rank int) (y sqSet) {
		for _, s := range g.List(g.All) {
			if _, r := g.FileRank(s); r == rank {
				y[s] = true
			}
		}
		return y
	}
	fileB, fileY := files(1), files(g.Width-2)
	weak := or(and(shlJ(mp, 1), shlJ(e, 2)), and(shlI(mp, 1), shlI(e, 2)),
		and(shrI(mp, 1), shrI(e, 2)), and(shrJ(mp, 1), shrJ(e, 2)))
	pin := or(and(shlJ(mp, 1), shlJ(op, 2)), and(shlI(mp, 1), shlI(op, 2)),
		and(shrI(mp, 1), shrI(op, 2)), and(shrJ(mp, 1), shrJ(op, 2)))
	back := rankOf(1)
	if us == Black {
		back = rankOf(g.Height - 2)
	}
	strong := or(and(or(fileB, back, shrI(mp, 2)), shrI(mp, 1), shlI(e, 1)),
		and(or(fileY, back, shrJ(mp, 2)), shrJ(mp, 1), shlJ(e, 1)))
	target := and(strong, not(weak))
	dangerI := or(and(shlI(op, 1), shrI(e, 1)), and(shrI(op, 1), shlI(e, 1)))
	dangerJ := or(and(shlJ(op, 1), shrJ(e, 1)), and(shrJ(op, 1), shlJ(e, 1)))
	et := and(e, target)
	wi := or(and(shrI(target, 1), shlI(op, 1), not(dangerJ)),
		and(not(shlI(op, 1)), shlJ(op, 1), shrJ(et, 1)),
		and(not(shlI(op, 1)), shrJ(op, 1), shlJ(et, 1)))
	wj := or(and(shrJ(target, 1), shlJ(op, 1), not(dangerI)),
		and(not(shlJ(op, 1)), shlI(op, 1), shrI(et, 1)),
		and(not(shlJ(op, 1)), shrI(op, 1), shlI(et, 1)))
	oppWeak := or(and(shlI(op, 1), shlI(e, 2)), and(shlJ(op, 1), shlJ(e, 2)))
	oppPin := or(and(shrI(op, 1), shrI(mp, 2)), and(shrJ(op, 1), shrJ(mp, 2)))
	oppTarget := and(op, oppWeak, oppPin)
	mw := and(mp, not(weak))
	wi = or(wi, and(shrI(mw, 1), shlI(oppTarget, 1), not(dangerJ)))
	wj = or(wj, and(shrJ(mw, 1), shlJ(oppTarget, 1), not(dangerI)))
	free := and(mp, not(pin))
	wi = and(wi, shrI(free, 1), e)
	wj = and(wj, shrJ(free, 1), e)
	// from = to + back: the bit distance of the step back. Turned upside
	// down, White's I steps are Black's J steps (the generator's order
	// lists Black's I steps first).
	type steps struct {
		set  sqSet
		back int
	}
	sets := []steps{{wi, g.Width / 2}, {wj, g.Width/2 + 1}}
	if us == Black {
		sets = []steps{{wj, -(g.Width / 2)}, {wi, -(g.Width/2 + 1)}}
	}
	var out []Move
	for _, w := range sets {
		for s := Square(0); s < 64; s++ {
			if w.set[s] {
				out = append(out, Move{From: s + Square(w.back), To: s, Promote: g.Promotion[us].Has(s)})
			}
		}
	}
	return out
}

// randomMen is a position of v with men only, each square White's,
// Black's or empty at random (density between a fifth and four fifths).
func randomMen(v *Variant, rng *rand.Rand, side Color) Position {
	p := v.Empty(side)
	fill := 0.2 + 0.6*rng.Float64()
	for _, s := range v.Geo.List(v.Geo.All) {
		if rng.Float64() >= fill {
			continue
		}
		if rng.Intn(2) == 0 {
			p.Put(s, WhiteMan)
		} else {
			p.Put(s, BlackMan)
		}
	}
	return p
}

// TestExchangeOffersReference checks ExchangeOffers against exchangeRef on
// random men-only positions of every variant on a ghost-square board, both
// sides to move, and that every offer is a legal quiet move; the Full and
// wide boards have none.
func TestExchangeOffersReference(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	offers, boards := 0, 0
	for _, v := range Variants() {
		if v.Geo.Full || v.Geo.Wide {
			var ml MoveList
			p := randomMen(International, rng, White)
			if v.ExchangeOffers(&p, &ml) || ml.N != 0 {
				t.Fatalf("%s: offers on a board without the ghost layout", v.Name)
			}
			continue
		}
		boards++
		for i := 0; i < 1000; i++ {
			p := randomMen(v, rng, Color(i&1))
			var ml MoveList
			v.ExchangeOffers(&p, &ml)
			got := slices.Clone(ml.Moves[:ml.N])
			want := exchangeRef(v, &p)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %s: ExchangeOffers %v, the square-by-square reference %v", v.Name, v.FEN(&p), got, want)
			}
			offers += len(got)
			if len(got) == 0 || v.HasCapture(&p) {
				continue
			}
			var legal MoveList
			v.Generate(&p, &legal)
			for _, m := range got {
				if !slices.Contains(legal.Moves[:legal.N], m) {
					t.Fatalf("%s %s: offer %v is not a legal move", v.Name, v.FEN(&p), m)
				}
			}
		}
	}
	if offers == 0 {
		t.Fatal("no offer in any random position: the comparison saw nothing")
	}
	t.Logf("%d offers compared on %d variants", offers, boards)
}

// TestExchangeOffers lists the offers of hand-made positions: a man backed
// by another steps next to an opponent's man, which must take it and is
// taken back.
func TestExchangeOffers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		v       *Variant
		fen     string
		want    []string // the offers in PDN notation, in the generator's order
		wantAny bool
	}{
		// White 32-28 offers a man to 23, which takes 23x32, and 37x28
		// takes back; 37 is backed by 41.
		{"international backed step", International, "W:W32,37,41:B19,23", []string{"32-28"}, true},
		// With 38 beside 32 and 43 empty behind it, 32 is a weak point
		// (Scan's "weak": leaving it opens a shot), so no offer.
		{"international weak point", International, "W:W32,37,38,41:B19,23", nil, false},
		// Without a man behind 32 the same step only loses it.
		{"international unbacked", International, "W:W32:B19,23", nil, false},
		{"men of the other side", International, "B:W32,37,38:B19,23", nil, false},
		{"no men", International, "W:WK32:BK19", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.v.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			var ml MoveList
			got := tc.v.ExchangeOffers(&p, &ml)
			var names []string
			for _, m := range ml.Moves[:ml.N] {
				names = append(names, tc.v.FormatMove(&p, m))
			}
			if got != tc.wantAny || !slices.Equal(names, tc.want) {
				t.Errorf("%s: ExchangeOffers = %v %v, want %v %v", tc.fen, got, names, tc.wantAny, tc.want)
			}
		})
	}
}

// TestThreat: the opponent's capture, were it to move.
func TestThreat(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{"W:W28:B22", true},     // 22x33
		{"W:W28:B23", true},     // 23x32
		{"W:W28,33:B22", false}, // 33 is taken: no landing square
		{"W:W28:B2", false},
		{"B:W27:B22", true},  // White 27x18
		{"B:W27:B11", false}, // White's 27 has nothing to take
		{"B:W28:B22", true},  // White 28x17
	} {
		p, err := International.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := International.Threat(&p); got != tc.want {
			t.Errorf("Threat(%s) = %v, want %v", tc.fen, got, tc.want)
		}
	}
}
