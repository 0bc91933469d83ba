//go:build unix

package main

import (
	"os"

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
// Nothing may read os.Stdin itself afterwards: its descriptor is
// non-blocking now and a direct read would fail with EAGAIN.
func pollableStdin() *os.File {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return os.Stdin
	}
	return pollable(int(os.Stdin.Fd()), os.Stdin)
}

// pollable puts descriptor fd, which f wraps, in non-blocking mode and
// returns a new file over it that the poller serves. f is returned as it
// is when fd is non-blocking already (then the os package registered it
// with the poller when it made f) or cannot be changed.
func pollable(fd int, f *os.File) *os.File {
	if nb, err := nonblocking(fd); err != nil || nb {
		return f
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		return f
	}
	return os.NewFile(uintptr(fd), f.Name())
}

// nonblocking reports whether fd is in non-blocking mode.
func nonblocking(fd int) (bool, error) {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	return fl&unix.O_NONBLOCK != 0, err
}
