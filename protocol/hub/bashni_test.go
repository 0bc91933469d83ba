package hub

import (
	"strings"
	"testing"

	"damka/engine/board"
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
