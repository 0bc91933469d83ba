package board

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// The king-move limit is position state: it must not grow Position beyond
// the 40 bytes that Canadian's wide layout needs; nor may Bashni's capture
// order grow Move.
func TestPositionSize(t *testing.T) {
	if n := unsafe.Sizeof(Position{}); n != 40 {
		t.Errorf("Position is %d bytes, want 40", n)
	}
	if n := unsafe.Sizeof(Move{}); n != 16 {
		t.Errorf("Move is %d bytes, want 16 (Order must fit the padding)", n)
	}
}

// TestKingRun plays a Frisian game and checks Position.KingRun after each
// move, in its FEN form.
func TestKingRun(t *testing.T) {
	v := Frisian
	p := fenForTest(t, v, "W:WK46,28:B4,K1")
	for i, step := range []struct {
		move, fen string
		moves     []string // legal moves after it, when checked
	}{
		{"46-41", "B:W28,K41:BK1,4:KW41/1", nil},
		// Black's king starts its own run.
		{"1-7", "W:W28,K41:B4,K7:KW41/1:KB7/1", nil},
		{"41-46", "B:W28,K46:B4,K7:KW46/2:KB7/1", nil},
		// A man's move ends Black's run.
		{"4-9", "W:W28,K46:BK7,9:KW46/2", nil},
		{"46-41", "B:W28,K41:BK7,9:KW41/3", nil},
		// The king on 41 has made three moves: only the man moves.
		{"9-13", "W:W28,K41:BK7,13:KW41/3", []string{"28-22", "28-23"}},
		{"28-22", "B:W22,K41:BK7,13", nil},
		{"7-1", "W:W22,K41:BK1,13:KB1/1", nil},
		// Another king's move would start a run of 1; the same king
		// starts again from 1 after the man's move.
		{"41-46", "B:W22,K46:BK1,13:KW46/1:KB1/1", nil},
	} {
		m, err := v.ParseMove(&p, step.move)
		if err != nil {
			t.Fatalf("move %d %s in %s: %v", i, step.move, v.FEN(&p), err)
		}
		p = p.Play(m)
		if got := v.FEN(&p); got != step.fen {
			t.Fatalf("after %s: %s, want %s", step.move, got, step.fen)
		}
		if q := fenForTest(t, v, step.fen); q != p {
			t.Fatalf("FEN %s reads back as %+v, want %+v", step.fen, q, p)
		}
		if step.moves != nil {
			if got := movesOf(v, &p); !reflect.DeepEqual(got, step.moves) {
				t.Fatalf("after %s: moves %v, want %v", step.move, got, step.moves)
			}
		}
	}
	// A second king of the same side starts a new run.
	q := fenForTest(t, v, "W:WK46,K50,28:B4:KW46/3")
	m, _ := v.ParseMove(&q, "50-45")
	if q = q.Play(m); v.FEN(&q) != "B:W28,K45,K46:B4:KW45/1" {
		t.Errorf("another king: %s", v.FEN(&q))
	}
	// Capturing the running king ends its side's run. The black man on
	// 32 (d4) must take the king on 37 (c3, worth 199) rather than the
	// man on 28 (e5, 100).
	r := fenForTest(t, v, "B:WK37,28:B32:KW37/2")
	if got := movesOf(v, &r); !reflect.DeepEqual(got, []string{"32x41"}) {
		t.Fatalf("black takes the king: moves %v", got)
	}
	m, _ = v.ParseMove(&r, "32x41")
	if r = r.Play(m); v.FEN(&r) != "W:W28:B41" {
		t.Errorf("after the running king is taken: %s", v.FEN(&r))
	}
	// A capture by the running king ends its run.
	s := fenForTest(t, v, "W:WK46,28:B5,41:KW46/2")
	m, _ = v.ParseMove(&s, "46x37")
	if s = s.Play(m); v.FEN(&s) != "B:W28,K37:B5" {
		t.Errorf("after a capture: %s", v.FEN(&s))
	}
	// Mirror carries the run over to the other colour.
	u := fenForTest(t, v, "W:WK46,28:B5:KW46/2")
	if got := v.FEN(ptr(u.Mirror(v.Geo))); got != "B:W46:BK5,23:KB5/2" {
		t.Errorf("mirror: %s", got)
	}
	// Variants without the rule keep a zero KingRun.
	w := International.Start()
	for _, m := range []string{"32-28", "19-23", "28x19"} {
		mv, err := International.ParseMove(&w, m)
		if err != nil {
			t.Fatal(err)
		}
		w = w.Play(mv)
	}
	if w.KingRun != (KingRun{}) {
		t.Errorf("international: KingRun %+v", w.KingRun)
	}
}

func ptr(p Position) *Position { return &p }

// TestKingRunFENErrors checks the king-run field of the FEN.
func TestKingRunFENErrors(t *testing.T) {
	for fen, want := range map[string]string{
		"W:WK46,28:B5:KW46/4":        "count from 1 to 3",
		"W:WK46,28:B5:KW46/0":        "count from 1 to 3",
		"W:WK46,28:B5:KW46":          "count from 1 to 3",
		"W:WK46,28:B5:KW28/1":        "no white king on 28",
		"W:WK46,28:B5:KB46/1":        "no black king on 46",
		"W:WK46,28:B5:KX46/1":        "want K, W or B",
		"W:WK46,28:B5:KW51/1":        "bad square",
		"W:WK46,28:B5:KW46/1:KW46/2": "a second run",
	} {
		if _, err := Frisian.ParseFEN(fen); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q): %v, want %q", fen, err, want)
		}
	}
	if _, err := International.ParseFEN("W:WK46,28:B5:KW46/1"); err == nil || !strings.Contains(err.Error(), "no king-move limit") {
		t.Errorf("international king run: %v", err)
	}
}
