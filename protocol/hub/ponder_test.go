package hub

import (
	"strings"
	"testing"
	"time"
)

// TestPonderHitRightBehindGo sends go ponder and ponder-hit together, many
// times: wherever the ponder-hit falls relative to the start of Search, the
// search must end by itself.
func TestPonderHitRightBehindGo(t *testing.T) {
	h := newHarness(t)
	for i := range 300 {
		h.send("level move-time=0.01\ngo ponder\nponder-hit")
		got := h.until("done")
		if !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Fatalf("round %d: %q", i, got)
		}
	}
}

// TestPonderHitBeforeSearchRuns holds the searcher inside Search, before it
// has begun pondering (its PonderHit is still a no-op), while the session
// reads ponder-hit: the hit must reach the search once it runs.
func TestPonderHitBeforeSearchRuns(t *testing.T) {
	h := newHarness(t)
	h.fake.entered, h.fake.gate = make(chan struct{}), make(chan struct{})
	h.send("level move-time=0.01", "go ponder")
	select {
	case <-h.fake.entered:
	case <-time.After(lineTimeout):
		t.Fatal("Search was not called")
	}
	h.send("ponder-hit")
	h.ping() // the ponder-hit has been handled
	close(h.fake.gate)
	got := h.until("done")
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("got %q", got)
	}
	if c := h.fake.lastCall(t); !c.limits.Ponder {
		t.Errorf("search did not start pondering: %+v", c.limits)
	}
	// A second ponder-hit is not a hit (level infinite: the first one does
	// not end the search).
	h.fake.entered = nil
	h.send("level infinite", "go ponder")
	h.until("info")
	h.until("info")
	h.send("ponder-hit", "ponder-hit")
	h.ping()
	h.send("stop")
	h.until("done")
	if !strings.Contains(h.log.String(), "not pondering: ignored") {
		t.Errorf("log %q", h.log.String())
	}
}
