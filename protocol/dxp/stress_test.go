package dxp

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
)

var stress = flag.Bool("stress", false, "TestDXPStress: 1,000 hostile sessions instead of 50")

// Limits of the stress followers: every silent session costs about this
// long, so they are short; the cap makes any GAMEREQ a 120 ms game.
const (
	stressTimeout    = 100 * time.Millisecond
	stressMaxMinutes = 0.002
)

// stressBound is how long a follower may take to hang up on a client that
// went silent: a GAMEEND confirmation it waits for, the capped clock plus
// the grace, and the idle limit. Hangs are judged against ten times that.
var stressBound = 3*stressTimeout + time.Duration(stressMaxMinutes*float64(time.Minute))

// stressKinds name the kinds of hostile session.
var stressKinds = []string{"garbage", "truncated", "disconnect", "valid-then-broken", "silent", "absurd", "mutated"}

// stressTally counts what the sessions did. Crashes are health checks the
// follower failed after a hostile session (or Serve ending); hangs are
// silent sessions it did not end within the bound; illegal counts moves
// it sent that are not legal; errors are the error chats and refusals it
// answered with, which hostile input is expected to cause.
type stressTally struct {
	mu                                                 sync.Mutex
	sessions, crashes, hangs, illegal, errors, checked int
	byKind                                             map[string]int
	notes                                              []string
}

func (st *stressTally) note(format string, args ...any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.notes) < 20 {
		st.notes = append(st.notes, fmt.Sprintf(format, args...))
	}
}

// TestDXPStress runs hostile sessions against followers over loopback TCP:
// 50 by default, 1,000 with -stress (make bench). Crashes, hangs and
// illegal moves must be zero.
func TestDXPStress(t *testing.T) {
	n, followers := 50, 2
	if *stress {
		n, followers = 1000, 4
	}
	st := &stressTally{byKind: map[string]int{}}
	start := time.Now()
	var wg sync.WaitGroup
	for f := 0; f < followers; f++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() {
			served <- Serve(ctx, ln, Config{Name: "stress", Searcher: newFake(), ReadTimeout: stressTimeout,
				MaxMinutes: stressMaxMinutes, KeepServing: true})
		}()
		wg.Add(1)
		go func(f int) {
			defer wg.Done()
			defer cancel()
			addr := ln.Addr().String()
			for i := f; i < n; i += followers {
				rng := rand.New(rand.NewSource(int64(i)))
				kind := stressKinds[rng.Intn(len(stressKinds))]
				stressSession(st, addr, kind, rng, i)
				if i%10 == 9 || i+followers >= n {
					if err := stressHealth(addr); err != nil {
						st.mu.Lock()
						st.crashes++
						st.mu.Unlock()
						st.note("session %d (%s): health check failed: %v", i, kind, err)
					}
				}
				select {
				case err := <-served:
					st.mu.Lock()
					st.crashes++
					st.mu.Unlock()
					st.note("session %d (%s): Serve returned %v", i, kind, err)
					return
				default:
				}
			}
		}(f)
	}
	wg.Wait()
	kinds := make([]string, len(stressKinds))
	for i, k := range stressKinds {
		kinds[i] = fmt.Sprintf("%s=%d", k, st.byKind[k])
	}
	t.Logf("dxp stress: sessions=%d crashes=%d hangs=%d illegal=%d errors=%d (follower moves checked %d) in %.1fs (%s)",
		st.sessions, st.crashes, st.hangs, st.illegal, st.errors, st.checked, time.Since(start).Seconds(), strings.Join(kinds, " "))
	if st.crashes+st.hangs+st.illegal > 0 || st.sessions != n {
		t.Errorf("crashes, hangs and illegal moves must be 0, and %d sessions run (%d were):\n%s", n, st.sessions, strings.Join(st.notes, "\n"))
	}
}

// stressHealth checks that the follower still plays: a GAMEREQ in which it
// moves first gets GAMEACC and a legal move.
func stressHealth(addr string) error {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10*stressBound + 5*time.Second))
	if err := Write(conn, GameReq{Version: 1, Initiator: "health", FollowerColor: White, Minutes: 1}); err != nil {
		return err
	}
	r := NewReader(conn)
	var got []Message
	for len(got) < 2 {
		m, err := r.Next()
		if err != nil {
			return fmt.Errorf("after %v: %v", got, err)
		}
		if _, ok := m.(Chat); !ok {
			got = append(got, m)
		}
	}
	if a, ok := got[0].(GameAcc); !ok || a.Code != AccAccepted {
		return fmt.Errorf("got %v, want GAMEACC code 0", got[0])
	}
	mv, ok := got[1].(Move)
	if !ok {
		return fmt.Errorf("got %v, want the follower's first move", got[1])
	}
	g := newGame(1, "", variant.Start(), board.Black, 1, 0)
	if _, err := g.match(mv); err != nil {
		return err
	}
	return Write(conn, GameEnd{Reason: EndNoReason, Stop: StopContinue})
}

// stressClient is the client's side of one session: what the follower
// sent, read by a goroutine, and whether it hung up.
type stressClient struct {
	conn   net.Conn
	msgs   chan Message
	closed chan struct{}
}

func dialStress(addr string) (*stressClient, error) {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	c := &stressClient{conn: conn, msgs: make(chan Message, 1000), closed: make(chan struct{})}
	go func() {
		defer close(c.closed)
		r := NewReader(conn)
		for {
			m, err := r.Next()
			if err != nil && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrTooLong) {
				return
			}
			if err == nil {
				select {
				case c.msgs <- m:
				default: // nobody reads them any more
				}
			}
		}
	}()
	return c, nil
}

