//go:build unix

package match

import (
	"os"
	"syscall"
)

// StatsSignals are the signals on which a running match prints its
// statistics (kill -USR1 PID), where the platform has one.
var StatsSignals = []os.Signal{syscall.SIGUSR1}
