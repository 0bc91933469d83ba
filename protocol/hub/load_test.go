package hub

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestSlowBookLoad holds the book file's reading: the session must still
// answer ping and obey quit meanwhile, and handle the other lines, in
// order, once the book is set.
func TestSlowBookLoad(t *testing.T) {
	release := make(chan struct{})
	var released bool
	t.Cleanup(func() {
		if !released {
			close(release)
		}
	})
	path := filepath.Join(t.TempDir(), "slow.book")
	if err := os.WriteFile(path, []byte("any"), 0o644); err != nil {
		t.Fatal(err)
	}
	release2 := make(chan struct{})
	defer close(release2)
	loads := 0
	h := newHarness(t, withOpenBook(func(string) error {
		loads++ // the second load never ends
		if loads == 1 {
			<-release
		} else {
			<-release2
		}
		return nil
	}))
	h.send("set-param name=book-path value="+path, "init", "pos start", "level depth=1", "go think")
	for range 3 {
		h.ping() // nothing before pong: init waits for the book
	}
	if n := h.fake.numCalls(); n != 0 {
		t.Fatalf("searched while the book was being read")
	}
	close(release)
	released = true
	got := h.until("done")
	if got[0] != "ready" || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("after the book was read: %q", got)
	}
	h.fake.mu.Lock()
	opts := h.fake.options
	h.fake.mu.Unlock()
	if len(opts) == 0 || opts[0].BookPath != path {
		t.Errorf("book-path not given to the searcher: %+v", opts)
	}
	h.ping()

	// quit while a book is being read ends the session at once.
	h.send("set-param name=book-path value="+path, "init", "quit")
	rest, err := h.closeInput()
	if err != nil || len(rest) != 0 {
		t.Errorf("quit while reading the book: %q, %v", rest, err)
	}
}

// TestBookPathNotAFile: a directory (or anything but a regular file) is an
// error, and the session goes on.
func TestBookPathNotAFile(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t)
	for _, tc := range []struct{ path, want string }{
		{dir, "is not a regular file (a directory)"},
		{filepath.Join(dir, "missing.book"), "no such file or directory"},
	} {
		a := h.answer("set-param name=book-path value=" + tc.path)
		if len(a) != 1 || !strings.HasPrefix(a[0], errPrefix+"set-param: book-path ") || !strings.Contains(a[0], tc.want) {
			t.Errorf("%s: %q, want %q", tc.path, a, tc.want)
		}
	}
	if a := h.answer("init"); !reflect.DeepEqual(a, []string{"ready"}) {
		t.Errorf("init: %q", a)
	}
	h.fake.mu.Lock()
	defer h.fake.mu.Unlock()
	if o := h.fake.options; len(o) != 1 || o[0].BookPath != "" {
		t.Errorf("options %+v", o)
	}
}

// TestLoadQueueBound: lines behind a load that never ends are refused
// beyond maxQueued, instead of growing the session.
func TestLoadQueueBound(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	path := filepath.Join(t.TempDir(), "b")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, withOpenBook(func(string) error { <-release; return nil }))
	h.send("set-param name=book-path value=" + path)
	var b strings.Builder
	for range maxQueued + 2 {
		b.WriteString("init\n")
	}
	b.WriteString("ping")
	h.send(b.String())
	got := h.until("pong")
	want := []string{ErrorLine("busy reading book-path: line ignored"), ErrorLine("busy reading book-path: line ignored"), "pong"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
}

// withOpenBook replaces how the session reads book files.
func withOpenBook(f func(string) error) Option {
	return func(s *Session) { s.openBook = f }
}