// next returns the follower's next message other than a chat, or nil when
// none comes within the bound; chats are counted as errors by the caller.
func (c *stressClient) next(errs *int) Message {
	timer := time.After(10*stressBound + 2*time.Second)
	for {
		select {
		case m := <-c.msgs:
			if ch, ok := m.(Chat); ok {
				if strings.HasPrefix(ch.Text, "error") {
					*errs++
				}
				continue
			}
			return m
		case <-timer:
			return nil
		}
	}
}

// stressSession runs one hostile session of the given kind.
func stressSession(st *stressTally, addr, kind string, rng *rand.Rand, i int) {
	c, err := dialStress(addr)
	if err != nil {
		st.note("session %d (%s): %v", i, kind, err)
		st.mu.Lock()
		st.crashes++
		st.mu.Unlock()
		return
	}
	defer c.conn.Close()
	errs, illegal, checked := 0, 0, 0
	hangUp := false
	write := func(b []byte) {
		// Chunks of random size, as TCP may deliver them.
		for len(b) > 0 {
			k := min(len(b), 1+rng.Intn(40))
			if _, err := c.conn.Write(b[:k]); err != nil {
				return
			}
			b = b[k:]
		}
	}
	switch kind {
	case "garbage":
		write(randomBytes(rng, 300))
		hangUp = rng.Intn(2) == 0
	case "truncated":
		msg := stressReq(rng, "001")
		write([]byte(msg[:rng.Intn(len(msg)-1)]))
	case "disconnect":
		msg := stressReq(rng, "001") + "M0000322800\x00"
		write([]byte(msg[:rng.Intn(len(msg))]))
		hangUp = true
	case "valid-then-broken":
		illegal, checked = stressGame(c, rng, &errs)
		hangUp = stressBreak(c, rng, write)
	case "silent":
	case "absurd":
		write([]byte(stressReq(rng, "999")))
	case "mutated":
		msg := []byte(stressReq(rng, "001") + "M0000322800\x00M0000373200\x00E10\x00")
		for k := 1 + rng.Intn(5); k > 0; k-- {
			msg[rng.Intn(len(msg))] = byte(rng.Intn(256))
		}
		write(msg)
		hangUp = rng.Intn(2) == 0
	}
	hung := false
	if hangUp {
		c.conn.Close()
	} else {
		select {
		case <-c.closed:
		case <-time.After(10*stressBound + 2*time.Second):
			hung = true
		}
	}
	// Drain what came, counting error chats and refusals.
	for drained := false; !drained; {
		select {
		case m := <-c.msgs:
			switch m := m.(type) {
			case Chat:
				if strings.HasPrefix(m.Text, "error") {
					errs++
				}
			case GameAcc:
				if m.Code != AccAccepted {
					errs++
				}
			}
		default:
			drained = true
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.sessions++
	st.byKind[kind]++
	st.errors += errs
	st.illegal += illegal
	st.checked += checked
	if hung {
		st.hangs++
	}
	if hung || illegal > 0 {
		if len(st.notes) < 20 {
			st.notes = append(st.notes, fmt.Sprintf("session %d (%s): hung=%v illegal=%d", i, kind, hung, illegal))
		}
	}
}

// stressReq is a GAMEREQ for the standard start, follower colour at random.
func stressReq(rng *rand.Rand, minutes string) string {
	return hostileReq([]Color{White, Black}[rng.Intn(2)], minutes)
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, rng.Intn(n))
	for i := range b {
		switch rng.Intn(8) {
		case 0:
			b[i] = 0
		case 1:
			b[i] = "RAMEBKC"[rng.Intn(7)]
		default:
			b[i] = byte(rng.Intn(256))
		}
	}
	return b
}

// stressGame plays a few legal plies against the follower, checking each
// of its moves; it returns the number of illegal ones and of all checked.
func stressGame(c *stressClient, rng *rand.Rand, errs *int) (illegal, checked int) {
	follower := []Color{White, Black}[rng.Intn(2)]
	if err := Write(c.conn, GameReq{Version: 1, Initiator: "stress", FollowerColor: follower, Minutes: 1}); err != nil {
		return 0, checked
	}
	if a, ok := c.next(errs).(GameAcc); !ok || a.Code != AccAccepted {
		return 0, checked
	}
	client := board.White
	if follower == White {
		client = board.Black
	}
	g := newGame(1, "", variant.Start(), client, 1, 0)
	for ply := rng.Intn(12); ply >= 0; ply-- {
		legal := g.legal()
		if len(legal) == 0 {
			return 0, checked
		}
		if g.ourTurn() {
			m := legal[rng.Intn(len(legal))]
			if err := Write(c.conn, wireMove(m, 0)); err != nil {
				return 0, checked
			}
			g.play(m)
			continue
		}
		mv, ok := c.next(errs).(Move)
		if !ok {
			return 0, checked // a GAMEEND (a claim, a timeout) or nothing: the game is over
		}
		checked++
		bm, err := g.match(mv)
		if err != nil {
			return 1, checked
		}
		g.play(bm)
	}
	return 0, checked
}

// stressBreak ends a valid game badly; it reports whether it hung up.
func stressBreak(c *stressClient, rng *rand.Rand, write func([]byte)) bool {
	switch rng.Intn(7) {
	case 0:
		write(randomBytes(rng, 100))
	case 1:
		write([]byte("M00003228")) // cut
	case 2:
		write([]byte("M0000323700\x00")) // illegal, or out of turn
	case 3:
		return true
	case 4: // silence
	case 5:
		write([]byte(hostileReq(Black, "001") + "B001W\x00B999Z\x00"))
	case 6:
		write([]byte("E" + string(rune('0'+rng.Intn(4))) + "0\x00"))
	}
	return rng.Intn(3) == 0
}
