package eval

import (
	"bytes"
	"encoding/binary"
	"testing"

	"damka/board"
)

func TestLayoutNames(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{LayoutBands, true},
		{LayoutWindows + "+menonly+kingsq+edges+advance", true},
		{LayoutBands + "+edges", true},
		{LayoutBands + "+edges+menonly", false}, // out of order: one name per layout
		{LayoutBands + "+edges+edges", false},
		{LayoutBands + "+", false},
		{LayoutBands + "+wings", false},
		{"windows+edges", false},
	} {
		if IsLayout(c.name) != c.ok {
			t.Errorf("IsLayout(%q) = %v, want %v", c.name, !c.ok, c.ok)
		}
	}
	if o, err := ParseOptions("edges,menonly"); err != nil || o != MenOnly|Edges {
		t.Fatalf("ParseOptions: %v, %v", o, err)
	}
	if _, err := ParseOptions("menonly,wings"); err == nil {
		t.Fatal("an unknown option was accepted")
	}
}

// The edge shapes read the squares of files 0-2 (and their half-turn
// image) over the middle six ranks, each digit a square, and the shape a
// square is in lists it.
func TestEdgeShapes(t *testing.T) {
	for _, g := range []*board.Geometry{board.Board10x10, board.Board8x8} {
		l := layoutFor(g, LayoutName(LayoutBands, Edges))
		if l == nil || l.edges != 2 {
			t.Fatalf("%s: no edge shapes", g.Name)
		}
		r0 := (g.Height - 6) / 2
		seen := map[uint8]bool{}
		for j, s := range l.edge[0].sq {
			f, r := g.FileRank(board.Square(s))
			if f > 2 || r < r0 || r >= r0+6 || seen[s] {
				t.Fatalf("%s: left shape's square %d (bit %d) at file %d rank %d", g.Name, j, s, f, r)
			}
			seen[s] = true
			tf, tr := g.FileRank(board.Square(l.edge[1].sq[j]))
			if tf != g.Width-1-f || tr != g.Height-1-r {
				t.Fatalf("%s: right shape's square %d is not the left one's turned", g.Name, j)
			}
		}
		if l.edge[0].turned != l.edge[1].own || l.edge[1].turned != l.edge[0].own {
			t.Fatalf("%s: the shapes' tables do not turn into each other", g.Name)
		}
	}
}

// Every edge-shape and king weight changes the score of some position: the
// options are read, not only laid out.
func TestOptionsAreRead(t *testing.T) {
	v := board.International
	w := randomWeightsOf(t, v, LayoutName(LayoutBands, KingSquares|Edges), 3)
	ps := randomPositions(v, 30, 150, 6)
	l := w.lay
	for _, c := range []struct {
		name     string
		from, to int
	}{{"edges", l.edgeBase, l.edgeBase + 2*edgeStates}, {"kings", l.kingBase, l.firstKing + 1}} {
		before := make([]int, len(ps))
		for i := range ps {
			before[i] = w.Evaluate(&ps[i])
		}
		for i := c.from; i < c.to; i++ {
			w.MG[i] += 40
			w.EG[i] += 40
		}
		w.Pack()
		differ := 0
		for i := range ps {
			if w.Evaluate(&ps[i]) != before[i] {
				differ++
			}
		}
		if differ == 0 {
			t.Fatalf("the %s' weights changed no score", c.name)
		}
	}
}

// With MenOnly a king is an empty square to the windows: moving a king
// leaves every reading as it was.
func TestMenOnlyWindowsIgnoreKings(t *testing.T) {
	v := board.International
	w := randomWeightsOf(t, v, LayoutName(LayoutWindows, MenOnly), 2)
	a := mustFEN(t, v, "W:WK46,31,32:B19,20,K5")
	b := mustFEN(t, v, "W:WK28,31,32:B19,20,K4")
	if fresh(w, &a) != fresh(w, &b) {
		t.Fatal("moving kings changed the men-only readings")
	}
	plain := randomWeightsOf(t, v, LayoutWindows, 2)
	if fresh(plain, &a) == fresh(plain, &b) {
		t.Fatal("moving kings left the plain readings as they were: the test sees nothing")
	}
}

