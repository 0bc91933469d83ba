//go:build unix

package match

import (
	"os"
	"syscall"
)

// StatsSignals are the signals on which a running match prints its
// statistics (kill -USR1 PID), where the platform has one.
var StatsSignals = []os.Signal{syscall.SIGUSR1}

// signalStatus sends an engine the signal on which a damka hub logs its
// status (hub.Session.StatusOnSignal) and reports whether it was sent.
func signalStatus(p *os.Process) bool { return p.Signal(syscall.SIGUSR1) == nil }

// signalDump sends SIGQUIT, on which a Go program prints every goroutine's
// stack and exits.
func signalDump(p *os.Process) bool { return p.Signal(syscall.SIGQUIT) == nil }
