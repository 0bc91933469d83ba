package board

import (
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// movesOf returns the legal moves of p written in the variant's notation,
// sorted.
func movesOf(v *Variant, p *Position) []string {
	var ml MoveList
	v.Generate(p, &ml)
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, v.FormatMove(p, m))
	}
	sort.Strings(out)
	return out
}

func TestLookupVariants(t *testing.T) {
	for _, v := range Variants() {
		for _, n := range append([]string{v.Name, strings.ToUpper(v.Name)}, v.Aliases...) {
			if got, err := Lookup(n); err != nil || got != v {
				t.Errorf("Lookup(%q) = %v, %v; want %s", n, got, err, v.Name)
			}
		}
		squares := v.Geo.Width * v.Geo.Height / 2
		if v.Geo.Full {
			squares *= 2
		}
		if v.Geo.Squares != squares || v.Rows == 0 || v.CaptureSep == 0 || v.Draw.Repetitions == 0 {
			t.Errorf("%s: incomplete rule data %+v", v.Name, *v)
		}
	}
	// The Hub names of other software (Scan, pydraughts) are names or
	// aliases (format/hubtext names the variants on the wire).
	for name, want := range map[string]*Variant{"normal": International, "killer": Killer, "bt": BreakthroughDraughts,
		"losing": Antidraughts, "russian": Russian, "brazilian": Brazilian, "frisian": Frisian} {
		if got, err := Lookup(name); err != nil || got != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", name, got, err, want.Name)
		}
	}
	for name, want := range map[string]*Variant{"bt": BreakthroughDraughts, "losing": Antidraughts, "poddavki": Poddavki,
		"giveaway": Poddavki, "antidraughts": Antidraughts, "breakthrough": BreakthroughDraughts, "pool": Pool,
		"italian": Italian, "spanish": Spanish, "portuguese": Portuguese, "czech": Czech, "killer": Killer,
		"spantsiretti": Spantsiretti, "diagonal": Diagonal, "frisian": Frisian, "frysk": Frysk, "frysk!": Frysk} {
		if got, err := Lookup(name); err != nil || got != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", name, got, err, want.Name)
		}
	}
	// The test boards of perft.tsv are not variants anyone plays.
	for _, name := range []string{"english-6x6", "international-6x6", "ktar-8x10", "international-10x8"} {
		if _, err := Lookup(name); err == nil {
			t.Errorf("test-only rule set %s is in Lookup", name)
		}
	}
}

