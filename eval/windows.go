package eval

import (
	"math/bits"

	"damka/board"
)

// Windows holds every window's two readings (see ownPair) of one board,
// with the board's white and black words they were read from. A search
// keeps one per ply and brings it up to date from the one of the ply
// before (Weights.Follow): a move changes two to a handful of squares, each
// in at most four windows, so a few adds replace the gathers of all
// sixteen windows. The zero value is a valid pair: the empty board, whose
// readings are all 0.
type Windows struct {
	lay          *layout // whose windows r are; nil: none yet
	white, black uint64
	r            [maxShapes]uint32 // the windows', then the edge shapes'
}

// squareWindows lists, for one square, the windows it lies in and what a
// piece of each colour arriving there adds to the window's two readings
// (its leaving subtracts the same).
type squareWindows struct {
	n   uint8
	win [8]uint8 // up to 4 windows and an edge shape
	// add[0]: a white piece, own digit in White's reading and 2 in the
	// turned one; add[1]: a black piece, 2 and own digit.
	add [2][8]uint32
}

// followLimit: from this many changed squares on, reading all the windows
// afresh is cheaper than following the changes.
const followLimit = 12

// squareWindows of the layout's squares, made with it.
func (l *layout) makeSquareWindows() {
	l.sq = make([]squareWindows, 64)
	for w := range l.windows {
		for j := range windowSquares {
			s := int(l.shift[w][j/2]) + j%2
			lo := uint32(pow3[j])         // White's reading: bit j weighs 3^j
			hi := uint32(pow3[7-j]) << 16 // the turned reading: bit j weighs 3^(7-j)
			e := &l.sq[s]
			e.win[e.n] = uint8(w)
			e.add[0][e.n] = lo + 2*hi
			e.add[1][e.n] = 2*lo + hi
			e.n++
		}
	}
	for k := range l.edges {
		for j, s := range l.edge[k].sq {
			e := &l.sq[s]
			e.win[e.n] = uint8(l.windows + k)
			e.add[0][e.n] = edgeAdd[0][j]
			e.add[1][e.n] = edgeAdd[1][j]
			e.n++
		}
	}
}

var pow3 = [windowSquares]uint16{1, 3, 9, 27, 81, 243, 729, 2187}

// Follow makes ws hold the readings of p's board, starting from whichever
// of ws itself (a stale reading of an earlier position at the same ply)
// and from (the ply before's; nil if none) differs from p in fewer squares,
// or reading every window when both differ in many. ws and from must only
// ever have been set by Follow (or be zero).
func (w *Weights) Follow(ws, from *Windows, p *board.Position) {
	white, black, _ := p.Words()
	wb, bb := uint64(white), uint64(black)
	l := w.lay
	if ws.lay != l {
		// Another board's readings (a search of another variant at
		// this ply): start from the empty board's.
		*ws = Windows{lay: l}
	}
	if ws.white == wb && ws.black == bb {
		return
	}
	n := bits.OnesCount64(ws.white^wb) + bits.OnesCount64(ws.black^bb)
	if from != nil && ws != from && from.lay == l {
		if m := bits.OnesCount64(from.white^wb) + bits.OnesCount64(from.black^bb); m < n {
			*ws = *from
			n = m
		}
	}
	if n >= followLimit {
		for i := range l.win {
			ws.r[i] = l.win[i].readings(wb, bb)
		}
		for e := range l.edges {
			ws.r[(l.windows+e)&(maxShapes-1)] = l.edge[e].readings(wb, bb)
		}
		ws.white, ws.black = wb, bb
		return
	}
	ws.apply(l.sq[:64], ws.white^wb, wb, 0)
	ws.apply(l.sq[:64], ws.black^bb, bb, 1)
	ws.white, ws.black = wb, bb
}

// apply adds the pieces of colour c (0 White, 1 Black) that arrived on the
// squares of changed (those in now) and takes away those that left; a
// subtraction is the add of the negated uint32, exact modulo 2^32.
func (ws *Windows) apply(sq []squareWindows, changed, now uint64, c int) {
	for d := changed; d != 0; d &= d - 1 {
		s := bits.TrailingZeros64(d)
		e := &sq[s]
		add := &e.add[c&1]
		neg := uint32(0)
		if now>>s&1 == 0 {
			neg = ^uint32(0) // (x ^ neg) - neg is -x
		}
		for k := range e.n {
			x := add[k&7]
			ws.r[e.win[k&7]&(maxShapes-1)] += (x ^ neg) - neg
		}
	}
}
