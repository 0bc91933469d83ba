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
	r            [maxWindows]uint32
}

// squareWindows lists, for one square, the windows it lies in and what a
// piece of each colour arriving there adds to the window's two readings
// (its leaving subtracts the same).
type squareWindows struct {
	n    uint8
	win  [4]uint8
	addW [4]uint32 // a white piece: own digit in White's reading, 2 in the turned one
	addB [4]uint32 // a black piece: 2 in White's reading, own digit in the turned one
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
			e.addW[e.n] = lo + 2*hi
			e.addB[e.n] = 2*lo + hi
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
		ws.white, ws.black = wb, bb
		return
	}
	sq := l.sq[:64]
	for d := ws.white ^ wb; d != 0; d &= d - 1 {
		s := bits.TrailingZeros64(d)
		e := &sq[s]
		if wb>>s&1 != 0 {
			for k := range e.n {
				ws.r[e.win[k&3]&(maxWindows-1)] += e.addW[k&3]
			}
		} else {
			for k := range e.n {
				ws.r[e.win[k&3]&(maxWindows-1)] -= e.addW[k&3]
			}
		}
	}
	for d := ws.black ^ bb; d != 0; d &= d - 1 {
		s := bits.TrailingZeros64(d)
		e := &sq[s]
		if bb>>s&1 != 0 {
			for k := range e.n {
				ws.r[e.win[k&3]&(maxWindows-1)] += e.addB[k&3]
			}
		} else {
			for k := range e.n {
				ws.r[e.win[k&3]&(maxWindows-1)] -= e.addB[k&3]
			}
		}
	}
	ws.white, ws.black = wb, bb
}