// TestStartPositions checks every variant's start position, written in its
// own notation, and the first mover's legal moves, worked out by hand.
func TestStartPositions(t *testing.T) {
	intl := []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}
	alg := []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}
	cases := []struct {
		v     *Variant
		fen   string
		moves []string
	}{
		{International, "W:W31-50:B1-20", intl},
		{Killer, "W:W31-50:B1-20", intl},
		{BreakthroughDraughts, "W:W31-50:B1-20", intl},
		{Antidraughts, "W:W31-50:B1-20", intl},
		{Russian, "W:W21-32:B1-12", alg},
		{Poddavki, "W:W21-32:B1-12", alg},
		// Columns of one piece each: the Russian start.
		{Bashni, "W:W21-32:B1-12", alg},
		{Brazilian, "W:W21-32:B1-12", alg},
		{Czech, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", alg},
		// Black (on 1-12, at the top) moves first, down the board.
		{English, "B:W21-32:B1-12", []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		{Pool, "B:W21-32:B1-12", []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		// Italian numbering: 21-24 = b3 d3 f3 h3, 17-20 = a4 c4 e4 g4.
		{Italian, "W:W21-32:B1-12", []string{"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}},
		// Spanish numbering from White's side: 9-12 = h3 f3 d3 b3,
		// 13-16 = g4 e4 c4 a4.
		{Spanish, "W:W1-12:B21-32", []string{"10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"}},
		{Portuguese, "W:W1-12:B21-32", []string{"10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"}},
		// 10 files a-j: White on ranks 1-3, each rank-3 man has two squares
		// except i3, whose right neighbour j4 is the edge square.
		{Spantsiretti, "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8",
			[]string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4", "i3-h4", "i3-j4"}},
		// The main road a1-h8 is empty; only the White men next to it can
		// step onto it (c1-b2, d2-c3, e3-d4, f4-e5, g5-f6, h6-g7): every
		// other one is blocked by its own men.
		{Diagonal, "W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Bb8,d8,f8,a7,c7,e7,b6,d6,a5,c5,b4,a3",
			[]string{"c1-b2", "d2-c3", "e3-d4", "f4-e5", "g5-f6", "h6-g7"}},
		// Frisian men move like International men.
		{Frisian, "W:W31-50:B1-20", intl},
		// Frysk!: the back rows only; 46 (a1) reaches only 41 (b2), 50
		// (i1) both 44 (h2) and 45 (j2).
		{Frysk, "W:W46-50:B1-5", []string{"46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"}},
		// Turkish: White on ranks 2 and 3 (41-56 in the 1..64 numbering
		// from a8); only the rank-3 men can move, one square up each.
		{Turkish, "W:W41-56:B9-24", []string{"a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"}},
		// Tama: Turkish's start, and the rank-3 men also step diagonally
		// forwards (a3 and h3 one way only): 8 + 14 moves.
		{Tama, "W:W41-56:B9-24", []string{"a3-a4", "a3-b4", "b3-a4", "b3-b4", "b3-c4", "c3-b4", "c3-c4", "c3-d4",
			"d3-c4", "d3-d4", "d3-e4", "e3-d4", "e3-e4", "e3-f4", "f3-e4", "f3-f4", "f3-g4", "g3-f4", "g3-g4", "g3-h4",
			"h3-g4", "h3-h4"}},
		// Thai: eight men each on the two nearest rows, Black (1-8, at the
		// top) first: 5-8 = a7 c7 e7 g7 step down to 9-12 = b6 d6 f6 h6.
		{Thai, "B:W25-32:B1-8", []string{"5-9", "6-10", "6-9", "7-10", "7-11", "8-11", "8-12"}},
		// Stavropol: White's seven men moves, and the seven steps of
		// Black's front men (b6 d6 f6 h6), which White may make: down the
		// board, towards White.
		{Stavropol, "W:W21-32:B1-12", []string{"a3-b4", "b6-a5", "b6-c5", "c3-b4", "c3-d4", "d6-c5", "d6-e5",
			"e3-d4", "e3-f4", "f6-e5", "f6-g5", "g3-f4", "g3-h4", "h6-g5"}},
		// 12x12: White's front row 43-48 (43 on the a-file) steps to 37-42.
		{Canadian, "W:W43-72:B1-30", []string{"43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40",
			"47-40", "47-41", "48-41", "48-42"}},
	}
	seen := map[*Variant]bool{}
	for _, c := range cases {
		seen[c.v] = true
		want, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.v.Name, err)
		}
		p := c.v.Start()
		if p != want {
			t.Errorf("%s: start %s, want %s", c.v.Name, c.v.FEN(&p), c.fen)
		}
		if q, err := c.v.ParseFEN(c.v.StartFEN()); err != nil || q != p {
			t.Errorf("%s: StartFEN %s does not read back: %v", c.v.Name, c.v.StartFEN(), err)
		}
		if got := movesOf(c.v, &p); !reflect.DeepEqual(got, c.moves) {
			t.Errorf("%s: start moves %v, want %v", c.v.Name, got, c.moves)
		}
		if over, _ := c.v.Outcome(&p, nil); over {
			t.Errorf("%s: the start position is over", c.v.Name)
		}
	}
	for _, v := range Variants() {
		if !seen[v] {
			t.Errorf("%s: no start position test", v.Name)
		}
	}
}

// TestRules checks positions in which a rule without published perft counts
// decides the legal moves. The expected moves are worked out by hand in the
// comments, from docs/variants.md.
func TestRules(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		want []string
		why  string
	}{
		// Pool: free choice. White a3 (21) takes b4 and stops on c5 (14);
		// g3 (24) takes f4 and f6, ending on g7 (8). Both are legal; with
		// the majority rule (Brazilian) only the longer one is.
		{Pool, "W:W21,24:B17,19,11", []string{"21x14", "24x8"}, "pool: free choice"},
		{Brazilian, "W:Wa3,g3:Bb4,f4,f6", []string{"g3xg7"}, "brazilian: majority"},
		// Passing the far row during a capture: d6 (10) takes e7 (7) and
		// reaches f8 (3), from where g7 (8) can be taken backwards to h6
		// (12). Pool: it must go on, as a man (the resulting position is
		// checked in TestPassingPromotion). English: men do not capture
		// backwards, and crowning ends the move on f8.
		{Pool, "W:W10:B7,8", []string{"10x12"}, "pool: passing promotion goes on"},
		{English, "W:W10:B7,8", []string{"10x3"}, "english: crowning ends the move"},
		{Russian, "W:Wd6:Be7,g7", []string{"d6:h6"}, "russian: goes on as a king"},
		// Czech: the king on c1 can take b2 (landing a3), the man on e3 can
		// take f4 and f6 (e3:g5:e7). A king that can capture must: only
		// c1xa3, even though the man takes more. Russian: free choice.
		{Czech, "W:WKc1,e3:Bb2,f4,f6", []string{"c1xa3"}, "czech: king must capture"},
		{Russian, "W:WKc1,e3:Bb2,f4,f6", []string{"c1:a3", "e3:e7"}, "russian: free choice"},
		// Czech without a king capture (the king on a7 has none): free
		// choice between the men, a1xc3 (one piece) and e3xe7 (two).
		{Czech, "W:WKa7,a1,e3:Bb2,f4,f6", []string{"a1xc3", "e3xe7"}, "czech: men free choice"},
		// Italian numbering: 1-4 = a8 c8 e8 g8, 5-8 = b7 d7 f7 h7,
		// 9-12 = a6 c6 e6 g6, 13-16 = b5 d5 f5 h5, 17-20 = a4 c4 e4 g4,
		// 21-24 = b3 d3 f3 h3, 25-28 = a2 c2 e2 g2, 29-32 = b1 d1 f1 h1.
		//
		// Men do not take kings: the man on d3 (22) may not take the king
		// on c4 (18); it can only step to e4 (19).
		{Italian, "W:W22:BK18", []string{"22-19"}, "italian: men spare kings"},
		// Criterion 2: the man b3 (21) can take c4 (18) to d5 (14), the
		// king g2 (28) can take f3 (23) to e4 (19); one piece each, so the
		// king's capture is compulsory.
		{Italian, "W:W21,K28:B18,23", []string{"28x19"}, "italian: capture with the king"},
		// Criterion 3: the king on d5 (14) takes the man c6 (10) to b7 (5)
		// or the king e6 (11) to f7 (7); one piece each, both by the king,
		// so it must take the king.
		{Italian, "W:WK14:B10,K11", []string{"14x7"}, "italian: most kings"},
		// Criterion 4: the king on d3 (22) takes two pieces either way,
		// one of them a king: c4 (man, 18) then c6 (king, 10), ending on d7
		// (6), or e4 (king, 19) then g6 (man, 12), ending on h7 (8). The
		// second meets the king first, so it is the only legal move.
		{Italian, "W:WK22:B18,K10,K19,12", []string{"22x8"}, "italian: king met first"},
		// Spanish numbering from White's side: 1-4 = h1 f1 d1 b1,
		// 5-8 = g2 e2 c2 a2, 9-12 = h3 f3 d3 b3, 13-16 = g4 e4 c4 a4,
		// 17-20 = h5 f5 d5 b5, 21-24 = g6 e6 c6 a6, 25-28 = h7 f7 d7 b7.
		//
		// Two men take two pieces each, one of them a king: b3 (12) takes
		// the man c4 (15) then the king e6 (22), ending on f7 (26); h1 (1)
		// takes the king g2 (5) then the man g4 (13), ending on h5 (17).
		// Quantity and quality are equal and there is no order criterion
		// (Italian's fourth): both are legal.
		{Spanish, "W:W12,1:B15,K22,K5,13", []string{"12x26", "1x17"}, "spanish: no order criterion"},
		// The man on d3 (11)
		// takes the king c4 (15) to b5 (20) or the man e4 (14) to f5 (18):
		// equal count, so the king must be taken.
		{Spanish, "W:W11:BK15,14", []string{"11x20"}, "spanish: most kings"},
		{Portuguese, "W:W11:BK15,14", []string{"11x20"}, "portuguese: most kings"},
		// Killer: the king on 46 (a1) takes the king on 37 (c3); the line
		// behind it (32 28 23 19 14 10 5) is empty and the capture cannot
		// go on, so the king stops right behind the king, on 32.
		// International: any square behind it.
		{Killer, "W:WK46:BK37", []string{"46x32"}, "killer: halt behind a king"},
		{International, "W:WK46:BK37", []string{"46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"}, "international: any landing"},
		// The last piece is a man: any square behind it.
		{Killer, "W:WK46:B37", []string{"46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"}, "killer: man last"},
		// The king c3 (37) is not the last piece: from 28 (e5) the capture
		// goes on over the man on 22 (d6), landing on 17, 11 or 6.
		{Killer, "W:WK46:BK37,22", []string{"46x11", "46x17", "46x6"}, "killer: king not last"},
		// With a king on 22 instead, the last piece is a king: 17 only.
		{Killer, "W:WK46:BK37,K22", []string{"46x17"}, "killer: king last after a turn"},
		{International, "W:WK46:BK37,K22", []string{"46x11", "46x17", "46x6"}, "international: king last after a turn"},
		// Spantsiretti (Russian rules, files a-j): the man on d6 takes e7
		// and reaches f8, where it is crowned and goes on as a flying
		// king: over g7 it must land on i5 (the only square from which the
		// capture continues), then over h4 it may stop on g3, f2 or e1.
		{Spantsiretti, "W:Wd6:Be7,g7,h4", []string{"d6:e1", "d6:f2", "d6:g3"}, "spantsiretti: crowned during the capture"},
		// Men capture backwards: e5 takes d4, landing on c3.
		{Spantsiretti, "W:We5:Bd4", []string{"e5:c3"}, "spantsiretti: backward capture"},
		// A flying king on the 10x8 board: from a1 along a1-h8 to the
		// edge (b2 ... h8), and from a1 nowhere else.
		{Spantsiretti, "W:WKa1:Bj8", []string{"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8"}, "spantsiretti: flying king"},
		// Giveaway: captures are compulsory as in Russian draughts.
		{Poddavki, "W:Wc3,g3:Bd4", []string{"c3:e5"}, "giveaway: compulsory capture"},
		// Antidraughts keeps the majority rule: 33 (f4) takes 28 and 17
		// (ending on 11), 35 (j4) takes 30 only: 33x11 is compulsory.
		{Antidraughts, "W:W33,35:B28,17,30", []string{"33x11"}, "antidraughts: majority"},
		// Frisian on the 10x10 numbering: rows of five, 26-30 = a5 c5 e5
		// g5 i5, 21-25 = b6 d6 f6 h6 j6, 16-20 = a7 ... i7, 36-40 = a3
		// ... i3, 46-50 = a1 ... i1. A man on 28 (e5) takes sideways
		// over the next square of its row, forwards and backwards over
		// the nearest square of its file.
		{Frisian, "W:W28:B29", []string{"28x30"}, "frisian: man takes to the right"},
		{Frisian, "W:W28:B27", []string{"28x26"}, "frisian: man takes to the left"},
		{Frisian, "W:W28:B18", []string{"28x8"}, "frisian: man takes upwards"},
		{Frisian, "W:W28:B38", []string{"28x48"}, "frisian: man takes downwards"},
		{International, "W:W28:B29", []string{"28-22", "28-23"}, "international: no orthogonal capture"},
		// A king flies along a row: over the king on 48 to 49 or 50.
		{Frisian, "W:WK46:BK48", []string{"46x49", "46x50"}, "frisian: king takes along a row"},
		// Two men beat one king: 28 takes 29 then 20 (28-30-10, value
		// 200); 46 takes the king on 41 (b2) to 37 (c3), value 199.
		{Frisian, "W:W28,46:B29,20,K41", []string{"28x10"}, "frisian: two men are worth more than a king"},
		// One king beats one man: 28x30 (100) against 46x37 (199).
		{Frisian, "W:W28,46:B29,K41", []string{"46x37"}, "frisian: a king is worth more than a man"},
		// Equal value: the king on 46 takes the man on 36 (a3) up the
		// a-file, landing on 26, 16 or 6; the man 28 takes 29. One man
		// each, so the king must capture.
		{Frisian, "W:WK46,28:B29,36", []string{"46x16", "46x26", "46x6"}, "frisian: equal value, the king captures"},
		// Passing the far row: 12 (d8) takes 7 (c9) to 1 (b10), 2 along
		// the top row to 3 (f10), then 13 (f8) down the f-file to 23
		// (f6), where it ends as a man; 12x14 (13 only) is worth less.
		{Frisian, "W:W12:B7,2,13", []string{"12x23"}, "frisian: passing the far row"},
		// The king-move limit: the king on 46 has made three
		// non-capturing moves in a row and White has a man, so only the
		// man moves; after two, the king may move too (41, 37, 32; 28 is
		// White's own); without men there is no limit.
		{Frisian, "W:WK46,28:B5:KW46/3", []string{"28-22", "28-23"}, "frisian: fourth king move refused"},
		{Frisian, "W:WK46,28:B5:KW46/2", []string{"28-22", "28-23", "46-32", "46-37", "46-41"}, "frisian: third king move allowed"},
		// (28 on e5 reaches 22 17 11 6, 23 19 14 10, 32 37 41, 33 39
		// 44 50.)
		{Frisian, "W:WK46,K28:B5:KW46/3", []string{"28-10", "28-11", "28-14", "28-17", "28-19", "28-22", "28-23", "28-32",
			"28-33", "28-37", "28-39", "28-41", "28-44", "28-50", "28-6", "46-32", "46-37", "46-41"}, "frisian: no limit without men"},
		// A capture is allowed to the blocked king (and compulsory):
		// over 41 (b2) to 37 or 32.
		{Frisian, "W:WK46,28:B5,41:KW46/3", []string{"46x32", "46x37"}, "frisian: the blocked king captures"},
		// Turkish (all 64 squares): a man steps forwards or sideways,
		// never backwards or diagonally.
		{Turkish, "W:Wd4:Bh8", []string{"d4-c4", "d4-d5", "d4-e4"}, "turkish: man moves"},
		{Turkish, "W:Wd4:Bd3", []string{"d4-c4", "d4-d5", "d4-e4"}, "turkish: no backward capture"},
		{Turkish, "W:Wd4:Be4", []string{"d4xf4"}, "turkish: sideways capture"},
		// A king moves like a rook.
		{Turkish, "W:WKa1:Bh8", []string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8",
			"a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1"}, "turkish: king moves"},
		// Majority: d4 takes d5 and d7 (to d8), a2 only b2.
		{Turkish, "W:Wd4,a2:Bd5,d7,b2", []string{"d4xd8"}, "turkish: majority"},
		// No 180-degree turn: the king on d4 takes d6 upwards (to d7 or
		// d8) or d2 downwards (to d1); turning back to take the other
		// would cross only empty squares, the taken piece being gone,
		// but is forbidden: one piece each.
		{Turkish, "W:WKd4:Bd6,d2", []string{"d4xd1", "d4xd7", "d4xd8"}, "turkish: no turning back"},
		// Pieces leave the board at once: the king on a4 takes c4 (to d4,
		// e4 being occupied), d6 (to d7), c7 (to b7), b5 (to b4), and
		// then e4 along row 4, crossing c4 and d4 again, to f4, g4 or
		// h4. Were c4 still on the board, the route would stop at b4.
		{Turkish, "W:WKa4:Bc4,d6,c7,b5,e4", []string{"a4xf4", "a4xg4", "a4xh4"}, "turkish: taken pieces leave at once"},
		// Crowning where the move ends (open point 5): the man on d6
		// takes d7 and reaches d8; as a man it cannot go on (f8 is not
		// next to it), so it stops there, crowned. Crowned at once it
		// would fly on over f8 to g8 or h8, taking two.
		{Turkish, "W:Wd6:Bd7,f8", []string{"d6xd8"}, "turkish: crowned where the move ends"},
		// On the far row a man goes on sideways, as a man: d6 takes d7
		// to d8, then e8 to f8, where it is crowned.
		{Turkish, "W:Wd6:Bd7,e8", []string{"d6xf8"}, "turkish: sideways along the far row"},
		// Tama: a man also steps diagonally forwards, never backwards.
		{Tama, "W:Wd4:Bh8", []string{"d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"}, "tama: man moves"},
		// No diagonal capture: e5 is only in the way, f6 behind it empty.
		{Tama, "W:Wd4:Be5", []string{"d4-c4", "d4-c5", "d4-d5", "d4-e4"}, "tama: a man does not capture diagonally"},
		// The diagonal step onto the far row crowns.
		{Tama, "W:Wd7:Ba2", []string{"d7-c7", "d7-c8", "d7-d8", "d7-e7", "d7-e8"}, "tama: crowned by a diagonal step"},
		// A king moves like a queen: the rook's lines and the diagonal up
		// to h8's man.
		{Tama, "W:WKa1:Bh8", []string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8",
			"a1-b1", "a1-b2", "a1-c1", "a1-c3", "a1-d1", "a1-d4", "a1-e1", "a1-e5", "a1-f1", "a1-f6", "a1-g1", "a1-g7",
			"a1-h1"}, "tama: king moves"},
		// ... but captures along rows and files only: c3 on the diagonal
		// is not taken, a3 on the file is.
		{Tama, "W:WKa1:Bc3", []string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8",
			"a1-b1", "a1-b2", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1"}, "tama: a king does not capture diagonally"},
		{Tama, "W:WKa1:Bc3,a3", []string{"a1xa4", "a1xa5", "a1xa6", "a1xa7", "a1xa8"}, "tama: the king captures along the file"},
		// The Turkish capture rules hold: majority, no turning back,
		// crowned where the move ends.
		{Tama, "W:Wd4,a2:Bd5,d7,b2", []string{"d4xd8"}, "tama: majority"},
		{Tama, "W:WKd4:Bd6,d2", []string{"d4xd1", "d4xd7", "d4xd8"}, "tama: no turning back"},
		{Tama, "W:Wd6:Bd7,f8", []string{"d6xd8"}, "tama: crowned where the move ends"},
		// Thai (8x8 numbering, 29 = a1, 22 = c3, 18 = d4): the king on a1
		// takes c3 and lands right behind it, on d4 only.
		{Thai, "W:WK29:B22", []string{"29-18"}, "thai: the king lands right behind"},
		{Russian, "W:WKa1:Bc3", []string{"a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"}, "russian: the king lands anywhere behind"},
		// Men take forwards only: 22 (c3) takes 18 (d4) to 15 (e5), not
		// 26 (d2) behind it.
		{Thai, "W:W22:B18,26", []string{"22-15"}, "thai: men take forwards only"},
		// Pieces leave the board at once and a king may turn back: the
		// king on d4 (18) takes f6 (11) to g7 (8), then back down the same
		// diagonal, over the empty f6 and d4, b2 (25) to a1 (29); or the
		// other way round. (Rule choice: nothing found forbids the turn,
		// and perft.tsv cannot tell up to depth 11.)
		{Thai, "W:WK18:B11,25", []string{"18-29", "18-8"}, "thai: taken pieces leave at once"},
	}
	for _, c := range cases {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.why, err)
			continue
		}
		if got := movesOf(c.v, &p); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %s %s: moves %v, want %v", c.why, c.v.Name, c.fen, got, c.want)
		}
	}
}

