package eval

import (
	"math/bits"

	"damka/board"
)

// Canadian draughts (International rules on 12x12) lives on its own
// two-word board, board.Position128, so it gets its own copy of the normal
// evaluation's driver. The terms, the square-value functions and the
// weights are those of International (paramsInternational, so that the
// eval.* ablations reach Canadian too); only the square tables are built
// for the wide layout.

// wideSquareTables is squareTables for board.Canadian128, indexed by bit
// (0..127). As in squareTables, the Black half of every table is the White
// half turned by 180 degrees, so Wide is colour-symmetric by construction.
type wideSquareTables struct {
	all      board.Bitboard128
	adv      [2][128]int8
	manPk    [2][128]int64             // mg<<32 + eg, as squareTables.manPk
	cone     [2][128]board.Bitboard128 // squares ahead of a man; what shadow must match
	guard    [2]board.Bitboard128
	left     [2]board.Bitboard128
	right    [2]board.Bitboard128
	centre   board.Bitboard128
	mainDiag board.Bitboard128
}

const (
	wideSize = 12 // files and rows
	// The two forward steps in bits: square n is at bit (n-1)+(n-1)/12,
	// so a diagonal step moves 6 or 7 bits (canadian.go).
	wideStepA, wideStepB = 6, 7
)

var wide = newWideSquareTables()

func newWideSquareTables() *wideSquareTables {
	v := board.Canadian128
	t := &wideSquareTables{}
	// fileRank gives the square's file (0 = a) and its row as seen from
	// colour c (0 = c's own back row); file is then from c's left.
	fileRank := func(n int, c board.Color) (file, row int) {
		r := (n - 1) / (wideSize / 2) // row from the top, White's far row
		f := 2*((n-1)%(wideSize/2)) + 1 - r%2
		if c == board.White {
			return f, wideSize - 1 - r
		}
		return wideSize - 1 - f, r
	}
	for n := 1; n <= v.Squares(); n++ {
		s, _ := v.Square(n)
		t.all = or128(t.all, bit128(s))
		for c := board.White; c <= board.Black; c++ {
			file, row := fileRank(n, c)
			t.adv[c][s] = int8(row)
			t.manPk[c][s] = int64(manMg(row, file, wideSize, wideSize))<<32 + int64(manEg(row, wideSize))
			if row == 0 && file > 0 && file < wideSize-2 {
				t.guard[c] = or128(t.guard[c], bit128(s))
			}
			if file < wideSize/2 {
				t.left[c] = or128(t.left[c], bit128(s))
			} else {
				t.right[c] = or128(t.right[c], bit128(s))
			}
			for m := 1; m <= v.Squares(); m++ {
				file2, row2 := fileRank(m, c)
				if d := row2 - row; d > 0 && abs(file2-file) <= d {
					s2, _ := v.Square(m)
					t.cone[c][s] = or128(t.cone[c][s], bit128(s2))
				}
			}
		}
		f, r := fileRank(n, board.White)
		if f >= 2 && f <= wideSize-3 && r >= wideSize/2-2 && r <= wideSize/2+1 {
			t.centre = or128(t.centre, bit128(s))
		}
		if f == r {
			// a1-l12: on a square board the long diagonal is its own
			// mirror image.
			t.mainDiag = or128(t.mainDiag, bit128(s))
		}
	}
	return t
}

// Wide evaluates a Canadian position from the side to move's view (100 = one man).
func Wide(p *board.Position128) int { return defaultHand.wide(p) }

func (h *Hand) wide(p *board.Position128) int {
	t, w := wide, &h.international
	var side [2]sideInfo
	var run [2]int
	t.side(p, board.White, w, &side[board.White])
	t.side(p, board.Black, w, &side[board.Black])
	for c := board.White; c <= board.Black; c++ {
		if side[c^1].kings == 0 {
			run[c] = t.runaways(p, c, w)
		}
	}
	// Taper by the men left, as normal does: 60 men at the start.
	score := blend(w, &side[board.White], &side[board.Black], run[board.White], run[board.Black], 2*5*wideSize/2) // White's view
	// The flying-king endings of endgame.go, carried over from 10x10
	// unmeasured.
	score = scale(w, &side, score, func(strong board.Color) bool {
		return !empty128(and128(and128(p.Pieces[strong], p.Kings), t.mainDiag)) &&
			empty128(and128(p.Pieces[strong^1], t.mainDiag))
	})
	score = max(-Limit, min(Limit, score))
	if p.Side == board.Black {
		return -score
	}
	return score
}

