package dxp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"
)

// Sessions. A session is one TCP connection in one game role: Serve and
// ServeConn play the follower, Initiator the initiator; both share the game
// loop in play.go. Decisions the spec leaves open (docs/protocols.md §2):
//
//   - Only the side to move sends MOVE, GAMEEND and BACKREQ. A MOVE out of
//     turn or a garbled frame ends the game: an "error: ..." CHAT, then
//     GAMEEND reason 0. A well-formed illegal move forfeits: reason 3.
//     A GAMEEND out of turn is still honoured, since the peer has stopped.
//   - Either role claims what the rules decide on its turn: no legal move
//     (reason 1), threefold repetition or 25 king-only moves (reason 2).
//     The initiator also adjudicates at the move limit by its search score.
//   - A received GAMEEND is confirmed with reason 0 and our stop code; a
//     follower echoes stop code 1, hangs up and (Serve) stops listening
//     unless Config.KeepServing.
//   - BACKREQ is honoured to any earlier point of the game (K0), refused
//     when we are on move or the point does not exist (K2), or answered K1
//     with Config.RefuseTakeBack.
//   - A GAMEREQ during a game is refused with code 2; the game goes on.
//   - Silence: Config.ReadTimeout beyond the peer's clock (capped by
//     Config.MaxMinutes), Config.IdleTimeout for a GAMEREQ, then we hang up.

// Errors that end a session (the connection), as opposed to one game.
var (
	// ErrPeerClosed: the peer closed the connection or it broke.
	ErrPeerClosed = errors.New("dxp: connection closed by peer")
	// ErrTimeout: the peer stayed silent longer than the configured timeout.
	ErrTimeout = errors.New("dxp: peer silent too long")
)

// sendGap separates two of our messages sent back to back (GAMEACC then
// our first MOVE, a chat then GAMEEND). pydraughts strips every NUL from
// what one recv returns, so two messages arriving together would merge;
// docs/protocols.md §2.1 suggests exactly this small pause.
const sendGap = 30 * time.Millisecond

// event is one thing the reader goroutine saw: a message, a frame that
// could not be decoded (bad; the stream stays in sync), or the end of the
// stream (fatal).
type event struct {
	msg   Message
	bad   error
	fatal error
}

// session is one connection, in either role.
type session struct {
	ctx       context.Context
	cfg       Config
	role      string // "follower" or "initiator", for log lines
	conn      net.Conn
	log       func(format string, args ...any)
	events    chan event
	done      chan struct{}
	readers   sync.WaitGroup
	stopWatch func() bool

	pending  *event // an event read ahead and put back (see unread)
	lastSend time.Time
	lastRecv time.Time
	gap      time.Duration // sendGap; tests feeding thousands of frames shorten it
	peerStop bool          // the peer sent stop code 1: end the session after this game
	ourStop  int           // the stop code we put in our GAMEENDs
	games    int           // GAMEREQs seen or sent
	game     *game
}

func newSession(ctx context.Context, conn net.Conn, cfg Config, role string) *session {
	s := &session{
		ctx: ctx, cfg: cfg, role: role, conn: conn, gap: sendGap,
		events: make(chan event),
		done:   make(chan struct{}),
	}
	peer := conn.RemoteAddr().String()
	s.log = func(format string, args ...any) {
		s.cfg.Logger.Printf("%s %s: %s", role, peer, fmt.Sprintf(format, args...))
	}
	// Cancelling ctx closes the connection, which unblocks every read and
	// write, so no wait below needs its own check beyond the select on ctx.
	s.stopWatch = context.AfterFunc(ctx, func() { conn.Close() })
	s.readers.Add(1)
	go s.readLoop()
	return s
}

// close ends the session and waits for the reader goroutine.
func (s *session) close() {
	s.stopWatch()
	close(s.done)
	s.conn.Close()
	s.readers.Wait()
}