// TestPassingPromotion checks what the capture d6:f8:h6 (10x3x12) leaves:
// a man in Pool (it only passed the far row), a king in Russian draughts.
func TestPassingPromotion(t *testing.T) {
	for _, c := range []struct {
		v    *Variant
		want string
	}{
		{Pool, "B:W12:B"},
		{Russian, "B:WKh6:B"},
		{English, "B:WK3:B8"},
		{Brazilian, "B:Wh6:B"},
	} {
		p := fenForTest(t, c.v, "W:W10:B7,8")
		var ml MoveList
		c.v.Generate(&p, &ml)
		if ml.N != 1 {
			t.Fatalf("%s: %d moves", c.v.Name, ml.N)
		}
		q := p.Play(ml.Moves[0])
		if got := c.v.FEN(&q); got != c.want {
			t.Errorf("%s: after the capture %s, want %s", c.v.Name, got, c.want)
		}
	}
}

// TestOutcome checks the goals: who wins when the side to move has no move,
// and the first king of Breakthrough.
func TestOutcome(t *testing.T) {
	cases := []struct {
		v          *Variant
		fen        string
		over, wins bool
	}{
		{International, "W:W:B1", true, false},           // no pieces: lost
		{Antidraughts, "W:W:B1", true, true},             // no pieces: won
		{Russian, "W:Wa1:Bb2,c3", true, false},           // blocked: lost
		{Poddavki, "W:Wa1:Bb2,c3", true, true},           // blocked: won
		{Poddavki, "W:Wa1,h2:Bb2,c3", false, false},      // h2 can move
		{BreakthroughDraughts, "W:W6:B45", false, false}, // no king yet
		{BreakthroughDraughts, "B:WK1:B45", true, false}, // White crowned: Black lost
		{BreakthroughDraughts, "W:WK1:B45", true, true},  // a king of the side to move only
		{BreakthroughDraughts, "B:W6:B45,K46", true, true},
		{International, "B:WK1:B45", false, false},
	}
	for _, c := range cases {
		p := fenForTest(t, c.v, c.fen)
		over, wins := c.v.Outcome(&p, nil)
		var ml MoveList
		c.v.Generate(&p, &ml)
		over2, wins2 := c.v.Outcome(&p, &ml)
		if over != c.over || wins != c.wins || over2 != over || wins2 != wins {
			t.Errorf("%s %s: Outcome = %v, %v (with moves %v, %v); want %v, %v",
				c.v.Name, c.fen, over, wins, over2, wins2, c.over, c.wins)
		}
	}
	// Breakthrough: the man on 6 (a9) can only go to 1 (b10), where it is
	// crowned and the game ends: one leaf at depth 1, none at depth 2,
	// while International draughts goes on with Black's j2-i1 (45-50).
	p := fenForTest(t, BreakthroughDraughts, "W:W6:B45")
	for depth, want := range []uint64{1, 1, 0, 0} {
		if got := BreakthroughDraughts.Perft(p, depth, false); got != want {
			t.Errorf("breakthrough perft %d = %d, want %d", depth, got, want)
		}
	}
	if got := International.Perft(p, 2, false); got != 1 {
		t.Errorf("international perft 2 = %d, want 1", got)
	}
	q := fenForTest(t, BreakthroughDraughts, "B:WK1:B45")
	var ml MoveList
	if n := BreakthroughDraughts.Count(&q, &ml, false); n != 0 {
		t.Errorf("breakthrough: Count after crowning = %d, want 0", n)
	}
	// A man passing the far row during a capture is not crowned, so the
	// game goes on: 13 (f8) takes 8 (e9) to 2 (d10) and must go on,
	// backwards over 7 (c9) to 11 (b8), where it stays a man; Black, with
	// its man on 45, plays on.
	r := fenForTest(t, BreakthroughDraughts, "W:W13:B8,7,45")
	BreakthroughDraughts.Generate(&r, &ml)
	if ml.N != 1 || ml.Moves[0].Promote || BreakthroughDraughts.FormatMove(&r, ml.Moves[0]) != "13x11" {
		t.Errorf("breakthrough: passing the far row: %v", movesOf(BreakthroughDraughts, &r))
	}
	after := r.Play(ml.Moves[0])
	if over, _ := BreakthroughDraughts.Outcome(&after, nil); over {
		t.Errorf("breakthrough: a man passing the far row ends the game")
	}
}

