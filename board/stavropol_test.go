package board

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestStavropolRules checks positions in which a Stavropol rule decides
// the legal moves. White men move up the board (towards rank 8), Black men
// down; the side to move may move a piece of either colour, the piece
// moving as its owner would. The expected moves are worked out by hand.
func TestStavropolRules(t *testing.T) {
	cases := []struct {
		fen  string
		want []string
		why  string
	}{
		// White's e3 cannot take d4 (c5 is taken) and a1 has nothing to
		// take; Black's d4 can take e3, landing on f2. A capture exists,
		// so it is the only legal move: White must play it.
		{"W:Wa1,e3:Bc5,d4", []string{"d4:f2"}, "a forced foreign capture"},
		// Own captures c3:e5 (over d4) and f4:h6 (over g5); foreign ones
		// d4:b2 (over c3) and g5:e3 (over f4). Free choice among all four
		// (open point 9), no quiet move.
		{"W:Wc3,f4:Bd4,g5", []string{"c3:e5", "d4:b2", "f4:h6", "g5:e3"}, "own and foreign captures"},
		// The black man on b2 steps down to a1 or c1, Black's last row,
		// where it is crowned; White's h2 steps to g3.
		{"W:Wh2:Bb2", []string{"b2-a1", "b2-c1", "h2-g3"}, "a foreign man moves towards its last row"},
		// Black to move: White's man on g7 steps up to f8 or h8.
		{"B:Wg7:Bb6", []string{"b6-a5", "b6-c5", "g7-f8", "g7-h8"}, "black moves a white man"},
		// d2 takes c3 backwards (to b4); Black's c3 takes d2, is crowned
		// on e1 and goes on as a flying king over g3 to h4 (Russian rule,
		// for a foreign piece).
		{"W:Wd2,g3:Bc3", []string{"c3:h4", "d2:b4"}, "a foreign man crowned during a capture goes on"},
		// A foreign flying king: all four diagonals from d4; a1 is White's
		// and has nothing behind it, so it is not taken.
		{"W:Wa1:BKd4", []string{"a1-b2", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2",
			"d4-f6", "d4-g1", "d4-g7", "d4-h8"}, "a foreign flying king"},
		// White's a1 is blocked (b2 is taken, c3 behind it too), but the
		// black men can move: b2-c1 (crowned), c3-d2, h8-g7.
		{"W:Wa1:Bb2,c3,h8", []string{"b2-c1", "c3-d2", "h8-g7"}, "own pieces blocked, foreign moves left"},
		// Nothing moves: White's men on ranks 2-3 and Black's on 4-5 block
		// each other, and every capture would land on a taken square.
		{"W:Wa3,c3,e3,g3,b2,d2,f2,h2:Ba5,c5,e5,g5,b4,d4,f4,h4", nil, "no legal move at all"},
		{"B:Wa3,c3,e3,g3,b2,d2,f2,h2:Ba5,c5,e5,g5,b4,d4,f4,h4", nil, "no legal move at all, Black to move"},
		// White has no pieces: the game is over, though d4 could move.
		{"W:W:Bd4", nil, "no own pieces"},
		{"B:W:Bd4", nil, "the opponent has no pieces"},
	}
	for _, c := range cases {
		p := fenForTest(t, Stavropol, c.fen)
		got := movesOf(Stavropol, &p)
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %s: moves %v, want %v", c.why, c.fen, got, c.want)
		}
		var ml MoveList
		if n := Stavropol.Count(&p, &ml, false); n != len(c.want) {
			t.Errorf("%s: %s: Count %d, want %d", c.why, c.fen, n, len(c.want))
		}
	}
}

