package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/bench/openings"
	"damka/bench/stats"
	"damka/bench/weak"
	"damka/board"
	"damka/format/hubtext"
	"damka/format/pdn"
)

// fake is the path of the test engine built by TestMain.
var fake string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "damka-match-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fake = filepath.Join(dir, "fakeengine")
	cmd := exec.Command("go", "build", "-o", fake, "./testdata/fakeengine")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the fake engine: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeSpec is a fake engine with the given name and arguments.
func fakeSpec(name string, args ...string) EngineSpec {
	return EngineSpec{Name: name, Cmd: append([]string{fake, "hub"}, args...)}
}

// syncBuffer is a log that the runner and the test may use at once.
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

// openingSuite is a small balanced suite for the tests.
func openingSuite(t *testing.T, v *board.Variant, n int) []openings.Opening {
	t.Helper()
	sc, err := openings.GenerateOpenings(v, openings.GenerateSpec{Plies: 2, Count: n}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]openings.Opening, len(sc))
	for i := range sc {
		out[i] = sc[i].Opening
	}
	return out
}

// runCollect runs a match and returns its games in game-number order.
func runCollect(t *testing.T, ctx context.Context, cfg Config) (*Summary, []*Record) {
	t.Helper()
	var mu sync.Mutex
	var games []*Record
	prev := cfg.OnGame
	cfg.OnGame = func(g *Record) {
		mu.Lock()
		games = append(games, g)
		mu.Unlock()
		if prev != nil {
			prev(g)
		}
	}
	sum, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	byIndex := make([]*Record, sum.Total)
	for _, g := range games {
		if byIndex[g.Index] != nil {
			t.Fatalf("game %d played twice", g.Index+1)
		}
		byIndex[g.Index] = g
	}
	return sum, byIndex
}

func TestMatchReproducibleAndPDN(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian, board.Canadian} {
		t.Run(v.Name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := Config{
				Variant: v,
				Engines: []EngineSpec{fakeSpec("Alpha", "-seed", "11"), fakeSpec("Beta", "-seed", "22")},
				Games:   8, TC: TimeControl{Depth: 2}, Openings: openingSuite(t, v, 4),
				MaxPlies: 300, PDN: filepath.Join(dir, "a.pdn"),
			}
			_, a := runCollect(t, context.Background(), cfg)
			cfg.PDN, cfg.Concurrency = filepath.Join(dir, "b.pdn"), 3
			sum, b := runCollect(t, context.Background(), cfg)
			if sum.Played != 8 {
				t.Fatalf("played %d", sum.Played)
			}
			for i := range a {
				if a[i] == nil || b[i] == nil {
					t.Fatalf("game %d missing", i+1)
				}
				if !movesEqual(a[i].Moves, b[i].Moves) || a[i].Result != b[i].Result || a[i].Reason != b[i].Reason {
					t.Errorf("game %d differs between runs: %s / %s", i+1, a[i].Reason, b[i].Reason)
				}
			}
			// Colours are swapped inside each pair, on the same opening.
			for i := 0; i < 8; i += 2 {
				if a[i].White != a[i+1].Black || a[i].Opening != a[i+1].Opening {
					t.Errorf("pair %d: colours or opening not swapped", i/2)
				}
			}
			// The PDN reads back through pdn.Read with the same games.
			data, err := os.ReadFile(filepath.Join(dir, "b.pdn"))
			if err != nil {
				t.Fatal(err)
			}
			games, err := pdn.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("pdn.Read: %v", err)
			}
			if len(games) != 8 {
				t.Fatalf("%d games in the PDN", len(games))
			}
			for _, pg := range games {
				tags := map[string]string{}
				for _, tg := range pg.Tags {
					tags[tg.Name] = tg.Value
				}
				var idx int
				fmt.Sscan(tags["Round"], &idx)
				g := b[idx-1]
				w, _ := pdn.ResultScore(pg.Result)
				if pg.Variant() != v || !movesEqual(pg.Moves(), g.Moves) || w != g.Result ||
					tags["White"] != cfg.Engines[g.White].Name || tags["Black"] != cfg.Engines[g.Black].Name ||
					tags["GameType"] != fmt.Sprint(pdn.GameType(v)) || tags["TimeControl"] != "depth=2" ||
					tags["Event"] != "damka match" || tags["Termination"] != g.Reason {
					t.Errorf("game %d does not read back: %+v", idx, tags)
				}
			}
		})
	}
}

