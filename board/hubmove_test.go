package board

import (
	"strconv"
	"strings"
	"testing"
)

func TestParseHubNumbering(t *testing.T) {
	cases := []struct {
		text string
		want HubNumbering
		err  string
	}{
		{"bottom-up", HubBottomUp, ""},
		{"top-down", HubTopDown, ""},
		{" Top-Down ", HubTopDown, ""},
		{"", 0, `unknown move numbering "" (known: bottom-up, top-down)`},
		{"a1", 0, `unknown move numbering "a1"`},
	}
	for _, c := range cases {
		got, err := ParseHubNumbering(c.text)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseHubNumbering(%q) = %v, %v; want error %q", c.text, got, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseHubNumbering(%q) = %v, %v; want %v", c.text, got, err, c.want)
		case c.err == "" && got.String() != strings.ToLower(strings.TrimSpace(c.text)):
			t.Errorf("%v.String() = %q, want %q", got, got.String(), c.text)
		}
	}
}

// TestHubNumberingSquares pins the corner squares of both numberings; the
// top-down ones are pydraughts 0.5.7's (1 = b8, 29 = a1), the bottom-up
// ones pydraughts 0.6's (1 = a1, 29 = b8).
func TestHubNumberingSquares(t *testing.T) {
	cases := []struct {
		v                 *Variant
		square            string
		bottomUp, topDown int
	}{
		{Russian, "a1", 1, 29},
		{Russian, "c1", 2, 30},
		{Russian, "g1", 4, 32},
		{Russian, "b2", 5, 25},
		{Russian, "b8", 29, 1},
		{Russian, "h8", 32, 4},
		{Brazilian, "a1", 1, 29},
		{Brazilian, "h8", 32, 4},
		{Brazilian, "e5", 19, 15},
		{Turkish, "a1", 1, 57},
		{Turkish, "h1", 8, 64},
		{Turkish, "a8", 57, 1},
		{International, "a1", 46, 46}, // numeric boards: one numbering
		{International, "j10", 5, 5},
	}
	for _, c := range cases {
		s, err := c.v.ParseAlgebraic(c.square)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			n    HubNumbering
			want int
		}{{HubBottomUp, c.bottomUp}, {HubTopDown, c.topDown}} {
			if got := c.v.hubNumber(s, x.n); got != x.want {
				t.Errorf("%s %s: %s number %d, want %d", c.v.Name, c.square, x.n, got, x.want)
			}
			if got, ok := c.v.hubSquare(x.want, x.n); !ok || got != s {
				t.Errorf("%s: %s square %d = %s, %v; want %s", c.v.Name, x.n, x.want, c.v.Algebraic(got), ok, c.square)
			}
		}
	}
}

// TestHubNumberingMoves reads and writes the same moves in both numberings.
func TestHubNumberingMoves(t *testing.T) {
	cases := []struct {
		v                 *Variant
		fen               string // "" for the start position
		move              string // the move in the variant's own notation
		bottomUp, topDown string
	}{
		{Russian, "", "c3-d4", "10-14", "22-18"},
		{Russian, "", "a3-b4", "9-13", "21-17"},
		{Russian, "", "g3-h4", "12-16", "24-20"},
		{Russian, "B:Wc3:Bf6", "f6-e5", "23-19", "11-15"},
		{Russian, "W:Wc3:Bd4,f6", "c3:e5:g7", "10x28x14x23", "22x8x11x18"},
		{Russian, "W:WKa1:Bc3", "a1:e5", "1x19x10", "29x15x22"},
		{Brazilian, "", "c3-d4", "10-14", "22-18"},
		{Brazilian, "", "e3-f4", "11-15", "23-19"},
		{Brazilian, "B:Wc3:Bf6", "f6-g5", "23-20", "11-16"},
		{Brazilian, "W:Wc3:Bd4,f6", "c3:e5:g7", "10x28x14x23", "22x8x11x18"},
		{Brazilian, "B:Wd4,f6:Bg7", "g7:e5:c3", "28x10x14x23", "8x22x11x18"}, // a man captures backwards
		{Turkish, "", "a3-a4", "17-25", "41-33"},
		{International, "", "32-28", "32-28", "32-28"},
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
			n    HubNumbering
			text string
		}{{HubBottomUp, c.bottomUp}, {HubTopDown, c.topDown}} {
			if got := c.v.FormatHubMoveIn(m, x.n); got != x.text {
				t.Errorf("%s %q %s: %s written %s, want %s", c.v.Name, c.fen, x.n, c.move, got, x.text)
			}
			if got, err := c.v.ParseHubMoveIn(&p, x.text, x.n); err != nil || got != m {
				t.Errorf("%s %q %s: ParseHubMoveIn(%s) = %s, %v; want %s", c.v.Name, c.fen, x.n, x.text,
					c.v.FormatMove(&p, got), err, c.move)
			}
		}
		if got := c.v.FormatHubMove(m); got != c.bottomUp {
			t.Errorf("%s: FormatHubMove(%s) = %s, want the bottom-up %s", c.v.Name, c.move, got, c.bottomUp)
		}
	}
}

// TestHubTopDownIsPositionOrder checks the point of the top-down numbering:
// its move numbers are the indices of the position string, so a move's
// origin holds the mover's piece in the string before it and its
// destination in the string after it.
func TestHubTopDownIsPositionOrder(t *testing.T) {
	for _, v := range Variants() {
		if v.Columns || v.gen == genWide {
			continue // Bashni stacks, Canadian's own strings
		}
		p := v.Start()
		before := v.HubPosition(&p)
		var ml MoveList
		v.Generate(&p, &ml)
		for _, m := range ml.Slice() {
			text := v.FormatHubMoveIn(m, HubTopDown)
			a, b, quiet := strings.Cut(text, "-")
			from, errA := strconv.Atoi(a)
			to, errB := strconv.Atoi(b)
			if !quiet || errA != nil || errB != nil {
				t.Fatalf("%s: start move %s is not a quiet move", v.Name, text)
			}
			next := p.Play(m)
			after := v.HubPosition(&next)
			if before[from] == 'e' || after[to] != before[from] || after[from] != 'e' {
				t.Errorf("%s: top-down move %s does not match the position strings %s -> %s", v.Name, text, before, after)
			}
		}
	}
}

func TestHubNumberingHints(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		n    HubNumbering
		text string
		want string // "" for no hint
	}{
		// lidraughts-bot's first Black reply to damka's bottom-up White.
		{Russian, "", HubBottomUp, "22-18", `illegal hub move "22-18" in the bottom-up move numbering (it is legal in the top-down numbering)`},
		{Russian, "", HubTopDown, "9-13", `illegal hub move "9-13" in the top-down move numbering (it is legal in the bottom-up numbering)`},
		{Brazilian, "W:Wc3:Bd4,f6", HubTopDown, "10x28x14x23", "(it is legal in the bottom-up numbering)"},
		{Russian, "", HubBottomUp, "22-26", ""},
		{International, "", HubTopDown, "32-26", ""},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := c.v.ParseHubMoveIn(&p, c.text, c.n)
		switch {
		case err == nil:
			t.Errorf("%s %s: ParseHubMoveIn(%s) = %+v, want an error", c.v.Name, c.n, c.text, m)
		case c.want == "" && strings.Contains(err.Error(), "numbering"):
			t.Errorf("%s %s %s: error %q hints at a numbering; want none", c.v.Name, c.n, c.text, err)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s %s %s: error %q, want it to contain %q", c.v.Name, c.n, c.text, err, c.want)
		}
	}
}
