//go:build !linux

package match

import "time"

// procSample is not read on this platform.
type procSample struct{}

func sampleProc(pid int) procSample { return procSample{} }

func describeProc(before, after procSample, wall time.Duration) string { return "" }

func unreadPipe(pid, fd int) (int, bool) { return 0, false }