func TestMatchFENOpeningsInPDN(t *testing.T) {
	v := board.International
	op, err := openings.ParseOpening(v, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45:B6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fen.pdn")
	cfg := Config{Variant: v, Engines: []EngineSpec{fakeSpec("A", "-seed", "1"), fakeSpec("B", "-seed", "2")},
		Games: 2, TC: TimeControl{Depth: 1}, Openings: []openings.Opening{op}, PDN: path}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	games, err := pdn.Read(bytes.NewReader(data))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[0].Start() != op.Start || !strings.Contains(string(data), "[FEN \"") {
		t.Error("the FEN opening is not in the PDN")
	}
}

// Each way an engine can fail loses its games, and only those of the
// failing engine. The good engine's replies must never be late or hung,
// even on a machine at a load of 10: it answers in about 50 ms at most,
// and every limit it could break (hang timeout, clock plus margin) is at
// least 1.5 s, which a bad engine that ignores it still reaches.
func TestMatchFailures(t *testing.T) {
	v := board.International
	for _, c := range []struct {
		args   []string
		kind   FailKind
		tc     TimeControl
		margin time.Duration // time margin; 500 ms if 0
	}{
		{[]string{"-mode", "crash", "-after", "3"}, Crashed, TimeControl{Depth: 1}, 0},
		{[]string{"-mode", "hang", "-after", "3"}, Hung, TimeControl{Depth: 1}, 0},
		{[]string{"-mode", "illegal", "-after", "3"}, Illegal, TimeControl{Depth: 1}, 0},
		{[]string{"-mode", "nomove", "-after", "3"}, Illegal, TimeControl{Depth: 1}, 0},
		{[]string{"-mode", "garbage", "-after", "3"}, Garbage, TimeControl{Depth: 1}, 0},
		// The slow engine's fourth reply takes 30 s against a clock of
		// 1 s + 0.5 s margin, of which the good one uses a few hundredths.
		{[]string{"-mode", "slow", "-after", "3", "-think", "30"}, TimeLoss, TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}, 0},
		// The hung engine never answers; the good one's 50 ms moves have
		// 1.5 s of margin.
		{[]string{"-mode", "hang", "-after", "3"}, TimeLoss, TimeControl{MoveTime: 50 * time.Millisecond}, 1500 * time.Millisecond},
		// The stuck engine does not answer the status signal either: its
		// SIGQUIT dump says where it stands.
		{[]string{"-mode", "stuck", "-after", "3"}, TimeLoss, TimeControl{MoveTime: 50 * time.Millisecond}, 1500 * time.Millisecond},
	} {
		t.Run(c.args[1]+"-"+c.kind.String(), func(t *testing.T) {
			log := &syncBuffer{}
			margin := c.margin
			if margin == 0 {
				margin = 500 * time.Millisecond
			}
			cfg := Config{
				Variant: v,
				Engines: []EngineSpec{fakeSpec("Good", "-seed", "5"), fakeSpec("Bad", append([]string{"-seed", "6"}, c.args...)...)},
				Games:   4, TC: c.tc, TimeMargin: margin, Openings: openingSuite(t, v, 2),
				Timeouts: Timeouts{Hang: 1500 * time.Millisecond}, Log: log, Concurrency: 2,
			}
			sum, games := runCollect(t, context.Background(), cfg)
			if sum.Played != 4 {
				t.Fatalf("the match stopped after %d games", sum.Played)
			}
			for _, g := range games {
				if g.Failure == nil {
					t.Errorf("game %d: no failure (%s)", g.Index+1, g.Reason)
					continue
				}
				bad := g.Black
				badScore := 1 - g.Result
				if g.White == 1 {
					bad, badScore = g.White, g.Result
				}
				if g.Failure.Kind != c.kind || g.Failure.Engine != "Bad" || badScore != 0 || bad != 1 || g.failedEngine() != 1 {
					t.Errorf("game %d: %s (%v), Bad scored %v", g.Index+1, g.Reason, g.Failure.Kind, badScore)
				}
			}
			st := sum.Standings[1]
			if st.L != 4 || st.Failures != 4 || st.Restarts < 2 {
				t.Errorf("Bad: %+v", st)
			}
			out := log.String()
			if !strings.Contains(out, "Bad "+c.kind.String()) || !strings.Contains(out, "last lines of the conversation") ||
				!strings.Contains(out, "> go think") {
				t.Errorf("log lacks the failure report:\n%s", out)
			}
			// A time loss asks the engine for its status (unix) and
			// counts its unread input (Linux).
			stuck := c.args[1] == "stuck"
			if c.kind == TimeLoss && runtime.GOOS == "linux" &&
				(!stuck && !strings.Contains(out, "<stderr fakeengine: status: last read") || !strings.Contains(out, "bytes of its input not read by the engine yet")) {
				t.Errorf("time-loss report lacks the status line or the input count:\n%s", out)
			}
			// An engine that does not answer the status signal is asked
			// for its stack dump (unix).
			if stuck && runtime.GOOS == "linux" &&
				(!strings.Contains(out, "no status line within") || !strings.Contains(out, dumpMark) || !strings.Contains(out, "main.stuck")) {
				t.Errorf("stuck engine's report lacks its stack dump:\n%s", out)
			}
			if i := strings.Index(out, dumpMark); stuck && i >= 0 {
				t.Logf("%s", strings.SplitN(out[i:], "\n", 2)[0])
			}
		})
	}
}