// side is squareTables.side on the wide board: square values, formation and the
// forward steps of c's men, and the placement of its kings.
func (t *wideSquareTables) side(p *board.Position128, c board.Color, w *params, si *sideInfo) {
	own, opp := p.Pieces[c], p.Pieces[c^1]
	men := andNot128(own, p.Kings)
	kings := and128(own, p.Kings)
	var sq int64
	pk := &t.manPk[c&1]
	for b := men.Lo; b != 0; b &= b - 1 {
		sq += pk[bits.TrailingZeros64(b)&63]
	}
	for b := men.Hi; b != 0; b &= b - 1 {
		sq += pk[64+bits.TrailingZeros64(b)&63]
	}
	eg := int(int32(sq))
	mg := int((sq - int64(eg)) >> 32)
	// Guarding the back row matters only while the opponent has men that
	// could promote through it; both wings manned keeps the position
	// flexible.
	if !empty128(andNot128(opp, p.Kings)) {
		mg += w.guard * and128(men, t.guard[c]).Count()
	}
	mg -= w.balance * abs(and128(men, t.left[c]).Count()-and128(men, t.right[c]).Count())
	// A man that cannot step forward because the opponent stands there is
	// locked and usually a liability.
	f1, f2 := wideStepA, wideStepB
	if c == board.White {
		f1, f2 = -f1, -f2
	}
	empty := andNot128(t.all, or128(own, opp))
	ahead1, ahead2 := shift128(men, f1), shift128(men, f2)
	step1, step2 := and128(ahead1, empty), and128(ahead2, empty)
	canMove := or128(shift128(step1, -f1), shift128(step2, -f2))
	blockedByOpp := or128(shift128(and128(ahead1, opp), -f1), shift128(and128(ahead2, opp), -f2))
	locked := and128(andNot128(men, canMove), blockedByOpp).Count()
	pos := w.mobility*(step1.Count()+step2.Count()) - w.locked*locked
	mg += pos
	eg += pos
	if !empty128(kings) {
		k := w.kingDiag*and128(kings, t.mainDiag).Count() + w.kingCtr*and128(kings, t.centre).Count()
		mg += k
		eg += k
	}
	si.men, si.kings, si.mg, si.eg = men.Count(), kings.Count(), mg, eg
}

// runaways is squareTables.runaways on the wide board: c's men with no opponent
// piece in their cone, worth more the nearer they are to promotion. The
// men with a piece in their cone are found by flooding backwards from the
// opponent's pieces (shadow), which is cheaper than a cone test per man
// with 30 men a side.
func (t *wideSquareTables) runaways(p *board.Position128, c board.Color, w *params) int {
	men := andNot128(p.Pieces[c], p.Kings)
	men = andNot128(men, t.shadow(c, p.Pieces[c^1], men))
	bonus := 0
	for i, b := range [2]uint64{men.Lo, men.Hi} {
		for ; b != 0; b &= b - 1 {
			s := 64*i + bits.TrailingZeros64(b)
			togo := wideSize - 1 - int(t.adv[c&1][s&127])
			if v := w.runaway - w.runawayPP*togo; v > 0 {
				bonus += v
			}
		}
	}
	return bonus
}

// shadow returns the squares whose cone for c holds a piece of opp, or at
// least those of them in men: it stops once men is covered. Each step is
// masked with the real squares, so that a flood leaving the board on one
// edge does not come back on the other through a ghost bit (a test checks
// the flood against the cones).
func (t *wideSquareTables) shadow(c board.Color, opp, men board.Bitboard128) board.Bitboard128 {
	b1, b2 := wideStepA, wideStepB
	if c == board.Black {
		b1, b2 = -b1, -b2
	}
	var sh board.Bitboard128
	for front := opp; !empty128(front); {
		front = andNot128(and128(or128(shift128(front, b1), shift128(front, b2)), t.all), sh)
		sh = or128(sh, front)
		if empty128(andNot128(men, sh)) {
			break
		}
	}
	return sh
}

// Set operations on the wide board (board.Bitboard128 keeps its own
// unexported).

func bit128(s board.Square) board.Bitboard128 {
	if s < 64 {
		return board.Bitboard128{Lo: 1 << uint(s)}
	}
	return board.Bitboard128{Hi: 1 << uint(s-64)}
}

func empty128(a board.Bitboard128) bool { return a.Lo|a.Hi == 0 }

func and128(a, b board.Bitboard128) board.Bitboard128 {
	return board.Bitboard128{Lo: a.Lo & b.Lo, Hi: a.Hi & b.Hi}
}

func or128(a, b board.Bitboard128) board.Bitboard128 {
	return board.Bitboard128{Lo: a.Lo | b.Lo, Hi: a.Hi | b.Hi}
}

func andNot128(a, b board.Bitboard128) board.Bitboard128 {
	return board.Bitboard128{Lo: a.Lo &^ b.Lo, Hi: a.Hi &^ b.Hi}
}

// shift128 moves every square by d bits (0 < |d| < 64); squares pushed off
// the board land on ghost bits or beyond bit 127, and an AND with real
// squares removes them.
func shift128(a board.Bitboard128, d int) board.Bitboard128 {
	if d >= 0 {
		return board.Bitboard128{Lo: a.Lo << uint(d), Hi: a.Hi<<uint(d) | a.Lo>>uint(64-d)}
	}
	n := uint(-d)
	return board.Bitboard128{Lo: a.Lo>>n | a.Hi<<(64-n), Hi: a.Hi >> n}
}
