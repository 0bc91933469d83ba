package eval

import (
	"math/bits"
	"sync"

	"damka/board"
)

// The learned evaluation reads the board through overlapping regions: every
// 4x4 window whose corner is on an even file and rank (16 on 10x10, 9 on
// 8x8). A window holds 8 playable squares, each empty, own or opponent's,
// so its state is a base-3 number below 3^8 = 6,561, and each window has a
// weight per state. A king counts as its owner's piece there; what a king
// is worth beyond that is a feature of its own.
//
// Colour symmetry is exact by construction: each window is read twice,
// once as White sees it and once as Black sees the window turned by 180
// degrees, with the same weights, and the second reading is subtracted.
// The colour-reversed mirror of a position swaps the two readings.
//
// On the ghost-square layouts the two playable squares of a window's row
// are neighbouring bits, so a window's 8 bits are gathered by four shifts
// and masks, and the base-3 number comes from two 256-entry tables: no loop
// over squares.

const (
	windowSquares = 8
	windowStates  = 6561 // 3^8
	maxWindows    = 16
	// The edge shapes (Options Edges): 3 files by 6 ranks along each side
	// edge, 9 playable squares, 3^9 states.
	edgeSquares = 9
	edgeStates  = 19683 // 3^9
	maxEdges    = 2
	// maxShapes bounds the windows and edge shapes of a layout (a power of
	// two, so that an index masked by maxShapes-1 needs no bounds check).
	maxShapes = 32
)

// Scalar features after the windows' weights, in this order
// (Weights.Scalar gives their index).
const (
	ScalarMen   = iota // men, White minus Black
	ScalarKings        // kings, White minus Black
	ScalarTempo        // the side to move (its own view: always 1)
	// ScalarHand is the hand-made evaluation (side to move's view, in
	// men): the windows and the other scalars learn what it misses. Its
	// weight starts at 100 (the hand-made evaluation as it is), so that a
	// fit starts from a sound evaluation and moves only where the games
	// say; the weights from scratch, without it, predicted the results
	// better but played far worse (docs/testing.md).
	ScalarHand
	scalarFeatures
)

// layout is the windows of one board geometry.
type layout struct {
	geo     *board.Geometry
	windows int
	shift   [maxWindows][4]uint8 // low bit of each window row's two squares
	turned  [maxWindows]uint8    // the window that the half turn maps it to
	// band[w] is the band of ranks of window w: the windows of one band
	// share one set of weights (4 bands on 10x10, 3 on 8x8). With weights per
	// window (105,000 weights a phase on 10x10) the 240,000 positions of
	// a first generation fitted noise: the weights predicted held-out
	// results better but did not play better (docs/testing.md); a band
	// keeps what matters most, how far the formation stands from the
	// back row, and sees each state four times as often.
	band  [maxWindows]uint8
	bands int
	// name is the layout's name in a weights file (LayoutBands or
	// LayoutWindows).
	name string
	// win is what Evaluate reads per window, packed in one slice so that
	// its loop has no index to check.
	win    []window
	sq     []squareWindows // per square: the windows it is in (Follow)
	pieces int             // pieces at the start: the phase's scale

	opts Options
	// The edge shapes (Edges), read after the windows: shape e is
	// Windows.r[windows+e]. Their tables start at edgeBase.
	edge     [maxEdges]edgeShape
	edges    int
	edgeBase int
	// The king weights (KingSquares): kingIdx[c][s] is the weight of a
	// king of colour c on bit s, firstKing that of a first king.
	kingIdx             [2][64]int32
	kingBase, firstKing int
	// scalarBase is the index of the first scalar feature: the last
	// weights.
	scalarBase int
}

// features is the number of weights per game phase.
func (l *layout) features() int { return l.scalarBase + scalarFeatures }

var (
	// base3[c]: the base-3 number of the squares of 8-bit set c, as ones
	// (own); twice it for the opponent. base3Turned reads c's bits in
	// reverse order: the same window seen from the other side.
	base3, base3Turned [256]uint16
	// ownPair[c] and oppPair[c] give both readings of a window from its
	// own (White's) and its opponent's (Black's) 8-bit sets in one add:
	// ownPair[gw]+oppPair[gb] holds base3[gw]+2*base3[gb] (White's
	// reading) in the low half and base3Turned[gb]+2*base3Turned[gw]
	// (Black's reading of the turned window) in the high half, neither
	// above 3^8, so the halves never carry into each other. Two loads
	// instead of four per window.
	ownPair, oppPair [256]uint32
	layouts          sync.Map // layoutKey -> *layout (nil when the board does not fit)
)