// TestCountMatchesGenerate compares the bulk-counting perft (countBoard at
// the last ply, with its fast paths) with a perft that generates every move,
// for every variant, from the start and from positions with kings, so that
// the fast paths agree with the full generator for every rule set.
func TestCountMatchesGenerate(t *testing.T) {
	type job struct {
		v     *Variant
		fen   string
		depth int
	}
	var jobs []job
	for _, v := range Variants() {
		jobs = append(jobs, job{v, "", 4})
	}
	jobs = append(jobs,
		job{Italian, "W:W8,9,17,20,K12,K27,K28:B4,14,21,24,K11,K13,K19", 3},
		job{Italian, "W:WK22:B18,K10,K19,12", 4},
		job{Spanish, "W:W1,2,K11:B9,10,15,K23,K14,22", 4},
		job{Spanish, "W:W5,6,7,K12:BK15,14,K21,26,27", 4},
		job{Czech, "W:WKc1,e3,a1:Bb2,f4,f6,Kh8", 4},
		job{Killer, "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", 3},
		job{Pool, "W:W10,K30:B7,8,K20", 4},
		job{Spantsiretti, "W:Wd6,Ka1,c3:Be7,g7,h4,Kj8", 4},
		job{Poddavki, "W:Wc3,g3,Ka1:Bd4,Kh8", 4},
		job{Frisian, "W:WK46,28,33:B5,K1,19:KW46/3", 4},
		job{Frisian, "W:WK50:B3,7,10,12,13,14,17,20,21,23,25,30,32,36,38,39,41,43,K47", 2},
		job{Frisian, "W:W28,46,K50:B29,20,K41,K5:KW50/2:KB5/1", 4},
		job{Turkish, "W:WKe8,d2,f3:Ba5,c6,d7,d8,e2,g2,Kh7", 4},
		job{Turkish, "B:WKd3,b2:Ba6,Kb5,c3,c7,e4,f4", 4},
		job{Thai, "W:WK18,22,27:B11,25,K4,14,15", 4},
	)
	for _, j := range jobs {
		p := j.v.Start()
		if j.fen != "" {
			var err error
			if p, err = j.v.ParseFEN(j.fen); err != nil {
				t.Fatalf("%s %s: %v", j.v.Name, j.fen, err)
			}
		}
		for _, keep := range []bool{false, true} {
			stack := make([]perftFrame, j.depth+1)
			for d := 1; d <= j.depth; d++ {
				stack[0].pos = p
				want := j.v.perftGenerate(d, keep, stack)
				if got := j.v.Perft(p, d, keep); got != want {
					t.Errorf("%s %q depth %d keep=%v: Perft %d, generated %d", j.v.Name, j.fen, d, keep, got, want)
				}
			}
		}
	}
}

