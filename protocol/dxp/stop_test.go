package dxp

import (
	"net"
	"testing"
	"time"
)

// TestServeStopCode: stop code 1 ("stop entirely", docs/protocols.md 2.3) ends
// the session and Serve, as Scan and Moby Dam exit on it, whether it comes
// in a game's GAMEEND or outside a game; with KeepServing the follower
// serves the next connection instead.
func TestServeStopCode(t *testing.T) {
	for _, c := range []struct {
		name   string
		inGame bool
		keep   bool
	}{
		{"in a game", true, false},
		{"between games", false, false},
		{"in a game, keep serving", true, true},
		{"between games, keep serving", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := startServer(t, func(cfg *Config) { cfg.KeepServing = c.keep })
			p := dial(t, srv.addr)
			if c.inGame {
				p.send(req(Black))
				p.expect("A")
				p.sendRaw("M0000322800")
				p.expect("M")
				p.sendRaw("E11") // we win; stop entirely
				p.expect("E01")
				srv.result(t)
			} else {
				p.sendRaw("E01")
				p.expect("E01")
			}
			p.expectHangUp(testWait)
			if c.keep {
				q := dial(t, srv.addr)
				q.send(req(White))
				q.expect("A")
				return
			}
			select {
			case err := <-srv.done:
				srv.done <- err // for the cleanup
				if err != nil {
					t.Fatalf("Serve: %v", err)
				}
			case <-time.After(testWait):
				t.Fatal("Serve still running after stop code 1")
			}
			if conn, err := net.DialTimeout("tcp", srv.addr, time.Second); err == nil {
				conn.Close()
				t.Error("the follower still accepts connections after stop code 1")
			}
		})
	}
}
