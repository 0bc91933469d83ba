//go:build unix

package match

import (
	"syscall"
	"time"
)

// RunnerCPU returns the user+sys CPU time this process has used (not its
// children: the engines are measured apart), to report the runner's own
// overhead.
func RunnerCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
