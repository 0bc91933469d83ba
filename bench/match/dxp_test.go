package match

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/bench/openings"
	"damka/bench/weak"
	"damka/board"
	"damka/format/pdn"
	"damka/protocol/dxp"
)

// dxpFollower is an in-process DXP follower on loopback playing random
// moves; it records the results it sees.
type dxpFollower struct {
	addr    string
	mu      sync.Mutex
	results []dxp.GameResult
}

func startFollower(t *testing.T, name string) *dxpFollower {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &dxpFollower{addr: ln.Addr().String()}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- dxp.Serve(ctx, ln, dxp.Config{
			Name: name, Searcher: weak.NewRandomSearcher(5), ReadTimeout: 20 * time.Second,
			OnResult: func(r dxp.GameResult) {
				f.mu.Lock()
				f.results = append(f.results, r)
				f.mu.Unlock()
			},
		})
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("Serve did not return")
		}
	})
	return f
}

func (f *dxpFollower) got() []dxp.GameResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]dxp.GameResult(nil), f.results...)
}

func dxpSpec(name, addr string) EngineSpec { return EngineSpec{Name: name, DXP: true, Addr: addr} }

func TestMatchDXP(t *testing.T) {
	v := board.International
	f := startFollower(t, "RandomDXP")
	// FEN openings (GAMEREQ form B): the positions of a small suite.
	var ops []openings.Opening
	for _, o := range openingSuite(t, v, 2) {
		ops = append(ops, openings.Opening{Start: o.Position(), Text: v.FEN(new(o.Position()))})
	}
	pdnPath := filepath.Join(t.TempDir(), "dxp.pdn")
	// The DXP engine is listed first: it plays White in games 1 and 3.
	cfg := Config{
		Variant: v,
		Engines: []EngineSpec{dxpSpec("Dexter", f.addr), fakeSpec("Hubby", "-seed", "3")},
		Games:   4, TC: TimeControl{Base: 6 * time.Second}, Openings: ops,
		MaxPlies: 160, PDN: pdnPath, Timeouts: Timeouts{Hang: 20 * time.Second},
	}
	var prog, logBuf syncBuffer
	cfg.Progress, cfg.Log = &prog, &logBuf
	sum, games := runCollect(t, context.Background(), cfg)
	if sum.Played != 4 || sum.Total != 4 {
		t.Fatalf("played %d of %d\nlog:\n%s", sum.Played, sum.Total, logBuf.String())
	}
	for i, st := range sum.Standings {
		if n := st.W + st.D + st.L; n != 4 {
			t.Errorf("%s: W-D-L %d-%d-%d counts %d games, want 4", sum.Engines[i], st.W, st.D, st.L, n)
		}
		if st.Failures != 0 {
			t.Errorf("%s: %d failures\nlog:\n%s", sum.Engines[i], st.Failures, logBuf.String())
		}
	}
	if !strings.Contains(prog.String(), "4/4") {
		t.Errorf("progress line does not show 4/4 games: %q", prog.String())
	}
	// The follower saw the same games, with the DXP engine on the colour
	// the schedule gave it.
	fr := f.got()
	if len(fr) != 4 {
		t.Fatalf("follower saw %d games", len(fr))
	}
	for i, g := range games {
		if g == nil {
			t.Fatalf("game %d missing", i+1)
		}
		wantWhite := 0
		if i%2 == 1 {
			wantWhite = 1
		}
		if g.White != wantWhite || g.Black != 1-wantWhite || g.Opening != i/2 {
			t.Errorf("game %d: white %d black %d opening %d", i+1, g.White, g.Black, g.Opening)
		}
		r := fr[i]
		t.Logf("game %d: %s-%s %v after %d plies: %s", i+1, cfg.Engines[g.White].Name, cfg.Engines[g.Black].Name, g.Result, len(g.Moves), g.Reason)
		dxpWhite := g.White == 0
		if (r.Color == dxp.White) != dxpWhite || r.Peer != "Hubby" || r.Plies() != len(g.Moves) {
			t.Errorf("game %d: follower played %s against %q with %d plies; runner has DXP white=%v, %d plies",
				i+1, r.Color, r.Peer, r.Plies(), dxpWhite, len(g.Moves))
		}
		dxpScore := g.Result
		if !dxpWhite {
			dxpScore = 1 - g.Result
		}
		want := map[dxp.Outcome]float64{dxp.Win: 1, dxp.Draw: 0.5, dxp.Loss: 0}[r.Outcome]
		if r.Outcome == dxp.NoResult || want != dxpScore {
			t.Errorf("game %d: follower says %s (%s), runner scores the DXP engine %v (%s)", i+1, r.Outcome, r.Reason, dxpScore, g.Reason)
		}
		if r.StartFEN != v.FEN(&ops[i/2].Start) {
			t.Errorf("game %d: follower started from %s, opening is %s", i+1, r.StartFEN, v.FEN(&ops[i/2].Start))
		}
	}
	// The PDN reads back with the right names, moves and results.
	data, err := os.ReadFile(pdnPath)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := pdn.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("pdn.Read: %v", err)
	}
	if len(pg) != 4 {
		t.Fatalf("%d games in the PDN", len(pg))
	}
	for _, p := range pg {
		tags := map[string]string{}
		for _, tg := range p.Tags {
			tags[tg.Name] = tg.Value
		}
		var round int
		fmt.Sscan(tags["Round"], &round)
		if round < 1 || round > 4 {
			t.Fatalf("Round %q", tags["Round"])
		}
		g := games[round-1]
		w, _ := pdn.ResultScore(p.Result)
		if tags["White"] != cfg.Engines[g.White].Name || tags["Black"] != cfg.Engines[g.Black].Name ||
			p.Start() != g.Start || !movesEqual(p.Moves(), g.Moves) || w != g.Result ||
			tags["TimeControl"] != "6+0" || tags["Termination"] != g.Reason {
			t.Errorf("game %d does not read back: %+v", round, tags)
		}
	}
}

