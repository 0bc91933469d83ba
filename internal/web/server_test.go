package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
)

// quickSearcher plays the first legal move at once (an infinite search
// waits for Stop), so that handler tests do not wait for a real search.
type quickSearcher struct{ stopped atomic.Bool }

func (q *quickSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	v, root := g.Variant(), *g.Position()
	q.stopped.Store(false)
	var ml board.MoveList
	v.Generate(&root, &ml)
	moves := ml.Slice()
	if len(moves) == 0 {
		return engine.Result{}
	}
	if info != nil {
		info(engine.Info{Depth: 1, Score: 12, Nodes: 1, PV: moves[:1]})
	}
	for lim.Infinite && !q.stopped.Load() {
		time.Sleep(time.Millisecond)
	}
	return engine.Result{Best: moves[0], HasBest: true, Depth: 1}
}
func (q *quickSearcher) Stop()                     { q.stopped.Store(true) }
func (q *quickSearcher) PonderHit()                {}
func (q *quickSearcher) NewGame()                  {}
func (q *quickSearcher) SetOptions(engine.Options) {}

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	srv := New(Config{NewSearcher: func(engine.Options) engine.Searcher { return &quickSearcher{} }})
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// call posts body to path and decodes the reply into out (a state or an
// errorReply), returning the status code.
func call(t *testing.T, hs *httptest.Server, path string, body any, out any) int {
	t.Helper()
	data, _ := json.Marshal(body)
	resp, err := http.Post(hs.URL+path, "application/json", strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("%s: reply is not JSON: %v", path, err)
	}
	return resp.StatusCode
}

func newGame(t *testing.T, hs *httptest.Server, req request) state {
	t.Helper()
	var st state
	if code := call(t, hs, "/api/new", req, &st); code != http.StatusOK {
		t.Fatalf("new game %+v: status %d", req, code)
	}
	return st
}