// A reply later than the move time but within the margin, as a book or
// table opened on the first move gives on a loaded machine (0.15 s against
// 0.05 s at a load of 3), is not forfeited with the default margin: it is
// counted and reported. Beyond the margin, TestMatchFailures forfeits.
func TestMatchLateWithinMargin(t *testing.T) {
	v := board.International
	log := &syncBuffer{}
	cfg := Config{
		Variant: v,
		// Late answers every move 0.2 s (plus most of its move time).
		Engines: []EngineSpec{fakeSpec("Good", "-seed", "5"), fakeSpec("Late", "-seed", "6", "-mode", "slow", "-after", "0", "-think", "0.2")},
		Games:   2, TC: TimeControl{MoveTime: 50 * time.Millisecond}, TimeMargin: DefaultTimeMargin,
		Openings: openingSuite(t, v, 1), MaxPlies: 12, Log: log, Concurrency: 2,
	}
	sum, games := runCollect(t, context.Background(), cfg)
	for _, g := range games {
		if g.Failure != nil {
			t.Errorf("game %d: %s", g.Index+1, g.Reason)
		}
	}
	late := sum.Standings[1]
	// 12 plies from a 2-ply opening: 5 moves of each engine per game.
	if late.Late != 10 || late.MaxLate < 150*time.Millisecond || late.MaxLate >= DefaultTimeMargin {
		t.Errorf("Late: %d late moves, the latest %v over; want 10, by 0.15-1 s", late.Late, late.MaxLate)
	}
	var out bytes.Buffer
	sum.WriteTo(&out)
	if !strings.Contains(out.String(), "Late: 10 moves over the clock within the time margin, the latest by 0.") {
		t.Errorf("summary does not report the late moves:\n%s", out.String())
	}
}

func TestMatchStartFailure(t *testing.T) {
	cfg := Config{Variant: board.International, Games: 2, TC: TimeControl{Depth: 1},
		Engines: []EngineSpec{fakeSpec("A"), {Name: "Missing", Cmd: []string{filepath.Join(t.TempDir(), "nothing")}}}}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "Missing") {
		t.Errorf("missing engine: %v", err)
	}
	// An engine that does not know the variant is refused at the handshake.
	cfg = Config{Variant: board.International, Games: 2, TC: TimeControl{Depth: 1},
		Engines: []EngineSpec{fakeSpec("A"), {Name: "Cat", Cmd: []string{"cat"}}}, Timeouts: Timeouts{Init: 200 * time.Millisecond}}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "failed to start") {
		t.Errorf("cat as an engine: %v", err)
	}
}

