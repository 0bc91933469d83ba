package dxp

import (
	"context"
	"errors"
	"log"
	"net"
	"strings"
	"testing"
	"time"
)

// runOutcome is what Initiator.Run returned.
type runOutcome struct {
	results []GameResult
	err     error
}

// startInitiator runs an Initiator against a scripted follower: the test
// plays the follower through the returned peer; the series' outcome
// arrives on the channel.
func startInitiator(t *testing.T, in *Initiator) (*peer, <-chan runOutcome, *syncBuffer) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	logs := &syncBuffer{}
	if in.Searcher == nil {
		in.Searcher = newFake()
	}
	in.Logger = log.New(logs, "", 0)
	if in.ReadTimeout == 0 {
		in.ReadTimeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	out := make(chan runOutcome, 1)
	go func() {
		rs, err := in.Run(ctx, ln.Addr().String())
		out <- runOutcome{rs, err}
	}()
	conn, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		conn.Close()
		if t.Failed() {
			t.Logf("initiator log:\n%s", logs)
		}
	})
	return &peer{t: t, conn: conn, r: NewReader(conn)}, out, logs
}

func wait(t *testing.T, out <-chan runOutcome) runOutcome {
	t.Helper()
	select {
	case o := <-out:
		return o
	case <-time.After(testWait):
		t.Fatal("initiator did not finish")
	}
	return runOutcome{}
}

func acc(code int) GameAcc { return GameAcc{Follower: "scripted", Code: code} }

