package dxp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// The hostile-input harness: a follower session on one end of a pipe, fed
// a byte stream by the other, must never panic, must free itself within a
// deadline, and must never send a MOVE that is not legal where it sends it.

// Short limits for hostile sessions: the follower's idle and read
// timeouts, and the cap on the thinking time a GAMEREQ may claim. Every
// silent run waits that long, and the fuzzer runs thousands (minimising an
// input alone takes hundreds); a load that makes them expire early only
// ends sessions sooner, which the checks allow.
const (
	hostileTimeout    = 10 * time.Millisecond
	hostileMaxMinutes = 0.0002 // 12 ms
)

// hostileDeadline bounds a whole hostile session: generous fixed slack
// (which covers the longest silent wait many times over), plus time per
// frame, since each may cost a send or two.
func hostileDeadline(frames int) time.Duration {
	return 5*time.Second + time.Duration(frames)*50*time.Millisecond
}

// checkedConn is the follower's end of the pipe. Every frame the follower
// writes is checked as it is written, on the session goroutine, so the
// game the frame refers to is the session's own state at that moment.
type checkedConn struct {
	net.Conn
	s       *session
	pending []byte
	mu      sync.Mutex
	bad     []string
	sent    map[byte]int
}

func (c *checkedConn) Write(b []byte) (int, error) {
	c.pending = append(c.pending, b...)
	for {
		i := bytes.IndexByte(c.pending, 0)
		if i < 0 {
			break
		}
		frame := c.pending[:i]
		c.pending = c.pending[i+1:]
		c.check(frame)
	}
	return c.Conn.Write(b)
}

func (c *checkedConn) check(frame []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, err := Decode(frame)
	if err != nil {
		c.bad = append(c.bad, fmt.Sprintf("sent an undecodable frame %q: %v", frame, err))
		return
	}
	c.sent[m.Type()]++
	mv, ok := m.(Move)
	if !ok {
		return
	}
	g := c.s.game
	switch {
	case g == nil:
		c.bad = append(c.bad, fmt.Sprintf("sent %s outside a game", msgName(m)))
	case !g.ourTurn():
		c.bad = append(c.bad, fmt.Sprintf("sent %s on the peer's turn in %s", msgName(m), variant.FEN(g.cur())))
	default:
		if _, err := g.match(mv); err != nil {
			c.bad = append(c.bad, fmt.Sprintf("sent an illegal move: %v", err))
		}
	}
}

// hostileOutcome is what one hostile session did.
type hostileOutcome struct {
	err     error
	elapsed time.Duration
	hung    bool
	bad     []string
	sent    map[byte]int
}

// runHostile plays stream against a follower session: written in chunks
// of chunk bytes (0: all at once), then the connection is closed if hangUp,
// else left open and silent. wrong makes the searcher answer with moves
// that are mostly illegal, which the follower must not pass on.
func runHostile(stream []byte, chunk int, hangUp, wrong bool) hostileOutcome {
	client, server := net.Pipe()
	defer client.Close()
	fake := newFake()
	fake.wrong = wrong
	cfg := Config{Name: "hostile", Searcher: fake, ReadTimeout: hostileTimeout, MaxMinutes: hostileMaxMinutes}.withDefaults()
	cc := &checkedConn{Conn: server, sent: map[byte]int{}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newSession(ctx, cc, cfg, roleFollower)
	cc.s = s
	s.gap = time.Millisecond // the gap is a courtesy to slow readers; here it only slows the run

	go io.Copy(io.Discard, client)
	go func() {
		for rest := stream; len(rest) > 0; {
			n := len(rest)
			if chunk > 0 {
				n = min(n, chunk)
			}
			if _, err := client.Write(rest[:n]); err != nil {
				return
			}
			rest = rest[n:]
		}
		if hangUp {
			client.Close()
		}
	}()

	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- s.follow() }()
	var out hostileOutcome
	select {
	case out.err = <-done:
	case <-time.After(hostileDeadline(bytes.Count(stream, []byte{0}))):
		out.hung = true
		cancel()
		<-done
	}
	out.elapsed = time.Since(start)
	s.close()
	cc.mu.Lock()
	out.bad, out.sent = cc.bad, cc.sent
	cc.mu.Unlock()
	return out
}

