package hub

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
)

// fakeSearcher stands in for the engine. It plays the first legal move and
// expects the first legal reply, reports two iterations, and then returns at
// once when the limits are finite; with no limit, infinite or ponder it
// waits for Stop (or PonderHit, after which finite limits end it). Like the
// real contract, Stop and PonderHit are no-ops when it is idle.
type fakeSearcher struct {
	mu        sync.Mutex
	stop      chan struct{} // closed by Stop during a search
	hit       chan struct{} // closed by PonderHit during a search
	searching bool
	calls     []searchCall
	newGames  int
	options   []engine.Options

	// result, if set, replaces the computed result (to test bad answers).
	result func(v *board.Variant, root board.Position) engine.Result
	// entered, if set, receives a value when Search is called, and Search
	// then waits for gate before it starts: a test can act in the moment
	// when Search has been called but Stop and PonderHit are still no-ops.
	entered, gate chan struct{}
}

type searchCall struct {
	variant *board.Variant
	root    board.Position
	history []board.Position
	game    *board.Game // a copy of the game searched
	limits  engine.Limits
}

func finiteLimits(lim engine.Limits) bool {
	return !lim.Infinite && !lim.Ponder && (lim.Depth > 0 || lim.Nodes > 0 || lim.MoveTime > 0 || lim.Time > 0)
}

func (f *fakeSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	v, root := g.Variant(), *g.Position()
	if f.entered != nil {
		f.entered <- struct{}{}
		<-f.gate
	}
	stop, hit := make(chan struct{}), make(chan struct{})
	f.mu.Lock()
	f.stop, f.hit, f.searching = stop, hit, true
	f.calls = append(f.calls, searchCall{v, root, g.History(), g.Clone(), lim})
	result := f.result
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.stop, f.hit, f.searching = nil, nil, false
		f.mu.Unlock()
	}()

	var res engine.Result
	var ml board.MoveList
	v.Generate(&root, &ml)
	if ml.N > 0 {
		res.Best, res.HasBest = ml.Moves[0], true
		next := root.Play(res.Best)
		var replies board.MoveList
		v.Generate(&next, &replies)
		if replies.N > 0 {
			res.Ponder, res.HasPonder = replies.Moves[0], true
		}
	}
	if result != nil {
		res = result(v, root)
	}
	pv := []board.Move{}
	if res.HasBest {
		pv = append(pv, res.Best)
		if res.HasPonder {
			pv = append(pv, res.Ponder)
		}
	}
	for d := 1; d <= 2 && info != nil; d++ {
		info(engine.Info{Depth: d, MeanDepth: float64(d) + 0.5, Score: 12 - d, Nodes: uint64(1000 * d),
			Time: time.Duration(d) * time.Millisecond, PV: pv})
	}
	for !finiteLimits(lim) {
		select {
		case <-stop:
			return res
		case <-hit:
			lim.Ponder = false
			hit = nil
		}
	}
	return res
}

func (f *fakeSearcher) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.searching && f.stop != nil {
		close(f.stop)
		f.stop = nil
	}
}

func (f *fakeSearcher) PonderHit() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.searching && f.hit != nil {
		close(f.hit)
		f.hit = nil
	}
}

func (f *fakeSearcher) NewGame() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.newGames++
}

func (f *fakeSearcher) SetOptions(o engine.Options) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.options = append(f.options, o)
}

func (f *fakeSearcher) lastCall(t *testing.T) searchCall {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.calls) == 0 {
		t.Fatal("no search was started")
	}
	return f.calls[len(f.calls)-1]
}

func (f *fakeSearcher) numCalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

// syncBuffer is a bytes.Buffer safe for the session's log writer and the
// test reading it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// harness runs a Session on pipes and lets a test talk to it line by line.
type harness struct {
	t     *testing.T
	fake  *fakeSearcher
	in    *io.PipeWriter
	lines chan string
	done  chan error
	log   *syncBuffer
	marks int
	s     *Session
}

const lineTimeout = 5 * time.Second

func newHarness(t *testing.T, opts ...Option) *harness {
	t.Helper()
	fake := &fakeSearcher{}
	h := newHarnessFor(t, fake, opts...)
	h.fake = fake
	return h
}

// newHarnessFor serves searcher instead of a fakeSearcher (h.fake is nil).
func newHarnessFor(t *testing.T, searcher engine.Searcher, opts ...Option) *harness {
	t.Helper()
	h := &harness{t: t, lines: make(chan string, 1024), done: make(chan error, 1), log: &syncBuffer{}}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h.in = inW
	s := NewSession(searcher, inR, outW, append([]Option{WithLog(h.log)}, opts...)...)
	h.s = s
	go func() {
		err := s.Run()
		outW.Close()
		h.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-h.done:
		case <-time.After(lineTimeout):
			t.Error("Run did not return after the input was closed")
		}
	})
	return h
}

// send writes input lines.
func (h *harness) send(lines ...string) {
	h.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(h.in, l+"\n"); err != nil {
			h.t.Fatalf("writing %q: %v", l, err)
		}
	}
}

// next returns the next output line.
func (h *harness) next() string {
	h.t.Helper()
	select {
	case l, ok := <-h.lines:
		if !ok {
			h.t.Fatal("output closed")
		}
		return l
	case <-time.After(lineTimeout):
		h.t.Fatal("timed out waiting for output")
	}
	return ""
}

// ping sends ping and expects pong as the next line.
func (h *harness) ping() {
	h.t.Helper()
	h.send("ping")
	if l := h.next(); l != "pong" {
		h.t.Fatalf("ping answered %q", l)
	}
}

// until returns the output lines up to and including the first one whose
// command is cmd.
func (h *harness) until(cmd string) []string {
	h.t.Helper()
	var got []string
	for {
		l := h.next()
		got = append(got, l)
		if command(l) == cmd {
			return got
		}
	}
}

// answer sends lines, then ping and a marker line, and returns what came
// before the marker, less the pong. The marker (an unknown command, answered
// with an error naming it) separates the answers exactly, even when the
// lines themselves answer pong; the pong shows the session still serves.
// The marker ends a running search, so tests use ping directly then.
func (h *harness) answer(lines ...string) []string {
	h.t.Helper()
	h.marks++
	mark := fmt.Sprintf("mark-%d", h.marks)
	h.send(append(lines, "ping", mark)...)
	want := ErrorLine("unknown command " + mark)
	var got []string
	for {
		l := h.next()
		if l == want {
			break
		}
		got = append(got, l)
	}
	// The pong is normally last, but info and done lines of a search that
	// ends by itself may come after it.
	for i := len(got) - 1; i >= 0; i-- {
		if got[i] == "pong" {
			return append(got[:i:i], got[i+1:]...)
		}
	}
	h.t.Fatalf("after %.80q: ping not answered, got %q", lines, got)
	return nil
}

// closeInput ends the input and waits for Run, returning the remaining
// output and Run's error.
func (h *harness) closeInput() ([]string, error) {
	h.t.Helper()
	h.in.Close()
	var rest []string
	for l := range h.lines {
		rest = append(rest, l)
	}
	select {
	case err := <-h.done:
		h.done <- err // for the cleanup
		return rest, err
	case <-time.After(lineTimeout):
		h.t.Fatal("Run did not return after EOF")
	}
	return nil, nil
}

// command returns the first word of an output line.
func command(line string) string {
	cmd, _, _ := strings.Cut(line, " ")
	return cmd
}
