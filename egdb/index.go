package egdb

import (
	"fmt"
	"math/bits"

	"damka/board"
)

// Indexing. A slice holds every placement of its material with White to
// move, numbered by a mixed-radix combination of four combinatorial
// (colex binomial) ranks:
//
//	index = ((rankWM*nBM + rankBM)*nWK + rankWK)*nBK + rankBK
//
// Squares are counted densely, 0..Squares-1 in notation order (square 1 is
// 0). White men may not stand on White's promotion row (the first Width/2
// squares) and black men not on Black's (the last Width/2), so both sets
// of man squares are contiguous ranges. White men are ranked among theirs,
// black men among theirs ignoring the white men (the few indexes where the
// two overlap are invalid and stored as "don't care", which costs almost
// nothing once compressed and keeps the index a simple product), white
// kings among the squares free of men and black kings among the squares
// free of men and white kings (exact: no waste).

// maxSquares bounds the boards the indexer handles: dense masks are uint64.
const maxSquares = 64

// binom[n][k] = n choose k for n, k <= maxSquares (saturating is never
// needed: the largest value used is well below 2^63 for k <= 16).
var binom [maxSquares + 1][maxSquares + 1]uint64

func init() {
	for n := 0; n <= maxSquares; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// colex ranks the set of bit positions in mask among the sets of the same
// size: sum of C(r_i, i+1) over the positions r_0 < r_1 < ... .
func colex(mask uint64) uint64 {
	var r uint64
	for i := 1; mask != 0; i++ {
		r += binom[bits.TrailingZeros64(mask)][i]
		mask &= mask - 1
	}
	return r
}

// uncolex is the inverse of colex for sets of k positions below n.
func uncolex(r uint64, k, n int) uint64 {
	var mask uint64
	for i := k; i > 0; i-- {
		// The largest c with C(c, i) <= r; c >= i-1 always qualifies.
		c := n - 1
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		mask |= 1 << uint(c)
		n = c
	}
	return mask
}

// compress maps the squares of set (disjoint from used) to their ranks
// among the squares not in used (a software PEXT of ^used).
func compress(set, used uint64) uint64 {
	var out uint64
	for ; set != 0; set &= set - 1 {
		d := bits.TrailingZeros64(set)
		below := used & (1<<uint(d) - 1)
		out |= 1 << uint(d-bits.OnesCount64(below))
	}
	return out
}

// expand is the inverse of compress: ranks among the squares not in used
// back to squares (a software PDEP of ^used).
func expand(ranks, used uint64) uint64 {
	var out uint64
	for ; ranks != 0; ranks &= ranks - 1 {
		d := bits.TrailingZeros64(ranks)
		// Walk up past every used square at or below the target.
		for u := used; u != 0; u &= u - 1 {
			if bits.TrailingZeros64(u) <= d {
				d++
			} else {
				break
			}
		}
		out |= 1 << uint(d)
	}
	return out
}

// geometry holds the per-board tables of the indexer.
type geometry struct {
	g       *board.Geometry
	squares int
	half    int                // squares per row: the promotion row length
	dense   [64]int8           // ghost bit -> dense square (-1: not playable)
	ghost   [maxSquares]uint64 // dense square -> ghost bitboard bit
}

func newGeometry(g *board.Geometry) (*geometry, error) {
	if g.Squares > maxSquares {
		return nil, fmt.Errorf("egdb: board %s has %d squares, more than %d", g.Name, g.Squares, maxSquares)
	}
	x := &geometry{g: g, squares: g.Squares, half: g.Width / 2}
	for i := range x.dense {
		x.dense[i] = -1
	}
	for n := 1; n <= g.Squares; n++ {
		s, _ := g.Bit(n)
		x.dense[s] = int8(n - 1)
		x.ghost[n-1] = uint64(s.Bit())
	}
	return x, nil
}

// dense is a position in dense squares, White to move.
type dense struct{ wm, bm, wk, bk uint64 }

func (x *geometry) toDense(b board.Bitboard) uint64 {
	var out uint64
	for ; b != 0; b &= b - 1 {
		out |= 1 << uint(x.dense[b.First()])
	}
	return out
}

func (x *geometry) toGhost(d uint64) board.Bitboard {
	var out uint64
	for ; d != 0; d &= d - 1 {
		out |= x.ghost[bits.TrailingZeros64(d)]
	}
	return board.Bitboard(out)
}

// mirrorMask turns a dense mask by 180 degrees: square d <-> squares-1-d.
func (x *geometry) mirrorMask(d uint64) uint64 {
	return bits.Reverse64(d) >> uint(64-x.squares)
}

// canonical returns p in dense squares with White to move: mirrored when
// Black is to move.
func (x *geometry) canonical(p *board.Position) dense {
	w := p.Board64()
	d := dense{
		wm: x.toDense(w.Men(board.White)), bm: x.toDense(w.Men(board.Black)),
		wk: x.toDense(w.KingsOf(board.White)), bk: x.toDense(w.KingsOf(board.Black)),
	}
	if p.Side == board.Black {
		d = x.mirror(d)
	}
	return d
}

// mirror is the colour-reversed position (Position.Mirror in dense squares).
func (x *geometry) mirror(d dense) dense {
	return dense{wm: x.mirrorMask(d.bm), bm: x.mirrorMask(d.wm), wk: x.mirrorMask(d.bk), bk: x.mirrorMask(d.wk)}
}

// position converts back to a board position with White to move.
func (x *geometry) position(d dense) board.Position {
	var w board.Board64
	w.Pieces[board.White] = x.toGhost(d.wm | d.wk)
	w.Pieces[board.Black] = x.toGhost(d.bm | d.bk)
	w.Kings = x.toGhost(d.wk | d.bk)
	return board.FromBoard64(w, board.White)
}

func (d dense) material() Material {
	return Material{bits.OnesCount64(d.wm), bits.OnesCount64(d.bm), bits.OnesCount64(d.wk), bits.OnesCount64(d.bk)}
}

// indexer numbers the positions of one material.
type indexer struct {
	x                  *geometry
	m                  Material
	nWM, nBM, nWK, nBK uint64
	size               uint64
}

func newIndexer(x *geometry, m Material) indexer {
	menSquares := x.squares - x.half
	ix := indexer{x: x, m: m,
		nWM: binom[menSquares][m.WM],
		nBM: binom[menSquares][m.BM],
		nWK: binom[x.squares-m.WM-m.BM][m.WK],
		nBK: binom[x.squares-m.WM-m.BM-m.WK][m.BK],
	}
	ix.size = ix.nWM * ix.nBM * ix.nWK * ix.nBK
	return ix
}

// index numbers d, which must have the indexer's material. ok is false
// for a man on its own promotion row (not a legal position).
func (ix *indexer) index(d dense) (uint64, bool) {
	h := uint(ix.x.half)
	limit := uint64(1)<<uint(ix.x.squares-ix.x.half) - 1
	if d.wm&(1<<h-1) != 0 || d.bm&^limit != 0 {
		return 0, false
	}
	men := d.wm | d.bm
	i := colex(d.wm >> h)
	i = i*ix.nBM + colex(d.bm)
	i = i*ix.nWK + colex(compress(d.wk, men))
	i = i*ix.nBK + colex(compress(d.bk, men|d.wk))
	return i, true
}

// position is the inverse of index; ok is false for the invalid indexes
// where white and black men overlap.
func (ix *indexer) position(i uint64) (dense, bool) {
	var d dense
	sq := ix.x.squares
	menSquares := sq - ix.x.half
	rbk := i % ix.nBK
	i /= ix.nBK
	rwk := i % ix.nWK
	i /= ix.nWK
	rbm := i % ix.nBM
	rwm := i / ix.nBM
	d.wm = uncolex(rwm, ix.m.WM, menSquares) << uint(ix.x.half)
	d.bm = uncolex(rbm, ix.m.BM, menSquares)
	if d.wm&d.bm != 0 {
		return d, false
	}
	men := d.wm | d.bm
	d.wk = expand(uncolex(rwk, ix.m.WK, sq-ix.m.Men()), men)
	d.bk = expand(uncolex(rbk, ix.m.BK, sq-ix.m.Men()-ix.m.WK), men|d.wk)
	return d, true
}
