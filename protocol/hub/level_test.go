package hub

import (
	"testing"
	"time"

	"damka/engine"
)

// TestLevelNegativeInc replays lidraughts-bot's pondering level line of a
// game without increment (clock minus 2 s overhead, inc 0 minus 100 ms, the
// time raised by that inc as pydraughts does): accepted, as no increment.
func TestLevelNegativeInc(t *testing.T) {
	h := newHarness(t)
	if a := h.answer("pos start", "level time=11.1 inc=-0.1"); len(a) != 0 {
		t.Fatalf("level with inc=-0.1 answered %q", a)
	}
	h.send("go think")
	h.until("done")
	want := engine.Limits{Time: 11100 * time.Millisecond}
	if got := h.fake.lastCall(t).limits; got != want {
		t.Errorf("limits %+v, want %+v", got, want)
	}
	if a := h.answer("level time=10 inc=-1e10"); len(a) != 1 {
		t.Errorf("inc=-1e10 answered %q, want an error", a)
	}
}
