package hub

import (
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// TestCanadian drives Canadian draughts (12x12, "canadian": no other Hub
// name is established) through set-param, pos and go. Its positions keep
// the top and bottom rows (squares 1-6 and 67-72) and square 66 outside
// the position's word (the wide layout, board/wide.go), so the cases put
// pieces there: every position string must reach the search whole and come
// back the same, and a side whose only pieces stand there still has pieces.
func TestCanadian(t *testing.T) {
	v := board.Canadian
	h := newHarness(t)
	if a := h.answer("set-param name=variant value=canadian", "init"); len(a) != 1 || a[0] != "ready" {
		t.Fatalf("set-param variant canadian, init: %q", a)
	}
	h.send("hub")
	if got := strings.Join(h.until("wait"), "\n"); !strings.Contains(got, "param name=variant value=canadian ") {
		t.Errorf("hub after set-param canadian:\n%s", got)
	}
	start := v.Start()
	if got, want := hubtext.Position(v, &start), "W"+strings.Repeat("b", 30)+strings.Repeat("e", 12)+strings.Repeat("w", 30); got != want {
		t.Fatalf("start %s, want %s", got, want)
	}
	for _, c := range []struct {
		name  string
		fen   string // the position sent as a Hub position string
		text  string // or this position string, sent as it is
		moves string // the moves sent with it
		want  string // the FEN of the searched root ("" for fen itself)
		err   string // the start of the error answer, "" for none
	}{
		{name: "start", fen: "W:W43-72:B1-30"},
		{name: "start and moves", fen: "W:W43-72:B1-30", moves: "46-40 25-31 40-35",
			want: "B:W35,43,44,45,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,26,27,28,29,30,31"},
		{name: "edge rows", fen: "W:WK1,K2,K3,66,69,70,71,72:BK67,K68,4,5,6"},
		{name: "edge rows, black", fen: "B:WK1,K2,K3,66,69,70,71,72:BK67,K68,4,5,6"},
		// Moves from and to the edge squares: a man leaves 72, a king
		// leaves 67 and one comes back to 1.
		{name: "edge moves", fen: "W:WK1,K2,K3,66,69,70,71,72:BK67,K68,4,5,6", moves: "72-65 67-61 1-7 61-67 7-1",
			want: "B:WK1,K2,K3,65,66,69,70,71:BK67,K68,4,5,6"},
		// The side not to move has pieces only on edge squares.
		{name: "lone edge king", fen: "W:W40:BK70"},
		{name: "lone edge man", fen: "B:W67:B30"},
		{name: "no black pieces", fen: "W:W40:B", err: `error message="bad position: black is not to move and has no pieces`},
		{name: "white man on row 1", text: "Ww" + strings.Repeat("e", 28) + "b" + strings.Repeat("e", 42),
			err: `error message="bad position: hub position`},
		{name: "71 squares", text: "W" + strings.Repeat("e", 70) + "b", err: `error message="bad position: hub position`},
	} {
		text := c.text
		var p board.Position
		if c.fen != "" {
			var err error
			if p, err = v.ParseFEN(c.fen); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			text = hubtext.Position(v, &p)
			if len(text) != 73 {
				t.Fatalf("%s: position string %q has %d characters, want 73", c.name, text, len(text))
			}
		}
		a := h.answer(`pos pos=` + text + ` moves="` + c.moves + `"`)
		if c.err != "" {
			if len(a) != 1 || !strings.HasPrefix(a[0], c.err) {
				t.Errorf("%s: answered %q, want %s...", c.name, a, c.err)
			}
			continue
		}
		if len(a) != 0 {
			t.Errorf("%s: pos answered %q", c.name, a)
			continue
		}
		h.send("level depth=3", "go think")
		got := h.until("done")
		call := h.fake.lastCall(t)
		want := p
		if c.want != "" {
			var err error
			if want, err = v.ParseFEN(c.want); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if call.variant != v || call.root != want || v.FEN(&call.root) != v.FEN(&want) {
			t.Errorf("%s: searched %s (%v), want %s", c.name, v.FEN(&call.root), call.variant, v.FEN(&want))
			continue
		}
		if len(call.history) != len(strings.Fields(c.moves)) {
			t.Errorf("%s: %d history positions, want %d", c.name, len(call.history), len(strings.Fields(c.moves)))
		}
		if c.moves == "" && hubtext.Position(v, &call.root) != text {
			t.Errorf("%s: position %s came back as %s", c.name, text, hubtext.Position(v, &call.root))
		}
		done, err := ParseLine(got[len(got)-1])
		if err != nil {
			t.Fatal(err)
		}
		move, ok := done.Get("move")
		if !ok {
			t.Errorf("%s: %q, want a move", c.name, got[len(got)-1])
			continue
		}
		m, err := hubtext.ParseMove(v, &want, move)
		if err != nil {
			t.Errorf("%s: done move=%s is not legal in %s: %v", c.name, move, v.FEN(&want), err)
		}
		var ml board.MoveList
		v.Generate(&want, &ml)
		if m != ml.Moves[0] {
			t.Errorf("%s: done move=%s, want the fake searcher's %s", c.name, move, hubtext.FormatMove(v, ml.Moves[0]))
		}
	}
	// A 51-character International position is refused for Canadian.
	if a := h.answer("pos pos=" + startPos); len(a) != 1 || !strings.HasPrefix(a[0], `error message="bad position:`) {
		t.Errorf("10x10 position for canadian: %q", a)
	}
}
