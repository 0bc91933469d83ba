package dxp

import (
	"strings"
	"testing"
	"time"
)

// Timing checks here allow ten times the bound (and at least a few
// seconds): they test that a limit holds, not how exactly, so that they
// pass on a machine under a load of 10.
func within(bound time.Duration) time.Duration { return max(10*bound, 3*time.Second) }

// TestFollowerSilentClient: a client that connects and says nothing is
// hung up on after the read timeout, since the idle limit follows it, and
// the follower serves the next client.
func TestFollowerSilentClient(t *testing.T) {
	const bound = 200 * time.Millisecond
	srv := startServer(t, func(c *Config) { c.ReadTimeout = bound })
	p := dial(t, srv.addr)
	p.expectHangUp(within(bound))
	if !strings.Contains(srv.logs.String(), "no game started within 200ms") {
		t.Errorf("log does not say why it hung up:\n%s", srv.logs)
	}
	q := dial(t, srv.addr)
	q.send(req(White))
	q.expect("A")
}

// TestFollowerChattyClient: chats and garbage without a GAMEREQ do not
// extend the idle limit.
func TestFollowerChattyClient(t *testing.T) {
	const bound = 300 * time.Millisecond
	srv := startServer(t, func(c *Config) { c.ReadTimeout, c.IdleTimeout = time.Minute, bound })
	p := dial(t, srv.addr)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(bound / 6):
			}
			body := "Chello"
			if i%2 == 1 {
				body = "Xgarbage"
			}
			if _, err := p.conn.Write([]byte(body + "\x00")); err != nil {
				return
			}
		}
	}()
	p.expectHangUp(within(bound))
}

// TestFollowerAbsurdGameRequest: a GAMEREQ of 999 minutes is played at
// Config.MaxMinutes, so a peer that then stays silent frees the follower
// after the capped clock plus the read timeout, not after 999 minutes.
func TestFollowerAbsurdGameRequest(t *testing.T) {
	const maxMinutes, grace = 0.005, 200 * time.Millisecond // 0.3 s of clock
	srv := startServer(t, func(c *Config) { c.ReadTimeout, c.MaxMinutes = grace, maxMinutes })
	p := dial(t, srv.addr)
	r := req(Black) // the peer moves first, and never does
	r.Minutes = 999
	p.send(r)
	if a := p.expect("A").(GameAcc); a.Code != AccAccepted {
		t.Fatalf("GAMEACC code %d, want the game accepted at the cap", a.Code)
	}
	bound := time.Duration(maxMinutes*float64(time.Minute)) + grace
	p.conn.SetReadDeadline(time.Now().Add(within(bound)))
	if m, err := p.r.Next(); err != nil {
		t.Fatalf("no GAMEEND within %v: %v", within(bound), err)
	} else if _, ok := m.(GameEnd); !ok {
		t.Fatalf("got %v, want GAMEEND", m)
	}
	p.expectHangUp(within(bound))
	res := srv.result(t)
	if res.Minutes != maxMinutes || !strings.Contains(res.Reason, "silent") {
		t.Errorf("result %v (%v min), want a silent peer at %v min", res, res.Minutes, maxMinutes)
	}
	if !strings.Contains(srv.logs.String(), "asks for 999 minutes a side; playing it at the cap of 0.005 minutes") {
		t.Errorf("log does not say the time was capped:\n%s", srv.logs)
	}
}

// TestFollowerCapLeavesOurClock: below the cap the request is played as
// asked, and at the cap our own search budget is the capped clock.
func TestFollowerCapLeavesOurClock(t *testing.T) {
	srv := startServer(t, func(c *Config) { c.MaxMinutes = 3 })
	for _, c := range []struct {
		asked float64
		want  time.Duration
	}{{2, 2 * time.Minute}, {999, 3 * time.Minute}} {
		p := dial(t, srv.addr)
		r := req(White) // we move first
		r.Minutes = c.asked
		p.send(r)
		p.expect("A")
		p.expect("M")
		lims := srv.fake.searches()
		if got := lims[len(lims)-1].Time; got != c.want {
			t.Errorf("asked %v min: searched with %v, want %v", c.asked, got, c.want)
		}
		p.conn.Close()
		srv.result(t)
	}
}

// TestFollowerChattyPeerInGame: a peer that chats, sends stray messages or
// asks for take-backs but never moves is still bounded by its clock plus
// the read timeout, counted from when it got the move; likewise a peer
// that never confirms our GAMEEND.
func TestFollowerChattyPeerInGame(t *testing.T) {
	const grace, minutes = 200 * time.Millisecond, 0.005 // 0.3 s of clock
	bound := grace + time.Duration(minutes*float64(time.Minute))
	for _, c := range []struct {
		name  string
		setup []string // sent once, before the chatter
		noise string
	}{
		{"chats", nil, "Cthinking"},
		{"stray messages", nil, "K0"},
		{"take-backs", []string{"M0000322800"}, "B001Z"},
		{"no GAMEEND confirmation", []string{"M0000323700"}, "Cstill here"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The clock comes from the cap: the field cannot carry 0.005.
			srv := startServer(t, func(cfg *Config) { cfg.ReadTimeout, cfg.MaxMinutes = grace, minutes })
			p := dial(t, srv.addr)
			p.send(req(Black)) // the peer moves first
			p.expect("A")
			for _, m := range c.setup {
				p.sendRaw(m)
			}
			stop := make(chan struct{})
			defer close(stop)
			go func() {
				for {
					select {
					case <-stop:
						return
					case <-time.After(bound / 8):
					}
					if _, err := p.conn.Write([]byte(c.noise + "\x00")); err != nil {
						return
					}
				}
			}()
			// Once for the game, once for the GAMEEND confirmation or the
			// idle limit after it.
			p.expectClosed(within(3 * bound))
		})
	}
}
