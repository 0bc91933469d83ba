package match

import (
	"math"
	"strings"
	"testing"

	"damka/board"
)

func mustFEN(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// walk finds (depth first) a line of n quiet king moves from fen, after
// the optional first move, that never repeats a position, never leaves the
// opponent a capture and, if keep is not 0, keeps Black's pieces on keep;
// it replays it through the draw rules and returns the first ply at which
// they end the game and why.
func walk(t *testing.T, v *board.Variant, fen string, first string, n int, keep board.Bitboard) (int, string) {
	t.Helper()
	p := mustFEN(t, v, fen)
	start := p
	var line []board.Move
	if first != "" {
		m, err := v.ParseMove(&p, first)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		p = p.Play(m)
	}
	seen := map[board.Position]bool{start: true, p: true}
	budget := 200000
	var dfs func(p board.Position) bool
	dfs = func(p board.Position) bool {
		if len(line) == n {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		var ml board.MoveList
		v.Generate(&p, &ml)
		for _, c := range ml.Slice() {
			q := p.Play(c)
			if c.IsCapture() || p.At(c.From) < board.WhiteKing || seen[q] || v.HasCapture(&q) ||
				keep != 0 && q.Board64().Pieces[board.Black]&^keep != 0 {
				continue
			}
			seen[q] = true
			line = append(line, c)
			if dfs(q) {
				return true
			}
			line = line[:len(line)-1]
			delete(seen, q)
		}
		return false
	}
	if !dfs(p) {
		t.Fatalf("%s: no line of %d quiet king moves", fen, n)
	}
	g := board.NewGame(v, start)
	for i, m := range line {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if s := g.Status(); s.Over {
			return i + 1, s.Reason
		}
	}
	return 0, ""
}

func TestDrawRulesEndgames(t *testing.T) {
	for _, c := range []struct {
		v      *board.Variant
		fen    string
		first  string // a first move (a capture creating the configuration)
		ply    int
		reason string
		road   bool // Black's lone king stays on the main road
	}{
		// International 5-move rule: lone king vs one or two pieces with a king.
		{board.International, "W:WK46:BK4", "", 10, "5-move rule", false},
		{board.International, "W:WK46,K47:BK4", "", 10, "5-move rule", false},
		{board.International, "W:WK46,15:BK4", "", 10, "5-move rule", false},
		// 16-move rule: lone king vs three pieces with a king.
		{board.International, "W:WK46,K47,K48:BK4", "", 32, "16-move rule", false},
		{board.International, "W:WK46,K47,6:BK4", "", 32, "16-move rule", false},
		// The capture that creates the configuration starts the counter:
		// 1 capture + 32 plies.
		{board.International, "W:WK46,K47,K48:BK3,41", "46x37", 33, "16-move rule", false},
		// Kings on both sides, no lone king: only the 25-move rule.
		{board.International, "W:WK46,K47,K48:BK4,K3", "", 50, "king moves", false},
		// Russian: three kings vs a lone king, 15 moves (7.2.4), men beside
		// them or not.
		{board.Russian, "W:WKc1,Ke1,Kg1:BKh2", "", 30, "15-move rule", false},
		{board.Russian, "W:WKc1,Ke1,Kg1,a3:BKh2", "", 30, "15-move rule", false},
		// 7.2.7: three pieces with a king vs a lone king on the main road:
		// 5 moves, before 7.2.4 or 7.2.6 (and stepping off the road stops it:
		// the same start without keeping to the road reaches 7.2.5).
		{board.Russian, "B:WKc1,Ke1,Kg1:BKa1", "", 10, "main road", true},
		{board.Brazilian, "B:WKc1,Ke1,g3:BKa1", "", 10, "main road", true},
		{board.Russian, "B:WKc1,Ke1,g3:BKa1", "", 30, "king moves", false},
		// Lone king vs one or two pieces with a king (7.2.8).
		{board.Russian, "W:WKc1,Ke1:BKh8", "", 10, "5-move rule", false},
		{board.Brazilian, "W:WKc1:BKh8", "", 10, "5-move rule", false},
		// Two kings each: 7.2.6 would need 60 plies; the king-moves rule
		// (7.2.5, 15 moves) ends it first.
		{board.Russian, "W:WKc1,Ke1:BKh8,Kf8", "", 30, "king moves", false},
		// English: 40 moves each.
		{board.English, "B:WK1,K2:BK31,K32", "", 80, "king moves", false},
		// Canadian: 25 moves each. The kings start on the edge rows, which
		// a Canadian position keeps outside Pieces and Kings (wide.go):
		// their moves are king moves too.
		{board.Canadian, "W:WK67,K72:BK1,K6", "", 50, "king moves", false},
		{board.Canadian, "W:WK66,K70,K71:BK2,K3,K4", "", 50, "king moves", false},
	} {
		var keep board.Bitboard
		if c.road {
			keep = c.v.Geo.MainRoad
		}
		ply, why := walk(t, c.v, c.fen, c.first, c.ply, keep)
		if ply != c.ply || !strings.Contains(why, c.reason) {
			t.Errorf("%s %s: drawn at ply %d (%q), want ply %d (%q)", c.v.Name, c.fen, ply, why, c.ply, c.reason)
		}
	}
}

func TestDrawRulesRepetition(t *testing.T) {
	for _, c := range []struct {
		v   *board.Variant
		fen string
		seq []string // played in a loop: the start comes back every 4 plies
	}{
		{board.International, "W:WK46,K47,K48,K49:BK1,K2,K3,K4", []string{"46-41", "1-6", "41-46", "6-1"}},
		// Canadian kings going to and from the edge rows (wide.go).
		{board.Canadian, "W:WK67,K72:BK1,K6", []string{"72-66", "1-7", "66-72", "7-1"}},
	} {
		v := c.v
		g := board.NewGame(v, mustFEN(t, v, c.fen))
		for ply := 1; ply <= 8; ply++ {
			m, err := v.ParseMove(g.Position(), c.seq[(ply-1)%4])
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			why := g.Status().Reason
			if (why != "") != (ply == 8) || (ply == 8 && why != "3-fold repetition") {
				t.Fatalf("%s ply %d: %q", v.Name, ply, why)
			}
		}
	}
}

func TestScoreAdjudication(t *testing.T) {
	a, err := ParseAdjudication("score=5,plies=4,draw=0.1,drawafter=20")
	if err != nil || a != (Adjudication{WinScore: 5, Plies: 4, DrawScore: 0.1, DrawAfter: 20}) {
		t.Fatalf("parse: %+v %v", a, err)
	}
	for _, bad := range []string{"", "score=5", "plies=3", "score=x,plies=3", "score=-1,plies=2", "score=1,plies=2,foo=1", "score"} {
		if _, err := ParseAdjudication(bad); err == nil {
			t.Errorf("ParseAdjudication(%q): no error", bad)
		}
	}
	tr := scoreTracker{a: a}
	// White +6 (White to move), Black -6 (Black's view): both agree White wins.
	steps := []struct {
		s     float64
		mover board.Color
	}{{6, board.White}, {-6, board.Black}, {7, board.White}, {-5, board.Black}}
	for i, st := range steps {
		res, ok := tr.push(st.s, true, st.mover, 30+i)
		if ok != (i == 3) || (ok && res != 1) {
			t.Fatalf("step %d: %v %v", i, res, ok)
		}
	}
	// A missing score breaks the run.
	tr = scoreTracker{a: a}
	tr.push(6, true, board.White, 1)
	tr.push(0, false, board.Black, 2)
	tr.push(6, true, board.White, 3)
	if _, ok := tr.push(-6, true, board.Black, 4); ok {
		t.Error("adjudicated across a move without score")
	}
	// Draw only after drawafter plies.
	tr = scoreTracker{a: a}
	for i := 1; i <= 25; i++ {
		res, ok := tr.push(0.05, true, board.Color(i%2), i)
		if ok != (i == 20) && i <= 20 {
			t.Fatalf("draw at ply %d: %v %v", i, res, ok)
		}
		if ok {
			if res != 0.5 {
				t.Fatalf("draw result %v", res)
			}
			break
		}
	}
	if _, ok := (&scoreTracker{}).push(math.Inf(1), true, board.White, 1); ok {
		t.Error("disabled tracker adjudicated")
	}
}