// The layouts a weights file may name: how the windows share weights.
const (
	// LayoutBands: the windows of one band of ranks share one table.
	LayoutBands = "bands4x4-men-kings-tempo-hand"
	// LayoutWindows: every window has a table of its own (105,000
	// weights a phase on 10x10), as many as the two million positions of
	// four generations can fit: the bands' fit on them scored the same
	// on the positions it learned from and on the held-out ones, so it
	// was short of capacity, not of data (docs/testing.md). Its tables
	// start from a bands fit (Reshape), which stays its prior.
	LayoutWindows = "windows4x4-men-kings-tempo-hand"
)

type layoutKey struct {
	g    *board.Geometry
	name string
}

func init() {
	for c := range 256 {
		var a, b, p uint16 = 0, 0, 1
		for j := range 8 {
			if c>>j&1 != 0 {
				a += p
			}
			if c>>(7-j)&1 != 0 {
				b += p
			}
			p *= 3
		}
		base3[c], base3Turned[c] = a, b
		ownPair[c] = uint32(a) | uint32(2*b)<<16
		oppPair[c] = uint32(2*a) | uint32(b)<<16
	}
}

// layoutFor returns the windows of g, weighted as layout name says, or nil
// where the board does not have them (Turkish's full board, Canadian's wide
// one, or a board narrower than a window) or the name is not a layout.
func layoutFor(g *board.Geometry, name string) *layout {
	key := layoutKey{g, name}
	if l, ok := layouts.Load(key); ok {
		return l.(*layout)
	}
	var l *layout
	if base, o, ok := splitLayout(name); ok {
		l = newLayout(g, base == LayoutWindows, o)
		if l != nil {
			l.name = name
		}
	}
	layouts.Store(key, l)
	return l
}

func newLayout(g *board.Geometry, perWindow bool, o Options) *layout {
	if g.Full || g.Wide || g.Width < 4 || g.Height < 4 || g.Width%2 != 0 || g.Height%2 != 0 {
		return nil
	}
	l := &layout{geo: g}
	type corner struct{ f, r int }
	index := map[corner]int{}
	for r := 0; r+4 <= g.Height; r += 2 {
		for f := 0; f+4 <= g.Width; f += 2 {
			if l.windows == maxWindows {
				return nil
			}
			w := l.windows
			for row := range 4 {
				var sq []int
				for file := f; file < f+4; file++ {
					if s, ok := g.At(file, r+row); ok {
						sq = append(sq, int(s))
					}
				}
				// The two squares must be neighbouring bits, in the
				// order of their files, for the shift-and-mask gather.
				if len(sq) != 2 || sq[1] != sq[0]+1 {
					return nil
				}
				l.shift[w][row] = uint8(sq[0])
			}
			index[corner{f, r}] = w
			l.band[w] = uint8(r / 2)
			if perWindow {
				l.band[w] = uint8(w)
			}
			l.bands = max(l.bands, int(l.band[w])+1)
			l.windows++
		}
	}
	for c, w := range index {
		t, ok := index[corner{g.Width - 4 - c.f, g.Height - 4 - c.r}]
		if !ok {
			return nil
		}
		l.turned[w] = uint8(t)
	}
	l.win = make([]window, l.windows)
	for w := range l.win {
		l.win[w] = window{
			shift:  l.shift[w],
			own:    int32(l.band[w]) * windowStates,
			turned: int32(l.band[l.turned[w]]) * windowStates,
		}
	}
	l.pieces = 2 * (g.Squares/2 - g.Width/2) // the usual start: all rows but the middle two
	if l.pieces <= 0 {
		l.pieces = g.Squares / 2
	}
	l.opts = o
	next := l.bands * windowStates
	if o&Edges != 0 {
		if !l.addEdges(g) {
			return nil
		}
		next += l.edges * edgeStates
	}
	if o&KingSquares != 0 {
		if !l.addKings(g, next) {
			return nil
		}
		next = l.firstKing + 1
	}
	l.scalarBase = next
	l.makeSquareWindows()
	return l
}

// window is one window as Evaluate reads it: the low bits of its rows'
// square pairs, the first weight of its table (own) and that of the window
// it turns into (turned), where its two readings (see ownPair) are looked
// up.
type window struct {
	shift       [4]uint8
	own, turned int32
}