// TestOwnPerft pins perft counts that perft.tsv has not under the variant's
// name. Spantsiretti (Russian rules), Diagonal and Stavropol have no
// published counts: these are damka's own, after the rules were checked by
// hand (TestRules, TestStavropolRules) and the counting paths against each
// other (TestCountMatchesGenerate), and they guard against regressions,
// not against a misreading of the rules.
func TestOwnPerft(t *testing.T) {
	for _, c := range []struct {
		v      *Variant
		keep   bool
		counts []uint64
	}{
		// Russian rules on 10x8: the same as International rules on 10x8
		// (a published geometry check) up to depth 4, then free choice
		// and promotion during a capture make the difference.
		{Spantsiretti, false, []uint64{9, 81, 658, 4265, 27132, 168316, 1040706, 6238312}},
		{Diagonal, false, []uint64{6, 6, 14, 40, 83, 266, 859, 3187, 13343}},
		// Portuguese has the Spanish rules: the published Spanish counts.
		{Portuguese, false, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783}},
		// No king can appear within 6 plies: International counts.
		{BreakthroughDraughts, false, []uint64{9, 81, 658, 4265, 27117, 167140}},
		// Frysk! (Frisian rules, five men each): no published counts.
		// No capture route can branch within 7 plies, so both duplicate
		// conventions agree.
		{Frysk, false, []uint64{9, 81, 657, 5329, 41829, 328329, 2572197}},
		{Frysk, true, []uint64{9, 81, 657, 5329, 41829, 328329, 2572197}},
		// Turkish with duplicate routes removed (perft.tsv has the kept
		// counts, from kish): they part at depth 7.
		{Turkish, false, []uint64{8, 64, 708, 7538, 85090, 931312, 10782308}},
		// Thai from its own start (8 men each, Black first); perft.tsv
		// has dctl's counts from a 12-man start only.
		{Thai, false, []uint64{7, 49, 392, 3136, 26592, 218695, 1820189}},
		// Stavropol: no published counts (TestStavropolPerft and
		// TestStavropolAgainstRussian check the counting and the rules).
		{Stavropol, false, []uint64{14, 210, 2528, 25916, 253946, 2409524, 22422430}},
	} {
		p := c.v.Start()
		for i, want := range c.counts {
			if got := c.v.Perft(p, i+1, c.keep); got != want {
				t.Errorf("%s perft %d = %d, want %d", c.v.Name, i+1, got, want)
			}
		}
	}
}

