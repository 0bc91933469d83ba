package hub

import (
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// TestMoveNumbering drives Russian and Brazilian in both move numberings,
// with the set-param order of lidraughts-bot: its hub_options (here
// move-numbering) come before variant.
func TestMoveNumbering(t *testing.T) {
	const startPos8 = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
	cases := []struct {
		v     *board.Variant
		n     hubtext.Numbering
		moves string // c3-d4 f6-e5 in n
		other string // the same moves in the other numbering
	}{
		{board.Russian, hubtext.TopDown, "22-18 11-15", "10-14 23-19"},
		{board.Russian, hubtext.BottomUp, "10-14 23-19", "22-18 11-15"},
		{board.Brazilian, hubtext.TopDown, "22-18 11-15", "10-14 23-19"},
		{board.Brazilian, hubtext.BottomUp, "10-14 23-19", "22-18 11-15"},
	}
	for _, c := range cases {
		name := c.v.Name + "/" + c.n.String()
		h := newHarness(t)
		if a := h.answer("set-param name=move-numbering value="+c.n.String(), "set-param name=variant value="+hubtext.VariantName(c.v), "init"); len(a) != 1 || a[0] != "ready" {
			t.Fatalf("%s: set-param and init answered %q", name, a)
		}
		h.send("hub")
		if got := h.until("wait"); !containsLine(got, "param name=move-numbering value="+c.n.String()+` type=enum values="bottom-up top-down"`) {
			t.Errorf("%s: hub does not declare the numbering set: %q", name, got)
		}

		// As White from the start: done, ponder and pv in n.
		h.send("pos pos="+startPos8, "level depth=1", "go think")
		got := h.until("done")
		start := c.v.Start()
		var ml board.MoveList
		c.v.Generate(&start, &ml)
		best := ml.Moves[0]
		next := start.Play(best)
		var replies board.MoveList
		c.v.Generate(&next, &replies)
		bestText, ponderText := hubtext.FormatMoveIn(c.v, best, c.n), hubtext.FormatMoveIn(c.v, replies.Moves[0], c.n)
		if bestText == hubtext.FormatMoveIn(c.v, best, c.n.Other()) {
			t.Fatalf("%s: the test move %s reads the same in both numberings", name, bestText)
		}
		if want := "done move=" + bestText + " ponder=" + ponderText; got[len(got)-1] != want {
			t.Errorf("%s: got %q, want %q", name, got[len(got)-1], want)
		}
		if f := pydraughtsSplit(t, got[0]); f["pv"] != bestText+" "+ponderText {
			t.Errorf("%s: info pv %q, want %q", name, f["pv"], bestText+" "+ponderText)
		}

		// As Black: the moves are read in n.
		h.send("pos pos="+startPos8+` moves="`+c.moves+`"`, "level depth=1", "go think")
		h.until("done")
		root := start
		for _, m := range []string{"c3-d4", "f6-e5"} {
			mv, err := c.v.ParseMove(&root, m)
			if err != nil {
				t.Fatal(err)
			}
			root = root.Play(mv)
		}
		if call := h.fake.lastCall(t); call.root != root || len(call.history) != 2 {
			t.Errorf("%s: moves %q gave root %s, want %s", name, c.moves, c.v.FEN(&call.root), c.v.FEN(&root))
		}

		// The other numbering's moves are refused, with a hint.
		a := h.answer("pos pos=" + startPos8 + ` moves="` + c.other + `"`)
		if len(a) != 1 || !strings.HasPrefix(a[0], "error ") || !strings.Contains(a[0], "legal in the "+c.n.Other().String()+" numbering") {
			t.Errorf("%s: moves %q in the other numbering answered %q, want an error with a hint", name, c.other, a)
		}
	}
}

// TestMoveNumberingErrors checks that a bad value is an error that changes
// nothing, and that a variant change keeps the numbering.
func TestMoveNumberingErrors(t *testing.T) {
	h := newHarness(t)
	h.answer("set-param name=move-numbering value=top-down")
	a := h.answer("set-param name=move-numbering value=a1")
	if len(a) != 1 || !strings.Contains(a[0], `unknown move numbering`) || !strings.Contains(a[0], "bottom-up, top-down") {
		t.Errorf("bad value answered %q", a)
	}
	h.answer("set-param name=variant value=brazilian")
	h.send("hub")
	if got := h.until("wait"); !containsLine(got, `param name=move-numbering value=top-down type=enum values="bottom-up top-down"`) {
		t.Errorf("after a bad value and a variant change: %q", got)
	}
	// The command-line path (damka hub --move-numbering=...).
	s := NewSession(&fakeSearcher{}, strings.NewReader(""), &strings.Builder{})
	if err := s.SetParam("move-numbering", "Top-Down"); err != nil || s.numbering != hubtext.TopDown {
		t.Errorf("SetParam: %v, numbering %s", err, s.numbering)
	}
	if err := s.SetParam("move-numbering", "b8"); err == nil || s.numbering != hubtext.TopDown {
		t.Errorf("SetParam b8: %v, numbering %s", err, s.numbering)
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}
