package hub

import (
	"strings"
	"testing"
	"time"
)

// Status names the last line read and handled, and the goroutines.
func TestStatusTrace(t *testing.T) {
	h := newHarness(t)
	if st := h.s.Status(); !strings.Contains(st, "last read none") {
		t.Errorf("status before any input: %q", st)
	}
	h.send("hub", "init")
	h.until("ready")
	h.send("ping")
	h.until("pong")
	// pong is written before the loop marks ping as handled.
	st := h.s.Status()
	for deadline := time.Now().Add(2 * time.Second); !strings.Contains(st, `last handled "ping"`) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		st = h.s.Status()
	}
	for _, want := range []string{`last read "ping"`, `last begun "ping"`, `last handled "ping"`, "goroutines: ", "Session).Run"} {
		if !strings.Contains(st, want) {
			t.Errorf("status lacks %q: %q", want, st)
		}
	}
	if strings.Contains(st, "\n") {
		t.Errorf("status is not one line: %q", st)
	}
}