// readings returns the window's two readings of white and black (see
// ownPair).
func (d *window) readings(white, black uint64) uint32 {
	s0, s1, s2, s3 := d.shift[0], d.shift[1], d.shift[2], d.shift[3]
	gw := white>>s0&3 | (white>>s1&3)<<2 | (white>>s2&3)<<4 | (white>>s3&3)<<6
	gb := black>>s0&3 | (black>>s1&3)<<2 | (black>>s2&3)<<4 | (black>>s3&3)<<6
	return ownPair[uint8(gw)] + oppPair[uint8(gb)]
}

// gather returns the 8-bit set of window w's squares in x.
func (l *layout) gather(w int, x uint64) uint8 {
	s := &l.shift[w]
	return uint8(x>>s[0]&3 | (x>>s[1]&3)<<2 | (x>>s[2]&3)<<4 | (x>>s[3]&3)<<6)
}

// readings fills white[w] and black[w] with window w's state as White sees
// it and as Black sees its turned image: the indices of the two weights
// that window w adds and subtracts.
func (l *layout) readings(white, black uint64, wv, bv *[maxWindows]uint16) {
	for w := range l.win {
		x := l.win[w].readings(white, black)
		wv[w] = uint16(x)
		bv[l.turned[w]&(maxWindows-1)] = uint16(x >> 16)
	}
}

// phase is the share of the game still in the middle game, as the pieces
// left say: pieces/l.pieces, capped at 1, in [0, phaseOne].
const phaseOne = 64

func (l *layout) phase(white, black uint64) int {
	n := bits.OnesCount64(white | black)
	return min(n*phaseOne/l.pieces, phaseOne)
}

// Feature is one active feature of a position for training: weight Index
// (of either phase) times Value.
type Feature struct {
	Index int32
	Value float32
}

// Active lists the active features of a position (the board's words and
// the side to move) with their values from the side to move's view, and
// the middle-game share mg (the end-game share is 1-mg): the model is
// sum(Value * (mg*MG[Index] + (1-mg)*EG[Index])). It appends to out.
// Evaluate computes the same sum with integer weights.
func (w *Weights) Active(white, black, kings uint64, side board.Color, out []Feature) ([]Feature, float32) {
	p := board.FromBoard64(board.Board64{Pieces: [2]board.Bitboard{board.Bitboard(white), board.Bitboard(black)}, Kings: board.Bitboard(kings)}, side)
	return w.active(white, black, kings, side, w.handEval().normal(w.v, &p), out)
}

// active is Active with the hand-made evaluation hand (side to move's view).
func (w *Weights) active(white, black, kings uint64, side board.Color, hand int, out []Feature) ([]Feature, float32) {
	l := w.lay
	var wv, bv [maxWindows]uint16
	l.readings(white, black, &wv, &bv)
	sgn := float32(1)
	if side == board.Black {
		sgn = -1
	}
	for i := range l.windows {
		base := int32(int(l.band[i]) * windowStates)
		if wv[i] == bv[i] {
			continue // the two readings cancel
		}
		out = append(out, Feature{base + int32(wv[i]), sgn}, Feature{base + int32(bv[i]), -sgn})
	}
	for e := range l.edges {
		d := &l.edge[e]
		x := d.readings(white, black)
		a, b := d.own+int32(x&0xffff), d.turned+int32(x>>16)
		if a != b {
			out = append(out, Feature{a, sgn}, Feature{b, -sgn})
		}
	}
	if l.opts&KingSquares != 0 {
		for k := white & kings; k != 0; k &= k - 1 {
			out = append(out, Feature{l.kingIdx[0][bits.TrailingZeros64(k)], sgn})
		}
		for k := black & kings; k != 0; k &= k - 1 {
			out = append(out, Feature{l.kingIdx[1][bits.TrailingZeros64(k)], -sgn})
		}
		if f := b2i(white&kings != 0) - b2i(black&kings != 0); f != 0 {
			out = append(out, Feature{int32(l.firstKing), sgn * float32(f)})
		}
	}
	scal := int32(l.scalarBase)
	men := bits.OnesCount64(white&^kings) - bits.OnesCount64(black&^kings)
	kg := bits.OnesCount64(white&kings) - bits.OnesCount64(black&kings)
	if men != 0 {
		out = append(out, Feature{scal + ScalarMen, sgn * float32(men)})
	}
	if kg != 0 {
		out = append(out, Feature{scal + ScalarKings, sgn * float32(kg)})
	}
	out = append(out, Feature{scal + ScalarTempo, 1})
	if hand != 0 {
		out = append(out, Feature{scal + ScalarHand, float32(hand) / 100})
	}
	return out, float32(l.phase(white, black)) / phaseOne
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