// The phase by advancement: the men's ranks summed from each side's back
// row, against its definition square by square; at the start it is the
// back rows' share of the largest sum.
func TestTempo(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		g := v.Geo
		l := layoutFor(g, LayoutName(LayoutBands, Advance))
		for _, p := range randomPositions(v, 10, 100, 8) {
			white, black, kings := p.Words()
			want := 0
			for _, s := range g.List(white &^ kings) {
				_, r := g.FileRank(s)
				want += r
			}
			for _, s := range g.List(black &^ kings) {
				_, r := g.FileRank(s)
				want += g.Height - 1 - r
			}
			if got := l.tempo(uint64(white&^kings), uint64(black&^kings)); got != want {
				t.Fatalf("%s %s: tempo %d, want %d", v.Name, v.FEN(&p), got, want)
			}
		}
		if got := l.maxTempo; v == board.International && got != 260 || v == board.Russian && got != 2*(4*6+4*5+4*4) {
			t.Fatalf("%s: largest tempo %d", v.Name, got)
		}
	}
}

// A bands fit with options reshapes to the per-window layout with the same
// options and scores the same; options cannot be added or dropped by a
// reshape (they change the features).
func TestReshapeWithOptions(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		all := optionsEnd - 1
		w := randomWeightsOf(t, v, LayoutName(LayoutBands, all), 4)
		r := w.Reshape(LayoutName(LayoutWindows, all))
		if r == nil {
			t.Fatalf("%s: no reshape", v.Name)
		}
		for _, p := range randomPositions(v, 20, 150, 9) {
			if a, b := w.Evaluate(&p), r.Evaluate(&p); a != b {
				t.Fatalf("%s %s: bands %d, reshaped %d", v.Name, v.FEN(&p), a, b)
			}
		}
		if w.Reshape(LayoutName(LayoutWindows, Edges)) != nil || w.Reshape(LayoutWindows) != nil {
			t.Fatalf("%s: a reshape dropped options", v.Name)
		}
		// Adding the king squares and edge shapes keeps the scores (their
		// weights start at 0); adding MenOnly or Advance cannot.
		plain := randomWeightsOf(t, v, LayoutWindows, 6)
		for _, to := range []string{LayoutName(LayoutWindows, Edges), LayoutName(LayoutWindows, KingSquares|Edges)} {
			r := plain.Reshape(to)
			if r == nil || r.Layout() != to {
				t.Fatalf("%s: no reshape to %s", v.Name, to)
			}
			for _, p := range randomPositions(v, 20, 150, 10) {
				if a, b := plain.Evaluate(&p), r.Evaluate(&p); a != b {
					t.Fatalf("%s %s: %d, reshaped to %s %d", v.Name, v.FEN(&p), a, to, b)
				}
			}
		}
		if plain.Reshape(LayoutName(LayoutWindows, MenOnly)) != nil || plain.Reshape(LayoutName(LayoutWindows, Advance|Edges)) != nil {
			t.Fatalf("%s: a reshape added menonly or advance", v.Name)
		}
	}
}

// A weights file keeps its lazy margin: one of LazyMargin is written as
// version 1, byte for byte the built-in files; another as version 2, read
// back with its margin, which EvaluateWithin then uses.
func TestWeightsMargin(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		w := Default(v)
		var buf bytes.Buffer
		if err := w.Write(&buf); err != nil {
			t.Fatal(err)
		}
		want, err := embedded.ReadFile("weights/" + v.Name + ".dwt")
		if err != nil || !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("%s: the built-in weights written again differ from the file (%v)", v.Name, err)
		}
	}
	w := randomWeightsOf(t, board.International, LayoutName(LayoutWindows, Edges), 2)
	w.Margin = 137
	var buf bytes.Buffer
	if err := w.Write(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := ReadWeights(buf.Bytes())
	if err != nil || r.Margin != 137 || binary.LittleEndian.Uint16(buf.Bytes()[8:]) != 2 {
		t.Fatalf("read back margin %v (%v), version %d", r, err, binary.LittleEndian.Uint16(buf.Bytes()[8:]))
	}
	// The margin is the one used: a rest far below alpha comes back as
	// rest + margin.
	p := board.International.Start()
	mg, eg, ph := r.rest(&p)
	rest := int((mg*ph + eg*(phaseOne-ph)) / (phaseOne * weightScale))
	if got := r.EvaluateWithin(&p, nil, nil, rest+500, rest+600); got != rest+137 {
		t.Fatalf("EvaluateWithin %d, want rest %d + 137", got, rest)
	}
	w.Margin = maxMargin + 1
	if err := w.Write(&buf); err == nil {
		t.Fatal("a margin beyond maxMargin was written")
	}
}
