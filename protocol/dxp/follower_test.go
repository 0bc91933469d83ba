package dxp

import (
	"strings"
	"testing"
	"time"

	"damka/board"
)

func TestFollowerHandshakeRefusals(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)

	// A future protocol version: code 1.
	p.sendRaw("R02peer                            Z005075A")
	p.expect("Afollower" + strings.Repeat(" ", NameLen-len("follower")) + "1")
	if r := srv.result(t); !r.Refused || !strings.Contains(r.Reason, "version 2") {
		t.Errorf("result %v", r)
	}

	// A later version with another layout cannot be decoded: still code 1.
	p.sendRaw("R02peer                            Z005075A" + "extra")
	if a := p.expect("A").(GameAcc); a.Code != AccBadVersion {
		t.Errorf("undecodable version 2 GAMEREQ: code %d, want 1", a.Code)
	}
	// A version 1 GAMEREQ with a bad colour: code 2.
	p.sendRaw("R01peer                            X005075A")
	if a := p.expect("A").(GameAcc); a.Code != AccRefuseGame {
		t.Errorf("bad colour: code %d, want 2", a.Code)
	}

	// Refused with code 2, willing to play another.
	noTime := req(Black)
	noTime.Minutes = 0
	p.send(noTime)
	p.expect("Afollower")
	for name, fen := range map[string]string{
		"white to move is stuck": "W:W46:B41,37",
		"black has no pieces":    "W:W40,45:B",
	} {
		p.send(reqFEN(t, Black, fen))
		if a := p.expect("A").(GameAcc); a.Code != AccRefuseGame {
			t.Errorf("%s: code %d, want 2", name, a.Code)
		}
	}
	// A man on its promotion row cannot come from ParseFEN: write it.
	bad := StandardPosition()
	bad.Squares[0] = WhiteMan
	r := req(Black)
	r.Position = &bad
	p.send(r)
	if a := p.expect("A").(GameAcc); a.Code != AccRefuseGame {
		t.Errorf("white man on square 1: code %d, want 2", a.Code)
	}

	// After all that, a proper request is accepted.
	p.send(req(Black))
	if a := p.expect("A").(GameAcc); a.Code != AccAccepted || a.Follower != "follower" {
		t.Fatalf("GAMEACC %+v, want accepted", a)
	}
}

// TestFollowerIllegalMove: an illegal move ends that game with GAMEEND
// (the offender forfeits) and the follower then accepts a new game.
func TestFollowerIllegalMove(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(req(Black)) // the peer is White and moves first
	p.expect("A")
	p.sendRaw("M0000323700") // a white man moving backwards
	if c := p.recvAny(); !strings.Contains(c.(Chat).Text, "illegal move 32-37") {
		t.Errorf("chat %v", c)
	}
	p.expect("E30")
	p.sendRaw("E00")
	if r := srv.result(t); r.Outcome != Win || !strings.Contains(r.Reason, "illegal") {
		t.Errorf("result %v", r)
	}
	if !strings.Contains(srv.logs.String(), `illegal MOVE "M0000323700"`) {
		t.Errorf("log does not name the message:\n%s", srv.logs)
	}

	// The session goes on: a new game, which the peer starts properly.
	p.send(req(Black))
	p.expect("A")
	p.sendRaw("M0000322800")
	p.expect("M")
	p.sendRaw("E10") // we give up
	p.expect("E00")
	if r := srv.result(t); r.Outcome != Win || r.Plies() != 2 {
		t.Errorf("second game %v", r)
	}
}

// TestFollowerGarbledMessage: a message that cannot be decoded ends the
// game without a result, and the session accepts a new game.
func TestFollowerGarbledMessage(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(req(Black))
	p.expect("A")
	p.sendRaw("M00003228") // too short
	if c := p.recvAny(); !strings.HasPrefix(c.(Chat).Text, "error: garbled message") {
		t.Errorf("chat %v", c)
	}
	p.expect("E00")
	p.sendRaw("E00")
	if r := srv.result(t); r.Outcome != NoResult || !strings.Contains(r.Reason, "protocol error") {
		t.Errorf("result %v", r)
	}
	if !strings.Contains(srv.logs.String(), `"M00003228"`) {
		t.Errorf("log does not quote the message:\n%s", srv.logs)
	}
	// Garbage between games is logged and answered with an error chat.
	p.sendRaw("Xhello")
	if c := p.recvAny(); !strings.Contains(c.(Chat).Text, "unknown message type") {
		t.Errorf("chat %v", c)
	}
	p.send(req(Black)) // the peer moves first
	p.expect("A")
	p.sendRaw("M0000322800")
	p.expect("M")
}