func TestVariantNotation(t *testing.T) {
	// Mirrored boards: the players' a1 is not a playing square, h1 is.
	cases := []struct {
		v    *Variant
		num  int
		name string
	}{
		{Italian, 1, "a8"}, {Italian, 4, "g8"}, {Italian, 5, "b7"}, {Italian, 29, "b1"}, {Italian, 32, "h1"},
		{Spanish, 1, "h1"}, {Spanish, 2, "f1"}, {Spanish, 4, "b1"}, {Spanish, 5, "g2"}, {Spanish, 32, "a8"},
		{Portuguese, 1, "h1"}, {Portuguese, 32, "a8"},
		{Pool, 1, "b8"}, {Pool, 29, "a1"}, {Pool, 32, "g1"},
		{International, 1, "b10"}, {International, 46, "a1"},
		{Spantsiretti, 1, "b8"}, {Spantsiretti, 5, "j8"}, {Spantsiretti, 36, "a1"}, {Spantsiretti, 40, "i1"},
		{Frisian, 1, "b10"}, {Frisian, 46, "a1"}, {Frisian, 50, "i1"}, {Frysk, 5, "j10"},
		// Turkish: all 64 squares from a8, row by row.
		{Turkish, 1, "a8"}, {Turkish, 8, "h8"}, {Turkish, 9, "a7"}, {Turkish, 57, "a1"}, {Turkish, 64, "h1"},
		{Thai, 1, "b8"}, {Thai, 29, "a1"},
	}
	for _, c := range cases {
		s, ok := c.v.Square(c.num)
		if !ok {
			t.Errorf("%s: no square %d", c.v.Name, c.num)
			continue
		}
		if got := c.v.Algebraic(s); got != c.name {
			t.Errorf("%s: square %d is %s, want %s", c.v.Name, c.num, got, c.name)
		}
		if got := c.v.Number(s); got != c.num {
			t.Errorf("%s: Number(Square(%d)) = %d", c.v.Name, c.num, got)
		}
		if a, err := c.v.ParseAlgebraic(c.name); err != nil || a != s {
			t.Errorf("%s: ParseAlgebraic(%s) = %v, %v; want %v", c.v.Name, c.name, a, err, s)
		}
	}
	for _, v := range Variants() {
		seen := map[Square]bool{}
		for n := 1; n <= v.Geo.Squares; n++ {
			s, ok := v.Square(n)
			if !ok || seen[s] || v.Number(s) != n {
				t.Errorf("%s: numbering is not a bijection at %d", v.Name, n)
			}
			seen[s] = true
		}
	}
	// Moves read in any notation, written in the variant's own.
	moves := []struct {
		v         *Variant
		fen, text string
		want      string
	}{
		{Italian, "", "b3-a4", "21-17"},
		{Italian, "", "21-17", "21-17"},
		{Italian, "", "2117", "21-17"},
		{Spanish, "", "h3-g4", "9-13"},
		{Spanish, "", "9-13", "9-13"},
		{Spanish, "", "913", "9-13"},
		{Czech, "", "c3-d4", "c3-d4"},
		{Czech, "", "cd4", "c3-d4"},
		{Spantsiretti, "", "i3-j4", "i3-j4"},
		{Spantsiretti, "", "ij4", "i3-j4"},
		{Spantsiretti, "W:Wd6:Be7,g7,h4", "d6:f8:i5:f2", "d6:f2"},
		{Pool, "", "11-15", "11-15"},
		{Diagonal, "", "h6-g7", "h6-g7"},
		{Frisian, "", "32-28", "32-28"},
		{Frisian, "", "d4-e5", "32-28"},
		{Frisian, "W:W28:B29", "28x30", "28x30"},
		{Frisian, "W:W28:B29", "e5:i5", "28x30"},
		{Frisian, "W:WK8:BK1,K7,K12,K36", "8x6x46", "8x6x46"},
		{Frisian, "W:WK8:BK1,K7,K12,K36", "8x26x46", "8x26x46"},
		{Frysk, "", "50-45", "50-45"},
		{Turkish, "", "d3-d4", "d3-d4"},
		{Turkish, "", "dd4", "d3-d4"},
		{Turkish, "", "44-36", "d3-d4"},
		{Turkish, "W:Wd4:Be4", "d4:f4", "d4xf4"},
		{Turkish, "W:WKa4:Bc4,d6,c7,b5,e4", "a4xd4xd7xb7xb4xg4", "a4xg4"},
		{Thai, "", "8-12", "8-12"},
		{Thai, "W:WK18:B11,25", "18x8x29", "18-29"},
	}
	for _, c := range moves {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := c.v.ParseMove(&p, c.text)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", c.v.Name, c.text, err)
			continue
		}
		if got := c.v.FormatMove(&p, m); got != c.want {
			t.Errorf("%s: ParseMove(%q) = %s, want %s", c.v.Name, c.text, got, c.want)
		}
	}
}

