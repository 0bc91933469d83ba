package board

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"
)

// A reference Bashni written straight from the rules, as plainly as
// possible and sharing nothing with the generator: a board of 8x8 stacks
// (top first), a depth-first walk of capture routes over it, and moves
// told apart by origin, destination and the squares jumped in order. The
// tests below compare it with the generator and SearchStepTowers move by move.

type refSq struct{ f, r int }

type refBoard struct {
	col  [8][8][]uint8 // piece codes (PieceCode), top first
	side Color
}

type refMove struct {
	from, to refSq
	jumps    []refSq
	promote  bool
}

func (m refMove) key() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v-%v", m.from, m.to)
	for _, j := range m.jumps {
		fmt.Fprintf(&sb, "x%v", j)
	}
	return sb.String()
}

func refFrom(g *Geometry, p *Position, t *Towers) *refBoard {
	b := &refBoard{side: p.Side}
	for c := White; c <= Black; c++ {
		for bb := p.pieces[c]; bb != 0; bb &= bb - 1 {
			s := bb.First()
			f, r := g.FileRank(s)
			col := []uint8{PieceCode(c, p.kings.Has(s))}
			for k := 0; k < t[s].Len(); k++ {
				col = append(col, t[s].At(k))
			}
			b.col[f][r] = col
		}
	}
	return b
}

func (b *refBoard) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "side %d:", b.side)
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if len(b.col[f][r]) > 0 {
				fmt.Fprintf(&sb, " %c%d%v", 'a'+f, r+1, b.col[f][r])
			}
		}
	}
	return sb.String()
}

var refDirs = [4]refSq{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}}

func onBoard(s refSq) bool { return s.f >= 0 && s.f < 8 && s.r >= 0 && s.r < 8 }

// tops lists the squares whose column the side to move owns.
func (b *refBoard) tops() []refSq {
	var out []refSq
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if col := b.col[f][r]; len(col) > 0 && Color(col[0]&1) == b.side {
				out = append(out, refSq{f, r})
			}
		}
	}
	return out
}

func (b *refBoard) moves() []refMove {
	us := b.side
	lastRank := 7
	if us == Black {
		lastRank = 0
	}
	var caps []refMove
	seen := map[string]bool{}
	for _, from := range b.tops() {
		col := b.col[from.f][from.r]
		empty := func(s refSq) bool {
			return onBoard(s) && (len(b.col[s.f][s.r]) == 0 || s == from)
		}
		enemy := func(s refSq, jumped []refSq) bool {
			if !onBoard(s) {
				return false
			}
			c := b.col[s.f][s.r]
			return len(c) > 0 && s != from && Color(c[0]&1) != us && !slices.Contains(jumped, s)
		}
		var walk func(cur refSq, king bool, jumped []refSq, promoted bool)
		walk = func(cur refSq, king bool, jumped []refSq, promoted bool) {
			found := false
			for _, d := range refDirs {
				if !king {
					mid := refSq{cur.f + d.f, cur.r + d.r}
					land := refSq{mid.f + d.f, mid.r + d.r}
					if enemy(mid, jumped) && empty(land) {
						found = true
						j := append(slices.Clone(jumped), mid)
						if land.r == lastRank {
							walk(land, true, j, true)
						} else {
							walk(land, false, j, promoted)
						}
					}
					continue
				}
				x := refSq{cur.f + d.f, cur.r + d.r}
				for empty(x) {
					x = refSq{x.f + d.f, x.r + d.r}
				}
				if !enemy(x, jumped) {
					continue
				}
				j := append(slices.Clone(jumped), x)
				var lands, cont []refSq
				for l := (refSq{x.f + d.f, x.r + d.r}); empty(l); l = (refSq{l.f + d.f, l.r + d.r}) {
					lands = append(lands, l)
					if canGoOn(l, j, empty, enemy) {
						cont = append(cont, l)
					}
				}
				if len(lands) == 0 {
					continue
				}
				found = true
				if len(cont) == 0 {
					for _, l := range lands {
						m := refMove{from, l, j, promoted}
						if k := m.key(); !seen[k] {
							seen[k] = true
							caps = append(caps, m)
						}
					}
					continue
				}
				for _, l := range cont {
					walk(l, true, j, promoted)
				}
			}
			if !found && len(jumped) > 0 {
				m := refMove{from, cur, jumped, promoted}
				if k := m.key(); !seen[k] {
					seen[k] = true
					caps = append(caps, m)
				}
			}
		}
		walk(from, col[0]&2 != 0, nil, false)
	}
	if len(caps) > 0 {
		return caps
	}
	var quiet []refMove
	fwd := 1
	if us == Black {
		fwd = -1
	}
	for _, from := range b.tops() {
		col := b.col[from.f][from.r]
		f, r := from.f, from.r
		for _, d := range refDirs {
			x := refSq{f + d.f, r + d.r}
			if col[0]&2 == 0 {
				if d.r == fwd && onBoard(x) && len(b.col[x.f][x.r]) == 0 {
					quiet = append(quiet, refMove{from: from, to: x, promote: x.r == lastRank})
				}
				continue
			}
			for ; onBoard(x) && len(b.col[x.f][x.r]) == 0; x = (refSq{x.f + d.f, x.r + d.r}) {
				quiet = append(quiet, refMove{from: from, to: x})
			}
		}
	}
	return quiet
}