// readLoop turns the byte stream into events. It reads ahead all the time,
// so a message that arrives while we search (a GAMEEND, a chat, a broken
// connection) is seen at once rather than after our move.
func (s *session) readLoop() {
	defer s.readers.Done()
	r := NewReader(s.conn)
	for {
		m, err := r.Next()
		var ev event
		switch {
		case err == nil:
			ev.msg = m
		case errors.Is(err, ErrMalformed) || errors.Is(err, ErrTooLong):
			ev.bad = err
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
			ev.fatal = ErrPeerClosed
		default:
			ev.fatal = fmt.Errorf("%w: %v", ErrPeerClosed, err)
		}
		select {
		case s.events <- ev:
		case <-s.done:
			return
		}
		if ev.fatal != nil {
			return
		}
	}
}

// next returns the next event, waiting at most timeout (none if <= 0).
// The error is ErrTimeout, the context's error, or a fatal stream error;
// an event with bad set is returned with a nil error.
func (s *session) next(timeout time.Duration) (event, error) {
	if ev := s.pending; ev != nil {
		if ev.fatal == nil { // the end of the stream stays pending for good
			s.pending = nil
		}
		return *ev, ev.fatal
	}
	var expire <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expire = t.C
	}
	select {
	case ev := <-s.events:
		return s.received(ev)
	case <-expire:
		return event{}, ErrTimeout
	case <-s.ctx.Done():
		return event{}, s.ctx.Err()
	}
}

// received records the arrival of ev.
func (s *session) received(ev event) (event, error) {
	s.lastRecv = time.Now()
	if ev.fatal != nil {
		// Keep it: every later read must see the end of the stream too.
		s.pending = &ev
		if s.ctx.Err() != nil {
			return ev, s.ctx.Err()
		}
	}
	return ev, ev.fatal
}

// unread puts ev back to be returned by the next call to next.
func (s *session) unread(ev event) { s.pending = &ev }

// send writes one message. A failed write ends the session like a closed
// connection: the peer is gone or not reading.
func (s *session) send(m Message) error {
	if s.lastSend.After(s.lastRecv) {
		if wait := s.gap - time.Since(s.lastSend); wait > 0 {
			time.Sleep(wait)
		}
	}
	if s.cfg.ReadTimeout > 0 {
		s.conn.SetWriteDeadline(time.Now().Add(s.cfg.ReadTimeout))
	}
	err := Write(s.conn, m)
	s.lastSend = time.Now()
	if err != nil {
		if s.ctx.Err() != nil {
			return s.ctx.Err()
		}
		var ne net.Error
		if errors.As(err, &ne) || errors.Is(err, net.ErrClosed) || errors.Is(err, io.ErrClosedPipe) {
			return fmt.Errorf("%w: write: %v", ErrPeerClosed, err)
		}
		// An encoding error is our bug, not the peer's; still, the session
		// cannot go on without the message.
		return fmt.Errorf("dxp: send %c: %v", m.Type(), err)
	}
	return nil
}

// chat sends an informational CHAT, e.g. "error: illegal move", as Scan
// does; the text is cut to what the message can carry.
func (s *session) chat(text string) error {
	b := []byte(text)
	for i, c := range b {
		if c == 0 || c > 127 {
			b[i] = '?'
		}
	}
	if len(b) > MaxChatLen {
		b = b[:MaxChatLen]
	}
	if len(b) == 0 {
		return nil
	}
	return s.send(Chat{Text: string(b)})
}

// ignore logs a message that has no meaning where it arrived. Unexpected
// but well-formed messages outside their place are tolerated rather than
// fatal: older tools send stray ones (mm sends E00 on connecting).
func (s *session) ignore(m Message, where string) {
	s.log("ignoring %s %s", msgName(m), where)
}

// logChat logs what the peer said.
func (s *session) logChat(c Chat) { s.log("peer says: %q", c.Text) }

// msgName names a message for log lines: its type and its wire form.
func msgName(m Message) string {
	names := map[byte]string{
		TypeGameReq: "GAMEREQ", TypeGameAcc: "GAMEACC", TypeMove: "MOVE",
		TypeGameEnd: "GAMEEND", TypeBackReq: "BACKREQ", TypeBackAcc: "BACKACC", TypeChat: "CHAT",
	}
	name := names[m.Type()]
	if b, err := Encode(m); err == nil {
		return fmt.Sprintf("%s %q", name, strings.TrimSuffix(string(b), "\x00"))
	}
	return name
}
