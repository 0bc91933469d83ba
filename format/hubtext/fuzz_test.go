package hubtext

import (
	"strings"
	"testing"

	"damka/board"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/ (FuzzPosition's are FEN
// texts, board's FuzzParseFEN seeds; FuzzParseMove's are move texts).

// FuzzPosition reads the input as a FEN of every variant; every position
// read must round-trip through a Hub position string.
func FuzzPosition(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range board.Variants() {
			p, err := v.ParseFEN(s)
			if err != nil {
				continue
			}
			h, err := ParsePosition(v, Position(v, &p))
			if err != nil || h != p {
				t.Fatalf("%s: %q: hub position does not round-trip: %v", v.Name, s, err)
			}
		}
		// The input read as a Hub string must not panic, and what it reads
		// must write back as itself.
		for _, v := range board.Variants() {
			if p, err := ParsePosition(v, s); err == nil && Position(v, &p) != s {
				t.Fatalf("%s: %q read as a hub position writes back as %q", v.Name, s, Position(v, &p))
			}
		}
	})
}

// FuzzParseMove reads the input as a Hub move in both numberings, in every
// variant's start and in the positions of tacticalFENs: what it reads must
// be a legal move, and an error must say what failed.
func FuzzParseMove(f *testing.F) {
	type pos struct {
		v *board.Variant
		p board.Position
	}
	var ps []pos
	for _, v := range board.Variants() {
		ps = append(ps, pos{v, v.Start()})
	}
	for _, c := range tacticalFENs {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			f.Fatal(err)
		}
		ps = append(ps, pos{c.v, p})
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, x := range ps {
			for _, n := range []Numbering{BottomUp, TopDown} {
				m, err := ParseMoveIn(x.v, &x.p, s, n)
				if err == nil && board.NewGame(x.v, x.p).Play(m) != nil {
					t.Fatalf("%s %s: ParseMoveIn(%q, %s) = %+v, not a legal move", x.v.Name, x.v.FEN(&x.p), s, n, m)
				} else if err != nil && !strings.Contains(err.Error(), "move") {
					t.Fatalf("ParseMoveIn(%q, %s): error %q does not say what failed", s, n, err)
				}
			}
		}
	})
}
