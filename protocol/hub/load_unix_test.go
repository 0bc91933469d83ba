//go:build unix

package hub

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBookPathFIFO: a FIFO with no writer blocks whoever opens it; as
// book-path it must be an error, not a session that hangs.
func TestBookPathFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	h := newHarness(t)
	for _, path := range []string{fifo, "/dev/stdin", "/dev/zero"} {
		a := h.answer("set-param name=book-path value=" + path)
		if len(a) != 1 || !strings.Contains(a[0], "is not a regular file") {
			t.Errorf("%s: %q", path, a)
		}
	}
	h.send("quit")
	if rest, err := h.closeInput(); err != nil || len(rest) != 0 {
		t.Errorf("quit: %q, %v", rest, err)
	}
}