// waitState polls the session until ok holds.
func waitState(t *testing.T, srv *Server, id string, ok func(state) bool) state {
	t.Helper()
	ss, err := srv.session(id)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		st := ss.snapshot()
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("state never reached: %s, history %v", st.Status, st.History)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestBadInputIsRefusedWithAMessage(t *testing.T) {
	_, hs := newTestServer(t)
	st := newGame(t, hs, request{Variant: "international", Human: "both"})
	cases := []struct {
		name, path string
		body       any
		status     int
		want       string // in the error message
	}{
		{"illegal move", "/api/move", request{ID: st.ID, Move: "31-22"}, 400, "31-22"},
		{"not a square", "/api/move", request{ID: st.ID, Move: "60-55"}, 400, "60"},
		{"empty move", "/api/move", request{ID: st.ID, Move: " "}, 400, "no move"},
		{"bad FEN", "/api/new", request{Variant: "russian", FEN: "W:Wz9:B"}, 400, "bad FEN"},
		{"bad variant", "/api/new", request{Variant: "chess"}, 400, "chess"},
		{"bad side", "/api/new", request{Human: "red"}, 400, "red"},
		{"bad time control", "/api/new", request{Time: "90+30"}, 400, "90+30"},
		{"bad level", "/api/new", request{Level: 21}, 400, "from 1 to 20"},
		{"negative level", "/api/new", request{Level: -3}, 400, "not -3"},
		{"bad PDN move", "/api/pdn", request{ID: st.ID, PDN: "1. 32-28 19-23 2. 28x19 99-98 *"}, 400, "bad PDN"},
		{"empty PDN", "/api/pdn", request{ID: st.ID, PDN: ""}, 400, "empty"},
		{"unknown game", "/api/move", request{ID: "nope", Move: "32-28"}, 404, "no such game"},
		{"multi-PV out of range", "/api/analyse", request{ID: st.ID, On: true, MultiPV: 99}, 400, "multi-PV"},
		{"nothing to take back", "/api/undo", request{ID: st.ID}, 400, "no move"},
		{"malformed JSON", "/api/move", "{", 400, "malformed"},
		{"position out of the game", "/api/view", request{ID: st.ID, Ply: 3}, 400, "no position 3"},
		{"negative position", "/api/view", request{ID: st.ID, Ply: -1}, 400, "no position -1"},
		{"review of no move", "/api/review", request{ID: st.ID}, 400, "no move to review"},
		{"PDN game out of range", "/api/pdn", request{ID: st.ID, PDN: "1. 32-28 *", Game: 2}, 400, "holds 1 games"},
	}
	for _, c := range cases {
		var reply errorReply
		code := call(t, hs, c.path, c.body, &reply)
		if code != c.status || !strings.Contains(reply.Error, c.want) {
			t.Errorf("%s: status %d, error %q; want %d and %q", c.name, code, reply.Error, c.status, c.want)
		}
	}
	// The game is untouched by all of that.
	var after state
	call(t, hs, "/api/flip", request{ID: st.ID}, &after)
	if after.FEN != st.FEN || len(after.History) != 0 {
		t.Errorf("bad input changed the game: %s, %v", after.FEN, after.History)
	}
}

func TestCompulsoryCaptureIsExplained(t *testing.T) {
	_, hs := newTestServer(t)
	st := newGame(t, hs, request{Variant: "russian", Human: "both", FEN: "W:Wc3,e3:Bd4,h8"})
	var reply errorReply
	if code := call(t, hs, "/api/move", request{ID: st.ID, Move: "e3-f4"}, &reply); code != 400 || !strings.Contains(reply.Error, "capture is compulsory") {
		t.Errorf("quiet move with a capture pending: status %d, %q", code, reply.Error)
	}
	for _, m := range st.Moves {
		if len(m.Captured) != 1 || m.Captured[0] != "d4" {
			t.Errorf("move %s: captured %v, want [d4]", m.Text, m.Captured)
		}
	}
}

// TestEngineRepliesAndTakeBack: the person's move, the engine's reply
// (pushed on the event stream too), then take-back of both.
func TestEngineRepliesAndTakeBack(t *testing.T) {
	srv, hs := newTestServer(t)
	st := newGame(t, hs, request{Variant: "international", Human: "white", Time: "test"})
	resp, err := http.Get(hs.URL + "/api/events?id=" + st.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
		close(events)
	}()
	var after state
	if code := call(t, hs, "/api/move", request{ID: st.ID, Move: "32-28"}, &after); code != 200 {
		t.Fatalf("32-28: status %d", code)
	}
	st = waitState(t, srv, st.ID, func(s state) bool { return len(s.History) == 2 })
	if st.History[0] != "32-28" || st.ToMove != "white" {
		t.Errorf("after the engine's reply: %v, %s to move", st.History, st.ToMove)
	}
	// The engine's thinking about its own move is not streamed with
	// analysis off: a person playing it is not told its score.
	seen := map[string]bool{}
	timeout := time.After(5 * time.Second)
	for !seen["state"] {
		select {
		case name := <-events:
			seen[name] = true
		case <-timeout:
			t.Fatalf("events seen: %v; want state", seen)
		}
	}
	if seen["info"] {
		t.Errorf("the engine's thinking was streamed with analysis off")
	}
	var back state
	if code := call(t, hs, "/api/undo", request{ID: st.ID}, &back); code != 200 || len(back.History) != 0 || back.ToMove != "white" {
		t.Errorf("take-back: status %d, history %v, %s to move", code, back.History, back.ToMove)
	}
}

// TestPDNRoundTrip: a PDN loaded into the page is the game the server
// plays on, and the PDN it writes reads back as the same moves.
func TestPDNRoundTrip(t *testing.T) {
	_, hs := newTestServer(t)
	st := newGame(t, hs, request{Human: "both"})
	in := "[GameType \"25\"]\n\n1. c3-d4 f6-g5 2. b2-c3 g5-h4 *\n"
	var loaded state
	if code := call(t, hs, "/api/pdn", request{ID: st.ID, PDN: in}, &loaded); code != 200 {
		t.Fatalf("load: status %d", code)
	}
	if loaded.Variant != "russian" || strings.Join(loaded.History, " ") != "c3-d4 f6-g5 b2-c3 g5-h4" {
		t.Fatalf("loaded %s: %v", loaded.Variant, loaded.History)
	}
	resp, err := http.Get(hs.URL + "/api/pdn?id=" + st.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	games, err := pdn.Read(resp.Body)
	if err != nil || len(games) != 1 {
		t.Fatalf("exported PDN: %v (%d games)", err, len(games))
	}
	if games[0].Variant() != board.Russian || games[0].FEN() != loaded.FEN || games[0].Len() != 4 {
		t.Errorf("exported game: %s %s after %d moves, loaded %s", games[0].Variant().Name, games[0].FEN(), games[0].Len(), loaded.FEN)
	}
}

// TestEveryVariantStarts: each variant's start gives a board and moves
// whose routes begin and end on the move's squares.
func TestEveryVariantStarts(t *testing.T) {
	_, hs := newTestServer(t)
	for _, v := range board.Variants() {
		st := newGame(t, hs, request{Variant: v.Name, Human: "both"})
		if !strings.HasPrefix(st.SVG, "<svg") || len(st.Moves) == 0 {
			t.Errorf("%s: svg %.20q, %d moves", v.Name, st.SVG, len(st.Moves))
		}
		for _, m := range st.Moves {
			if len(m.Path) < 2 || m.Path[0] != m.From || m.Path[len(m.Path)-1] != m.To {
				t.Errorf("%s: move %s has route %v", v.Name, m.Text, m.Path)
			}
		}
	}
}

func TestTablesVerdict(t *testing.T) {
	_, hs := newTestServer(t)
	st := newGame(t, hs, request{Variant: "russian", Human: "both", FEN: "W:WKa1,Kc1:Bh8"})
	if !strings.Contains(st.Tables, "White wins") {
		t.Errorf("two kings against a man: verdict %q", st.Tables)
	}
	st = newGame(t, hs, request{Variant: "russian", Human: "both"})
	if st.Tables != "" {
		t.Errorf("start position: verdict %q", st.Tables)
	}
}

func TestPageIsServed(t *testing.T) {
	_, hs := newTestServer(t)
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		resp, err := http.Get(hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: status %d", path, resp.StatusCode)
		}
	}
}

// TestAnalysisStreamsLines: with analysis on, the engine's lines reach
// the state (and the event stream) on the person's move, and stop with it.
func TestAnalysisStreamsLines(t *testing.T) {
	srv, hs := newTestServer(t)
	st := newGame(t, hs, request{Variant: "international", Human: "both"})
	var on state
	if code := call(t, hs, "/api/analyse", request{ID: st.ID, On: true, MultiPV: 3}, &on); code != 200 || !on.Analysing || on.MultiPV != 3 {
		t.Fatalf("analysis on: status %d, analysing %t, multipv %d", code, on.Analysing, on.MultiPV)
	}
	got := waitState(t, srv, st.ID, func(s state) bool { return len(s.Lines) > 0 })
	if got.Lines[0].Depth != 1 || got.Lines[0].PV == "" || got.Thinking {
		t.Errorf("analysis line %+v (thinking %t: analysis is not the engine's move)", got.Lines[0], got.Thinking)
	}
	var off state
	call(t, hs, "/api/analyse", request{ID: st.ID, On: false}, &off)
	if off.Analysing || len(off.Lines) != 0 {
		t.Errorf("analysis off: analysing %t, %d lines", off.Analysing, len(off.Lines))
	}
}

// TestClocks: a person's clock that runs out loses the game; the engine
// playing on a clock is charged for its move.
func TestClocks(t *testing.T) {
	srv, hs := newTestServer(t)
	st := newGame(t, hs, request{Human: "both"})
	ss, _ := srv.session(st.ID)
	ss.start(setup{game: board.NewGame(board.Russian, board.Russian.Start()), human: [2]bool{true, true}, tc: timeControl{Name: "tiny", Base: 30 * time.Millisecond}})
	// The clocks start with the first move, not before it.
	time.Sleep(60 * time.Millisecond)
	if got := ss.snapshot(); got.Over || got.Clock == nil || got.Clock.White != 30 || got.Clock.Running != "" {
		t.Fatalf("before the first move: %q, clock %+v", got.Status, got.Clock)
	}
	if _, err := ss.move("c3-d4"); err != nil {
		t.Fatal(err)
	}
	got := waitState(t, srv, st.ID, func(s state) bool { return s.Over })
	if got.Status != "Black lost on time" || got.Clock == nil || got.Clock.Black != 0 || got.Clock.Running != "" {
		t.Errorf("after Black's flag fell: %q, clock %+v", got.Status, got.Clock)
	}
	var reply errorReply
	if code := call(t, hs, "/api/move", request{ID: st.ID, Move: "c3-d4"}, &reply); code != 400 || !strings.Contains(reply.Error, "over") {
		t.Errorf("a move after the flag: status %d, %q", code, reply.Error)
	}

	ss.start(setup{game: board.NewGame(board.Russian, board.Russian.Start()), human: [2]bool{false, true}, tc: timeControl{Name: "clock", Base: time.Minute, Inc: time.Second}})
	got = waitState(t, srv, st.ID, func(s state) bool { return len(s.History) == 1 })
	if got.Clock == nil || got.Clock.White <= 0 || got.Clock.White > 61000 || got.Clock.Running != "black" {
		t.Errorf("after the engine's first move: clock %+v", got.Clock)
	}
}

// TestAnalysisStopsWithoutAPage: analysis for a tab that was closed ends.
func TestAnalysisStopsWithoutAPage(t *testing.T) {
	srv, hs := newTestServer(t)
	srv.idleAnalysis = 10 * time.Millisecond
	st := newGame(t, hs, request{Human: "both"})
	ss, _ := srv.session(st.ID)
	ch := ss.subscribe()
	var on state
	call(t, hs, "/api/analyse", request{ID: st.ID, On: true, MultiPV: 1}, &on)
	waitState(t, srv, st.ID, func(s state) bool { return len(s.Lines) > 0 })
	ss.unsubscribe(ch)
	waitState(t, srv, st.ID, func(s state) bool { return !s.Analysing })
}

// TestRealEngineEveryVariant: the engine in the server plays the first
// move of every variant (Bashni's columns, Canadian's wide board,
// Turkish's full board included) and the page's state follows.
func TestRealEngineEveryVariant(t *testing.T) {
	srv := New(Config{Engine: engine.Options{HashMB: 1}, MaxSessions: 2})
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	for _, v := range board.Variants() {
		// Both sides for a person, then "Engine move": the engine takes
		// the side to move, whichever moves first in this variant.
		st := newGame(t, hs, request{Variant: v.Name, Human: "both", Time: "test"})
		var goReply state
		if code := call(t, hs, "/api/go", request{ID: st.ID}, &goReply); code != 200 {
			t.Fatalf("%s: engine move: status %d", v.Name, code)
		}
		got := waitState(t, srv, st.ID, func(s state) bool { return len(s.History) == 1 && !s.Thinking })
		if got.ToMove == st.ToMove || got.Human != got.ToMove || len(got.Moves) == 0 {
			t.Errorf("%s: after the engine's first move %v: %s to move, person plays %s, %d moves", v.Name, got.History, got.ToMove, got.Human, len(got.Moves))
		}
	}
}

// TestNewGameDuringAnalysis: a new game while the real engine analyses
// returns at once (engine.NewGame waits for the running search, which
// once waited for the session's lock: a deadlock).
func TestNewGameDuringAnalysis(t *testing.T) {
	srv := New(Config{Engine: engine.Options{HashMB: 1}})
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	st := newGame(t, hs, request{Variant: "russian", Human: "both"})
	var on state
	call(t, hs, "/api/analyse", request{ID: st.ID, On: true, MultiPV: 2}, &on)
	waitState(t, srv, st.ID, func(s state) bool { return len(s.Lines) > 0 })
	done := make(chan state, 1)
	go func() {
		var again state
		call(t, hs, "/api/new", request{ID: st.ID, Variant: "international", Human: "both"}, &again)
		done <- again
	}()
	select {
	case again := <-done:
		if again.Variant != "international" || !again.Analysing {
			t.Errorf("new game: %s, analysing %t", again.Variant, again.Analysing)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a new game during analysis did not return")
	}
	waitState(t, srv, st.ID, func(s state) bool { return len(s.Lines) > 0 && s.Variant == "international" })
}

func TestForeignHostAndFormPostRefused(t *testing.T) {
	srv := New(Config{LoopbackOnly: true, NewSearcher: func(engine.Options) engine.Searcher { return &quickSearcher{} }})
	h := srv.Handler()
	t.Cleanup(srv.Close)
	cases := []struct {
		method, host, ctype string
		status              int
	}{
		{"GET", "127.0.0.1:8080", "", 200},
		{"GET", "localhost:8080", "", 200},
		{"GET", "[::1]:8080", "", 200},
		{"GET", "evil.example:8080", "", 403},
		{"GET", "192.168.1.5:8080", "", 403},
		{"POST", "127.0.0.1:8080", "application/json", 200},
		{"POST", "127.0.0.1:8080", "text/plain", 415},
		{"POST", "127.0.0.1:8080", "application/x-www-form-urlencoded", 415},
	}
	for _, c := range cases {
		path := "/api/options"
		if c.method == "POST" {
			path = "/api/new"
		}
		r := httptest.NewRequest(c.method, "http://"+c.host+path, strings.NewReader(`{"variant":"russian"}`))
		if c.ctype != "" {
			r.Header.Set("Content-Type", c.ctype)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.status {
			t.Errorf("%s %s with Host %s, %s: status %d, want %d", c.method, path, c.host, c.ctype, w.Code, c.status)
		}
	}
}

// TestDrawOffer: the engine takes a draw when its latest score of the game
// says it is not better, and says its score when it declines.
func TestDrawOffer(t *testing.T) {
	srv, hs := newTestServer(t)
	for _, tc := range []struct {
		name   string
		scored bool
		score  int
		agreed bool
		want   string
	}{
		{"no move yet", false, 0, false, "not yet played"},
		{"equal", true, 0, true, ""},
		{"worse", true, -150, true, ""},
		{"at the bound", true, drawAccept, true, ""},
		{"better", true, 85, false, "+0.85"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newGame(t, hs, request{Variant: "russian", Human: "white", Time: "test"})
			ss, _ := srv.session(st.ID)
			ss.mu.Lock()
			ss.engScore, ss.engScored = tc.score, tc.scored
			ss.mu.Unlock()
			var reply struct {
				state
				Error string `json:"error"`
			}
			call(t, hs, "/api/draw", request{ID: st.ID}, &reply)
			if got := ss.snapshot(); got.Over != tc.agreed || tc.agreed && got.Status != "draw: agreed" || !strings.Contains(reply.Error, tc.want) {
				t.Errorf("over %t (%q), error %q; want over %t, error with %q", got.Over, got.Status, reply.Error, tc.agreed, tc.want)
			}
		})
	}
}
