//go:build unix

package hub

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The status signal makes the session log its status line.
func TestStatusOnSignal(t *testing.T) {
	h := newHarness(t)
	stop := h.s.StatusOnSignal()
	defer stop()
	h.send("hub", "init")
	h.until("ready")
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(h.log.String(), `status: last read "init"`) {
		if time.Now().After(deadline) {
			t.Fatalf("no status line 2 s after the signal: log %q", h.log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
