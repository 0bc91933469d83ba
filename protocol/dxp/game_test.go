package dxp

import (
	"slices"
	"strings"
	"testing"
	"time"

	"damka/board"
)

func gameFrom(t *testing.T, fen string) *game {
	t.Helper()
	p, err := variant.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return newGame(1, "peer", p, board.White, 1, 0)
}

func TestPositionRoundTrip(t *testing.T) {
	start := variant.Start()
	std := StandardPosition()
	if got := fromBoardPosition(&start); got != std {
		t.Fatalf("start position converts to %+v, want StandardPosition()", got)
	}
	b, err := toBoardPosition(&std)
	if err != nil || b != start {
		t.Fatalf("StandardPosition() converts to %s (err %v), want the start", variant.FEN(&b), err)
	}
	for _, fen := range []string{"B:WK1,28:BK50,23", "W:W33:B28,18,19,29"} {
		p, _ := variant.ParseFEN(fen)
		d := fromBoardPosition(&p)
		back, err := toBoardPosition(&d)
		if err != nil || back != p {
			t.Errorf("%s: round trip gives %s, %v", fen, variant.FEN(&back), err)
		}
	}
}

func TestStartPositionChecks(t *testing.T) {
	bad := map[string]string{
		"white man on row 1":  "W:W3,40:B20",
		"black man on row 10": "W:W40:B20,48",
		"black has nothing":   "W:W40:B",
		"white cannot move":   "W:W46:B41,37",
	}
	for name, fen := range bad {
		// Build the DXP position square by square: ParseFEN refuses some
		// of these itself.
		var p Position
		for i := range p.Squares {
			p.Squares[i] = Empty
		}
		p.ToMove = White
		for _, f := range strings.Split(fen, ":")[1:] {
			pc := WhiteMan
			if f[0] == 'B' {
				pc = BlackMan
			}
			for _, sq := range strings.Split(f[1:], ",") {
				if sq == "" {
					continue
				}
				var n int
				for _, c := range sq {
					n = n*10 + int(c-'0')
				}
				p.Squares[n-1] = pc
			}
		}
		if _, err := toBoardPosition(&p); err == nil {
			t.Errorf("%s (%s): accepted", name, fen)
		}
	}
}

func TestMatchCapturedAnyOrder(t *testing.T) {
	g := gameFrom(t, "W:W33:B28,18,19,29") // 33x33 round trip taking four
	for _, caps := range [][]int{{18, 19, 28, 29}, {29, 28, 19, 18}, {19, 29, 18, 28}} {
		m, err := g.match(Move{From: 33, To: 33, Captured: caps})
		if err != nil {
			t.Fatalf("captured %v: %v", caps, err)
		}
		if m.Captured.Count() != 4 {
			t.Fatalf("matched %+v", m)
		}
	}
	for _, bad := range []Move{
		{From: 33, To: 33, Captured: []int{18, 19, 28}},         // one missing
		{From: 33, To: 33, Captured: []int{18, 19, 28, 29, 23}}, // one extra
		{From: 33, To: 28}, // quiet move where a capture is forced
		{From: 33, To: 22, Captured: []int{28}},
	} {
		if _, err := g.match(bad); err == nil {
			t.Errorf("%s accepted", describe(bad))
		}
	}
	w := wireMove(g.legal()[0], 3)
	if w.From != 33 || w.To != 33 || w.Time != 3 || len(w.Captured) != 4 || w.Captured[0] != 18 || w.Captured[3] != 29 {
		t.Errorf("wireMove = %+v, want 33x33 capturing 18,19,28,29 ascending", w)
	}
}

// playAll plays moves written in notation ("32-28", "28x19").
func playAll(t *testing.T, g *game, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := variant.ParseMove(g.cur(), text)
		if err != nil {
			t.Fatalf("%s in %s: %v", text, variant.FEN(g.cur()), err)
		}
		g.play(m)
	}
}

func TestRepetitionDraw(t *testing.T) {
	g := gameFrom(t, "W:WK47,40:BK4,11")
	playAll(t, g, "47-42", "4-9", "42-47", "9-4")
	if why := g.drawReason(); why != "" {
		t.Fatalf("draw after the second occurrence: %s", why)
	}
	playAll(t, g, "47-42", "4-9", "42-47", "9-4")
	if why := g.drawReason(); !strings.Contains(why, "repeated 3 times") {
		t.Fatalf("third occurrence: drawReason = %q", why)
	}
	// A man move makes earlier positions unreachable: no repetition.
	g = gameFrom(t, "W:WK47,40:BK4,11")
	playAll(t, g, "47-42", "4-9", "42-47", "9-4", "40-35", "4-9", "47-42", "9-4", "42-47")
	if why := g.drawReason(); why != "" {
		t.Fatalf("after a man move: %s", why)
	}
}

