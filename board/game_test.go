package board

import (
	"strings"
	"testing"
)

// playText plays moves written in v's notation, failing on an illegal one.
func playText(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := g.Variant().ParseMove(g.Position(), text)
		if err != nil {
			t.Fatalf("%s in %s: %v", text, g.FEN(), err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// kingsOnly4 is International with only a 4-ply king-move rule, so that the
// rule can be reached without a repetition.
var kingsOnly4 = func() *Variant {
	v := *International
	v.Draw = DrawRules{KingMovesLimit: 4}
	return &v
}()

func TestGameStatus(t *testing.T) {
	cases := []struct {
		name   string
		v      *Variant
		fen    string
		moves  string
		over   bool
		draw   DrawRule
		winner Color
		reason string // a part of Status.Reason
	}{
		{"playing", International, "", "32-28 19-23", false, NotDrawn, 0, ""},
		{"repetition not yet", International, "W:WK26,50:BK5,1", "26-21 5-10 21-26 10-5 26-21 5-10 21-26", false, NotDrawn, 0, ""},
		{"repetition", International, "W:WK26,50:BK5,1", "26-21 5-10 21-26 10-5 26-21 5-10 21-26 10-5", true, Repetition, 0, "3-fold repetition"},
		{"king moves", kingsOnly4, "W:WK26,50:BK5,1", "26-21 5-10 21-26 10-5", true, KingMoves, 0, "4 plies of king moves"},
		{"king moves reset by a man move", kingsOnly4, "W:WK26,50:BK5,1", "26-21 5-10 50-44 10-5 21-26", false, NotDrawn, 0, ""},
		{"5-move rule not yet", International, "W:WK46,K50:BK3", "50-44 3-8 44-39 8-2 39-33 2-7 33-28 7-1 28-22", false, NotDrawn, 0, ""},
		{"5-move rule", International, "W:WK46,K50:BK3", "50-44 3-8 44-39 8-2 39-33 2-7 33-28 7-1 28-22 1-6", true, EndgameLimit, 0, "5-move rule"},
		{"no move", International, "W:W46:B41,37", "", true, NotDrawn, Black, "white has no move"},
		{"breakthrough", BreakthroughDraughts, "W:W9:B40", "9-3", true, NotDrawn, White, "crowned a king"},
	}
	for _, c := range cases {
		g, err := ParseGame(c.v, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		playText(t, g, c.moves)
		s := g.Status()
		if s.Over != c.over || s.Draw != c.draw || (s.Over && s.Draw == NotDrawn && s.Winner != c.winner) ||
			!strings.Contains(strings.ToLower(s.Reason), strings.ToLower(c.reason)) || (c.reason == "") != (s.Reason == "") {
			t.Errorf("%s: %+v, want over %v, draw %d, winner %s, reason %q", c.name, s, c.over, c.draw, c.winner, c.reason)
		}
		white, over := g.Outcome()
		if over != s.Over || white != s.White() {
			t.Errorf("%s: Outcome %v %v, Status %+v", c.name, white, over, s)
		}
	}
}

func TestGamePlayUndo(t *testing.T) {
	g := NewGame(International, International.Start())
	before := g.FEN()
	if err := g.Play(Move{From: 0, To: 1}); err == nil || g.Len() != 0 || g.FEN() != before {
		t.Errorf("illegal move: %v, %d moves, %s", err, g.Len(), g.FEN())
	}
	playText(t, g, "32-28 19-23 28x19 14x23")
	if g.Len() != 4 || g.Reversible() != 0 || len(g.History()) != 4 || *g.At(0) != International.Start() {
		t.Errorf("after 4 plies: %d moves, %d reversible, %d history", g.Len(), g.Reversible(), len(g.History()))
	}
	g.Undo()
	g.Undo()
	want := International.Start()
	want = want.Play(g.Moves()[0])
	want = want.Play(g.Moves()[1])
	if g.Len() != 2 || *g.Position() != want {
		t.Errorf("after two Undo: %d moves, %s", g.Len(), g.FEN())
	}
	g.Truncate(0)
	if g.Undo() || g.FEN() != before {
		t.Errorf("Undo of an empty game: %s", g.FEN())
	}
	c := g.Clone()
	playText(t, c, "32-28")
	if g.Len() != 0 {
		t.Errorf("playing on a clone changed the game")
	}
}

// TestGameTowers: the game carries Bashni's columns through Play and Undo,
// and a repetition needs the same pieces under the tops.
func TestGameTowers(t *testing.T) {
	cases := []struct {
		fen, moves, want string
		height           int
	}{
		{"W:Wc3:Bd4(bb)", "c3:e5", "B:We5(b):Bd4(b)", 2},
		{"W:Wc3(w):Bd4(b),Kh8", "c3:e5", "B:We5(wb):Bd4,Kh8", 2},
		{"W:Wc3:Bd4,Kh8", "c3:e5", "B:We5(b):BKh8", 1},
	}
	for _, c := range cases {
		g, err := ParseGame(Bashni, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		start := g.FEN()
		playText(t, g, c.moves)
		if g.FEN() != c.want || g.Towers().Height() != c.height {
			t.Errorf("%s %s: %s with %d under the tops, want %s with %d", c.fen, c.moves, g.FEN(), g.Towers().Height(), c.want, c.height)
		}
		g.Undo()
		if g.FEN() != start || g.StartFEN() != start {
			t.Errorf("%s: Undo gives %s", c.fen, g.FEN())
		}
	}
	// The same tops over other pieces are another position.
	g, err := ParseGame(Bashni, "W:WKa1(b),Kh8:BKh2,Ka7")
	if err != nil {
		t.Fatal(err)
	}
	a := g.repeats(0)
	g.plies[0].tow = Towers{}
	playText(t, g, "h8-g7 a7-b8 g7-h8 b8-a7")
	if a != 1 || g.repeats(g.Len()) != 2 {
		t.Errorf("repeats %d, %d, want 1, 2", a, g.repeats(g.Len()))
	}
	g.plies[g.Len()].tow = *g.TowersAt(0)
	g.plies[0].tow[0] = 1
	if g.repeats(g.Len()) != 1 {
		t.Errorf("a position over other towers counts as a repetition")
	}
}

// TestReversible: a king move without capture, on every board.
func TestReversible(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		move string
		want bool
	}{
		{International, "W:WK46,50:BK5", "46-41", true},
		{International, "W:WK46,50:BK5", "50-45", false},
		{International, "W:WK46:B41", "46x37", false},
		{Canadian, "W:WK67,60:BK1", "67-61", true}, // a king above the word (wide.go)
		{Canadian, "W:WK67,60:BK1", "60-54", false},
	}
	for _, c := range cases {
		g, err := ParseGame(c.v, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := c.v.ParseMove(g.Position(), c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if got := g.Position().Reversible(m); got != c.want {
			t.Errorf("%s %s %s: Reversible %v, want %v", c.v.Name, c.fen, c.move, got, c.want)
		}
		g.Play(m)
		if want := map[bool]int{true: 1}[c.want]; g.Reversible() != want {
			t.Errorf("%s %s %s: game counts %d reversible plies, want %d", c.v.Name, c.fen, c.move, g.Reversible(), want)
		}
	}
}

func TestLinkGame(t *testing.T) {
	g := NewGame(Russian, Russian.Start())
	playText(t, g, "c3-d4 f6-e5 d4:f6 g7:e5")
	chain := append(g.History(), *g.Position())
	l, ok := LinkGame(Russian, chain, nil)
	if !ok || l.FEN() != g.FEN() || l.Len() != 4 {
		t.Fatalf("LinkGame: %v", ok)
	}
	chain[2], chain[3] = chain[3], chain[2]
	if _, ok := LinkGame(Russian, chain, nil); ok {
		t.Errorf("LinkGame joined positions without a move between them")
	}
}

// gameOf plays moves from start, failing the test on an illegal one.
func gameOf(t testing.TB, v *Variant, start Position, moves []Move) *Game {
	t.Helper()
	g, err := GameOf(v, start, moves)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameOfIllegal(t *testing.T) {
	bad := Move{From: 0, To: 1}
	if g, err := GameOf(International, International.Start(), []Move{bad}); err == nil || !strings.Contains(err.Error(), "move 1: (1-2) is not legal") {
		t.Errorf("GameOf with an illegal move: %v, %v", g, err)
	}
}

// FormatLine writes each move in the position it is played from and stops
// at the first that is not legal there; the game itself is unchanged.
func TestGameFormatLine(t *testing.T) {
	g := NewGame(Russian, Russian.Start())
	playText(t, g, "c3-d4")
	line := []Move{}
	p := *g.Position()
	for _, text := range []string{"f6-g5", "d4-e5", "d6:f4"} {
		m, err := Russian.ParseMove(&p, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		line = append(line, m)
		p = p.Play(m)
	}
	if got, want := g.FormatLine(line), "f6-g5 d4-e5 d6:f4"; got != want {
		t.Errorf("FormatLine = %q, want %q", got, want)
	}
	// The same line from the position after its first move: that move is
	// not legal there, so nothing is written.
	g2 := NewGame(Russian, Russian.Start())
	if got := g2.FormatLine(line); got != "" {
		t.Errorf("FormatLine of an illegal first move = %q, want \"\"", got)
	}
	if got := g.FormatLine(append(line[:1:1], line[0])); got != "f6-g5" {
		t.Errorf("FormatLine stopping at the second move = %q", got)
	}
	if g.Len() != 1 {
		t.Errorf("FormatLine changed the game: %d moves", g.Len())
	}
}
