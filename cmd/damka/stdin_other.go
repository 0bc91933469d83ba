//go:build !unix

package main

import "os"

// pollableStdin is os.Stdin where descriptors cannot be made non-blocking
// (see stdin_unix.go).
func pollableStdin() *os.File { return os.Stdin }
