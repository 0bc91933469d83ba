//go:build unix

package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// The fake engine answers the runner's status signal as a damka hub does
// (hub.Session.StatusOnSignal), so that the tests see the line arrive in
// the failure log.
func init() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	go func() {
		for range c {
			if statusSilent.Load() {
				continue
			}
			fmt.Fprintln(os.Stderr, "fakeengine: status: last read \"go think\" (fake)")
		}
	}()
}
