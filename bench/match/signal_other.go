//go:build !unix

package match

import "os"

// StatsSignals is empty where there is no user signal.
var StatsSignals []os.Signal

// signalStatus sends nothing where there is no user signal.
func signalStatus(p *os.Process) bool { return false }

// signalDump sends nothing where there is no SIGQUIT.
func signalDump(p *os.Process) bool { return false }