// A Hub engine that crashes loses the game; the runner hangs up on the DXP
// engine, reconnects for the next game, and the match goes on.
func TestMatchDXPHubFailure(t *testing.T) {
	f := startFollower(t, "RandomDXP")
	var logBuf syncBuffer
	cfg := Config{
		Variant: board.International,
		Engines: []EngineSpec{fakeSpec("Crashy", "-mode", "crash", "-after", "3"), dxpSpec("Dexter", f.addr)},
		Games:   2, TC: TimeControl{Base: 6 * time.Second}, MaxPlies: 100, Log: &logBuf,
		Timeouts: Timeouts{Hang: 20 * time.Second},
	}
	sum, games := runCollect(t, context.Background(), cfg)
	if sum.Played != 2 {
		t.Fatalf("played %d\nlog:\n%s", sum.Played, logBuf.String())
	}
	st := sum.Standings[0]
	if st.Failures != 2 || st.L != 2 || sum.Standings[1].W != 2 {
		t.Errorf("Crashy: %+v, Dexter: %+v\nlog:\n%s", st, sum.Standings[1], logBuf.String())
	}
	for i, g := range games {
		t.Logf("game %d: %v after %d plies: %s", i+1, g.Result, len(g.Moves), g.Reason)
		if g.Failure == nil || g.Failure.Engine != "Crashy" || g.Failure.Kind != Crashed {
			t.Errorf("game %d: failure %v (%s)", i+1, g.Failure, g.Reason)
		}
	}
	if sum.Standings[1].Restarts != 1 {
		t.Errorf("DXP engine reconnected %d times, want 1", sum.Standings[1].Restarts)
	}
}

func TestMatchDXPUsage(t *testing.T) {
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := free.Addr().String()
	free.Close()
	base := func() Config {
		return Config{
			Variant: board.International,
			Engines: []EngineSpec{fakeSpec("A"), dxpSpec("D", closed)},
			Games:   2, TC: TimeControl{Base: 6 * time.Second},
		}
	}
	fen, _ := board.International.ParseFEN("W:W31-50:B1-20")
	moveLine := openingSuite(t, board.International, 1)
	for _, c := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"russian", func(c *Config) { c.Variant = board.Russian }, "only variant international"},
		{"canadian", func(c *Config) { c.Variant = board.Canadian }, "only variant international (DXP carries no other rules), not canadian"},
		{"two dxp", func(c *Config) { c.Engines[0] = dxpSpec("D2", closed) }, "at most one DXP engine"},
		{"three engines", func(c *Config) { c.Engines = append(c.Engines, fakeSpec("B")) }, "two-engine match"},
		{"increment", func(c *Config) { c.TC.Inc = time.Second }, "sudden-death"},
		{"depth", func(c *Config) { c.TC = TimeControl{Depth: 3} }, "sudden-death"},
		{"concurrency", func(c *Config) { c.Concurrency = 2 }, "concurrency must be 1"},
		{"move line", func(c *Config) { c.Openings = moveLine }, "FEN start positions only"},
		{"adjudicate", func(c *Config) { c.Adjudicate = Adjudication{WinScore: 3, Plies: 4} }, "score adjudication"},
		{"tiny clock", func(c *Config) { c.TC.Base = 100 * time.Millisecond }, "GAMEREQ"},
		{"unreachable", func(c *Config) { c.Openings = []openings.Opening{{Start: fen}} }, "failed to start"},
	} {
		cfg := base()
		c.edit(&cfg)
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// A DXP engine that hangs up loses the game; the runner reconnects for the
// next one.
func TestMatchDXPPeerHangsUp(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	var logBuf syncBuffer
	cfg := Config{
		Variant: board.International,
		Engines: []EngineSpec{fakeSpec("Hubby"), dxpSpec("Gone", ln.Addr().String())},
		Games:   2, TC: TimeControl{Base: 6 * time.Second}, Log: &logBuf,
		Timeouts: Timeouts{Hang: 5 * time.Second},
	}
	sum, games := runCollect(t, context.Background(), cfg)
	if sum.Played != 2 || sum.Standings[1].Failures != 2 || sum.Standings[1].L != 2 || sum.Standings[1].Restarts != 1 {
		t.Fatalf("played %d, Gone %+v\nlog:\n%s", sum.Played, sum.Standings[1], logBuf.String())
	}
	for i, g := range games {
		if g.Failure == nil || g.Failure.Engine != "Gone" || g.Failure.Kind != Crashed {
			t.Errorf("game %d: failure %v (%s)", i+1, g.Failure, g.Reason)
		}
	}
	if !strings.Contains(logBuf.String(), "Gone crash") {
		t.Errorf("log does not report the failure:\n%s", logBuf.String())
	}
}