// TestVariantInputErrors checks that input that does not fit a variant's
// board is refused with a clear error.
func TestVariantInputErrors(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		want string
	}{
		{Italian, "W:Wa1:B1", `square "a1" is not a playing square`}, // mirrored: a1 is light
		{Spanish, "W:Wa1:B32", `square "a1" is not a playing square`},
		{Italian, "W:W33:B1", "outside 1..32"},
		{Italian, "W:W1:B30", "white man on its promotion row at 1"},
		{Italian, "W:W21:B30", "black man on its promotion row at 30"},
		{Spanish, "W:W30:B1", "white man on its promotion row at 30"}, // 29-32 = g8 e8 c8 a8
		{Spanish, "W:W12:B3", "black man on its promotion row at 3"},  // 1-4 = h1 f1 d1 b1
		{Spantsiretti, "W:Wk1:Bb8", `square "k1" is not a playing square`},
		{Spantsiretti, "W:Wa2:Bb8", `square "a2" is not a playing square`},
		{Spantsiretti, "W:W41:B1", "outside 1..40"},
		{Spantsiretti, "W:Wc7:Bd8,b8", ""},
		{Diagonal, "W:Wa8:Bb8", `square "a8" is not a playing square`},
		{Turkish, "W:Wi1:Ba7", `square "i1" is not a playing square`},
		{Turkish, "W:W65:B1", "outside 1..64"},
		{Turkish, "W:Wa8:Bb7", "white man on its promotion row at a8"},
		{Turkish, "W:Wa2:Bh1", "black man on its promotion row at h1"},
		{Turkish, "W:Wa2:Bb1", "black man on its promotion row at b1"},
		{Turkish, "W:Wa2,b2:Bb7", ""}, // neighbours in a row are fine here
		{Frisian, "W:W51:B1", "outside 1..50"},
		{Frisian, "W:Wa2:B1", `square "a2" is not a playing square`},
	}
	for _, c := range cases {
		_, err := c.v.ParseFEN(c.fen)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: ParseFEN(%q): %v", c.v.Name, c.fen, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: ParseFEN(%q): %v, want an error containing %q", c.v.Name, c.fen, err, c.want)
		}
	}
	p := Spantsiretti.Start()
	for text, want := range map[string]string{"k3-j4": `square "k3" is not a playing square`, "kj4": "no file k",
		"a3-b3": "not a playing square", "41-36": "no square 41 (1..40)"} {
		if _, err := Spantsiretti.ParseMove(&p, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("spantsiretti: ParseMove(%q): %v, want %q", text, err, want)
		}
	}
}

