package hub

import (
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// TestBashniColumns: pos replays the moves with their columns and passes
// the game, its towers included, to the search, and the ponder move is
// checked in the position after the best move with its columns.
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
	want := board.NewGame(v, v.Start())
	for _, s := range moves {
		if err := want.Play(mustHub(t, v, want.Position(), s)); err != nil {
			t.Fatal(err)
		}
	}
	if h := want.Towers().Height(); h != 1 {
		t.Fatalf("the moves built %d pieces under tops, want 1 (a white man under the black one that freed its own): %s", h, want.FEN())
	}
	c := h.fake.lastCall(t)
	if c.root != *want.Position() || len(c.history) != len(moves) {
		t.Errorf("root %s with %d history positions, want %s", v.FEN(&c.root), len(c.history), want.FEN())
	}
	if c.game.Len() != want.Len() {
		t.Fatalf("search got a game of %d moves, want %d", c.game.Len(), want.Len())
	}
	for i := 0; i <= want.Len(); i++ {
		if *c.game.TowersAt(i) != *want.TowersAt(i) {
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
	want, err := board.ParseGame(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	p, tw := *want.Position(), *want.Towers()
	m, err := v.ParseMove(&p, "c3:g7")
	if err != nil {
		t.Fatal(err)
	}
	h.send(`pos fen="`+fen+`" moves="`+hubtext.FormatMove(v, m)+`"`, "level depth=1", "go think")
	if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("got %q", got)
	}
	if err := want.Play(m); err != nil {
		t.Fatal(err)
	}
	q, qt := *want.Position(), *want.Towers()
	c := h.fake.lastCall(t)
	if c.root != q || len(c.history) != 1 || c.history[0] != p {
		t.Errorf("root %s, want %s", v.FEN(&c.root), v.FEN(&q))
	}
	if c.game.Len() != 1 || *c.game.TowersAt(0) != tw || *c.game.Towers() != qt {
		t.Fatalf("search got %s from %s, want the FEN's and the move's columns", c.game.FEN(), c.game.StartFEN())
	}
	if qt.Height() != 4 {
		t.Errorf("after c3:g7: %s, want four black men under the white top", want.FEN())
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