// TestStavropolPlay checks the position after own and foreign moves: the
// piece moves whatever its colour, a foreign man is crowned on its owner's
// last row, a foreign capture takes the mover's pieces, and the turn
// passes.
func TestStavropolPlay(t *testing.T) {
	cases := []struct {
		fen, move, after string
		promote          bool
	}{
		{"W:W21-32:B1-12", "c3-d4", "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", false},
		{"W:W21-32:B1-12", "b6-a5", "B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba5,a7,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", false},
		{"W:Wa1,e3:Bc5,d4", "d4:f2", "B:Wa1:Bc5,f2", false},
		{"W:Wh2:Bb2", "b2-c1", "B:Wh2:BKc1", true},
		{"B:Wg7:Bb6", "g7-h8", "W:WKh8:Bb6", true},
		{"W:Wd2,g3:Bc3", "c3:h4", "B:W:BKh4", true},
		{"W:Wa1:BKd4", "d4-g7", "B:Wa1:BKg7", false},
	}
	for _, c := range cases {
		p := fenForTest(t, Stavropol, c.fen)
		m, err := Stavropol.ParseMove(&p, c.move)
		if err != nil {
			t.Errorf("%s: %s: %v", c.fen, c.move, err)
			continue
		}
		q := p.Play(m)
		if got := Stavropol.FEN(&q); got != c.after || m.Promote != c.promote {
			t.Errorf("%s: after %s: %s (promote %v), want %s (promote %v)", c.fen, c.move, got, m.Promote, c.after, c.promote)
		}
		var r Position
		p.PlayInto(m, &r)
		if r != q {
			t.Errorf("%s: PlayInto and Play disagree after %s", c.fen, c.move)
		}
	}
}

// TestStavropolOutcome checks open point 9: a side without pieces has lost
// (the side to move, though it could move the opponent's pieces; or the
// side that has just moved, whose last piece a forced foreign capture
// took); with pieces on both sides, no legal move at all loses.
func TestStavropolOutcome(t *testing.T) {
	cases := []struct {
		fen        string
		over, wins bool
	}{
		{"W:W21-32:B1-12", false, false},
		{"W:W:Bd4", true, false},
		{"B:W:Bd4", true, true},
		{"W:Wd4:B", true, true},
		{"B:Wd4:B", true, false},
		{"W:Wa1:Bb2,c3,h8", false, false}, // only foreign moves
		{"W:Wa3,c3,e3,g3,b2,d2,f2,h2:Ba5,c5,e5,g5,b4,d4,f4,h4", true, false},
		{"B:Wa3,c3,e3,g3,b2,d2,f2,h2:Ba5,c5,e5,g5,b4,d4,f4,h4", true, false},
	}
	for _, c := range cases {
		p := fenForTest(t, Stavropol, c.fen)
		over, wins := Stavropol.Outcome(&p, nil)
		var ml MoveList
		Stavropol.Generate(&p, &ml)
		over2, wins2 := Stavropol.Outcome(&p, &ml)
		if over != c.over || wins != c.wins || over2 != over || wins2 != wins {
			t.Errorf("%s: Outcome = %v, %v (with moves %v, %v); want %v, %v", c.fen, over, wins, over2, wins2, c.over, c.wins)
		}
		if c.over && (ml.N != 0 || Stavropol.HasCapture(&p) || Stavropol.HasQuietMove(&p)) {
			t.Errorf("%s: the game is over, but %d moves, HasCapture %v, HasQuietMove %v",
				c.fen, ml.N, Stavropol.HasCapture(&p), Stavropol.HasQuietMove(&p))
		}
	}
	// The forced foreign capture that takes White's last piece: Black, to
	// move, has won.
	p := fenForTest(t, Stavropol, "W:We3:Bc5,d4")
	if got := movesOf(Stavropol, &p); !reflect.DeepEqual(got, []string{"d4:f2"}) {
		t.Fatalf("moves %v, want [d4:f2]", got)
	}
	var ml MoveList
	Stavropol.Generate(&p, &ml)
	q := p.Play(ml.Moves[0])
	if over, wins := Stavropol.Outcome(&q, nil); !over || !wins || q.Side != Black {
		t.Errorf("after d4:f2 (%s): Outcome %v, %v; want Black to move and won", Stavropol.FEN(&q), over, wins)
	}
}

// stavropolByRussian is what the Stavropol rules say in terms of Russian
// draughts: the Russian moves of the side to move and those of the other
// side (the same position with the other side to move), the captures of
// both if either has one, nothing once a side has no pieces.
func stavropolByRussian(p *Position) []Move {
	if p.pieces[White] == 0 || p.pieces[Black] == 0 {
		return nil
	}
	q := *p
	q.Side ^= 1
	var a, b MoveList
	Russian.Generate(p, &a)
	Russian.Generate(&q, &b)
	capA := a.N > 0 && a.Moves[0].IsCapture()
	capB := b.N > 0 && b.Moves[0].IsCapture()
	var out []Move
	if capA || !capB {
		out = append(out, a.Slice()...)
	}
	if capB || !capA {
		out = append(out, b.Slice()...)
	}
	return out
}

