//go:build !unix

package match

import "time"

// RunnerCPU is not measured on this platform.
func RunnerCPU() (time.Duration, bool) { return 0, false }
