package eval

import "damka/board"

// Armenian draughts (tama, board.Tama) has an evaluation of its own. The
// normal one was written for diagonal boards whose men step diagonally
// forwards: on the full 64-square board its "forward steps" are up and
// left, its runaway cone ignores that men also step sideways, and its king
// value is International's. Tama's men step forwards, diagonally forwards
// and sideways and capture forwards and sideways, so a man is never
// stopped by one piece in front of it but only by an opponent piece on
// its row or ahead of it, and a king that moves like a chess queen and
// captures along rows and files over any distance is worth several men.
// Turkish (the same board without diagonal steps) keeps the normal
// evaluation: nothing here touches its weights.
//
// Every term is counted per colour on tables in which Black's half is
// White's turned by 180 degrees, and the score is the difference, so the
// evaluation is colour-symmetric (TestTamaMirror).

// tamaParams are tama's weights, in the score unit (100 = one man). Hand
// set, measured as a whole against plain material (docs/testing.md).
type tamaParams struct {
	kingMg, kingEg int    // value of a king with all men on the board, and with none
	advMg, advEg   [8]int // a man on row r (0 = own back row, 7 = promoted), mg and eg
	promoFree      int    // a man on the row before the last with an empty square to promote on
	promoMove      int    // more when its side is to move: it promotes next move
	backed         int    // a man with an own piece (or the board's edge) behind it
	runaway        int    // a man with no opponent piece on its row or ahead, opponent without kings
	runawayPP      int    // runaway bonus lost per row still to go
}

// tamaDefault is the hand-set starting point: a king counts as 3.2 men in
// the middle game, when men are many and can trap and exchange it, and 4
// men in the endgame, where a queen that captures along rows and files
// over any distance hunts down lone men. Men gain little per row in the
// middle game (men far ahead of their own are targets) and much in the
// endgame, most on the two rows before the last. (The hcheckers program
// weights a tama king 4 men, Turkish 5.)
var tamaDefault = tamaParams{
	kingMg: 320, kingEg: 400,
	advMg:     [8]int{0, 0, 2, 5, 9, 14, 24, 0},
	advEg:     [8]int{0, 0, 6, 14, 24, 38, 60, 0},
	promoFree: 20, promoMove: 60,
	backed:  3,
	runaway: 200, runawayPP: 25,
}

// tamaSquareTables are the square sets tama's terms count on: bit b of the
// full board is square b+1, a8 = 0 to h1 = 63; White moves towards bit 0.
type tamaSquareTables struct {
	row      [2][8]board.Bitboard // row[c][r]: the squares on c's row r (0 = c's back row)
	ahead    [2][8]board.Bitboard // ahead[c][r]: c's rows r..7, where an opponent piece can meet a man on row r
	tamaMaxM int                  // men at the start, for the taper
}

var tamaT = newTamaSquareTables()

func newTamaSquareTables() *tamaSquareTables {
	t := &tamaSquareTables{tamaMaxM: 32}
	for r := 0; r < 8; r++ {
		t.row[board.White][r] = board.Bitboard(0xff) << (8 * (7 - r))
		t.row[board.Black][r] = board.Bitboard(0xff) << (8 * r)
	}
	for c := range 2 {
		for r := 7; r >= 0; r-- {
			t.ahead[c][r] = t.row[c][r]
			if r < 7 {
				t.ahead[c][r] |= t.ahead[c][r+1]
			}
		}
	}
	return t
}

// tamaSide is one colour's contribution, White's or Black's own view.
type tamaSide struct {
	men, kings int
	mg, eg     int // advancement and formation, material excluded
	promoFree  int // men that can promote next move
}

// tamaEval scores p, a position of board.Tama's rules, from the side to move's
// point of view.
func (h *Hand) tamaEval(p *board.Position) int {
	t, w := tamaT, &h.tama
	white, black, kings := p.Words()
	empty := ^(white | black)
	var side [2]tamaSide
	t.side(board.White, white, black, kings, empty, w, &side[board.White])
	t.side(board.Black, black, white, kings, empty, w, &side[board.Black])
	sw, sb := &side[board.White], &side[board.Black]
	if sw.men == 0 && sb.men == 0 && sw.kings <= 1 && sb.kings <= 1 {
		return 0 // king against king (or less): nothing to play for
	}
	men := min(sw.men+sb.men, t.tamaMaxM)
	taper := func(mg, eg int) int { return (mg*men + eg*(t.tamaMaxM-men)) / t.tamaMaxM }
	king := taper(w.kingMg, w.kingEg)
	score := 100*(sw.men-sb.men) + king*(sw.kings-sb.kings) + taper(sw.mg-sb.mg, sw.eg-sb.eg)
	// The side to move promotes a man that can next move (the quiescence
	// search follows captures only, so the evaluation counts it).
	if p.Side == board.White && sw.promoFree != 0 {
		score += w.promoMove
	} else if p.Side == board.Black && sb.promoFree != 0 {
		score -= w.promoMove
	}
	score = max(-Limit, min(Limit, score))
	if p.Side == board.Black {
		return -score
	}
	return score
}

// side gathers colour c's men and kings of own against the opponent's
// pieces opp.
func (t *tamaSquareTables) side(c board.Color, own, opp, kings, empty board.Bitboard, w *tamaParams, si *tamaSide) {
	c &= 1
	men := own &^ kings
	var mg, eg int
	for r := 1; r < 7; r++ {
		if n := (men & t.row[c][r]).Count(); n != 0 {
			mg += n * w.advMg[r]
			eg += n * w.advEg[r]
		}
	}
	// A man on row 6 promotes next move if the square in front of it or a
	// square diagonally in front is empty. (A shift by 7 or 9 that wraps
	// from one edge file to the other lands off row 6, so masking with
	// the men there is enough.)
	last := men & t.row[c][6]
	var free board.Bitboard
	if last != 0 {
		front := t.row[c][7] & empty
		if c == board.White {
			free = last & (front<<8 | front<<9 | front<<7)
		} else {
			free = last & (front>>8 | front>>9 | front>>7)
		}
		n := free.Count()
		mg += n * w.promoFree
		eg += n * w.promoFree
	}
	// A man with an own piece behind it cannot be taken by an opponent
	// piece in front of it (the landing square is taken); on the back row
	// the edge does it.
	var behind board.Bitboard
	if c == board.White {
		behind = own>>8 | t.row[c][0]
	} else {
		behind = own<<8 | t.row[c][0]
	}
	b := w.backed * (men & behind).Count()
	mg += b
	eg += b
	// Runaways: with no opponent king, an opponent man on a row behind c's
	// man only moves further away, so a man with no opponent piece on its
	// row or ahead of it promotes.
	if opp&kings == 0 && w.runaway != 0 {
		for r := 6; r >= 1; r-- {
			if opp&t.ahead[c][r] != 0 {
				break
			}
			if n := (men & t.row[c][r]).Count(); n != 0 {
				v := max(w.runaway-w.runawayPP*(6-r), 0)
				mg += n * v
				eg += n * v
			}
		}
	}
	si.men, si.kings, si.mg, si.eg = men.Count(), (own & kings).Count(), mg, eg
	si.promoFree = free.Count()
}
