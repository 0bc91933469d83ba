package engine

import (
	"testing"

	"damka/board"
)

// Once a move-count rule has run out, every move that keeps it running is
// an exact draw; among them damka must not pick one that hangs a piece, which
// loses the game under a GUI or referee that does not apply the rule. In
// each position at least one of the tied moves lets the opponent capture
// (damka picked such a move before the tie-break), and a safe one exists.
func TestRuleDrawTieBreak(t *testing.T) {
	cases := []struct {
		name  string
		v     *board.Variant
		fen   string
		plies int // of king moves before the root
	}{
		// Lone king against two kings: 9 of its 11 moves step into capture.
		{"Russian 7.2.8 expired", board.Russian, "W:WKd4:BKa7,Kh8", 10},
		{"Russian 15-move king rule at its limit", board.Russian, "W:WKf6,a7,h6,h4:BKg1,Kc1,d8,f4", 29},
		{"International 5-move rule expired", board.International, "W:WK28:BK1,K50", 10},
		{"International 16-move rule expired", board.International, "W:WK28:BK1,K50,K5", 32},
		{"International 25-move rule at its limit", board.International, "W:WK2,K19,6:BK12,K45,31", 49},
	}
	for _, c := range cases {
		for i, tables := range []bool{false, true} {
			root := mustFEN(t, c.v, c.fen)
			hist := kingMoveHistory(root, c.plies)
			hangs := func(m board.Move) bool {
				q := root.Play(m)
				return c.v.HasCapture(&q)
			}
			scores, _ := lineScores(t, c.v, root, hist, 4)
			tiedHang := false
			for m, s := range scores {
				tiedHang = tiedHang || s == DrawScore && hangs(m)
			}
			if !tiedHang {
				t.Fatalf("%s: no move that hangs a piece is tied by the rule: the case tests nothing", c.name)
			}
			// With tables, two threads: the decision may then come from
			// the helper thread.
			e := New(Options{HashMB: 1, NoEGDB: !tables, Threads: 1 + i})
			r := searchHistory(e, c.v, root, hist, Limits{Depth: 8}, nil)
			text := c.v.FormatMove(&root, r.Best)
			switch {
			case r.Score != DrawScore || scores[r.Best] != DrawScore:
				t.Errorf("%s (tables %v): %s scored %d (%d in the lines), want the rule's draw", c.name, tables, text, r.Score, scores[r.Best])
			case hangs(r.Best):
				t.Errorf("%s (tables %v): %s lets the opponent capture", c.name, tables, text)
			}
			if r.HasPonder && !legal(c.v, ptr(root.Play(r.Best)), r.Ponder) {
				t.Errorf("%s (tables %v): ponder move not legal after %s", c.name, tables, text)
			}
		}
	}
}

func ptr[T any](x T) *T { return &x }