func TestInitiatorRequestsAndColours(t *testing.T) {
	in := &Initiator{Games: 3, Minutes: 2.5, Moves: 60, StopPeer: true}
	p, out, _ := startInitiator(t, in)

	// Game 1: damka White, standard start in the short form; refused (2).
	r1 := p.expect("R01damka").(GameReq)
	if r1.FollowerColor != Black || r1.Minutes != 2.5 || r1.Moves != 60 || r1.Position != nil {
		t.Fatalf("first GAMEREQ %+v", r1)
	}
	p.send(acc(AccRefuseGame))

	// Game 2: damka Black; we (White) move first, then give up.
	r2 := p.expect("R").(GameReq)
	if r2.FollowerColor != White {
		t.Fatalf("second GAMEREQ gives the follower %v, want white", r2.FollowerColor)
	}
	p.send(acc(AccAccepted))
	p.sendRaw("M0005322800")
	p.expect("M")
	p.sendRaw("E10")
	p.expect("E00")

	// Game 3, the last: damka White again; it moves, we claim a win; the
	// confirmation asks us to stop entirely.
	p.expect("R")
	p.send(acc(AccAccepted))
	p.expect("M")
	p.sendRaw("E30")
	p.expect("E01")
	p.expectEOF()

	o := wait(t, out)
	if o.err != nil || len(o.results) != 3 {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
	want := []struct {
		refused bool
		outcome Outcome
		color   Color
	}{{true, NoResult, White}, {false, Win, Black}, {false, Loss, White}}
	for i, w := range want {
		r := o.results[i]
		if r.Refused != w.refused || r.Outcome != w.outcome || r.Color != w.color || r.Peer != "scripted" {
			t.Errorf("game %d: %v, want refused=%v %v as %v", i+1, r, w.refused, w.outcome, w.color)
		}
	}
	if tally := TallyOf(o.results); tally.Wins != 1 || tally.Losses != 1 || tally.Refused != 1 {
		t.Errorf("tally %v", tally)
	}
}

func TestInitiatorStartPositions(t *testing.T) {
	in := &Initiator{Games: 3, Minutes: 1, Positions: []string{"W:W28:B23,12", "B:W40:B11"}}
	p, out, _ := startInitiator(t, in)
	for i, want := range []string{"W:W28:B12,23", "W:W28:B12,23", "B:W40:B11"} {
		r := p.expect("R").(GameReq)
		if r.Position == nil {
			t.Fatalf("game %d: no position", i+1)
		}
		b, err := toBoardPosition(r.Position)
		if err != nil || variant.FEN(&b) != want {
			t.Errorf("game %d: position %s (%v), want %s", i+1, variant.FEN(&b), err, want)
		}
		p.send(acc(AccRefuseGame))
	}
	if o := wait(t, out); o.err != nil || len(o.results) != 3 {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
}

func TestInitiatorBadVersionStopsSeries(t *testing.T) {
	in := &Initiator{Games: 5, Minutes: 1}
	p, out, _ := startInitiator(t, in)
	p.expect("R")
	p.send(acc(AccBadVersion))
	o := wait(t, out)
	if o.err == nil || len(o.results) != 1 || !o.results[0].Refused {
		t.Fatalf("Run: %v, %v; want an error after one refused game", o.results, o.err)
	}
}

// TestInitiatorIllegalMoveFromFollower: the follower's illegal move ends
// the game as a win for damka, and the series continues.
func TestInitiatorIllegalMoveFromFollower(t *testing.T) {
	in := &Initiator{Games: 2, Minutes: 1}
	p, out, logs := startInitiator(t, in)
	p.expect("R")
	p.send(acc(AccAccepted))
	p.expect("M")
	p.sendRaw("M0000191300") // 19-13 is a backward move for Black
	p.expect("E30")
	p.sendRaw("E00")
	p.expect("R")
	p.send(acc(AccAccepted))
	p.sendRaw("M0000322800")
	p.expect("M")
	p.sendRaw("E20")
	p.expect("E00")
	o := wait(t, out)
	if o.err != nil || len(o.results) != 2 || o.results[0].Outcome != Win || o.results[1].Outcome != Draw {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
	if !strings.Contains(logs.String(), `illegal MOVE "M0000191300"`) {
		t.Errorf("log:\n%s", logs)
	}
}

// TestInitiatorFollowerVanishes: a follower closing mid-game ends the
// series with ErrPeerClosed.
func TestInitiatorFollowerVanishes(t *testing.T) {
	in := &Initiator{Games: 2, Minutes: 1}
	p, out, _ := startInitiator(t, in)
	p.expect("R")
	p.send(acc(AccAccepted))
	p.expect("M")
	p.conn.Close()
	o := wait(t, out)
	if !errors.Is(o.err, ErrPeerClosed) || len(o.results) != 1 || o.results[0].Outcome != NoResult {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
}

// TestInitiatorSilentFollower: no GAMEACC within the read timeout.
func TestInitiatorSilentFollower(t *testing.T) {
	in := &Initiator{Config: Config{ReadTimeout: 100 * time.Millisecond}, Games: 1, Minutes: 1}
	p, out, _ := startInitiator(t, in)
	p.expect("R")
	o := wait(t, out)
	if !errors.Is(o.err, ErrTimeout) {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
}

// TestInitiatorFollowerStops: stop code 1 from the follower ends the series
// early without an error.
func TestInitiatorFollowerStops(t *testing.T) {
	in := &Initiator{Games: 4, Minutes: 1}
	p, out, _ := startInitiator(t, in)
	p.expect("R")
	p.send(acc(AccAccepted))
	p.expect("M")
	p.sendRaw("E11")
	p.expect("E01")
	o := wait(t, out)
	if o.err != nil || len(o.results) != 1 || o.results[0].Outcome != Win {
		t.Fatalf("Run: %v, %v", o.results, o.err)
	}
}

func TestInitiatorSettings(t *testing.T) {
	bad := []Initiator{
		{Games: 0, Minutes: 1},
		{Games: 1, Minutes: 0},
		{Games: 1, Minutes: 1000},
		{Games: 1, Minutes: 1.234},
		{Games: 1, Minutes: 1, Moves: -1},
		{Games: 1, Minutes: 1, Positions: []string{"W:W46:B41,37"}}, // White cannot move
		{Games: 1, Minutes: 1, Positions: []string{"nonsense"}},
	}
	for _, in := range bad {
		in.Searcher = newFake()
		if _, err := in.Run(context.Background(), "127.0.0.1:1"); err == nil || errors.Is(err, ErrPeerClosed) {
			t.Errorf("%+v: err %v, want a settings error", in, err)
		}
	}
}