// randomStavropol returns positions from random Stavropol games and random
// placements of men and kings.
func randomStavropol(rng *rand.Rand) []Position {
	var out []Position
	for game := 0; game < 40; game++ {
		p := Stavropol.Start()
		for ply := 0; ply < 150; ply++ {
			out = append(out, p)
			var ml MoveList
			Stavropol.Generate(&p, &ml)
			if ml.N == 0 {
				break
			}
			p = p.Play(ml.Moves[rng.Intn(ml.N)])
		}
	}
	g := Stavropol.Geo
	for i := 0; i < 3000; i++ {
		var p Position
		p.Side = Color(rng.Intn(2))
		for n := 1 + rng.Intn(12); n > 0; n-- {
			s, _ := g.Bit(1 + rng.Intn(g.Squares))
			c := Color(rng.Intn(2))
			king := rng.Intn(3) == 0
			if p.Occupied().Has(s) || (!king && g.Promotion[c].Has(s)) {
				continue
			}
			pc := WhiteMan + Piece(c)
			if king {
				pc = WhiteKing + Piece(c)
			}
			p.Put(s, pc)
		}
		out = append(out, p)
	}
	return out
}

// TestStavropolAgainstRussian compares the Stavropol generator with the
// Russian one (perft-verified) run for each colour, and Count, HasCapture,
// HasQuietMove and Play with the generated moves, in positions from random
// games and random placements.
func TestStavropolAgainstRussian(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var ml MoveList
	var foreign, captures int
	for _, p := range randomStavropol(rng) {
		for _, keep := range []bool{false, true} {
			Stavropol.GenerateDuplicates(&p, &ml, keep)
			got := append([]Move(nil), ml.Slice()...)
			want := stavropolByRussian(&p)
			if keep {
				// The Russian lists with routes kept.
				q := p
				q.Side ^= 1
				var a, b MoveList
				Russian.GenerateDuplicates(&p, &a, true)
				Russian.GenerateDuplicates(&q, &b, true)
				if len(want) > 0 {
					capA := a.N > 0 && a.Moves[0].IsCapture()
					capB := b.N > 0 && b.Moves[0].IsCapture()
					want = nil
					if capA || !capB {
						want = append(want, a.Slice()...)
					}
					if capB || !capA {
						want = append(want, b.Slice()...)
					}
				}
			}
			if !sameMoves(got, want) {
				t.Fatalf("%s keep=%v: moves %v, want %v", Stavropol.FEN(&p), keep, got, want)
			}
			if n := Stavropol.Count(&p, &ml, keep); n != len(got) {
				t.Fatalf("%s keep=%v: Count %d, generated %d", Stavropol.FEN(&p), keep, n, len(got))
			}
		}
		Stavropol.Generate(&p, &ml)
		hasCap := ml.N > 0 && ml.Moves[0].IsCapture()
		if Stavropol.HasCapture(&p) != hasCap {
			t.Fatalf("%s: HasCapture %v with moves %v", Stavropol.FEN(&p), !hasCap, ml.Slice())
		}
		if !hasCap && Stavropol.HasQuietMove(&p) != (ml.N > 0) {
			t.Fatalf("%s: HasQuietMove %v with %d moves", Stavropol.FEN(&p), !(ml.N > 0), ml.N)
		}
		if hasCap {
			captures++
		}
		for _, m := range ml.Slice() {
			// The piece on m.From moves, whatever its colour, taking the
			// other colour's pieces; then the other side is to move.
			pc := p.At(m.From)
			if pc == Empty {
				t.Fatalf("%s: no piece on the origin of %+v", Stavropol.FEN(&p), m)
			}
			if !p.pieces[p.Side].Has(m.From) {
				foreign++
			}
			want := p
			want.Put(m.From, Empty)
			for c := m.Captured; c != 0; c &= c - 1 {
				if p.pieces[(pc-1)&1].Has(c.First()) {
					t.Fatalf("%s: %+v takes a piece of its own colour", Stavropol.FEN(&p), m)
				}
				want.Put(c.First(), Empty)
			}
			if m.Promote {
				pc = WhiteKing + (pc-1)&1
			}
			want.Put(m.To, pc)
			want.Side ^= 1
			if q := p.Play(m); q != want {
				t.Fatalf("%s: after %s: %s, want %s", Stavropol.FEN(&p), Stavropol.FormatMove(&p, m),
					Stavropol.FEN(&q), Stavropol.FEN(&want))
			}
		}
	}
	if foreign < 1000 || captures < 100 {
		t.Errorf("only %d foreign moves and %d positions with captures checked", foreign, captures)
	}
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[Move]int{}
	for _, m := range a {
		n[m]++
	}
	for _, m := range b {
		n[m]--
	}
	for _, k := range n {
		if k != 0 {
			return false
		}
	}
	return true
}

