package board

import (
	"strings"
	"testing"
)

// TestParseFENErrors checks that the existing ParseFEN refuses malformed and
// impossible FENs with an error that says what is wrong.
func TestParseFENErrors(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		want string
	}{
		{International, "", "empty FEN"},
		{International, `""`, "empty FEN"},
		{International, "garbage", "side to move must be W or B"},
		{International, "X:W31-50:B1-20", `side to move must be W or B, not "X"`},
		{International, "W:X31-50:B1-20", `field "X31-50" must start with W or B`},
		{International, "W:W31-50:B1-20:", "empty field"},
		{International, "W:W31-50::B1-20", "empty field"},
		{International, "W:W51:B1", `square "51" outside 1..50`},
		{International, "W:W0:B1", `outside 1..50`},
		{International, "W:W35-31:B1", `outside 1..50`},
		{International, "W:W31-:B1", `bad square "31-"`},
		{International, "W:W-5:B1", `bad square "-5"`},
		{International, "W:W+31:B1", `bad square "+31"`},
		{International, "W:W3a:B1", `bad square "3a"`},
		{International, "W:W31,,32:B1", "empty square"},
		{International, "W:WK:B1", "empty square"},
		{International, "W:Wk3:B1", `square "k3" is not a playing square`},
		{International, "W:Wa2:B1", `square "a2" is not a playing square`},
		{International, "W:W31,31:B1", "square 31 listed twice"},
		{International, "W:W31,K31:B1", "square 31 listed twice"},
		{International, "W:W31:B31", "square 31 listed twice"},
		{International, "W:W31-50:W1-20", "white pieces listed twice"},
		// More pieces than squares can only be written by naming a square twice.
		{International, "W:WK1-50:BK1-50", "square 1 listed twice"},
		{International, "W:W1:B20", "white man on its promotion row at 1"},
		{International, "W:W31:B46", "black man on its promotion row at 46"},
		{International, "W:W31:B1:H-1", `bad counter "H-1"`},
		{Russian, "W:Wb8:Ba1", "white man on its promotion row at b8"},
		{Russian, "W:W33:B1", `outside 1..32`},
		{Russian, "W:Wc3:Bd4,c3", "square c3 listed twice"},
		{Russian, "W:Wa2:Bd4", `square "a2" is not a playing square`},
		{Brazilian, "W:Wc3:Bb8", ""}, // a black man on its own back row is fine
		{English, "B:W1:B12", "white man on its promotion row at 1"},
		{English, "B:W21:B32", "black man on its promotion row at 32"},
	}
	for _, c := range cases {
		_, err := c.v.ParseFEN(c.fen)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: ParseFEN(%q): %v", c.v.Name, c.fen, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: ParseFEN(%q) succeeded, want an error containing %q", c.v.Name, c.fen, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ParseFEN(%q): %q, want it to contain %q", c.v.Name, c.fen, err, c.want)
		}
	}
}
