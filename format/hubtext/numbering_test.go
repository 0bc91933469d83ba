package hubtext

import (
	"strconv"
	"strings"
	"testing"

	"damka/board"
)

func TestParseNumbering(t *testing.T) {
	cases := []struct {
		text string
		want Numbering
		err  string
	}{
		{"bottom-up", BottomUp, ""},
		{"top-down", TopDown, ""},
		{" Top-Down ", TopDown, ""},
		{"", 0, `unknown move numbering "" (known: bottom-up, top-down)`},
		{"a1", 0, `unknown move numbering "a1"`},
	}
	for _, c := range cases {
		got, err := ParseNumbering(c.text)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseNumbering(%q) = %v, %v; want error %q", c.text, got, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseNumbering(%q) = %v, %v; want %v", c.text, got, err, c.want)
		case c.err == "" && got.String() != strings.ToLower(strings.TrimSpace(c.text)):
			t.Errorf("%v.String() = %q, want %q", got, got.String(), c.text)
		}
	}
}

// TestNumberingSquares pins the corner squares of both numberings; the
// top-down ones are pydraughts 0.5.7's (1 = b8, 29 = a1), the bottom-up
// ones pydraughts 0.6's (1 = a1, 29 = b8).
func TestNumberingSquares(t *testing.T) {
	cases := []struct {
		v                 *board.Variant
		square            string
		bottomUp, topDown int
	}{
		{board.Russian, "a1", 1, 29},
		{board.Russian, "c1", 2, 30},
		{board.Russian, "g1", 4, 32},
		{board.Russian, "b2", 5, 25},
		{board.Russian, "b8", 29, 1},
		{board.Russian, "h8", 32, 4},
		{board.Brazilian, "a1", 1, 29},
		{board.Brazilian, "h8", 32, 4},
		{board.Brazilian, "e5", 19, 15},
		{board.Turkish, "a1", 1, 57},
		{board.Turkish, "h1", 8, 64},
		{board.Turkish, "a8", 57, 1},
		{board.International, "a1", 46, 46}, // numeric boards: one numbering
		{board.International, "j10", 5, 5},
	}
	for _, c := range cases {
		s, err := c.v.ParseAlgebraic(c.square)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			n    Numbering
			want int
		}{{BottomUp, c.bottomUp}, {TopDown, c.topDown}} {
			if got := number(c.v, s, x.n); got != x.want {
				t.Errorf("%s %s: %s number %d, want %d", c.v.Name, c.square, x.n, got, x.want)
			}
			if got, ok := square(c.v, x.want, x.n); !ok || got != s {
				t.Errorf("%s: %s square %d = %s, %v; want %s", c.v.Name, x.n, x.want, c.v.Algebraic(got), ok, c.square)
			}
		}
	}
}

