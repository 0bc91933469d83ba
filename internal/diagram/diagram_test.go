package diagram

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"damka/board"
)

// node is an SVG element read back with encoding/xml.
type node struct {
	name     string
	attr     map[string]string
	children []*node
}

func parseSVG(t *testing.T, svg string) *node {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	var stack []*node
	var root *node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.children = append(top.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].attr["#text"] += string(tok)
			}
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatalf("no svg root element")
	}
	return root
}

// find lists the elements below n whose class list holds class.
func (n *node) find(class string) []*node {
	var out []*node
	var walk func(*node)
	walk = func(m *node) {
		for _, c := range strings.Fields(m.attr["class"]) {
			if c == class {
				out = append(out, m)
				break
			}
		}
		for _, k := range m.children {
			walk(k)
		}
	}
	walk(n)
	return out
}

func (n *node) float(t *testing.T, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(n.attr[name], 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.name, name, n.attr[name], err)
	}
	return f
}

type rect struct{ x, y, w, h float64 }

func (r rect) holds(x, y float64) bool { return x > r.x && x < r.x+r.w && y > r.y && y < r.y+r.h }

// squareRects maps each square name to its rectangle, checking that every
// playing square is drawn once.
func squareRects(t *testing.T, v *board.Variant, root *node) map[string]rect {
	t.Helper()
	rects := map[string]rect{}
	for _, n := range root.find("sq") {
		name := n.attr["data-sq"]
		if _, dup := rects[name]; dup {
			t.Fatalf("%s: square %s drawn twice", v.Name, name)
		}
		rects[name] = rect{n.float(t, "x"), n.float(t, "y"), n.float(t, "width"), n.float(t, "height")}
	}
	if len(rects) != v.Geo.Squares {
		t.Fatalf("%s: %d squares drawn, the board has %d", v.Name, len(rects), v.Geo.Squares)
	}
	return rects
}

// checkPieces compares the drawn pieces with the position: the same piece
// on every square, each disc inside its square, a crown on kings only, and
// Bashni's columns in order.
func checkPieces(t *testing.T, v *board.Variant, p *board.Position, towers *board.Towers, svg string) {
	t.Helper()
	root := parseSVG(t, svg)
	rects := squareRects(t, v, root)
	want := map[string]string{}
	for s, pc := range p.All() {
		want[v.SquareName(s)] = PieceCode(pc)
	}
	got := map[string]string{}
	for _, g := range root.find("piece") {
		name, code := g.attr["data-sq"], g.attr["data-piece"]
		got[name] = code
		var disc *node
		for _, c := range g.children {
			if c.name == "circle" {
				disc = c
				break
			}
		}
		if disc == nil {
			t.Fatalf("%s: piece on %s has no disc", v.Name, name)
		}
		if !rects[name].holds(disc.float(t, "cx"), disc.float(t, "cy")) {
			t.Errorf("%s: piece of %s drawn outside its square", v.Name, name)
		}
		king := code == "W" || code == "B"
		if crowns := len(g.find("crown")); (crowns == 1) != king {
			t.Errorf("%s: piece %s on %s has %d crowns", v.Name, code, name, crowns)
		}
		var s board.Square
		var err error
		if v.Notation == board.Algebraic {
			s, err = v.ParseAlgebraic(name)
		} else {
			n, _ := strconv.Atoi(name)
			var ok bool
			s, ok = v.Square(n)
			if !ok {
				err = fmt.Errorf("no square %d", n)
			}
		}
		if err != nil {
			t.Fatalf("%s: data-sq %q: %v", v.Name, name, err)
		}
		var col board.Column
		if towers != nil {
			col = towers.Column(s)
		}
		unders := g.find("under")
		if len(unders) != col.Len() || g.attr["data-under"] != strconv.Itoa(col.Len()) {
			t.Errorf("%s: column on %s drawn with %d pieces under the top, holds %d", v.Name, name, len(unders), col.Len())
			continue
		}
		for i, u := range unders {
			if u.attr["data-index"] != strconv.Itoa(i) || u.attr["data-piece"] != PieceCode(columnPiece(col.At(i))) {
				t.Errorf("%s: column on %s, piece %d under the top drawn as %s", v.Name, name, i, u.attr["data-piece"])
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: pieces drawn\n%v\nposition holds\n%v", v.Name, got, want)
	}
}

// walk plays the first legal move n times from the start (the captures
// of the opening, Bashni's first columns), calling fn on every position.
func walk(t *testing.T, v *board.Variant, n int, fn func(g *board.Game)) {
	t.Helper()
	g := board.NewGame(v, v.Start())
	fn(g)
	for i := 0; i < n; i++ {
		var ml board.MoveList
		p := g.Position()
		v.Generate(p, &ml)
		moves := ml.Slice()
		if len(moves) == 0 {
			return
		}
		// Prefer a capture, then vary the choice so kings appear sooner.
		m := moves[(i*7)%len(moves)]
		for _, c := range moves {
			if c.IsCapture() {
				m = c
				break
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		fn(g)
	}
}

func TestPiecesMatchPosition(t *testing.T) {
	plies := 60
	if testing.Short() {
		plies = 20
	}
	for _, v := range board.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			walk(t, v, plies, func(g *board.Game) {
				for _, flip := range []bool{false, true} {
					svg := String(v, g.Position(), Options{Flip: flip, Towers: g.Towers()})
					checkPieces(t, v, g.Position(), g.Towers(), svg)
				}
			})
		})
	}
}

// TestKingsAndColumns draws positions with kings and columns set up by FEN,
// so that the check does not depend on a game reaching them.
func TestKingsAndColumns(t *testing.T) {
	cases := []struct{ variant, fen string }{
		{"international", "W:WK46,28,K5:BK1,K45,20"},
		{"russian", "B:WKa1,c3:BKh8,e5"},
		{"bashni", "W:Wa1(wbb),c3(WB):Bd6(bw),Kf8"},
		{"turkish", "W:WKa1,b3:Bh8,Kd5"},
	}
	for _, c := range cases {
		v, err := board.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		g, err := board.ParseGame(v, c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.fen, err)
		}
		kings := 0
		for _, pc := range g.Position().All() {
			if pc == board.WhiteKing || pc == board.BlackKing {
				kings++
			}
		}
		svg := String(v, g.Position(), Options{Towers: g.Towers()})
		checkPieces(t, v, g.Position(), g.Towers(), svg)
		if n := len(parseSVG(t, svg).find("crown")); n != kings {
			t.Errorf("%s: %d crowns for %d kings", c.fen, n, kings)
		}
		if v.Columns && g.Towers().Height() == 0 {
			t.Errorf("%s: the FEN set no column", c.fen)
		}
	}
}

