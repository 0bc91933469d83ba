//go:build unix

package hub

import (
	"os"
	"os/signal"
	"syscall"
)

// StatusOnSignal makes the process log the session's Status on SIGUSR1
// (kill -USR1 PID), until stop is called. A match runner sends it to an
// engine that has not answered in time: the line tells whether the input
// arrived and where every goroutine stood. Where no line comes at all, the
// Go runtime itself was not running the process's goroutines.
func (s *Session) StatusOnSignal() (stop func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-c:
				s.LogStatus()
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}
