package board

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Canadian draughts: International rules on 12x12, 30 men each. Its 72
// squares do not fit the one-word Bitboard, and widening Bitboard (or
// Position) for every variant would slow the others: Position would grow
// from 32 to 56 bytes and every set operation would take two words. So
// Canadian is a separate instantiation of the same generator on a
// two-word square set (Bitboard128; its capture walk is generated from
// capGen's template, capture_walk.go): the ghost-square layout (square n at
// bit (n-1)+(n-1)/12, fixed diagonal steps of 6 and 7 bits, a step off the
// board lands on a ghost bit or above bit 76 and is masked off), jumpers
// per direction, capture routes walked with the pieces taken left on the
// board until the move ends, the majority rule applied while recording,
// and bulk counting of quiet moves at perft's last ply.
//
// It has its own Position128, Move128 and MoveList128 and is not a
// Variant: search, evaluation and the protocols work on Position, so
// Canadian is available to perft and to the notation functions here only.
// The International rules are fixed in the code (flying kings, men capture
// backwards, majority, a man passing the far row stays a man), which is all
// Canadian needs; see design.md for what it would take to play it.

// Bitboard128 is a set of squares of a board of up to 128 bits.
type Bitboard128 struct{ Lo, Hi uint64 }

func (a Bitboard128) and(b Bitboard128) Bitboard128 { return Bitboard128{a.Lo & b.Lo, a.Hi & b.Hi} }
func (a Bitboard128) or(b Bitboard128) Bitboard128  { return Bitboard128{a.Lo | b.Lo, a.Hi | b.Hi} }
func (a Bitboard128) andNot(b Bitboard128) Bitboard128 {
	return Bitboard128{a.Lo &^ b.Lo, a.Hi &^ b.Hi}
}
func (a Bitboard128) empty() bool { return a.Lo|a.Hi == 0 }

// lowest returns the lowest square of a as a set; rest, a without it.
func (a Bitboard128) lowest() Bitboard128 {
	if a.Lo != 0 {
		return Bitboard128{a.Lo & -a.Lo, 0}
	}
	return Bitboard128{0, a.Hi & -a.Hi}
}

func (a Bitboard128) rest() Bitboard128 {
	if a.Lo != 0 {
		return Bitboard128{a.Lo & (a.Lo - 1), a.Hi}
	}
	return Bitboard128{0, a.Hi & (a.Hi - 1)}
}

// Count returns the number of squares in a.
func (a Bitboard128) Count() int { return bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi) }

// First returns the lowest square of a non-empty set.
func (a Bitboard128) First() Square {
	if a.Lo != 0 {
		return Square(bits.TrailingZeros64(a.Lo))
	}
	return Square(64 + bits.TrailingZeros64(a.Hi))
}

// Has reports whether s is in a.
func (a Bitboard128) Has(s Square) bool { return !a.and(bit128(s)).empty() }

func bit128(s Square) Bitboard128 {
	if s < 64 {
		return Bitboard128{1 << uint(s), 0}
	}
	return Bitboard128{0, 1 << uint(s-64)}
}

// shift moves every square of a by d bits (|d| < 64); bits moved below 0
// or above 127 are lost, which the layout makes harmless.
func shift(a Bitboard128, d int) Bitboard128 {
	if d >= 0 {
		return Bitboard128{a.Lo << uint(d), a.Hi<<uint(d) | a.Lo>>uint(64-d)}
	}
	n := uint(-d)
	return Bitboard128{a.Lo>>n | a.Hi<<(64-n), a.Hi >> n}
}

// geometry128 is the ghost-square layout of a board wider than one word.
type geometry128 struct {
	width, height, squares int
	all                    Bitboard128
	step                   [4]int
	promo                  [2]Bitboard128
	bitOf                  []Square
	numOf                  [128]int
}

func newGeometry128(width, height int) *geometry128 {
	g := &geometry128{width: width, height: height, squares: width * height / 2}
	half := width / 2
	g.step = [4]int{-(half + 1), -half, half, half + 1}
	g.bitOf = make([]Square, g.squares+1)
	for n := 1; n <= g.squares; n++ {
		b := Square((n - 1) + (n-1)/width)
		if int(b)+half+1 >= 128 {
			panic("board: geometry does not fit in 128 bits")
		}
		g.bitOf[n], g.numOf[b] = b, n
		g.all = g.all.or(bit128(b))
		switch (n - 1) / half {
		case 0:
			g.promo[White] = g.promo[White].or(bit128(b))
		case height - 1:
			g.promo[Black] = g.promo[Black].or(bit128(b))
		}
	}
	return g
}

// Position128 is Position on a Bitboard128 board.
type Position128 struct {
	Pieces [2]Bitboard128
	Kings  Bitboard128
	Side   Color
}

