package main

import "os"

// defaultArgs is what plain "damka" runs: at a terminal, a game against the
// engine (play); otherwise (a pipe, a file, /dev/null, CI) the perft of the
// International start position, the engine's self-check, as before.
func defaultArgs() []string {
	if stdinIsTerminal() {
		return []string{"play"}
	}
	return []string{"perft", "--variant", "international", "--depth", "9"}
}

// stdinIsTerminal reports whether standard input is a terminal. Without cgo
// or x/term the standard library can only see a character device; /dev/null
// is one too, so it is told apart explicitly (a job started with </dev/null
// must keep the non-interactive default).
func stdinIsTerminal() bool {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return false
	}
	return true
}