// TestFlipTurnsTheBoard: flipping puts every square at the point
// symmetric about the centre.
func TestFlipTurnsTheBoard(t *testing.T) {
	for _, v := range board.Variants() {
		p := v.Start()
		a := squareRects(t, v, parseSVG(t, String(v, &p, Options{})))
		root := parseSVG(t, String(v, &p, Options{Flip: true}))
		b := squareRects(t, v, root)
		w, h := root.float(t, "width"), root.float(t, "height")
		for name, r := range a {
			f := b[name]
			if f.x != w-r.x-r.w || f.y != h-r.y-r.h {
				t.Errorf("%s: square %s at (%g,%g), flipped at (%g,%g)", v.Name, name, r.x, r.y, f.x, f.y)
				break
			}
		}
	}
}

// TestEdgeNames: the bottom left square's name is made of the file label
// under its column and the rank label beside its row (algebraic), or it is
// written in the square (numbered boards).
func TestEdgeNames(t *testing.T) {
	for _, v := range board.Variants() {
		p := v.Start()
		root := parseSVG(t, String(v, &p, Options{}))
		rects := squareRects(t, v, root)
		if v.Notation == board.Algebraic {
			files, ranks := root.find("file"), root.find("rank")
			if len(files) != v.Geo.Width || len(ranks) != v.Geo.Height {
				t.Fatalf("%s: %d file and %d rank labels", v.Name, len(files), len(ranks))
			}
			for name, r := range rects {
				var file, rank string
				for _, f := range files {
					if x := f.float(t, "x"); x > r.x && x < r.x+r.w {
						file = text(f)
					}
				}
				for _, k := range ranks {
					if y := k.float(t, "y"); y > r.y && y < r.y+r.h {
						rank = text(k)
					}
				}
				if file+rank != name {
					t.Errorf("%s: square %s labelled %s%s on the edge", v.Name, name, file, rank)
				}
			}
			continue
		}
		labels := root.find("number")
		if len(labels) != v.Geo.Squares {
			t.Fatalf("%s: %d numbers for %d squares", v.Name, len(labels), v.Geo.Squares)
		}
		for _, n := range labels {
			if r := rects[text(n)]; !r.holds(n.float(t, "x"), n.float(t, "y")) {
				t.Errorf("%s: number %s written outside its square", v.Name, text(n))
			}
		}
	}
}

// text is the character data of an element.
func text(n *node) string { return strings.TrimSpace(n.attr["#text"]) }

// TestLastMoveMarks: after every move of a game, the origin and the end
// are marked, a capture gets its route line and a cross per piece taken.
func TestLastMoveMarks(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian, board.Bashni, board.Turkish} {
		var prev *board.Position
		captures := 0
		walk(t, v, 40, func(g *board.Game) {
			defer func() { p := *g.Position(); prev = &p }()
			if g.Len() == 0 {
				return
			}
			m := g.Moves()[g.Len()-1]
			var opt Options
			LastMove(v, prev, m, &opt)
			root := parseSVG(t, String(v, g.Position(), opt))
			var last []string
			for _, n := range root.find("last") {
				last = append(last, n.attr["data-sq"])
			}
			want := fmt.Sprint([]string{v.SquareName(m.From), v.SquareName(m.To)})
			if fmt.Sprint(last) != want {
				t.Errorf("%s: last move marks on %v, want %v", v.Name, last, want)
			}
			if !m.IsCapture() {
				return
			}
			captures++
			if n := len(root.find("route")); n != 1 {
				t.Errorf("%s: %d route lines for a capture", v.Name, n)
			}
			if n, want := len(root.find("taken")), bitsOf(m.Captured); n != want {
				t.Errorf("%s: %d captured marks for %d pieces taken", v.Name, n, want)
			}
		})
		if captures == 0 {
			t.Errorf("%s: the walk made no capture, nothing was checked", v.Name)
		}
	}
}

func bitsOf(b board.Bitboard) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// TestGraph: one clickable point per position, a marked move's point in
// its colour at the position after it, and the current position's line.
func TestGraph(t *testing.T) {
	svg := GraphString([]int{0, 10, -20, 400, 10000}, GraphOptions{Marks: []string{"", "?!", "??", ""}, Current: 2})
	if n := strings.Count(svg, `class="point"`); n != 5 {
		t.Errorf("%d points, want 5", n)
	}
	for _, want := range []string{`data-ply="2" data-mark="?!"`, `data-ply="3" data-mark="??"`, `class="graph-current"`, colourBlunder, colourInaccuracy} {
		if !strings.Contains(svg, want) {
			t.Errorf("graph lacks %q:\n%s", want, svg)
		}
	}
	if strings.Contains(GraphString(nil, GraphOptions{Current: -1}), "NaN") {
		t.Errorf("an empty graph draws NaN")
	}
}
