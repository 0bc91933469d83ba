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
		{LayoutWindows + "+kingsq+edges", true},
		{LayoutBands + "+edges", true},
		{LayoutBands + "+edges+kingsq", false}, // out of order: one name per layout
		{LayoutBands + "+menonly", false},      // measured and dropped
		{LayoutBands + "+edges+edges", false},
		{LayoutBands + "+", false},
		{LayoutBands + "+wings", false},
		{"windows+edges", false},
	} {
		if IsLayout(c.name) != c.ok {
			t.Errorf("IsLayout(%q) = %v, want %v", c.name, !c.ok, c.ok)
		}
	}
	if o, err := ParseOptions("edges,kingsq"); err != nil || o != KingSquares|Edges {
		t.Fatalf("ParseOptions: %v, %v", o, err)
	}
	if _, err := ParseOptions("kingsq,wings"); err == nil {
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
		// weights start at 0).
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
		if r := plain.Reshape(LayoutName(LayoutWindows, Edges)); r.Reshape(LayoutWindows) != nil || r.Reshape(LayoutName(LayoutBands, Edges)) != nil {
			t.Fatalf("%s: a reshape dropped the edges or went back to bands", v.Name)
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
	rest := phased(mg, eg, ph)
	if got := r.EvaluateWithin(&p, nil, nil, rest+500, rest+600); got != rest+137 {
		t.Fatalf("EvaluateWithin %d, want rest %d + 137", got, rest)
	}
	w.Margin = MaxMargin + 1
	if err := w.Write(&buf); err == nil {
		t.Fatal("a margin beyond MaxMargin was written")
	}
}
