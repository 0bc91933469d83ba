//go:build unix

package main

import (
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// pollableStdin returns standard input as a file that the Go runtime's
// network poller waits on, when it is a pipe or a socket (a GUI, a match
// runner, lidraughts-bot); a terminal or a regular file stays os.Stdin.
//
// Why: a goroutine blocked in read(2) on a blocking pipe is a thread in a
// system call. In Go 1.26 a stop-the-world (a garbage collection) that
// begins just as that goroutine enters read(2) can miss it and then wait
// for the call to return (the runtime's wait loop retakes no Ps from
// system calls and sysmon sleeps while the world stops), that is, until
// the next line of input. A hub that has just been told "go" and is
// reading again gets no next line until it answers, so the whole process
// stands still and loses on time: the stalls of docs/testing.md ("Time
// losses in self-play"), every goroutine asleep, one of them "stopping the
// world", another in os.(*File).read. Through the poller a read that would
// block parks the goroutine instead, and no thread stays in read(2).
//
// The file is made once and held for the process's life: a second
// *os.File over the same descriptor closes it when the garbage collector
// takes it, and the number may belong to another file by then. Nothing may
// read os.Stdin itself afterwards: its descriptor is non-blocking now and
// a direct read would fail with EAGAIN.
func pollableStdin() *os.File {
	stdinOnce.Do(func() {
		stdinFile = os.Stdin
		fi, err := os.Stdin.Stat()
		if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
			return
		}
		// SyscallConn, not Fd: Fd would put the descriptor in blocking mode.
		rc, err := os.Stdin.SyscallConn()
		if err != nil {
			return
		}
		_ = rc.Control(func(fd uintptr) {
			if f := pollable(int(fd), os.Stdin.Name()); f != nil {
				stdinFile = f
			}
		})
	})
	return stdinFile
}

var (
	stdinOnce sync.Once
	stdinFile *os.File // never collected: see pollableStdin
)

// pollable puts descriptor fd in non-blocking mode and returns a new file
// named name over it that the poller serves; nil when fd is non-blocking
// already (then whoever made its file registered it with the poller) or
// cannot be changed. The caller must keep the file for as long as fd
// lives, and close fd through it alone.
func pollable(fd int, name string) *os.File {
	if nb, err := nonblocking(fd); err != nil || nb {
		return nil
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		return nil
	}
	return os.NewFile(uintptr(fd), name)
}

// nonblocking reports whether fd is in non-blocking mode.
func nonblocking(fd int) (bool, error) {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return fl&unix.O_NONBLOCK != 0, err
}
