//go:build !linux

package main

// rawMode: raw terminal mode is only set up on Linux; elsewhere a terminal
// gets the plain line input, with the prompt but without the editor.
func rawMode(fd int) func() (restore func()) { return nil }