// TestStavropolPerft checks bulk-counted perft (Count at the last ply)
// against perft that generates every move, to depth 5 and more, from the
// start and from positions with kings and captures of both colours. No
// published counts exist for Stavropol draughts.
func TestStavropolPerft(t *testing.T) {
	jobs := []struct {
		fen   string
		depth int
	}{
		{"", 6},
		{"W:Wc3,f4,a1,h2:Bd4,g5,b8,h8", 6},
		{"W:Wd2,g3,Ka1:Bc3,e7,Kh8", 5},
		{"B:Wa3,c3,e3,Kg1:Bb6,d6,f6,Kd8", 5},
		{"W:We3,g3,b2:Bc5,d4,f6,Kb8", 5},
		// Kings of both colours with routes that take the same pieces
		// from the same square to the same square (the duplicates).
		{"W:WKd8:Bb6,Kc3,e3,e7,g3", 5},
	}
	for _, j := range jobs {
		p := Stavropol.Start()
		if j.fen != "" {
			p = fenForTest(t, Stavropol, j.fen)
		}
		depth := j.depth
		if testing.Short() {
			depth = 4
		}
		for _, keep := range []bool{false, true} {
			stack := make([]perftFrame, depth+1)
			stack[0].pos = p
			want := Stavropol.perftGenerate(depth, keep, stack)
			if got := Stavropol.Perft(p, depth, keep); got != want {
				t.Errorf("%q depth %d keep=%v: Perft %d, generated %d", j.fen, depth, keep, got, want)
			}
			t.Logf("%q depth %d keep=%v: %d", j.fen, depth, keep, want)
		}
	}
}

// TestStavropolNotation: foreign moves are written and read like own
// moves, from-to in Russian notation; a short form that fits an own and a
// foreign move is ambiguous; bad input gets a clear error.
func TestStavropolNotation(t *testing.T) {
	p := fenForTest(t, Stavropol, "W:Wc3:Bc5")
	for text, want := range map[string]string{"c3-d4": "c3-d4", "c5-d4": "c5-d4", "c5d4": "c5-d4", "c5-b4": "c5-b4", "22-18": "c3-d4", "14-18": "c5-d4"} {
		m, err := Stavropol.ParseMove(&p, text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", text, err)
			continue
		}
		if got := Stavropol.FormatMove(&p, m); got != want {
			t.Errorf("ParseMove(%q) = %s, want %s", text, got, want)
		}
	}
	for text, want := range map[string]string{
		"cd4":   `ambiguous move "cd4"`,
		"c5-d6": `illegal move "c5-d6"`, // a black man does not move up
		"c3-b2": `illegal move "c3-b2"`, // nor a white man down
		"a1-b2": `illegal move "a1-b2"`, // no piece on a1
		"c5-a8": `square "a8" is not a playing square`,
	} {
		if _, err := Stavropol.ParseMove(&p, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q): %v, want an error containing %q", text, err, want)
		}
	}
	// Every position of two plies and every move in it, foreign ones
	// included, round-trip through FEN and the move notation (format/hubtext checks the
	// Hub forms).
	rt := notationCheck{t: t}
	rt.walk(Stavropol, fenForTest(t, Stavropol, "W:Wc3,f4,d2,g3,Ka1:Bd4,g5,c5,Kh8"), 2)
	for _, tc := range ambiguousFENs {
		if tc.v == Russian {
			q := fenForTest(t, Stavropol, tc.fen)
			rt.position(Stavropol, &q)
		}
	}
	t.Logf("%d positions, %d moves, %d written as routes", rt.positions, rt.moves, rt.routes)
	for fen, want := range map[string]string{
		"W:Wb8:Bd4":    "white man on its promotion row at b8",
		"W:Wc3:Bd2,c1": "black man on its promotion row at c1",
		"W:Wa8:Bd4":    `square "a8" is not a playing square`,
		"X:Wc3:Bd4":    "side to move must be W or B",
	} {
		if _, err := Stavropol.ParseFEN(fen); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q): %v, want an error containing %q", fen, err, want)
		}
	}
}
