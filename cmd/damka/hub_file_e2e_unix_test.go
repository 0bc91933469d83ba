//go:build unix

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func init() {
	hubE2EMore = append(hubE2EMore, hubE2ECase{"book-path-special-files", testHubBookPathSpecialFiles})
}

// testHubBookPathSpecialFiles: book-path naming a FIFO (which blocks
// whoever opens it) or /dev/stdin (damka's own protocol input) must be an
// error, and the session must go on reading its commands.
func testHubBookPathSpecialFiles(t *testing.T, bin string) {
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
	// On the command line (--name=value, as lidraughts-bot passes options)
	// it is a usage error, at once.
	for _, path := range []string{fifo, "/dev/stdin"} {
		cmd := exec.Command(bin, "hub", "--book-path="+path)
		cmd.Stdin = strings.NewReader("ping\n")
		done := make(chan struct{})
		var out []byte
		var err error
		go func() { out, err = cmd.CombinedOutput(); close(done) }()
		select {
		case <-done:
		case <-time.After(e2eTimeout):
			cmd.Process.Kill()
			t.Fatalf("hub --book-path=%s did not end", path)
		}
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "not a regular file") {
			t.Errorf("hub --book-path=%s: %v, %s", path, err, out)
		}
	}
}
