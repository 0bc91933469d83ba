//go:build unix

package main

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestPollableStdin checks that a blocking pipe becomes a file the poller
// serves: only such a file accepts a read deadline, and a read that would
// block then parks and times out instead of holding a thread in read(2).
func TestPollableStdin(t *testing.T) {
	var p [2]int
	if err := syscall.Pipe(p[:]); err != nil { // blocking, unlike os.Pipe
		t.Fatal(err)
	}
	w := os.NewFile(uintptr(p[1]), "pipe-w")
	defer w.Close()
	// The blocking file is over a copy of the descriptor, so that each
	// descriptor has one file to close it (a second file over p[0] would
	// close it again when collected, whatever file has the number then).
	d, err := syscall.Dup(p[0])
	if err != nil {
		t.Fatal(err)
	}
	blocking := os.NewFile(uintptr(d), "pipe-r-dup")
	err = blocking.SetReadDeadline(time.Now())
	blocking.Close()
	if !errors.Is(err, os.ErrNoDeadline) {
		t.Fatalf("the blocking pipe takes a deadline (%v): the test cannot tell the two apart", err)
	}
	f := pollable(p[0], "pipe-r")
	if f == nil {
		t.Fatal("pollable made no file of the blocking pipe")
	}
	defer f.Close()
	if nb, err := nonblocking(p[0]); err != nil || !nb {
		t.Fatalf("descriptor not non-blocking: %v %v", nb, err)
	}
	if err := f.SetReadDeadline(time.Now().Add(20 * time.Millisecond)); err != nil {
		t.Fatalf("no read deadline on the pollable file: %v", err)
	}
	buf := make([]byte, 16)
	if _, err := f.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read on an empty pipe: %v, want the deadline", err)
	}
	if err := f.SetReadDeadline(time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("go think\n")); err != nil {
		t.Fatal(err)
	}
	if n, err := f.Read(buf); err != nil || string(buf[:n]) != "go think\n" {
		t.Fatalf("read %q, %v", buf[:n], err)
	}
	w.Close()
	if _, err := f.Read(buf); err == nil {
		t.Fatal("no end of file after the writer closed")
	}
	// Already non-blocking: left as it is.
	if g := pollable(p[0], "again"); g != nil {
		t.Fatal("a non-blocking descriptor was wrapped again")
	}
}