// TestFollowerOutOfTurnMove: a MOVE while the follower is on move (here:
// searching) is a protocol error.
func TestFollowerOutOfTurnMove(t *testing.T) {
	srv := startServer(t, nil)
	srv.fake.set(func(f *fakeSearcher) { f.block = true })
	p := dial(t, srv.addr)
	p.send(req(White)) // we are White and move first
	p.expect("A")
	p.sendRaw("M0000191400")
	p.expect("E00")
	p.sendRaw("E00")
	if r := srv.result(t); !strings.Contains(r.Reason, "while it was our move") {
		t.Errorf("result %v", r)
	}
}

// TestFollowerPeerDisconnects: a peer vanishing mid-game ends the session
// cleanly; the server accepts the next connection.
func TestFollowerPeerDisconnects(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(req(White)) // we are White: our move comes first
	p.expect("A")
	p.expect("M")
	p.conn.Close()
	if r := srv.result(t); r.Outcome != NoResult || !strings.Contains(r.Reason, "closed") {
		t.Errorf("result %v", r)
	}
	q := dial(t, srv.addr)
	q.send(req(Black))
	q.expect("A")
	q.sendRaw("M0000322800")
	q.expect("M")
}

// TestFollowerDisconnectDuringSearch: a closed connection stops a search.
func TestFollowerDisconnectDuringSearch(t *testing.T) {
	srv := startServer(t, nil)
	started := make(chan struct{}, 1)
	srv.fake.set(func(f *fakeSearcher) { f.block, f.started = true, started })
	p := dial(t, srv.addr)
	p.send(req(White))
	p.expect("A")
	<-started
	p.conn.Close()
	if r := srv.result(t); r.Outcome != NoResult {
		t.Errorf("result %v", r)
	}
}

// TestFollowerPeerEndsDuringSearch: a GAMEEND (out of turn, but
// unambiguous) stops our search and is confirmed.
func TestFollowerPeerEndsDuringSearch(t *testing.T) {
	srv := startServer(t, nil)
	started := make(chan struct{}, 1)
	srv.fake.set(func(f *fakeSearcher) { f.block, f.started = true, started })
	p := dial(t, srv.addr)
	p.send(req(White))
	p.expect("A")
	<-started
	p.sendRaw("B001W") // not the peer's turn: refused, game goes on
	p.expect("K2")
	p.sendRaw("E21")
	p.expect("E01") // confirmed, echoing "stop entirely"
	if r := srv.result(t); r.Outcome != Draw {
		t.Errorf("result %v", r)
	}
	p.expectEOF() // stop code 1: the follower hangs up
}

func TestFollowerTakeBack(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(req(White)) // the peer is Black; we move first
	p.expect("A")
	pos := variant.Start()
	m1 := p.expect("M").(Move)
	pos = mustPlay(t, pos, m1)
	reply := firstLegal(t, pos)
	p.send(reply)
	m2 := p.expect("M").(Move)
	pos = mustPlay(t, mustPlay(t, pos, reply), m2)

	p.sendRaw("B009Z") // no such move yet
	p.expect("K2")
	p.sendRaw("B001Z") // back to Black's first move: before `reply`
	p.expect("K0")
	// Now Black plays something else; the follower must accept it.
	var ml board.MoveList
	before := mustPlay(t, variant.Start(), m1)
	variant.Generate(&before, &ml)
	other := wireMove(ml.Moves[ml.N-1], 0)
	if describe(other) == describe(reply) {
		t.Fatal("test needs two different replies")
	}
	p.send(other)
	p.expect("M")
	p.sendRaw("B001W") // back to the start: White (us) to move, so we move again
	p.expect("K0")
	if again := p.expect("M").(Move); describe(again) != describe(m1) {
		t.Errorf("after taking back to the start we played %s, want %s", describe(again), describe(m1))
	}
	p.sendRaw("E10")
	p.expect("E00")
	if r := srv.result(t); r.Plies() != 1 {
		t.Errorf("result %v, want 1 ply after the take-back", r)
	}
}