func TestMatchResume(t *testing.T) {
	v := board.Russian
	dir := t.TempDir()
	base := Config{
		Variant: v, Engines: []EngineSpec{fakeSpec("A", "-seed", "3"), fakeSpec("B", "-seed", "4"), fakeSpec("C", "-seed", "5")},
		Games: 4, TC: TimeControl{Depth: 1}, Openings: openingSuite(t, v, 3), MaxPlies: 200, Concurrency: 2,
	}
	full := base
	full.PDN = filepath.Join(dir, "full.pdn")
	fullSum, fullGames := runCollect(t, context.Background(), full)

	// Interrupt after 5 games, then resume.
	part := base
	part.PDN = filepath.Join(dir, "part.pdn")
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	part.OnGame = func(*Record) {
		if n++; n == 5 {
			cancel()
		}
	}
	sum, err := Run(ctx, part)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played < 5 || sum.Played >= sum.Total || sum.Stopped != "interrupted" {
		t.Fatalf("interrupted match: %d of %d played, stopped %q", sum.Played, sum.Total, sum.Stopped)
	}
	if _, err := Run(context.Background(), part); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("rerun without resume: %v", err)
	}
	part.OnGame = nil
	part.Resume = true
	log := &syncBuffer{}
	part.Log = log
	sum2, resumed := runCollect(t, context.Background(), part)
	if sum2.Played != sum2.Total || !strings.Contains(log.String(), "resume:") {
		t.Fatalf("resumed match: %d of %d", sum2.Played, sum2.Total)
	}
	for i, g := range resumed {
		if g != nil && i < len(fullGames) && !movesEqual(g.Moves, fullGames[i].Moves) {
			t.Errorf("game %d differs from the uninterrupted match", i+1)
		}
	}
	if !summariesEqual(fullSum, sum2) {
		t.Errorf("statistics differ:\n%+v\n%+v", fullSum.Standings, sum2.Standings)
	}
	// The resumed games' clock use is read back from their comments, and
	// match stats sums up the uninterrupted match's file as the runner did.
	data, _ := os.ReadFile(full.PDN)
	fullRead, err := pdn.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	fromPDN, err := SummarizePDN([]PDNFile{{Name: full.PDN, Games: fullRead}})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range fullSum.Standings {
		c := st.Clock
		for _, other := range []*Summary{sum2, fromPDN} {
			o := other.Standings[slices.Index(other.Engines, st.Name)].Clock
			if o.Games != c.Games || o.Moves != c.Moves || o.DepthMoves != c.DepthMoves || c.Moves == 0 {
				t.Errorf("engine %d's clock use: %+v, uninterrupted %+v", i, o, c)
			}
		}
	}
	for _, ps := range fullSum.Pairings {
		if !slices.ContainsFunc(fromPDN.Pairings, func(q PairStats) bool {
			a, b := fromPDN.Engines[q.A], fromPDN.Engines[q.B]
			if a == fullSum.Engines[ps.B] && b == fullSum.Engines[ps.A] {
				// The other engine's view: the file's order of play decides.
				a, b = b, a
				q.WDL.W, q.WDL.L = q.WDL.L, q.WDL.W
				slices.Reverse(q.Penta[:])
			}
			return a == fullSum.Engines[ps.A] && b == fullSum.Engines[ps.B] && q.WDL == ps.WDL && q.Penta == ps.Penta
		}) {
			t.Errorf("pairing %+v not in match stats' %+v", ps, fromPDN.Pairings)
		}
	}
	data, _ = os.ReadFile(part.PDN)
	games, err := pdn.Read(bytes.NewReader(data))
	if err != nil || len(games) != base.Games*3 {
		t.Fatalf("resumed file: %d games, %v", len(games), err)
	}

	// A file from another match is refused.
	other := part
	other.Engines = []EngineSpec{fakeSpec("X"), fakeSpec("B"), fakeSpec("C")}
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "this match plays") {
		t.Errorf("foreign file: %v", err)
	}
	other = part
	other.Openings = openingSuite(t, v, 5)[3:]
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "opening") {
		t.Errorf("other openings: %v", err)
	}
}