func TestKingsOnlyRule(t *testing.T) {
	g := gameFrom(t, "W:WK46,K48,50:BK1,K3,5")
	// Each ply the first king move to a position not seen before that
	// leaves no capture, so that no other rule interferes.
	seen := map[board.Position]bool{*g.cur(): true}
	step := func() {
		for _, m := range g.legal() {
			next := g.cur().Play(m)
			if g.cur().Reversible(m) && !seen[next] && !variant.HasCapture(&next) {
				seen[next] = true
				if err := g.play(m); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no fresh king move in %s", variant.FEN(g.cur()))
	}
	for ply := 1; ply <= 50; ply++ {
		step()
		if why := g.drawReason(); (why != "") != (ply == 50) {
			t.Fatalf("after %d king plies: %q", ply, why)
		}
	}
	if why := g.drawReason(); !strings.Contains(why, "25 moves of kings only") {
		t.Fatalf("after 50 king plies: %q", why)
	}
	step() // White plays on: Black claims at its turn
	if why := g.drawReason(); !strings.Contains(why, "kings only") {
		t.Fatalf("one ply later: %q", why)
	}
	if q := g.g.Reversible(); q != 51 {
		t.Fatalf("51 king plies counted as %d", q)
	}
}

func TestBackIndex(t *testing.T) {
	g := gameFrom(t, "W:W31-50:B1-20")
	playAll(t, g, "32-28", "19-23", "28x19")
	cases := []struct {
		n    int
		c    Color
		want int
		ok   bool
	}{
		{1, White, 0, true}, {1, Black, 1, true}, {2, White, 2, true}, {2, Black, 3, true}, {3, White, 0, false}, {0, White, 0, false},
	}
	for _, c := range cases {
		got, ok := g.backIndex(c.n, c.c)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("backIndex(%d, %c) = %d, %v; want %d, %v", c.n, c.c, got, ok, c.want, c.ok)
		}
	}
	g.takeBack(1)
	if g.plies() != 1 || g.cur().Side != board.Black || len(g.text) != 1 {
		t.Fatalf("after take-back: %d plies, %s to move", g.plies(), g.cur().Side)
	}
	// Black starts: White's move 1 does not exist.
	gb := gameFrom(t, "B:W31-50:B1-20")
	if _, ok := gb.backIndex(1, White); ok {
		t.Error("white move 1 accepted in a game Black starts")
	}
	if i, ok := gb.backIndex(1, Black); !ok || i != 0 {
		t.Errorf("black move 1: %d, %v", i, ok)
	}
}

func TestClockLimits(t *testing.T) {
	c := newClock(1, 10)
	lim := c.limits(board.White, 0)
	if lim.Time != time.Minute || lim.MovesToGo != 10 {
		t.Fatalf("first move: %+v, want 1m and 10 to go", lim)
	}
	if lim := c.limits(board.Black, 1); lim.MovesToGo != 10 {
		t.Fatalf("black's first move: %+v", lim)
	}
	if lim := c.limits(board.White, 18); lim.MovesToGo != 1 {
		t.Fatalf("white's 10th move: %+v", lim)
	}
	if lim := c.limits(board.White, 20); lim.MovesToGo != 0 {
		t.Fatalf("past the limit: %+v, want sudden death", lim)
	}
	c.spend(board.White, 2*time.Minute)
	if lim := c.limits(board.White, 2); lim.Time != 0 || lim.MoveTime != minThink {
		t.Fatalf("flag fallen: %+v, want MoveTime %v", lim, minThink)
	}
	if c.remaining(board.Black) != time.Minute {
		t.Fatal("black's clock moved")
	}
}

// The International endgame rules end a DXP game too: two kings against a
// lone king are drawn after 5 moves each (10 plies) without a win.
func TestEndgameRuleDraw(t *testing.T) {
	g := gameFrom(t, "W:WK46,K50:BK1")
	// Each ply the first legal move to a position not seen before, so that
	// no repetition interferes; none is a capture here.
	step := func() {
		for _, m := range g.legal() {
			next := g.cur().Play(m)
			if !slices.Contains(append(g.history(), *g.cur()), next) && !m.IsCapture() {
				g.play(m)
				return
			}
		}
		t.Fatalf("no fresh quiet move in %s", variant.FEN(g.cur()))
	}
	for ply := 1; ply < 10; ply++ {
		step()
		if why := g.drawReason(); why != "" {
			t.Fatalf("after %d plies: %q", ply, why)
		}
	}
	step()
	if why := g.drawReason(); !strings.Contains(why, "5-move rule") {
		t.Fatalf("after 10 plies: %q, want the 5-move rule", why)
	}
	// Taking the last move back takes the draw back.
	g.takeBack(g.plies() - 1)
	if why := g.drawReason(); why != "" {
		t.Fatalf("after taking back: %q", why)
	}
}
