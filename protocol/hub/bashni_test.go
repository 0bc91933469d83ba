package hub

import (
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// TestBashniColumns: pos replays the moves with their columns and passes
// them to the search (engine.Limits.Columns), one per position, and the
// ponder move is checked in the position after the best move with its
// columns.
func TestBashniColumns(t *testing.T) {
	h := newHarness(t)
	h.answer("set-param name=variant value=bashni", "init")
	moves := []string{"9-13", "22-18", "13x22x18", "27x18x22"}
	h.send(`pos start moves="`+strings.Join(moves, " ")+`"`, "level depth=1", "go think")
	got := h.until("done")
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("got %q", got)
	}
	v := board.Bashni
	p, tw := v.Start(), board.Towers{}
	towers := []board.Towers{tw}
	for _, s := range moves {
		p, tw = v.Next(&p, &tw, mustHub(t, v, &p, s))
		towers = append(towers, tw)
	}
	if tw.Height() != 1 {
		t.Fatalf("the moves built %d pieces under tops, want 1 (a white man under the black one that freed its own): %s", tw.Height(), v.TowersFEN(&p, &tw))
	}
	c := h.fake.lastCall(t)
	if c.root != p || len(c.history) != len(moves) {
		t.Errorf("root %s with %d history positions, want %s", v.FEN(&c.root), len(c.history), v.FEN(&p))
	}
	if c.limits.Columns == nil || len(c.limits.Columns.Towers) != len(towers) {
		t.Fatalf("search got columns %+v, want %d towers", c.limits.Columns, len(towers))
	}
	for i, w := range towers {
		if c.limits.Columns.Towers[i] != w {
			t.Errorf("towers %d differ", i)
		}
	}
}

// TestFENArgument: pos fen= sets a base position in the variant's FEN,
// columns included for Bashni (which the position string cannot carry),
// and moves are replayed from it with their columns; a bad FEN is refused
// and leaves the position as it was.
func TestFENArgument(t *testing.T) {
	h := newHarness(t)
	h.answer("set-param name=variant value=bashni", "init")
	fen := "W:Wc3(bb):Bd4(w),f6,a7"
	v := board.Bashni
	p, tw, err := v.ParseTowersFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := v.ParseMove(&p, "c3:g7")
	if err != nil {
		t.Fatal(err)
	}
	h.send(`pos fen="`+fen+`" moves="`+hubtext.FormatMove(v, m)+`"`, "level depth=1", "go think")
	if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("got %q", got)
	}
	q, qt := v.Next(&p, &tw, m)
	c := h.fake.lastCall(t)
	if c.root != q || len(c.history) != 1 || c.history[0] != p {
		t.Errorf("root %s, want %s", v.FEN(&c.root), v.FEN(&q))
	}
	if c.limits.Columns == nil || len(c.limits.Columns.Towers) != 2 || c.limits.Columns.Towers[0] != tw || c.limits.Columns.Towers[1] != qt {
		t.Fatalf("search got columns %+v, want the FEN's and the move's", c.limits.Columns)
	}
	if qt.Height() != 4 {
		t.Errorf("after c3:g7: %s, want four black men under the white top", v.TowersFEN(&q, &qt))
	}
	for _, bad := range []string{`pos fen="W:Wc3(bb):Bd4(w"`, `pos fen="W:Wc3:B"`, `pos fen="nonsense"`} {
		h.send(bad)
		if got := h.next(); !strings.HasPrefix(got, "error") {
			t.Errorf("%s: got %q, want an error", bad, got)
		}
	}
	h.send("level depth=1", "go think")
	h.until("done")
	if c := h.fake.lastCall(t); c.root != q {
		t.Errorf("a bad fen changed the position to %s", v.FEN(&c.root))
	}
}