func TestFollowerTakeBackUnsupported(t *testing.T) {
	srv := startServer(t, func(c *Config) { c.RefuseTakeBack = true })
	p := dial(t, srv.addr)
	p.send(req(Black))
	p.expect("A")
	p.sendRaw("M0000322800")
	p.expect("M")
	p.sendRaw("B001W")
	p.expect("K1")
}

// TestFollowerEndsLostGame: with no legal move on its turn, the follower
// sends "I lose".
func TestFollowerEndsLostGame(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(reqFEN(t, Black, "W:W28:B23")) // the peer takes our last man
	p.expect("A")
	p.sendRaw("M0000281901" + "23")
	p.expect("E10")
	p.sendRaw("E00")
	if r := srv.result(t); r.Outcome != Loss || r.Reason != "no legal move" {
		t.Errorf("result %v", r)
	}
}

// TestFollowerGameEndOutsideGame: mm's E00 on connecting is confirmed.
func TestFollowerGameEndOutsideGame(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.sendRaw("E00")
	p.expect("E00")
	p.sendRaw("CHello there")
	p.send(req(White))
	p.expect("A")
	if !strings.Contains(srv.logs.String(), `peer says: "Hello there"`) {
		t.Errorf("chat not logged:\n%s", srv.logs)
	}
}

// TestFollowerBusy: a GAMEREQ during a game is refused with code 2 and the
// game goes on.
func TestFollowerBusy(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	p.send(req(Black))
	p.expect("A")
	p.send(req(Black))
	if a := p.expect("A").(GameAcc); a.Code != AccRefuseGame {
		t.Fatalf("code %d, want 2", a.Code)
	}
	p.sendRaw("M0000322800")
	p.expect("M")
}

// TestFollowerSilentPeer: a peer that never moves is given its clock plus
// the read timeout, then the follower ends the game and hangs up.
func TestFollowerSilentPeer(t *testing.T) {
	srv := startServer(t, func(c *Config) { c.ReadTimeout = 200 * time.Millisecond })
	p := dial(t, srv.addr)
	r := req(Black)  // the peer moves first
	r.Minutes = 0.01 // 0.6 s
	p.send(r)
	p.expect("A")
	start := time.Now()
	p.expect("E00")
	if waited := time.Since(start); waited < 700*time.Millisecond {
		t.Errorf("gave up after %v, want the peer's 0.6 s plus 0.2 s", waited)
	}
	p.expectEOF()
	if r := srv.result(t); !strings.Contains(r.Reason, "silent") {
		t.Errorf("result %v", r)
	}
}

// TestFollowerIdleTimeout: no GAMEREQ at all within the idle timeout.
func TestFollowerIdleTimeout(t *testing.T) {
	srv := startServer(t, func(c *Config) { c.IdleTimeout = 100 * time.Millisecond })
	p := dial(t, srv.addr)
	p.expectEOF()
	q := dial(t, srv.addr) // the server is still there
	q.send(req(White))
	q.expect("A")
}

// TestFollowerSearchLimits: the follower's clock feeds engine.Limits.
func TestFollowerSearchLimits(t *testing.T) {
	srv := startServer(t, nil)
	p := dial(t, srv.addr)
	r := req(White) // we move first
	r.Minutes, r.Moves = 2, 40
	p.send(r)
	p.expect("A")
	p.expect("M")
	lims := srv.fake.searches()
	if len(lims) != 1 || lims[0].Time != 2*time.Minute || lims[0].MovesToGo != 40 {
		t.Fatalf("limits %+v, want 2m for 40 moves", lims)
	}
}
