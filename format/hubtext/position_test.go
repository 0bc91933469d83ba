package hubtext

import (
	"strings"
	"testing"

	"damka/board"
)

func TestPosition(t *testing.T) {
	cases := []struct {
		v    *board.Variant
		fen  string // "" for the start position
		want string
	}{
		{board.International, "", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"},
		{board.Russian, "", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"},
		{board.Brazilian, "", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"},
		{board.English, "", "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"},
		// docs/protocols.md 1.6a: what pydraughts sends for this position.
		{board.Russian, "W:Wc3:Bd4,f6", "Weeeeeeeeeebeeeeeebeeeweeeeeeeeee"},
		{board.International, "B:WK1,50:BK46,5", "BWeeeb" + strings.Repeat("e", 40) + "Beeew"},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		if got := Position(c.v, &p); got != c.want {
			t.Errorf("%s %q: Position = %s, want %s", c.v.Name, c.fen, got, c.want)
		}
		q, err := ParsePosition(c.v, c.want)
		if err != nil || q != p {
			t.Errorf("%s: ParsePosition(%s) = %s, %v; want %s", c.v.Name, c.want, c.v.FEN(&q), err, c.v.FEN(&p))
		}
	}
}

func TestParseHubPositionErrors(t *testing.T) {
	intl := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	small := "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
	cases := []struct {
		v    *board.Variant
		s    string
		want string
	}{
		{board.International, "", "0 characters, want 51"},
		{board.International, small, "33 characters, want 51 for international"},
		{board.Russian, intl, "51 characters, want 33 for russian"},
		{board.International, intl + "e", "52 characters"},
		{board.International, intl[:50], "50 characters"},
		{board.International, "X" + intl[1:], `side to move must be W or B, not 'X'`},
		{board.International, "w" + intl[1:], `side to move must be W or B, not 'w'`},
		{board.International, "Wx" + intl[2:], `square 1 holds 'x'`},
		{board.International, intl[:50] + ".", `square 50 holds '.'`},
		{board.International, "Ww" + intl[2:], "man on its promotion row at square 1"},
		{board.International, intl[:50] + "b", "man on its promotion row at square 50"},
		{board.English, "B" + strings.Repeat("e", 31) + "b", "man on its promotion row at square 32"},
		{board.International, strings.Repeat("W", 1000), "1000 characters"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.v, c.s)
		if err == nil {
			t.Errorf("%s: ParsePosition(%q) succeeded, want an error", c.v.Name, c.s)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ParsePosition(%q): %q, want it to contain %q", c.v.Name, c.s, err, c.want)
		}
		if len(err.Error()) > 300 {
			t.Errorf("error message of %d bytes", len(err.Error()))
		}
	}
}