// Move128 is Move on a Bitboard128 board.
type Move128 struct {
	Captured Bitboard128
	From, To Square
	Promote  bool
}

// MoveList128 is MoveList of Move128.
type MoveList128 struct {
	N     int
	Moves [MaxMoves]Move128
}

// Slice returns the moves as a slice (sharing the list's storage).
func (l *MoveList128) Slice() []Move128 { return l.Moves[:l.N] }

// Play returns the position after m, legal in p.
func (p *Position128) Play(m Move128) Position128 {
	from, to := bit128(m.From), bit128(m.To)
	us := p.Side & 1
	var q Position128
	q.Pieces[us] = p.Pieces[us].andNot(from).or(to)
	q.Pieces[us^1] = p.Pieces[us^1].andNot(m.Captured)
	q.Kings = p.Kings.andNot(m.Captured.or(from))
	if !p.Kings.and(from).empty() || m.Promote {
		q.Kings = q.Kings.or(to)
	}
	q.Side = us ^ 1
	return q
}

// Variant128 is a rule set on a Bitboard128 board.
type Variant128 struct {
	Name, Title string
	Rows        int
	geo         *geometry128
}

// Canadian128 is Canadian draughts (PDN 27) on its own 128-bit board: the
// generator, perft and notation that the playable variant Canadian (a
// Variant over the wide Position layout, wide.go) delegates to.
var Canadian128 = &Variant128{Name: "canadian", Title: "Canadian draughts", Rows: 5, geo: newGeometry128(12, 12)}

// Squares returns the number of playing squares.
func (v *Variant128) Squares() int { return v.geo.squares }

// Square returns the square numbered n (1 = b12, top left as White sees
// the board, row by row, as on 10x10).
func (v *Variant128) Square(n int) (Square, bool) {
	if n < 1 || n > v.geo.squares {
		return NoSquare, false
	}
	return v.geo.bitOf[n], true
}

// Number returns the notation number of s.
func (v *Variant128) Number(s Square) int {
	if s < 0 {
		return 0
	}
	return v.geo.numOf[s]
}

// Start returns the initial position: Black on 1-30, White on 43-72,
// White to move.
func (v *Variant128) Start() Position128 {
	var p Position128
	n := v.Rows * v.geo.width / 2
	for i := 1; i <= n; i++ {
		b, _ := v.Square(i)
		p.Pieces[Black] = p.Pieces[Black].or(bit128(b))
		w, _ := v.Square(v.geo.squares + 1 - i)
		p.Pieces[White] = p.Pieces[White].or(bit128(w))
	}
	return p
}

