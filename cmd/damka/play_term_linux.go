package main

import "golang.org/x/sys/unix"

// rawMode puts the terminal of fd in raw mode (no echo, no line buffering,
// no signals from Ctrl-C: the line editor handles the keys) and returns
// the function that restores it; nil when fd is not a terminal.
func rawMode(fd int) func() (restore func()) {
	if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err != nil {
		return nil
	}
	return func() func() {
		old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
		if err != nil {
			return func() {}
		}
		raw := *old
		raw.Lflag &^= unix.ICANON | unix.ECHO | unix.ISIG | unix.IEXTEN
		raw.Iflag &^= unix.ICRNL | unix.IXON
		raw.Cc[unix.VMIN], raw.Cc[unix.VTIME] = 1, 0
		if unix.IoctlSetTermios(fd, unix.TCSETS, &raw) != nil {
			return func() {}
		}
		return func() { unix.IoctlSetTermios(fd, unix.TCSETS, old) }
	}
}