// check fails t for a hang, a bad frame or an error a hostile peer must
// not cause (anything but a closed connection or a timeout).
func (o hostileOutcome) check(t *testing.T, what string) {
	t.Helper()
	if o.hung {
		t.Fatalf("%s: follower still busy after %v", what, o.elapsed)
	}
	for _, b := range o.bad {
		t.Errorf("%s: %s", what, b)
	}
	if o.err != nil && !isPeerFault(o.err) {
		t.Errorf("%s: session ended with %v", what, o.err)
	}
}

// isPeerFault reports whether err is one of the ends a peer may cause.
func isPeerFault(err error) bool {
	return err == nil || strings.Contains(err.Error(), ErrPeerClosed.Error()) || err == ErrTimeout
}

// FuzzFollowerSession feeds arbitrary byte streams to a follower session:
// garbage, truncated frames, valid games broken off, silence and
// disconnects. Seeds are in testdata/fuzz/FuzzFollowerSession.
func FuzzFollowerSession(f *testing.F) {
	f.Fuzz(func(t *testing.T, stream []byte, chunk uint8, hangUp, wrong bool) {
		if len(stream) > 512 {
			stream = stream[:512] // keeps every run short; longer adds nothing new
		}
		runHostile(stream, int(chunk), hangUp, wrong).check(t, fmt.Sprintf("stream %q", stream))
	})
}

// hostileReq is a GAMEREQ frame for the standard start.
func hostileReq(follower Color, minutes string) string {
	return "R01hostile" + strings.Repeat(" ", NameLen-len("hostile")) + string(follower) + minutes + "000A\x00"
}

// TestFollowerTruncatedFrames: frames cut short, by a disconnect or by
// silence, before a game or in one, end the session within its bound and
// are never taken for whole messages.
func TestFollowerTruncatedFrames(t *testing.T) {
	req := hostileReq(Black, "001")
	for _, c := range []struct {
		name   string
		stream string
		hangUp bool
	}{
		{"GAMEREQ cut, disconnect", req[:20], true},
		{"GAMEREQ cut, silence", req[:20], false},
		{"GAMEREQ without NUL, silence", req[:len(req)-1], false},
		{"MOVE cut, disconnect", req + "M00003228", true},
		{"MOVE cut, silence", req + "M00003228", false},
		{"over-long frame, silence", strings.Repeat("C", 5000), false},
		{"over-long frame, disconnect", strings.Repeat("M", 5000), true},
		{"GAMEEND cut after a move", req + "M0000322800\x00E", true},
		{"NUL only", "\x00\x00\x00", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := runHostile([]byte(c.stream), 7, c.hangUp, false)
			o.check(t, c.name)
			if o.sent[TypeMove] > 1 {
				t.Errorf("%d moves sent for at most one whole peer move", o.sent[TypeMove])
			}
		})
	}
}

// TestFollowerDisconnectMidMessage: over TCP, a client that hangs up in
// the middle of a GAMEREQ or a MOVE frees the follower for the next one.
func TestFollowerDisconnectMidMessage(t *testing.T) {
	srv := startServer(t, nil)
	for _, cut := range []string{"R01pe", hostileReq(Black, "001") + "M000032"} {
		p := dial(t, srv.addr)
		p.conn.Write([]byte(cut))
		p.conn.Close()
	}
	q := dial(t, srv.addr)
	q.send(req(White))
	if a := q.expect("A").(GameAcc); a.Code != AccAccepted {
		t.Fatalf("code %d after the broken clients", a.Code)
	}
	if r := srv.result(t); r.Outcome != NoResult || !strings.Contains(r.Reason, "closed") {
		t.Errorf("game broken off mid-move: %v", r)
	}
}