// ParseFEN reads a numeric PDN FEN ("W:W43-72:B1-30", kings with K; the
// lidraughts counters H and F are accepted and ignored).
func (v *Variant128) ParseFEN(s string) (Position128, error) {
	var p Position128
	s, side, toks, runs, err := splitFEN(s)
	if err != nil {
		return p, err
	}
	if len(runs) != 0 {
		return p, fmt.Errorf("FEN %q: field %q must start with W or B", s, runs[0])
	}
	p.Side = side
	var placed Bitboard128
	for _, tk := range toks {
		c, king, tok := tk.c, tk.king, tk.text
		lo, hi, isRange := strings.Cut(tok, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || lo == "" || hi == "" || lo[0] == '+' || hi[0] == '+' {
			return p, fmt.Errorf("FEN %q: bad square %q (squares are numbered 1..%d)", s, tok, v.geo.squares)
		}
		if a < 1 || b > v.geo.squares || a > b {
			return p, fmt.Errorf("FEN %q: square %q outside 1..%d", s, tok, v.geo.squares)
		}
		for n := a; n <= b; n++ {
			sq, _ := v.Square(n)
			bb := bit128(sq)
			if !placed.and(bb).empty() {
				return p, fmt.Errorf("FEN %q: square %d listed twice", s, n)
			}
			placed = placed.or(bb)
			p.Pieces[c] = p.Pieces[c].or(bb)
			if king {
				p.Kings = p.Kings.or(bb)
			} else if v.geo.promo[c].Has(sq) {
				return p, fmt.Errorf("FEN %q: %s man on its promotion row at %d", s, c, n)
			}
		}
	}
	return p, nil
}

// FEN writes p as a numeric PDN FEN.
func (v *Variant128) FEN(p *Position128) string {
	var sb strings.Builder
	sb.WriteString("WB"[p.Side : p.Side+1])
	for c := White; c <= Black; c++ {
		sb.WriteString(":" + "WB"[c:c+1])
		first := true
		for n := 1; n <= v.geo.squares; n++ {
			sq, _ := v.Square(n)
			if !p.Pieces[c].Has(sq) {
				continue
			}
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.Kings.Has(sq) {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(n))
		}
	}
	return sb.String()
}

// Generate fills ml with the legal moves of p: the captures taking the
// most pieces if there are captures, else the quiet moves. keep keeps
// every capture route as its own move.
func (v *Variant128) Generate(p *Position128, ml *MoveList128, keep bool) {
	var l MoveList
	v.generate(p, &l, keep, nil)
	ml.N = 0
	for _, m := range l.Slice() {
		ml.add(m.Move128())
	}
}

// generate writes the moves as Moves of the wide layout (wide.go): the
// search's lists are MoveLists, and generating into the caller's list
// costs no scratch list (a MoveList128 here would live on the heap, since
// capGen128 hands its route to the sink).
func (v *Variant128) generate(p *Position128, ml *MoveList, keep bool, sink func(Move128, []Square)) {
	ml.N = 0
	g := v.geo
	us := p.Side & 1
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := g.all.andNot(own.or(opp))
	if v.capturers(us, own, opp, p.Kings, empty) {
		cg := capGen128{ml: ml, sink: sink, g: g, opp: opp, promo: g.promo[us], keep: keep}
		if sink != nil {
			cg.path = new([maxPath]Square)
		}
		for b := own; !b.empty(); b = b.rest() {
			bit := b.lowest()
			cg.from = bit.First()
			cg.setPath(0, bit)
			cg.empty = empty.or(bit)
			if p.Kings.and(bit).empty() {
				cg.man(bit, Bitboard128{}, 0)
			} else {
				cg.king(bit, Bitboard128{}, 0, -1, -1)
			}
		}
		return
	}
	men := own.andNot(p.Kings)
	f1, f2 := forward(us)
	for _, i := range [2]int{f1, f2} {
		d := g.step[i]
		for t := shift(men, d).and(empty); !t.empty(); t = t.rest() {
			to := t.First()
			ml.add(wideMove(Move128{From: to - Square(d), To: to, Promote: g.promo[us].Has(to)}))
		}
	}
	for k := own.and(p.Kings); !k.empty(); k = k.rest() {
		b := k.lowest()
		for i := 0; i < 4; i++ {
			for x := shift(b, g.step[i]).and(empty); !x.empty(); x = shift(x, g.step[i]).and(empty) {
				ml.add(wideMove(Move128{From: b.First(), To: x.First()}))
			}
		}
	}
}

func (l *MoveList128) add(m Move128) {
	if l.N < MaxMoves {
		l.Moves[l.N] = m
		l.N++
	}
}

// capturers reports whether side us can capture.
func (v *Variant128) capturers(us Color, own, opp, kings, empty Bitboard128) bool {
	g := v.geo
	men, ownKings := own.andNot(kings), own.and(kings)
	for i := 0; i < 4; i++ {
		d := g.step[i]
		if !shift(shift(empty, -d).and(opp), -d).and(men).empty() {
			return true
		}
		if ownKings.empty() {
			continue
		}
		x := shift(ownKings, d)
		reach := x
		for e := x.and(empty); !e.empty(); e = x.and(empty) {
			x = shift(e, d)
			reach = reach.or(x)
		}
		if !shift(reach.and(opp), d).and(empty).empty() {
			return true
		}
	}
	return false
}

// Count returns the number of legal moves of p, counting quiet moves in
// bulk.
func (v *Variant128) Count(p *Position128, scratch *MoveList, keep bool) int {
	g := v.geo
	us := p.Side & 1
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := g.all.andNot(own.or(opp))
	if v.capturers(us, own, opp, p.Kings, empty) {
		v.generate(p, scratch, keep, nil)
		return scratch.N
	}
	men := own.andNot(p.Kings)
	f1, f2 := forward(us)
	n := shift(men, g.step[f1]).and(empty).Count() + shift(men, g.step[f2]).and(empty).Count()
	kings := own.and(p.Kings)
	if kings.empty() {
		return n
	}
	for i := 0; i < 4; i++ {
		x := shift(kings, g.step[i]).and(empty)
		reach := x
		for !x.empty() {
			x = shift(x, g.step[i]).and(empty)
			reach = reach.or(x)
		}
		n += reach.Count()
	}
	return n
}

// Perft counts the leaves of the move tree depth plies below p.
func (v *Variant128) Perft(p Position128, depth int, keep bool) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]struct {
		pos Position128
		ml  MoveList
	}, depth)
	stack[0].pos = p
	var walk func(ply, depth int) uint64
	walk = func(ply, depth int) uint64 {
		f := &stack[ply]
		if depth == 1 {
			return uint64(v.Count(&f.pos, &f.ml, keep))
		}
		v.generate(&f.pos, &f.ml, keep, nil)
		var n uint64
		for i := 0; i < f.ml.N; i++ {
			stack[ply+1].pos = f.pos.Play(f.ml.Moves[i].Move128())
			n += walk(ply+1, depth-1)
		}
		return n
	}
	return walk(0, depth)
}

