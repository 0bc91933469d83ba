package dxp

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
)

// testWait bounds every wait in these tests so a bug fails a test instead
// of hanging the run.
const testWait = 10 * time.Second

// fakeSearcher plays the first legal move. With block set, Search waits
// for Stop (or testWait) first, to test what happens during a search.
type fakeSearcher struct {
	mu       sync.Mutex
	limits   []engine.Limits
	newGames int
	score    int
	block    bool
	wrong    bool // answer with a move of the start position, mostly illegal where it is played
	stopCh   chan struct{}
	started  chan struct{} // receives once per search when not nil
}

func newFake() *fakeSearcher { return &fakeSearcher{stopCh: make(chan struct{}, 1)} }

func (f *fakeSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	v, root := g.Variant(), *g.Position()
	f.mu.Lock()
	f.limits = append(f.limits, lim)
	block, score, started, wrong := f.block, f.score, f.started, f.wrong
	f.mu.Unlock()
	if started != nil {
		started <- struct{}{}
	}
	if block {
		select {
		case <-f.stopCh:
		case <-time.After(testWait):
		}
	}
	var ml board.MoveList
	if wrong {
		start := v.Start()
		v.Generate(&start, &ml)
		return engine.Result{Best: ml.Moves[ml.N-1], HasBest: true, Score: score, Depth: 1}
	}
	v.Generate(&root, &ml)
	if ml.N == 0 {
		return engine.Result{}
	}
	return engine.Result{Best: ml.Moves[0], HasBest: true, Score: score, Depth: 1}
}

func (f *fakeSearcher) Stop() {
	select {
	case f.stopCh <- struct{}{}:
	default:
	}
}
func (f *fakeSearcher) PonderHit() {}
func (f *fakeSearcher) NewGame() {
	f.mu.Lock()
	f.newGames++
	f.mu.Unlock()
}
func (f *fakeSearcher) SetOptions(engine.Options) {}

// set changes the fake's settings under its lock (the follower's
// goroutine reads them).
func (f *fakeSearcher) set(fn func(*fakeSearcher)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

func (f *fakeSearcher) searches() []engine.Limits {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]engine.Limits(nil), f.limits...)
}

// syncBuffer collects log output from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// server runs Serve on a loopback port with a fake searcher and collects
// the results it reports.
type server struct {
	addr    string
	fake    *fakeSearcher
	results chan GameResult
	logs    *syncBuffer
	cancel  context.CancelFunc
	done    chan error
}

func startServer(t *testing.T, tweak func(*Config)) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{addr: ln.Addr().String(), fake: newFake(), results: make(chan GameResult, 100),
		logs: &syncBuffer{}, cancel: cancel, done: make(chan error, 1)}
	cfg := Config{
		Name: "follower", Searcher: s.fake, Logger: log.New(s.logs, "", 0),
		ReadTimeout: 5 * time.Second,
		OnResult:    func(r GameResult) { s.results <- r },
	}
	if tweak != nil {
		tweak(&cfg)
	}
	go func() { s.done <- Serve(ctx, ln, cfg) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-s.done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(testWait):
			t.Errorf("Serve did not return after cancel")
		}
		if t.Failed() {
			t.Logf("follower log:\n%s", s.logs)
		}
	})
	return s
}

func (s *server) result(t *testing.T) GameResult {
	t.Helper()
	select {
	case r := <-s.results:
		return r
	case <-time.After(testWait):
		t.Fatal("no game result from the follower")
	}
	return GameResult{}
}

// peer is a scripted DXP program on the other end of a connection.
type peer struct {
	t    *testing.T
	conn net.Conn
	r    *Reader
}

func dial(t *testing.T, addr string) *peer {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &peer{t: t, conn: conn, r: NewReader(conn)}
}

// sendRaw writes a message body as given, plus the NUL.
func (p *peer) sendRaw(body string) {
	p.t.Helper()
	if _, err := p.conn.Write([]byte(body + "\x00")); err != nil {
		p.t.Fatalf("send %q: %v", body, err)
	}
}

func (p *peer) send(m Message) {
	p.t.Helper()
	if err := Write(p.conn, m); err != nil {
		p.t.Fatalf("send %v: %v", m, err)
	}
}

// recvAny returns the next message, chats included.
func (p *peer) recvAny() Message {
	p.t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(testWait))
	m, err := p.r.Next()
	if err != nil {
		p.t.Fatalf("receive: %v", err)
	}
	return m
}

// expect receives the next message, skipping chats, and checks that its
// wire form starts with prefix.
func (p *peer) expect(prefix string) Message {
	p.t.Helper()
	for {
		m := p.recvAny()
		if _, ok := m.(Chat); ok && !strings.HasPrefix(prefix, "C") {
			continue
		}
		b, _ := Encode(m)
		wire := strings.TrimSuffix(string(b), "\x00")
		if !strings.HasPrefix(wire, prefix) {
			p.t.Fatalf("got %q, want a message starting with %q", wire, prefix)
		}
		return m
	}
}

// expectEOF checks that the other side closed the connection.
func (p *peer) expectEOF() {
	p.t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(testWait))
	for {
		m, err := p.r.Next()
		if err != nil {
			return
		}
		if _, ok := m.(Chat); !ok {
			p.t.Fatalf("got %v, want the connection closed", m)
		}
	}
}

// req returns a GAMEREQ for the standard start.
func req(follower Color) GameReq {
	return GameReq{Version: 1, Initiator: "peer", FollowerColor: follower, Minutes: 1, Moves: 0}
}

// reqFEN returns a GAMEREQ for a start position given as FEN.
func reqFEN(t *testing.T, follower Color, fen string) GameReq {
	t.Helper()
	b, err := variant.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p := fromBoardPosition(&b)
	r := req(follower)
	r.Position = &p
	return r
}

// firstLegal returns the first legal move of the position as DXP sends it.
func firstLegal(t *testing.T, p board.Position) Move {
	t.Helper()
	var ml board.MoveList
	variant.Generate(&p, &ml)
	if ml.N == 0 {
		t.Fatalf("no legal move in %s", variant.FEN(&p))
	}
	return wireMove(ml.Moves[0], 0)
}

// mustPlay applies a DXP move to p.
func mustPlay(t *testing.T, p board.Position, m Move) board.Position {
	t.Helper()
	g := newGame(1, "", p, board.White, 1, 0)
	bm, err := g.match(m)
	if err != nil {
		t.Fatal(err)
	}
	return p.Play(bm)
}

// expectHangUp checks that the other side closes the connection within
// limit (chats before that are skipped); a read that times out instead
// fails the test.
func (p *peer) expectHangUp(limit time.Duration) {
	p.t.Helper()
	start := time.Now()
	p.conn.SetReadDeadline(start.Add(limit))
	for {
		m, err := p.r.Next()
		if err != nil {
			if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
				p.t.Fatalf("still connected after %v", limit)
			}
			return
		}
		if _, ok := m.(Chat); !ok {
			p.t.Fatalf("got %v, want the connection closed", m)
		}
	}
}

// expectClosed reads whatever the other side sends until it closes the
// connection, which must happen within limit.
func (p *peer) expectClosed(limit time.Duration) {
	p.t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(limit))
	for {
		_, err := p.r.Next()
		if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
			p.t.Fatalf("still connected after %v", limit)
		}
		if err != nil && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrTooLong) {
			return
		}
	}
}
