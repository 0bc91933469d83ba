package main

// damka play on a real terminal (a pseudo-terminal): the prompt, the line
// editor's history, and the terminal left as it was found.

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY returns the controller and the terminal side of a new
// pseudo-terminal.
func openPTY(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open the terminal side: %v", err)
	}
	return m, s
}

func TestPlayTerminal(t *testing.T) {
	bin := buildDamka(t)
	m, s := openPTY(t)
	defer m.Close()
	defer s.Close()
	cmd := exec.Command(bin, "play", "--level", "depth=1", "--ascii", "--no-book")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var out strings.Builder
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := m.Read(buf)
			mu.Lock()
			out.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	// waitFor waits until the output holds want count times.
	waitFor := func(want string, count int) {
		t.Helper()
		deadline := time.Now().Add(e2eTimeout)
		for time.Now().Before(deadline) {
			mu.Lock()
			n := strings.Count(out.String(), want)
			mu.Unlock()
			if n >= count {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("no %d x %q in the output:\n%s", count, want, out.String())
	}
	key := func(s string) {
		if _, err := m.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor("\r\x1b[K> ", 1)
	key("32-28\r")
	waitFor("damka plays", 1)
	waitFor("\r\x1b[K> ", 2)
	key("undo\r")
	waitFor("took back 2 moves", 1)
	waitFor("\r\x1b[K> ", 3)
	key("\x1b[A\x1b[A\r") // the line before the last: 32-28 again
	waitFor("you play 32-28", 2)
	// The arrows redraw the prompt, so counting prompts does not tell that
	// the engine has answered: wait for its move, then for a prompt after
	// it. A Ctrl-D typed while the engine thinks reaches a terminal out of
	// raw mode, where it is an end of line, not a character, and is lost.
	waitFor("damka plays", 2)
	deadline := time.Now().Add(e2eTimeout)
	for {
		mu.Lock()
		o := out.String()
		mu.Unlock()
		if i := strings.LastIndex(o, "damka plays"); i >= 0 && strings.Contains(o[i:], "\r\x1b[K> ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no prompt after the engine's second move:\n%s", o)
		}
		time.Sleep(20 * time.Millisecond)
	}
	key("\x04") // Ctrl-D on an empty line
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("damka play: %v", err)
		}
	case <-time.After(e2eTimeout):
		cmd.Process.Kill()
		t.Fatal("damka play did not end on Ctrl-D")
	}
	tio, err := unix.IoctlGetTermios(int(s.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	if tio.Lflag&unix.ECHO == 0 || tio.Lflag&unix.ICANON == 0 {
		t.Errorf("the terminal was left in raw mode (lflag %#x)", tio.Lflag)
	}
}
