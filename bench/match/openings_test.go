package match

import (
	"strings"
	"testing"
	"time"

	"damka/bench/stats"
	"damka/board"
	"damka/engine"
)

func TestReadOpenings(t *testing.T) {
	v := board.International
	text := `# a comment
1. 32-28 19-23 2. 28x19 14x23
W:W31-50:B1-20

33-28 18-22   # trailing comment
1.34-29 17-21
`
	ops, err := ReadOpenings(strings.NewReader(text), v)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 4 {
		t.Fatalf("%d openings, want 4", len(ops))
	}
	if len(ops[0].Moves) != 4 || ops[0].Start != v.Start() {
		t.Errorf("move line: %d moves", len(ops[0].Moves))
	}
	if len(ops[1].Moves) != 0 || ops[1].Start != v.Start() {
		t.Errorf("FEN line: %+v", ops[1])
	}
	if len(ops[2].Moves) != 2 || len(ops[3].Moves) != 2 {
		t.Errorf("plain / glued move lines: %d, %d moves", len(ops[2].Moves), len(ops[3].Moves))
	}
	if got := FormatOpening(v, ops[0]); got != "1. 32-28 19-23 2. 28x19 14x23" {
		t.Errorf("FormatOpening = %q", got)
	}
	for _, bad := range []string{"32-27 32-27", "W:W99", "1. 32-28 19-23 2. 28-22", "W:W31:B"} {
		if _, err := ReadOpenings(strings.NewReader(bad), v); err == nil {
			t.Errorf("ReadOpenings(%q): no error", bad)
		}
	}

	// Russian move lines in algebraic notation, and PDN input.
	r := board.Russian
	ops, err = ReadOpenings(strings.NewReader("1. c3-d4 f6-e5 2. d4:f6 g7:e5\n"), r)
	if err != nil || len(ops) != 1 || len(ops[0].Moves) != 4 {
		t.Fatalf("russian: %v %v", ops, err)
	}
	pdn := "[GameType \"25\"]\n[FEN \"W:Wc3,e3:Bf6,h6\"]\n\n1. c3-d4 *\n\n[GameType \"25\"]\n\n1. e3-f4 *\n"
	ops, err = ReadOpenings(strings.NewReader(pdn), r)
	if err != nil || len(ops) != 2 || len(ops[0].Moves) != 1 || ops[0].Start == r.Start() || ops[1].Start != r.Start() {
		t.Fatalf("pdn openings: %+v %v", ops, err)
	}
	if _, err := ReadOpenings(strings.NewReader(pdn), v); err == nil {
		t.Error("a Russian PDN accepted as International openings")
	}
}

// TestCanadianOpenings reads Canadian openings, among them positions whose
// pieces stand on the edge rows (squares 1-6, 66-72), which a Canadian
// position keeps outside Pieces (board/wide.go): a side with pieces
// only there still has pieces.
func TestCanadianOpenings(t *testing.T) {
	v := board.Canadian
	for _, c := range []struct {
		line  string
		moves int
		err   string // a part of the error, "" for none
	}{
		{line: "1. 46-40 25-31 2. 40-35", moves: 3},
		{line: "1.46-40 25-31 2.40-35 # glued and commented", moves: 3},
		{line: "W:WK1:B14"},
		{line: "W:W40:BK70"},
		{line: "B:W67:B30"},
		{line: "W:WK1,K2,K3,66,69,70,71,72:BK67,K68,4,5,6"},
		{line: "W:W40:B", err: "a side has no pieces"},
		{line: "1. 46-40 25-31 2. 40-41", err: "move 3"},
		{line: "W:W73:B1", err: "73"},
	} {
		ops, err := ReadOpenings(strings.NewReader(c.line+"\n"), v)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want an error with %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil || len(ops) != 1 {
			t.Errorf("%q: %d openings, %v", c.line, len(ops), err)
			continue
		}
		o := ops[0]
		if len(o.Moves) != c.moves {
			t.Errorf("%q: %d moves, want %d", c.line, len(o.Moves), c.moves)
		}
		// FormatOpening writes a line that reads back to the same position.
		text := FormatOpening(v, o)
		back, err := ParseOpening(v, text)
		if err != nil || back.Position() != o.Position() {
			p, q := o.Position(), back.Position()
			t.Errorf("%q: written %q, read back %s (%v), want %s", c.line, text, v.FEN(&q), err, v.FEN(&p))
		}
	}
}

// materialSearcher scores a position by material (man 100, king 300) for
// the side to move, as the fake engine's info score does.
type materialSearcher struct{ inner engine.Searcher }

func (m materialSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	r := m.inner.Search(g, lim, info)
	r.Score = 100 * material(g.Position())
	return r
}
func (m materialSearcher) Stop()                     {}
func (m materialSearcher) PonderHit()                {}
func (m materialSearcher) NewGame()                  { m.inner.NewGame() }
func (m materialSearcher) SetOptions(engine.Options) {}

func material(p *board.Position) int {
	us, them := p.Side, p.Side.Opponent()
	// PieceCount and KingCount also see a Canadian position's edge squares.
	return p.PieceCount(us) + 2*p.KingCount(us) - p.PieceCount(them) - 2*p.KingCount(them)
}

func TestGenerateOpenings(t *testing.T) {
	for _, c := range []struct {
		v     *board.Variant
		first int // legal moves from the start
	}{
		{board.International, 9},
		{board.Canadian, 11},
	} {
		t.Run(c.v.Name, func(t *testing.T) { testGenerateOpenings(t, c.v, c.first) })
	}
}