// canGoOn reports whether a king on l, having jumped the squares of j, can
// take another column.
func canGoOn(l refSq, j []refSq, empty func(refSq) bool, enemy func(refSq, []refSq) bool) bool {
	for _, d := range refDirs {
		x := refSq{l.f + d.f, l.r + d.r}
		for empty(x) {
			x = refSq{x.f + d.f, x.r + d.r}
		}
		if enemy(x, j) && empty(refSq{x.f + d.f, x.r + d.r}) {
			return true
		}
	}
	return false
}

func (b *refBoard) play(m refMove) *refBoard {
	n := &refBoard{side: b.side ^ 1}
	for f := range 8 {
		for r := range 8 {
			n.col[f][r] = slices.Clone(b.col[f][r])
		}
	}
	col := n.col[m.from.f][m.from.r]
	n.col[m.from.f][m.from.r] = nil
	for _, j := range m.jumps {
		c := n.col[j.f][j.r]
		col = append(col, c[0])
		n.col[j.f][j.r] = c[1:]
	}
	if m.promote {
		col[0] |= 2
	}
	n.col[m.to.f][m.to.r] = col
	return n
}

func (b *refBoard) equal(o *refBoard) bool {
	if b.side != o.side {
		return false
	}
	for f := range 8 {
		for r := range 8 {
			if !slices.Equal(b.col[f][r], o.col[f][r]) {
				return false
			}
		}
	}
	return true
}

// toRef converts a generated move to the reference form.
func toRef(g *Geometry, m Move) refMove {
	sq := func(s Square) refSq { f, r := g.FileRank(s); return refSq{f, r} }
	rm := refMove{from: sq(m.From), to: sq(m.To), promote: m.Promote}
	for _, s := range m.Jumps(nil) {
		rm.jumps = append(rm.jumps, sq(s))
	}
	return rm
}

// compareRef checks the moves of p (with towers t) and every child against
// the reference, and returns the children.
func compareRef(t *testing.T, p *Position, tw *Towers) (kids []Position, kidTowers []Towers) {
	t.Helper()
	v := Bashni
	g := v.Geo
	ref := refFrom(g, p, tw)
	var ml MoveList
	v.Generate(p, &ml)
	refMoves := ref.moves()
	byKey := map[string]refMove{}
	for _, m := range refMoves {
		byKey[m.key()] = m
	}
	var got, want []string
	for _, m := range ml.Slice() {
		got = append(got, toRef(g, m).key())
	}
	for k := range byKey {
		want = append(want, k)
	}
	sort.Strings(got)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: moves\n%v\nwant (reference)\n%v", v.formatFEN(p, tw), got, want)
	}
	for _, m := range ml.Slice() {
		var q Position
		var u Towers
		v.SearchStepTowers(p, tw, m, &q, &u)
		rm := byKey[toRef(g, m).key()]
		if rm.promote != m.Promote {
			t.Fatalf("%s: %s promotes %v, reference %v", v.formatFEN(p, tw), v.FormatMove(p, m), m.Promote, rm.promote)
		}
		if r := refFrom(g, &q, &u); !r.equal(ref.play(rm)) {
			t.Fatalf("%s: after %s: %s, reference %s", v.formatFEN(p, tw), v.FormatMove(p, m), r, ref.play(rm))
		}
		if err := checkInvariant(v, &q, &u); err != nil {
			t.Fatalf("%s: after %s: %v", v.formatFEN(p, tw), v.FormatMove(p, m), err)
		}
		kids = append(kids, q)
		kidTowers = append(kidTowers, u)
	}
	return kids, kidTowers
}

// checkInvariant checks what SearchStepTowers keeps: 24 pieces, 12 of each
// colour, nothing under an empty square.
func checkInvariant(v *Variant, p *Position, t *Towers) error {
	if err := v.CheckTowers(p, t); err != nil {
		return err
	}
	if n := p.Occupied().Count() + t.Height(); n != 24 {
		return fmt.Errorf("%d pieces on the board, want 24", n)
	}
	if p.pieces[White]&p.pieces[Black] != 0 || p.kings&^p.Occupied() != 0 {
		return fmt.Errorf("tops overlap")
	}
	return nil
}

// TestBashniAgainstReference compares every move and every child position
// with the reference: the whole tree from the start to depth 5, and then
// positions of random games, where tall columns, freed prisoners and kings
// come up.
func TestBashniAgainstReference(t *testing.T) {
	v := Bashni
	type node struct {
		p Position
		t Towers
	}
	// Every node to depth 5 (so perft to depth 6 agrees).
	levels := 6
	if testing.Short() {
		levels = 4
	}
	level := []node{{p: v.Start()}}
	for d := 0; d < levels; d++ {
		var next []node
		for _, n := range level {
			ps, ts := compareRef(t, &n.p, &n.t)
			for i := range ps {
				next = append(next, node{ps[i], ts[i]})
			}
		}
		level = next
	}
	games := 300
	if testing.Short() {
		games = 60
	}
	rng := rand.New(rand.NewSource(1))
	positions, tall := 0, 0
	for g := 0; g < games; g++ {
		p, tw := v.Start(), Towers{}
		for ply := 0; ply < 200; ply++ {
			ps, ts := compareRef(t, &p, &tw)
			positions++
			if len(ps) == 0 {
				break
			}
			i := rng.Intn(len(ps))
			p, tw = ps[i], ts[i]
			for _, c := range tw {
				if c.Len() >= 3 {
					tall++
					break
				}
			}
		}
	}
	if tall == 0 {
		t.Errorf("%d positions, none with a column of 4 pieces: the games test too little", positions)
	}
	t.Logf("%d positions compared, %d with a column of 4 or more", positions, tall)
}