// TestNumberingMoves reads and writes the same moves in both numberings.
func TestNumberingMoves(t *testing.T) {
	cases := []struct {
		v                 *board.Variant
		fen               string // "" for the start position
		move              string // the move in the variant's own notation
		bottomUp, topDown string
	}{
		{board.Russian, "", "c3-d4", "10-14", "22-18"},
		{board.Russian, "", "a3-b4", "9-13", "21-17"},
		{board.Russian, "", "g3-h4", "12-16", "24-20"},
		{board.Russian, "B:Wc3:Bf6", "f6-e5", "23-19", "11-15"},
		{board.Russian, "W:Wc3:Bd4,f6", "c3:e5:g7", "10x28x14x23", "22x8x11x18"},
		{board.Russian, "W:WKa1:Bc3", "a1:e5", "1x19x10", "29x15x22"},
		{board.Brazilian, "", "c3-d4", "10-14", "22-18"},
		{board.Brazilian, "", "e3-f4", "11-15", "23-19"},
		{board.Brazilian, "B:Wc3:Bf6", "f6-g5", "23-20", "11-16"},
		{board.Brazilian, "W:Wc3:Bd4,f6", "c3:e5:g7", "10x28x14x23", "22x8x11x18"},
		{board.Brazilian, "B:Wd4,f6:Bg7", "g7:e5:c3", "28x10x14x23", "8x22x11x18"}, // a man captures backwards
		{board.Turkish, "", "a3-a4", "17-25", "41-33"},
		{board.International, "", "32-28", "32-28", "32-28"},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := c.v.ParseMove(&p, c.move)
		if err != nil {
			t.Fatalf("%s %q: %v", c.v.Name, c.fen, err)
		}
		for _, x := range []struct {
			n    Numbering
			text string
		}{{BottomUp, c.bottomUp}, {TopDown, c.topDown}} {
			if got := FormatMoveIn(c.v, m, x.n); got != x.text {
				t.Errorf("%s %q %s: %s written %s, want %s", c.v.Name, c.fen, x.n, c.move, got, x.text)
			}
			if got, err := ParseMoveIn(c.v, &p, x.text, x.n); err != nil || got != m {
				t.Errorf("%s %q %s: ParseMoveIn(%s) = %s, %v; want %s", c.v.Name, c.fen, x.n, x.text,
					c.v.FormatMove(&p, got), err, c.move)
			}
		}
		if got := FormatMove(c.v, m); got != c.bottomUp {
			t.Errorf("%s: FormatMove(%s) = %s, want the bottom-up %s", c.v.Name, c.move, got, c.bottomUp)
		}
	}
}

// TestTopDownIsPositionOrder checks the point of the top-down numbering:
// its move numbers are the indices of the position string, so a move's
// origin holds the mover's piece in the string before it and its
// destination in the string after it.
func TestTopDownIsPositionOrder(t *testing.T) {
	for _, v := range board.Variants() {
		if v.Columns || v.Geo.Wide {
			continue // Bashni stacks, Canadian's own strings
		}
		p := v.Start()
		before := Position(v, &p)
		var ml board.MoveList
		v.Generate(&p, &ml)
		for _, m := range ml.Slice() {
			text := FormatMoveIn(v, m, TopDown)
			a, b, quiet := strings.Cut(text, "-")
			from, errA := strconv.Atoi(a)
			to, errB := strconv.Atoi(b)
			if !quiet || errA != nil || errB != nil {
				t.Fatalf("%s: start move %s is not a quiet move", v.Name, text)
			}
			next := p.Play(m)
			after := Position(v, &next)
			if before[from] == 'e' || after[to] != before[from] || after[from] != 'e' {
				t.Errorf("%s: top-down move %s does not match the position strings %s -> %s", v.Name, text, before, after)
			}
		}
	}
}

func TestNumberingHints(t *testing.T) {
	cases := []struct {
		v    *board.Variant
		fen  string
		n    Numbering
		text string
		want string // "" for no hint
	}{
		// lidraughts-bot's first Black reply to damka's bottom-up White.
		{board.Russian, "", BottomUp, "22-18", `illegal hub move "22-18" in the bottom-up move numbering (it is legal in the top-down numbering)`},
		{board.Russian, "", TopDown, "9-13", `illegal hub move "9-13" in the top-down move numbering (it is legal in the bottom-up numbering)`},
		{board.Brazilian, "W:Wc3:Bd4,f6", TopDown, "10x28x14x23", "(it is legal in the bottom-up numbering)"},
		{board.Russian, "", BottomUp, "22-26", ""},
		{board.International, "", TopDown, "32-26", ""},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := ParseMoveIn(c.v, &p, c.text, c.n)
		switch {
		case err == nil:
			t.Errorf("%s %s: ParseMoveIn(%s) = %+v, want an error", c.v.Name, c.n, c.text, m)
		case c.want == "" && strings.Contains(err.Error(), "numbering"):
			t.Errorf("%s %s %s: error %q hints at a numbering; want none", c.v.Name, c.n, c.text, err)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s %s %s: error %q, want it to contain %q", c.v.Name, c.n, c.text, err, c.want)
		}
	}
}