func testGenerateOpenings(t *testing.T, v *board.Variant, first int) {
	all, err := GenerateOpenings(v, GenerateSpec{Plies: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// At most first^3 move sequences (9 * 9 * 9 = 729 in International);
	// distinct positions after 3 plies.
	seen := map[board.Position]bool{}
	for _, o := range all {
		p := o.Position()
		if seen[p] {
			t.Fatalf("duplicate position %s", v.FEN(&p))
		}
		seen[p] = true
		if o.Searched {
			t.Fatal("scored without a searcher")
		}
	}
	if len(all) < 100 || len(all) > first*first*first {
		t.Fatalf("%d positions after 3 plies", len(all))
	}
	thin, _ := GenerateOpenings(v, GenerateSpec{Plies: 3, Count: 10}, nil)
	if len(thin) != 10 || thin[0].Text != all[0].Text || thin[9].Text != all[9*len(all)/10].Text {
		t.Errorf("thinning: %d openings", len(thin))
	}

	// With a searcher, positions where a man was just won are dropped.
	s := materialSearcher{NewRandomSearcher(1)}
	bal, err := GenerateOpenings(v, GenerateSpec{Plies: 3, Depth: 1, Margin: 50}, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(bal) == 0 || len(bal) >= len(all) {
		t.Fatalf("balanced: %d of %d", len(bal), len(all))
	}
	for _, o := range bal {
		if !o.Searched || o.Score != 0 {
			t.Fatalf("kept %s with score %d", o.Text, o.Score)
		}
		if back, err := ParseOpening(v, o.Text); err != nil || back.Position() != o.Position() {
			t.Fatalf("generated line %q does not read back: %v", o.Text, err)
		}
	}
	few, _ := GenerateOpenings(v, GenerateSpec{Plies: 3, Depth: 1, Margin: 500, Count: 5}, s)
	if len(few) != 5 {
		t.Fatalf("count: %d", len(few))
	}
	for _, o := range few {
		if o.Score != 0 {
			t.Errorf("count kept an unbalanced opening %s (%d)", o.Text, o.Score)
		}
	}
	if _, err := GenerateOpenings(v, GenerateSpec{Plies: 13}, nil); err == nil {
		t.Error("13 plies accepted")
	}
}

func TestRandomSearcher(t *testing.T) {
	v := board.International
	s := NewRandomSearcher(7)
	play := func() []board.Move {
		s.NewGame()
		g := board.NewGame(v, v.Start())
		var out []board.Move
		for i := 0; i < 20; i++ {
			r := s.Search(g, engine.Limits{}, nil)
			if !r.HasBest {
				break
			}
			out = append(out, r.Best)
			if err := g.Play(r.Best); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	a, b := play(), play()
	if len(a) != 20 || !movesEqual(a, b) {
		t.Errorf("NewGame does not restart the sequence: %v vs %v", a, b)
	}
	// Uniform: over many draws from the start every one of the 9 moves comes up.
	counts := map[board.Move]int{}
	for i := 0; i < 900; i++ {
		counts[s.Search(board.NewGame(v, v.Start()), engine.Limits{}, nil).Best]++
	}
	if len(counts) != 9 {
		t.Errorf("%d distinct first moves, want 9", len(counts))
	}
	for m, n := range counts {
		if n < 50 || n > 160 {
			t.Errorf("move %v drawn %d times of 900", m, n)
		}
	}
	empty := mustFEN(t, v, "W:W46:B5")
	s46, _ := v.Geo.Bit(46)
	empty.Put(s46, board.Empty)
	if r := s.Search(board.NewGame(v, empty), engine.Limits{}, nil); r.HasBest {
		t.Error("a move in a position without pieces")
	}
}

func TestSchedule(t *testing.T) {
	s := newSchedule(3, 4, 2)
	if s.total() != 12 {
		t.Fatalf("total %d", s.total())
	}
	games := map[[2]int]int{}
	for i := 0; i < s.total(); i += 2 {
		w1, b1, o1 := s.at(i)
		w2, b2, o2 := s.at(i + 1)
		if w1 != b2 || b1 != w2 || o1 != o2 {
			t.Fatalf("pair %d: %d-%d op %d, %d-%d op %d", i/2, w1, b1, o1, w2, b2, o2)
		}
		games[[2]int{min(w1, b1), max(w1, b1)}] += 2
	}
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if games[p] != 4 {
			t.Errorf("pairing %v plays %d games", p, games[p])
		}
	}
	if _, _, o := s.at(6); o != 1 {
		t.Errorf("second round opening %d", o)
	}
}

func TestProgressLine(t *testing.T) {
	s := &Summary{Engines: []string{"A", "B"}, Played: 10, Total: 40,
		Pairings: []PairStats{{WDL: stats.WDL{W: 5, D: 3, L: 2}}}}
	var buf strings.Builder
	p := progress{w: &buf, tty: true, start: time.Now().Add(-time.Minute)}
	p.update(s, 10, false)
	out := buf.String()
	if !strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, "\x1b[K") ||
		!strings.Contains(out, "games 10/40  W-D-L 5-3-2  Elo ") || !strings.Contains(out, "games/min  left ") {
		t.Errorf("terminal line %q", out)
	}
	p.note(&buf, "failure\n")
	if !strings.HasSuffix(buf.String(), "\r\x1b[Kfailure\n") {
		t.Errorf("note does not clear the line: %q", buf.String())
	}
	buf.Reset()
	p = progress{w: &buf, start: time.Now()}
	for i := 1; i <= 25; i++ {
		s.Played = i
		p.update(s, i, false)
	}
	p.update(s, 25, true)
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Errorf("plain output: %d lines, want 3 (at 10, 20 and the end):\n%s", n, buf.String())
	}
}
