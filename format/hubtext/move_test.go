package hubtext

import (
	"sort"
	"strings"
	"testing"

	"damka/board"
)

func TestHubMoves(t *testing.T) {
	// pydraughts numbers Russian and Brazilian moves from White's side.
	for _, v := range []*board.Variant{board.Russian, board.Brazilian} {
		p := v.Start()
		var ml board.MoveList
		v.Generate(&p, &ml)
		var got []string
		for _, m := range ml.Slice() {
			got = append(got, FormatMove(v, m))
		}
		sort.Strings(got)
		want := "10-13 10-14 11-14 11-15 12-15 12-16 9-13"
		if strings.Join(got, " ") != want {
			t.Errorf("%s start hub moves %v, want %s", v.Name, got, want)
		}
	}
	cases := []struct {
		v    *board.Variant
		fen  string
		text string
		want string // FormatMove of the expected move
	}{
		{board.International, "", "32-28", "32-28"},
		{board.International, "", "32x28", "32-28"},
		{board.English, "", "11-15", "11-15"},
		{board.Russian, "W:Wc3:Bd4,f6", "10x28x14x23", "10x28x14x23"},
		{board.Russian, "W:Wc3:Bd4,f6", "10x28x23x14", "10x28x14x23"},
		{board.Russian, "W:Wc3:Bd4,f6", "10x28", "10x28x14x23"},
		{board.Russian, "W:Wc3:Bd4,f6", "10x28x23", "10x28x14x23"},
		{board.Russian, "W:Wc3:Bd4,f6", "10-28", "10x28x14x23"},
		{board.Russian, "W:Wc3:Bd4,f6", "10x19x28", "10x28x14x23"}, // PDN route c3:e5:g7
		{board.International, "W:W28:B23", "28x19x23", "28x19x23"},
		{board.International, "W:W28:B23", "28x19", "28x19x23"},
		{board.International, "W:WK24,K50:BK11,K17,19,43", "24x49x11x19x43", "24x49x11x19x43"},
		{board.International, "W:WK24,K50:BK11,K17,19,43", "24x49x11", "24x49x11x19x43"},
		{board.International, "W:WK24,K50:BK11,K17,19,43", "24x2x16x49", "24x49x11x19x43"},
		{board.International, "W:WK38:B18,19,32,33", "38x38x33x32x19x18", "38x38x18x19x32x33"},
		{board.English, "W:W31:B26,27,18,19", "31x15x18x26", "31x15x18x26"},
		{board.English, "W:W31:B26,27,18,19", "31x15x27", "31x15x19x27"},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := ParseMove(c.v, &p, c.text)
		if err != nil {
			t.Errorf("%s %q: ParseMove(%q): %v", c.v.Name, c.fen, c.text, err)
			continue
		}
		if got := FormatMove(c.v, m); got != c.want {
			t.Errorf("%s %q: ParseMove(%q) = %s, want %s", c.v.Name, c.fen, c.text, got, c.want)
		}
	}
}

func TestHubMoveErrors(t *testing.T) {
	cases := []struct {
		v    *board.Variant
		fen  string
		text string
		want string
	}{
		{board.International, "", "", "empty hub move"},
		{board.International, "", "32", `malformed hub move "32"`},
		{board.International, "", "32-", `malformed hub move`},
		{board.International, "", "-32-28", `malformed hub move`},
		{board.International, "", "32--28", `malformed hub move`},
		{board.International, "", "32-51", `no square "51" (1..50)`},
		{board.International, "", "32-+28", `no square "+28"`},
		{board.International, "", "c3-d4", `no square "c3"`},
		{board.International, "", "32:28", `malformed hub move "32:28"`},
		{board.International, "", "32-26", `illegal hub move "32-26"`},
		{board.Russian, "", "22-18", `illegal hub move "22-18"`}, // FEN numbers are not Hub numbers
		{board.International, "W:W28:B23", "28x19x24", `illegal hub move`},
		{board.International, "W:W28:B23", "32-28", `illegal hub move`},
		{board.English, "W:W31:B26,27,18,19", "31x15", `ambiguous hub move "31x15": candidates 31x15x18x26, 31x15x19x27`},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := ParseMove(c.v, &p, c.text)
		if err == nil {
			t.Errorf("%s: ParseMove(%q) = %s, want an error", c.v.Name, c.text, FormatMove(c.v, m))
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ParseMove(%q): error %q, want it to contain %q", c.v.Name, c.text, err, c.want)
		}
	}
}
