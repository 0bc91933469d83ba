package openings

import (
	"strings"
	"testing"

	"damka/bench/weak"
	"damka/board"
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
	s := weak.MaterialScored(weak.NewRandomSearcher(1))
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
