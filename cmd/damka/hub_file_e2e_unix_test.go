//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestHubBookPathSpecialFiles: book-path naming a FIFO (which blocks
// whoever opens it) or /dev/stdin (damka's own protocol input) must be an
// error, and the session must go on reading its commands.
func TestHubBookPathSpecialFiles(t *testing.T) {
	bin := buildDamka(t)
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	p := startDamka(t, bin, "hub")
	for _, path := range []string{fifo, "/dev/stdin"} {
		// answer fails if ping is not answered (the line swallowed, or the
		// session stuck).
		a := p.answer("set-param name=book-path value=" + path)
		if len(a) != 1 || !strings.Contains(a[0], "is not a regular file") {
			t.Errorf("%s: %q", path, a)
		}
	}
	if a := p.answer("init"); len(a) != 1 || a[0] != "ready" {
		t.Errorf("init: %q", a)
	}
	p.send("quit")
	if rest, err := p.closeInput(); err != nil || len(rest) != 0 {
		t.Errorf("quit: %v, %q", err, rest)
	}
}
