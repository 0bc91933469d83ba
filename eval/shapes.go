package eval

import (
	"fmt"
	"strings"

	"damka/board"
)

// Options are what a layout adds to the 4x4 windows, each measured by the
// held-out loss of a fit (docs/learned-evaluation.md). A layout's name in
// a weights file is its base name (LayoutBands, LayoutWindows) followed by
// "+option" for each option, in the order below.
type Options uint8

const (
	// KingSquares: a weight per square for a king (the same table for both
	// colours, Black's squares turned), and one for having a first king:
	// the first king changes a game far more than the second.
	KingSquares Options = 1 << iota
	// Edges: two shapes of 3 files by 6 ranks along the side edges (the
	// middle six ranks), 3^9 states each, a table per shape: the edge
	// formations that the 4x4 windows cut in two.
	Edges
	optionsEnd
)

// Two more options were measured and lost (docs/learned-evaluation.md; tag
// lost/layout-menonly-advance): windows that read men only, and a phase
// by the men's advancement.

var optionNames = []string{"kingsq", "edges"}

// String is the options as "+kingsq+edges" (empty for none).
func (o Options) String() string {
	var b strings.Builder
	for i, n := range optionNames {
		if o&(1<<i) != 0 {
			b.WriteString("+" + n)
		}
	}
	return b.String()
}

// ParseOptions reads options named as in a layout's name, "+" or ","
// between them ("kingsq,edges"); the empty string is none.
func ParseOptions(s string) (Options, error) {
	var o Options
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '+' || r == ',' }) {
		found := false
		for i, n := range optionNames {
			if f == n {
				o |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown layout option %q (known: %s)", f, strings.Join(optionNames, ", "))
		}
	}
	return o, nil
}

// LayoutName is the name of base (LayoutBands or LayoutWindows) with
// options o.
func LayoutName(base string, o Options) string { return base + o.String() }

// splitLayout parses a layout's name into its base and options; ok is
// false when it is not a layout's name (the options must be in order).
func splitLayout(name string) (base string, o Options, ok bool) {
	base, rest, plus := strings.Cut(name, "+")
	if base != LayoutBands && base != LayoutWindows || plus && rest == "" {
		return "", 0, false
	}
	if rest != "" {
		rest = "+" + rest
	}
	o, err := ParseOptions(rest)
	if err != nil || o.String() != rest {
		return "", 0, false
	}
	return base, o, true
}

// IsLayout reports whether name is a layout's name.
func IsLayout(name string) bool {
	_, _, ok := splitLayout(name)
	return ok
}

// edgeShape is one edge shape: its squares (bits) in the order of their
// digits, and the first weights of its own table and of the table of the
// shape it turns into (see window). The turned shape lists the turned
// squares in the same order, so that a shape's reading by Black (own
// pieces black, digit j from square sq[j]) indexes the turned shape's
// table: the low half of a reading is White's, the high half Black's.
type edgeShape struct {
	sq          [edgeSquares]uint8
	own, turned int32
}

// edgeAdd[c][j]: what a piece of colour c (0 White, 1 Black) on a shape's
// square j adds to the shape's two readings.
var edgeAdd [2][edgeSquares]uint32

func init() {
	p := uint32(1)
	for j := range edgeSquares {
		edgeAdd[0][j] = p + 2*p<<16
		edgeAdd[1][j] = 2*p + p<<16
		p *= 3
	}
}

// readings is the shape's two readings of white and black.
func (e *edgeShape) readings(white, black uint64) uint32 {
	var x uint32
	for j, s := range e.sq {
		x += uint32(white>>s&1)*edgeAdd[0][j] + uint32(black>>s&1)*edgeAdd[1][j]
	}
	return x
}

// addEdges lays out the two edge shapes of g after the windows: the left
// one and its half-turn image on the right. It returns false when the
// board is too small for them.
func (l *layout) addEdges(g *board.Geometry) bool {
	if g.Width < 6 || g.Height < 6 {
		return false
	}
	r0 := (g.Height - 6) / 2
	var left [edgeSquares]uint8
	n := 0
	for r := r0; r < r0+6; r++ {
		for f := range 3 {
			if s, ok := g.At(f, r); ok {
				if n == edgeSquares {
					return false
				}
				left[n] = uint8(s)
				n++
			}
		}
	}
	if n != edgeSquares {
		return false
	}
	var right [edgeSquares]uint8
	for j, s := range left {
		t, ok := turn(g, board.Square(s))
		if !ok {
			return false
		}
		right[j] = uint8(t)
	}
	l.edgeBase = l.bands * windowStates
	l.edges = 2
	l.edge[0] = edgeShape{sq: left, own: int32(l.edgeBase), turned: int32(l.edgeBase + edgeStates)}
	l.edge[1] = edgeShape{sq: right, own: int32(l.edgeBase + edgeStates), turned: int32(l.edgeBase)}
	return true
}

// turn is square s's image under the half turn of board g.
func turn(g *board.Geometry, s board.Square) (board.Square, bool) {
	f, r := g.FileRank(s)
	return g.At(g.Width-1-f, g.Height-1-r)
}

// addKings numbers the squares for the king weights: kingIdx[0][s] is the
// weight of a white king on bit s, kingIdx[1][s] that of a black one (the
// turned square's); the first-king weight follows the squares'.
func (l *layout) addKings(g *board.Geometry, base int) bool {
	n := 0
	for r := range g.Height {
		for f := range g.Width {
			s, ok := g.At(f, r)
			if !ok {
				continue
			}
			if int(s) >= 64 {
				return false
			}
			l.kingIdx[0][s] = int32(base + n)
			n++
		}
	}
	for r := range g.Height {
		for f := range g.Width {
			s, ok := g.At(f, r)
			if !ok {
				continue
			}
			t, _ := turn(g, s)
			l.kingIdx[1][s] = l.kingIdx[0][t]
		}
	}
	l.kingBase = base
	l.firstKing = base + n
	return true
}
