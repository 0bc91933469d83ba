// Package eval is damka's static evaluation: a hand-made sum of material,
// square values, formation, runaway men and flying-king endgame knowledge.
//
// Every term is computed once per colour from tables in which Black's half
// is White's half turned by 180 degrees, and the result is the difference,
// so the score of a position and of its colour-reversed mirror agree (a test
// checks it). Evaluate must stay cheap and allocation-free: the search calls
// it at every leaf.
package eval

import (
	"damka/board"
)

// Limit bounds the evaluation so that it never reaches the search's win
// scores (the Hub scale clamps evaluations to about 80 men).
const Limit = 8000

// Evaluate scores p from the side to move's point of view (100 = one man).
// The search calls it only in quiet positions: the side to move has no
// capture.
func Evaluate(v *board.Variant, p *board.Position) int { return defaultHand.Evaluate(v, p) }

// Evaluate is Evaluate with h's weights.
func (h *Hand) Evaluate(v *board.Variant, p *board.Position) int {
	if p.IsWide() {
		q := p.Board128()
		return h.wide(&q)
	}
	if v.DiagonalSteps && v.Goal == board.Normal {
		// Tama's men and kings move unlike any other family's (tama.go).
		return h.tamaEval(p)
	}
	switch v.Goal {
	case board.Giveaway:
		return giveaway(v, p)
	case board.Breakthrough:
		// The first king wins, so runaway men and advancement should
		// dominate; the normal evaluation has both, and a dedicated race
		// evaluation lost to it (docs/testing.md, breakthrough).
		return h.normal(v, p)
	}
	return h.normal(v, p)
}

// Giveaway weights (no piece or no move wins), per side, in the score
// unit. Set by self-play at fixed depth against the negated-material
// evaluation and each other (docs/rules.md, "The giveaway evaluation"): mobility and
// kings matter far more than the piece count.
const (
	gaMan      = 25  // penalty per man: fewer pieces is nearer the goal, a little
	gaKing     = 100 // bonus per king: it moves freely and picks where to give itself away
	gaMobility = 16  // bonus per quiet step of a man or a king: the side with moves to spare chooses when to give
	gaPromote  = 12  // penalty per row a man stands beyond the middle
)

// giveaway evaluates for the giveaway goal (antidraughts, poddavki): a
// side wants to lose its pieces or be blocked. What wins is control: a side
// with more moves decides when to give pieces, and the side short of moves
// is forced to take what it is offered, so mobility counts most; a king is
// an asset (counted as a liability, as the first version did, it lost
// heavily); fewer pieces is better only a little; and a man far advanced
// is penalised (the largest single term on 10x10, docs/testing.md). Each term is computed per side and the score is the difference, so
// the evaluation stays symmetric. Only the giveaway goal uses it.
func giveaway(v *board.Variant, p *board.Position) int {
	t := squareTablesFor(v.Geo)
	b := p.Board64()
	empty := t.geo.All &^ b.Occupied()
	var s int // White's view
	for c := board.White; c <= board.Black; c++ {
		men, kings := b.Men(c), b.KingsOf(c)
		f1, f2 := t.fwd[c][0], t.fwd[c][1]
		mob := (rot(men, f1) & empty).Count() + (rot(men, f2) & empty).Count()
		for _, d := range t.geo.Step {
			mob += (rot(kings, d) & empty).Count()
		}
		adv := 0
		for b := men; b != 0; b &= b - 1 {
			adv += max(int(t.adv[c][b.First()])-t.rows/2, 0)
		}
		x := -gaMan*men.Count() + gaKing*kings.Count() + gaMobility*mob - gaPromote*adv
		s += (1 - 2*int(c)) * x
	}
	s = max(-Limit, min(Limit, s))
	if p.Side == board.Black {
		return -s
	}
	return s
}