// capGen128 is capGen for International rules on a Bitboard128 board.
type capGen128 struct {
	ml    *MoveList // in the wide layout
	sink  func(Move128, []Square)
	path  *[maxPath]Square
	g     *geometry128
	opp   Bitboard128
	empty Bitboard128
	promo Bitboard128
	from  Square
	best  int
	keep  bool
}

func (cg *capGen128) setPath(n int, b Bitboard128) {
	if cg.path != nil && n < maxPath {
		cg.path[n] = b.First()
	}
}

// add records a capture of n pieces under the majority rule.
func (cg *capGen128) add(to, captured Bitboard128, n int, promote bool) {
	if n < cg.best {
		return
	}
	if n > cg.best {
		cg.best, cg.ml.N = n, 0
	}
	m128 := Move128{From: cg.from, To: to.First(), Captured: captured, Promote: promote}
	if cg.sink != nil && n < maxPath {
		cg.path[n] = m128.To
		cg.sink(m128, cg.path[:n+1])
	}
	m := wideMove(m128)
	if !cg.keep && n >= 2 {
		for _, o := range cg.ml.Slice() {
			if o == m {
				return
			}
		}
	}
	cg.ml.add(m)
}

// Paths calls fn for every route of every legal move of p (quiet moves:
// [from, to]).
func (v *Variant128) Paths(p *Position128, fn func(m Move128, path []Square)) {
	var ml MoveList
	reportRoutes(func(sink func(Move128, []Square)) []Move128 {
		v.generate(p, &ml, true, sink)
		out := make([]Move128, ml.N)
		for i, m := range ml.Slice() {
			out[i] = m.Move128()
		}
		return out
	}, func(m Move128) []Square { return []Square{m.From, m.To} }, fn)
}

// FormatMove writes m, legal in p, as "65-59" or "54x43"; with the whole
// route ("54x43x21") when another legal move has the same ends.
func (v *Variant128) FormatMove(p *Position128, m Move128) string {
	sep := "-"
	if !m.Captured.empty() {
		sep = "x"
	}
	var ml MoveList128
	v.Generate(p, &ml, false)
	for _, o := range ml.Slice() {
		if o != m && o.From == m.From && o.To == m.To {
			var route []Square
			v.Paths(p, func(r Move128, path []Square) {
				if route == nil && r == m {
					route = append([]Square(nil), path...)
				}
			})
			names := make([]string, len(route))
			for i, s := range route {
				names[i] = strconv.Itoa(v.Number(s))
			}
			return strings.Join(names, sep)
		}
	}
	return strconv.Itoa(v.Number(m.From)) + sep + strconv.Itoa(v.Number(m.To))
}

// ParseMove reads a move of p written as numbers separated by "-", "x" or
// ":": origin, landing squares (all, some or none) and destination.
func (v *Variant128) ParseMove(p *Position128, text string) (Move128, error) {
	fields := strings.FieldsFunc(strings.TrimSpace(text), func(r rune) bool { return r == '-' || r == 'x' || r == 'X' || r == ':' })
	if len(fields) < 2 || len(fields) > maxPath+1 {
		return Move128{}, fmt.Errorf("malformed move %q", text)
	}
	sqs := make([]Square, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		s, ok := v.Square(n)
		if err != nil || !ok || f[0] == '+' {
			return Move128{}, fmt.Errorf("malformed move %q: no square %q (1..%d)", text, f, v.geo.squares)
		}
		sqs[i] = s
	}
	pat := movePattern{origin: Bitboard(0), rest: sqs[1:]}
	var exact, partial []Move128
	add := func(list []Move128, m Move128) []Move128 {
		for _, o := range list {
			if o == m {
				return list
			}
		}
		return append(list, m)
	}
	v.Paths(p, func(m Move128, route []Square) {
		if route[0] != sqs[0] {
			return
		}
		// routeMatch compares the squares after the origin; the origin
		// is checked here, since it may not fit a one-word set.
		r := append([]Square{route[0]}, route[1:]...)
		pat.origin = 1
		r[0] = 0
		switch routeMatch(pat, r) {
		case 2:
			exact = add(exact, m)
		case 1:
			partial = add(partial, m)
		}
	})
	found := exact
	if len(found) == 0 {
		found = partial
	}
	switch len(found) {
	case 0:
		return Move128{}, fmt.Errorf("illegal move %q", text)
	case 1:
		return found[0], nil
	}
	return Move128{}, fmt.Errorf("ambiguous move %q", text)
}