func summariesEqual(a, b *Summary) bool {
	if a.Played != b.Played || len(a.Pairings) != len(b.Pairings) {
		return false
	}
	for i := range a.Pairings {
		if a.Pairings[i].WDL != b.Pairings[i].WDL || a.Pairings[i].Penta != b.Pairings[i].Penta {
			return false
		}
	}
	for i := range a.Standings {
		x, y := a.Standings[i], b.Standings[i]
		if x.W != y.W || x.D != y.D || x.L != y.L {
			return false
		}
	}
	return true
}

// TestStatsAgree checks that the runner's figures are bench/stats' on a
// known result: 8 game pairs with pair scores 2,2,1.5,1.5,1,1,0.5,0.
func TestStatsAgree(t *testing.T) {
	sched := newSchedule(2, 16, 1)
	sprt := &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tl := newTally(sched, []string{"A", "B"}, sprt)
	// First engine's score in game 2q (it has White) and 2q+1 (Black).
	pairs := [][2]float64{{1, 1}, {1, 1}, {1, 0.5}, {0.5, 1}, {1, 0}, {0.5, 0.5}, {0, 0.5}, {0, 0}}
	for q, p := range pairs {
		tl.add(2*q, p[0])     // White = A
		tl.add(2*q+1, 1-p[1]) // White = B
	}
	wantWDL := stats.WDL{W: 7, D: 5, L: 4}
	wantPenta := stats.Penta{1, 1, 2, 2, 2}
	ps := tl.pairs[0]
	if ps.WDL != wantWDL || ps.Penta != wantPenta {
		t.Fatalf("WDL %+v penta %v", ps.WDL, ps.Penta)
	}
	// 8 pairs are fewer than stats.MinPairs: no decision yet.
	if tl.llr != sprt.LLRPenta(wantPenta) || tl.decision != stats.Continue {
		t.Errorf("LLR %v, stats %v", tl.llr, sprt.LLRPenta(wantPenta))
	}
	s := &Summary{Variant: "international", TC: "depth=1", Engines: []string{"A", "B"}, Played: 16, Total: 32,
		Pairings: tl.pairs, Standings: tl.eng, SPRT: sprt, LLR: tl.llr, Decision: tl.decision}
	var buf bytes.Buffer
	s.WriteTo(&buf)
	out := buf.String()
	elo, m := wantWDL.Elo()
	pe, pm := wantPenta.Elo()
	lo, hi := sprt.Bounds()
	for _, want := range []string{
		"W-D-L 7-5-4", "score 9.5/16 (59.38%)",
		fmt.Sprintf("Elo %.1f +/- %.1f (95%%)", elo, m),
		fmt.Sprintf("LOS %.2f%%", 100*wantWDL.LOS()),
		fmt.Sprintf("draw ratio %.2f%%", 100*wantWDL.DrawRatio()),
		"pentanomial [0, 0.5, 1, 1.5, 2] = [1 1 2 2 2] (8 pairs)",
		fmt.Sprintf("Elo %.1f +/- %.1f\n", pe, pm),
		fmt.Sprintf("LLR %.3f [%.3f, %.3f]", sprt.LLRPenta(wantPenta), lo, hi),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	// A worked example: 7-5-4 is a score of 0.59375, i.e. -400*log10(1/0.59375-1) = +65.9 Elo.
	if got := fmt.Sprintf("%.1f", elo); got != "65.9" {
		t.Errorf("Elo of 7-5-4 = %s", got)
	}
}

// TestMatchSPRT stops a match at the first SPRT decision. The weak side
// crashes after 20 moves, so the strong side wins most games; random
// English games now and then end before that, which keeps the variance
// above zero (with none, the LLR is 0 and no decision ever comes).
func TestMatchSPRT(t *testing.T) {
	v := board.English
	sp := &stats.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1}
	suite, err := openings.GenerateOpenings(v, openings.GenerateSpec{Plies: 3, Count: 40}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ops []openings.Opening
	for _, o := range suite {
		ops = append(ops, o.Opening)
	}
	cfg := Config{
		Variant: v, Engines: []EngineSpec{fakeSpec("Strong", "-seed", "1"), fakeSpec("Weak", "-seed", "2", "-mode", "crash", "-after", "20")},
		Games: 400, TC: TimeControl{Depth: 1}, Openings: ops, SPRT: sp,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sum.Stopped, "SPRT") || sum.Played >= sum.Total || sum.Decision != stats.AcceptH1 || sum.Played < 2*stats.MinPairs {
		t.Fatalf("stopped %q after %d games, decision %v, llr %.3f", sum.Stopped, sum.Played, sum.Decision, sum.LLR)
	}
	if sum.LLR != sp.LLRPenta(sum.Pairings[0].Penta) {
		t.Errorf("LLR %v differs from stats %v", sum.LLR, sp.LLRPenta(sum.Pairings[0].Penta))
	}
	t.Logf("SPRT stopped after %d games: %v, LLR %.3f", sum.Played, sum.Pairings[0].Penta, sum.LLR)
}

func TestMatchScoreAdjudication(t *testing.T) {
	v := board.International
	cfg := Config{
		Variant: v, Engines: []EngineSpec{fakeSpec("A", "-seed", "8"), fakeSpec("B", "-seed", "9")},
		Games: 6, TC: TimeControl{Depth: 1}, Openings: openingSuite(t, v, 3),
		Adjudicate: Adjudication{WinScore: 3, Plies: 4},
	}
	_, games := runCollect(t, context.Background(), cfg)
	adjudicated := 0
	for _, g := range games {
		if !strings.HasPrefix(g.Reason, "adjudication: scores") {
			continue
		}
		adjudicated++
		// The fake's score is material: the winner must be ahead.
		p := g.Start
		for _, m := range g.Moves {
			p = p.Play(m)
		}
		bal := p.PieceCount(board.White) + 2*p.KingCount(board.White) -
			p.PieceCount(board.Black) - 2*p.KingCount(board.Black)
		if (g.Result == 1) != (bal >= 3) || g.Result == 0.5 {
			t.Errorf("game %d adjudicated %v with balance %d", g.Index+1, g.Result, bal)
		}
	}
	if adjudicated == 0 {
		t.Error("no game was adjudicated by score")
	}
}

// TestHubSearcherOpenings scores an opening suite through a Hub engine:
// the fake engine's score is the material balance, so the suite must be
// the one an in-process material searcher gives.
func TestHubSearcherOpenings(t *testing.T) {
	v := board.International
	e, err := StartHub(fakeSpec("Fake", "-seed", "3"), hubtext.VariantName(v), Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	hs := NewHubSearcher(e)
	spec := openings.GenerateSpec{Plies: 3, Depth: 2, Margin: 50}
	got, err := openings.GenerateOpenings(v, spec, hs)
	if err != nil || hs.Err() != nil {
		t.Fatal(err, hs.Err())
	}
	want, _ := openings.GenerateOpenings(v, spec, weak.MaterialScored(weak.NewRandomSearcher(1)))
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("%d openings through Hub, %d in process", len(got), len(want))
	}
	for i := range got {
		if got[i].Text != want[i].Text || got[i].Score != want[i].Score {
			t.Fatalf("opening %d: %q %d vs %q %d", i, got[i].Text, got[i].Score, want[i].Text, want[i].Score)
		}
	}
	// A failing engine turns into an error, not a silent gap.
	e.Kill()
	if _, err := openings.GenerateOpenings(v, spec, NewHubSearcher(e)); err == nil {
		t.Error("no error from a dead engine")
	}
}

// TestMatchStavropol plays Stavropol games through the runner and Hub
// engines. From W:We3:Bc5,d4 White's only move is the compulsory d4:f2,
// Black's man taking White's last piece: Black has won, though it never
// moved. From the start, every game must replay legally and end as the
// rules say.
func TestMatchStavropol(t *testing.T) {
	v := board.Stavropol
	op, err := openings.ParseOpening(v, "W:We3:Bc5,d4")
	if err != nil {
		t.Fatal(err)
	}
	engines := []EngineSpec{fakeSpec("A", "-seed", "1"), fakeSpec("B", "-seed", "2")}
	_, games := runCollect(t, context.Background(), Config{Variant: v, Engines: engines,
		Games: 2, TC: TimeControl{Depth: 1}, Openings: []openings.Opening{op}})
	for _, g := range games {
		if g.Result != 0 || g.Reason != "white has no pieces" || len(g.Moves) != 1 {
			t.Errorf("game %d: result %v (%s) after %d moves, want 0 (white has no pieces) after 1", g.Index+1, g.Result, g.Reason, len(g.Moves))
		}
	}
	_, games = runCollect(t, context.Background(), Config{Variant: v, Engines: engines,
		Games: 2, TC: TimeControl{Depth: 2}, Openings: openingSuite(t, v, 1), MaxPlies: 300})
	for _, g := range games {
		// GameOf checks every move against the legal ones.
		if _, err := board.GameOf(v, g.Start, g.Moves); err != nil {
			t.Fatalf("game %d: %v", g.Index+1, err)
		}
		p := g.Start
		for _, m := range g.Moves {
			p = p.Play(m)
		}
		checkResult(t, v, &p, g, "")
		t.Logf("game %d: %d plies, %v (%s)", g.Index+1, len(g.Moves), g.Result, g.Reason)
	}
}

// TestMatchCanadian plays Canadian games through the runner and Hub
// engines. Canadian positions keep the edge rows (squares 1-6 and 66-72)
// outside Pieces and Kings (board/wide.go), so the openings put
// pieces there: from W:WK1:B14 White's king on square 1 must take Black's
// last man, and Black has lost; W:WK67,K72:BK1,K6 has every piece there
// (nothing in Pieces at all). Every game must replay legally, read back
// from the PDN with its start and end as the rules say.
func TestMatchCanadian(t *testing.T) {
	v := board.Canadian
	engines := []EngineSpec{fakeSpec("A", "-seed", "1"), fakeSpec("B", "-seed", "2")}
	op := func(line string) openings.Opening {
		o, err := openings.ParseOpening(v, line)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	for _, c := range []struct {
		name     string
		openings []openings.Opening
		maxPlies int
		check    func(g *Record) string // "" when the game is as expected
	}{
		{"edge king takes the last man", []openings.Opening{op("W:WK1:B14")}, 0, func(g *Record) string {
			if g.Result != 1 || g.Reason != "black has no move" || len(g.Moves) != 1 {
				return "want 1 (black has no move) after 1 move"
			}
			return ""
		}},
		{"edge kings", []openings.Opening{op("W:WK67,K72:BK1,K6")}, 200, func(g *Record) string {
			if len(g.Moves) > 0 && g.Result == 0.5 && !strings.Contains(g.Reason, "king moves") &&
				!strings.Contains(g.Reason, "repetition") && !strings.Contains(g.Reason, "maximum game length") {
				return "a draw for no rule"
			}
			return ""
		}},
		{"start", openingSuite(t, v, 1), 300, nil},
	} {
		path := filepath.Join(t.TempDir(), "canadian.pdn")
		_, games := runCollect(t, context.Background(), Config{Variant: v, Engines: engines,
			Games: 2, TC: TimeControl{Depth: 2}, Openings: c.openings, MaxPlies: c.maxPlies, PDN: path})
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		read, err := pdn.Read(bytes.NewReader(data))
		if err != nil || len(read) != len(games) {
			t.Fatalf("%s: %d games read back from the PDN, want %d: %v", c.name, len(read), len(games), err)
		}
		for i, g := range games {
			if read[i].Variant() != v || read[i].Start() != g.Start || !movesEqual(read[i].Moves(), g.Moves) {
				t.Errorf("%s: game %d does not read back from the PDN", c.name, g.Index+1)
			}
			p := g.Start
			for i, m := range g.Moves {
				var ml board.MoveList
				v.Generate(&p, &ml)
				if !slices.Contains(ml.Slice(), m) {
					t.Fatalf("%s: game %d: move %d (%s) is not legal in %s", c.name, g.Index+1, i+1, v.FormatMove(nil, m), v.FEN(&p))
				}
				p = p.Play(m)
			}
			checkResult(t, v, &p, g, c.name+": ")
			if c.check != nil {
				if why := c.check(g); why != "" {
					t.Errorf("%s: game %d: result %v (%s) after %d moves: %s", c.name, g.Index+1, g.Result, g.Reason, len(g.Moves), why)
				}
			}
			t.Logf("%s: game %d: %d plies, %v (%s)", c.name, g.Index+1, len(g.Moves), g.Result, g.Reason)
		}
	}
}

// checkResult checks a game's result against its final position p: the
// variant's outcome when the game is over there, a draw otherwise.
func checkResult(t *testing.T, v *board.Variant, p *board.Position, g *Record, prefix string) {
	t.Helper()
	over, win := v.Outcome(p, nil)
	if !over {
		if g.Result != 0.5 {
			t.Errorf("%sgame %d: result %v (%s) in %s, which is not over", prefix, g.Index+1, g.Result, g.Reason, v.FEN(p))
		}
		return
	}
	white := 1.0
	if win != (p.Side == board.White) {
		white = 0
	}
	if g.Result != white {
		t.Errorf("%sgame %d ends in %s (%s): result %v, want %v", prefix, g.Index+1, v.FEN(p), g.Reason, g.Result, white)
	}
}

// TestMatchClockUse: every engine move's time, clock left, depth and score
// go into the PDN as a comment, and the summary reports each engine's clock
// use from the same figures.
func TestMatchClockUse(t *testing.T) {
	v := board.International
	dir := t.TempDir()
	cfg := Config{
		Variant: v,
		// Thinker sleeps 60 ms a move; Quick answers at once.
		Engines: []EngineSpec{fakeSpec("Quick", "-seed", "5"), fakeSpec("Thinker", "-seed", "6", "-think", "0.06")},
		Games:   2, TC: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, TimeMargin: DefaultTimeMargin,
		Openings: openingSuite(t, v, 1), MaxPlies: 12, Concurrency: 2, PDN: filepath.Join(dir, "m.pdn"),
	}
	sum, games := runCollect(t, context.Background(), cfg)
	for _, g := range games {
		if g.Failure != nil {
			t.Fatalf("game %d: %s", g.Index+1, g.Reason)
		}
		// 12 plies from a 2-ply opening: 10 engine moves.
		if len(g.Thinks) != 10 {
			t.Fatalf("game %d: %d thinks, want 10", g.Index+1, len(g.Thinks))
		}
	}
	quick, thinker := sum.Standings[0].Clock, sum.Standings[1].Clock
	if quick.Games != 2 || quick.Moves != 10 || thinker.Games != 2 || thinker.Moves != 10 {
		t.Fatalf("games/moves: Quick %d/%d, Thinker %d/%d; want 2/10 each", quick.Games, quick.Moves, thinker.Games, thinker.Moves)
	}
	if thinker.Think < 10*60*time.Millisecond || quick.Think >= thinker.Think/2 {
		t.Errorf("thinking time: Quick %v, Thinker %v; want Thinker >= 600 ms and over twice Quick's", quick.Think, thinker.Think)
	}
	// 5 moves at +0.1 s each: Quick ends above 10 s, Thinker near 10.2 s.
	if quick.MinLeft < 10*time.Second || thinker.Left/2 > quick.Left || thinker.DepthMoves != 10 || thinker.Depths != 10 {
		t.Errorf("clock left / depths: Quick %+v, Thinker %+v", quick, thinker)
	}
	if len(thinker.ByMoveCount) != 1 || thinker.ByMoveCount[0] != 10 {
		t.Errorf("Thinker's profile counts %v, want [10]", thinker.ByMoveCount)
	}
	var out bytes.Buffer
	sum.WriteTo(&out)
	if !regexp.MustCompile(`Thinker: clock use over 2 games: \d+ ms/move \(longest \d+ ms\), depth 1\.0, left at the end 10\.\d\d s`).MatchString(out.String()) {
		t.Errorf("summary lacks Thinker's clock use:\n%s", out.String())
	}
	data, err := os.ReadFile(cfg.PDN)
	if err != nil {
		t.Fatal(err)
	}
	comments := regexp.MustCompile(`\{(\d+\.\d{3})s (\d+\.\d\d)s d1 [+-]\d+\.\d\d\}`).FindAllStringSubmatch(string(data), -1)
	if len(comments) != 20 {
		t.Fatalf("%d move comments in the PDN, want 20:\n%s", len(comments), data)
	}
	// The PDN still reads back, comments skipped.
	pg, err := pdn.Read(bytes.NewReader(data))
	if err != nil || len(pg) != 2 {
		t.Fatalf("pdn.Read: %d games, %v", len(pg), err)
	}
}