// normal is the evaluation for the goal of capturing or blocking every
// enemy piece.
func (h *Hand) normal(v *board.Variant, p *board.Position) int {
	t := squareTablesFor(v.Geo)
	w := h.paramsFor(v)
	white, black, kings := p.Words()
	empty := t.geo.All &^ (white | black)
	var side [2]sideInfo
	t.side(board.White, white&^kings, white&kings, black, black&^kings != 0, empty, w, &side[board.White])
	t.side(board.Black, black&^kings, black&kings, white, white&^kings != 0, empty, w, &side[board.Black])
	// Runaways count only for a side whose opponent has no king.
	var runW, runB int
	if kings == 0 && t.flood {
		// Both sides: one flood loop for the two.
		uw, ub := t.unstoppedBoth(white, black)
		runW, runB = t.runawaySum(board.White, uw, w), t.runawaySum(board.Black, ub, w)
	} else {
		if black&kings == 0 {
			runW = t.runaways(board.White, white&^kings, black, w)
		}
		if white&kings == 0 {
			runB = t.runaways(board.Black, black&^kings, white, w)
		}
	}
	// Taper by the men left: square values of the opening give way to those
	// of the endgame as men come off.
	sw, sb := &side[board.White], &side[board.Black]
	score := blend(w, sw, sb, runW, runB, v.Rows*v.Geo.Width) // White's view
	if sw.kings != 0 && sb.kings != 0 {
		score = scale(w, &side, score, func(strong board.Color) bool {
			own, opp := white, black
			if strong == board.Black {
				own, opp = black, white
			}
			return own&kings&t.mainDiag != 0 && opp&t.mainDiag == 0
		})
	}
	score = max(-Limit, min(Limit, score))
	if p.Side == board.Black {
		return -score
	}
	return score
}

// sideInfo is what one side contributes, gathered in one pass.
type sideInfo struct {
	men, kings int
	mg, eg     int // positional terms, material excluded
}

// side gathers c's men and kings against opp's pieces (oppMen: opp has a
// man) on a board whose empty squares are empty.
func (t *squareTables) side(c board.Color, men, kings, opp board.Bitboard, oppMen bool, empty board.Bitboard, w *params, si *sideInfo) {
	c &= 1
	mg, eg := t.manSquares(c, men)
	nMen := men.Count()
	// Formation: guarding the back row and keeping both wings manned (the
	// two wings split the board, so the right one holds the rest).
	if oppMen {
		mg += w.guard * (men & t.guard[c]).Count()
	}
	l := (men & t.left[c]).Count()
	mg -= w.balance * abs(2*l-nMen)
	// Forward steps: a man whose forward squares are all taken cannot move;
	// if the opponent holds one of them it is locked and usually a liability.
	f1, f2 := t.fwd[c][0], t.fwd[c][1]
	ahead1, ahead2 := rot(men, f1), rot(men, f2)
	step1, step2 := ahead1&empty, ahead2&empty
	mob := step1.Count() + step2.Count()
	canMove := rot(step1, -f1) | rot(step2, -f2)
	blockedByOpp := rot(ahead1&opp, -f1) | rot(ahead2&opp, -f2)
	locked := (men &^ canMove & blockedByOpp).Count()
	pos := w.mobility*mob - w.locked*locked
	mg += pos
	eg += pos
	if kings != 0 {
		k := w.kingDiag*(kings&t.mainDiag).Count() + w.kingCtr*(kings&t.centre).Count()
		mg += k
		eg += k
	}
	si.men, si.kings, si.mg, si.eg = nMen, kings.Count(), mg, eg
}

// runaways scores c's men that the opponent, who has no king, can no longer
// stop: no opponent piece stands anywhere in the cone of squares ahead. An
// opponent man outside the cone moves towards c's side and so can never
// enter it. (Simple version: a man beside the path may still win it by a
// backward capture, and the promotion race with the opponent's own runaways
// is not counted; the bonus is kept below the value of the king it becomes.)
func (t *squareTables) runaways(c board.Color, men, opp board.Bitboard, w *params) int {
	c &= 1
	if t.flood {
		return t.runawaySum(c, t.unstopped(c, opp, men), w)
	}
	bonus := 0
	for b := men; b != 0; b &= b - 1 {
		if s := b.First(); t.cone[c][s]&opp == 0 {
			bonus += t.runawayBonus(c, s, w)
		}
	}
	return bonus
}

// runawaySum is the bonus of c's runaway men in b.
func (t *squareTables) runawaySum(c board.Color, b board.Bitboard, w *params) int {
	bonus := 0
	for ; b != 0; b &= b - 1 {
		bonus += t.runawayBonus(c, b.First(), w)
	}
	return bonus
}

// runawayBonus is the bonus of c's runaway man on s: less the more rows it
// still has to go, never below 0.
func (t *squareTables) runawayBonus(c board.Color, s board.Square, w *params) int {
	togo := t.rows - 1 - int(t.adv[c&1][s&63])
	return max(w.runaway-w.runawayPP*togo, 0)
}