// TestHasQuietMove compares HasQuietMove with the generated moves of
// positions without captures from random games of every variant.
func TestHasQuietMove(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	checked := 0
	for _, v := range Variants() {
		for game := 0; game < 30; game++ {
			p := v.Start()
			for ply := 0; ply < 120; ply++ {
				var ml MoveList
				v.Generate(&p, &ml)
				if over, _ := v.Outcome(&p, &ml); over && ml.N == 0 && v.Goal == Breakthrough && p.kings != 0 {
					break // a Breakthrough game ends with the first king
				}
				if !v.HasCapture(&p) {
					checked++
					if got := v.HasQuietMove(&p); got != (ml.N > 0) {
						t.Fatalf("%s %s: HasQuietMove %v with %d moves", v.Name, v.FEN(&p), got, ml.N)
					}
				}
				if ml.N == 0 {
					break
				}
				p = p.Play(ml.Moves[rng.Intn(ml.N)])
			}
		}
	}
	// The blocked Frisian king: White's only other piece, the man on 41
	// (b2), is stuck behind Black's men on 36 and 37 and cannot take 31
	// upwards (21 is taken) or 37 (32 is taken).
	p := fenForTest(t, Frisian, "W:WK50,41:B36,37,31,32,21:KW50/3")
	var ml MoveList
	Frisian.Generate(&p, &ml)
	if Frisian.HasQuietMove(&p) || ml.N != 0 || Frisian.HasCapture(&p) {
		t.Errorf("frisian blocked king: HasQuietMove %v, %d moves", Frisian.HasQuietMove(&p), ml.N)
	}
	t.Logf("%d positions", checked)
}
