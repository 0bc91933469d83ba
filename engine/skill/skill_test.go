package skill

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
)

func newEngine() *engine.Engine { return engine.New(engine.Options{Threads: 1, HashMB: 4}) }

func mustWrap(t *testing.T, level int, seed uint64) *Searcher {
	t.Helper()
	s, err := Wrap(newEngine(), level, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The node cap is 250,000 up to level 15 and doubles with each level
// above it, so that levels 16-19 reach their horizons (TestLevelDepth).
func TestParamsNodeCap(t *testing.T) {
	for _, c := range []struct {
		level int
		nodes uint64
	}{{1, 250000}, {15, 250000}, {16, 500000}, {17, 1000000}, {19, 4000000}} {
		p, err := ParamsOf(c.level)
		if err != nil {
			t.Fatal(err)
		}
		if p.Nodes != c.nodes {
			t.Errorf("level %d: node cap %d, want %d", c.level, p.Nodes, c.nodes)
		}
	}
}

// The levels form a ladder: a deeper horizon or more nodes, lower
// temperature, no more lines, the higher the level; 0, 20 and 21 have no
// parameters.
func TestParamsOf(t *testing.T) {
	prev, _ := ParamsOf(MinLevel)
	for lv := MinLevel + 1; lv < MaxLevel; lv++ {
		p, err := ParamsOf(lv)
		if err != nil {
			t.Fatalf("level %d: %v", lv, err)
		}
		if p.Horizon <= prev.Horizon || p.Nodes < prev.Nodes || p.Temperature >= prev.Temperature || p.Lines > prev.Lines || p.Think <= prev.Think || p.Margin > prev.Margin {
			t.Errorf("level %d %+v is not above level %d %+v", lv, p, lv-1, prev)
		}
		prev = p
	}
	for _, lv := range []int{0, MaxLevel, MaxLevel + 1, -3} {
		if _, err := ParamsOf(lv); err == nil {
			t.Errorf("ParamsOf(%d) gave no error", lv)
		}
	}
	for lv, ok := range map[int]bool{0: false, 1: true, 20: true, 21: false} {
		if (CheckLevel(lv) == nil) != ok {
			t.Errorf("CheckLevel(%d) = %v", lv, CheckLevel(lv))
		}
	}
	if _, err := New(newEngine(), Config{Level: 21}); err == nil {
		t.Error("New at level 21 gave no error")
	}
	s := mustWrap(t, 7, 0)
	if err := s.SetLevel(99); err == nil || s.Level() != 7 {
		t.Errorf("SetLevel(99): %v, level %d", err, s.Level())
	}
}

// randomGames plays n random games of v, collecting the positions after
// every few plies (with their histories), captures included.
func randomGames(v *board.Variant, n, plies int, seed uint64) []*board.Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*board.Game
	for range n {
		g := board.NewGame(v, v.Start())
		for ply := 0; ply < plies; ply++ {
			pos := *g.Position()
			var ml board.MoveList
			v.Generate(&pos, &ml)
			if ml.N == 0 {
				break
			}
			if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
				panic(err)
			}
			if _, over := g.Outcome(); !over && ply%7 == 6 {
				out = append(out, g.Clone())
			}
		}
	}
	return out
}

func legal(g *board.Game, m board.Move) bool {
	pos := *g.Position()
	var ml board.MoveList
	g.Variant().Generate(&pos, &ml)
	for i := 0; i < ml.N; i++ {
		if ml.Moves[i] == m {
			return true
		}
	}
	return false
}

// A level plays only legal moves (compulsory and majority capture are the
// generator's), and the same move again for the same seed; its ponder move
// is legal after it.
func TestLegalAndRepeatable(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		games := randomGames(v, 3, 60, 7)
		for _, lv := range []int{1, 6, 13} {
			a, b := mustWrap(t, lv, 42), mustWrap(t, lv, 42)
			for i, g := range games {
				ra := a.Search(g, engine.Limits{}, nil)
				rb := b.Search(g, engine.Limits{}, nil)
				if !ra.HasBest || !legal(g, ra.Best) {
					t.Fatalf("%s level %d position %d (%s): illegal move %v", v.Name, lv, i, g.FEN(), ra.Best)
				}
				if ra.Best != rb.Best {
					t.Errorf("%s level %d position %d: %v then %v with the same seed", v.Name, lv, i, ra.Best, rb.Best)
				}
				if ra.HasPonder {
					next := g.Clone()
					_ = next.Play(ra.Best)
					if !legal(next, ra.Ponder) {
						t.Errorf("%s level %d position %d: illegal ponder move", v.Name, lv, i)
					}
				}
			}
		}
	}
}

// The seed matters: over seeds, level 1 does not always play one move in
// the initial position.
func TestSeedVaries(t *testing.T) {
	g := board.NewGame(board.International, board.International.Start())
	seen := map[board.Move]bool{}
	for seed := range uint64(12) {
		r := mustWrap(t, 1, seed).Search(g, engine.Limits{}, nil)
		seen[r.Best] = true
	}
	if len(seen) < 2 {
		t.Errorf("level 1 played %d distinct first moves over 12 seeds, want several", len(seen))
	}
}

// Level 20 is the engine itself: the same move and score at a fixed node
// count.
func TestFullStrengthIsTheEngine(t *testing.T) {
	lim := engine.Limits{Nodes: 30000, NoBook: true}
	for _, g := range randomGames(board.International, 1, 40, 3) {
		plain := newEngine().Search(g, lim, nil)
		lv := mustWrap(t, MaxLevel, 9).Search(g, lim, nil)
		if plain.Best != lv.Best || plain.Score != lv.Score || plain.Nodes != lv.Nodes {
			t.Errorf("%s: level 20 %v %d (%d nodes), engine %v %d (%d nodes)", g.FEN(), lv.Best, lv.Score, lv.Nodes, plain.Best, plain.Score, plain.Nodes)
		}
	}
}

// A forced move is played; with one info line, the line played.
func TestForcedMoveAndInfo(t *testing.T) {
	v := board.International
	g, err := board.ParseGame(v, "W:W28:B22,23")
	if err != nil {
		t.Fatal(err)
	}
	var infos []engine.Info
	r := mustWrap(t, 3, 1).Search(g, engine.Limits{}, func(in engine.Info) { infos = append(infos, in) })
	if !r.HasBest || !legal(g, r.Best) {
		t.Fatalf("forced position: %+v", r)
	}
	g2 := board.NewGame(v, v.Start())
	infos = nil
	r = mustWrap(t, 3, 1).Search(g2, engine.Limits{}, func(in engine.Info) { infos = append(infos, in) })
	if len(infos) != 1 || infos[0].PV[0] != r.Best || infos[0].MultiPV != 0 || infos[0].Score != r.Score {
		t.Errorf("level 3 reported %+v for the move %v", infos, r.Best)
	}
}

// Pace: on a clock a low level neither answers at once nor spends a large
// share; without a clock it answers as soon as it has searched; Stop ends
// the wait.
func TestPace(t *testing.T) {
	p, _ := ParamsOf(1)
	rng := rand.New(rand.NewPCG(1, 2))
	if d := thinkTime(engine.Limits{Nodes: 100}, p, false, rng); d != 0 {
		t.Errorf("no clock: think %v, want 0", d)
	}
	clock := engine.Limits{Time: 10 * time.Minute, Inc: 5 * time.Second}
	for range 20 {
		d := thinkTime(clock, p, false, rng)
		if d < p.Think/2 || d > p.Think*3/2 {
			t.Errorf("10 min clock: think %v, want within half of %v", d, p.Think)
		}
		if f := thinkTime(clock, p, true, rng); f > p.Think*3/10 {
			t.Errorf("forced move: think %v", f)
		}
	}
	if d := thinkTime(engine.Limits{Time: 2 * time.Second}, p, false, rng); d > 2*time.Second/defaultMovesLeft {
		t.Errorf("2 s clock: think %v, more than its share", d)
	}
	s, _ := Wrap(newEngine(), 1, 0, true)
	g := board.NewGame(board.International, board.International.Start())
	start := time.Now()
	done := make(chan engine.Result)
	go func() { done <- s.Search(g, engine.Limits{MoveTime: time.Minute}, nil) }()
	time.Sleep(50 * time.Millisecond)
	s.Stop()
	select {
	case r := <-done:
		if !r.HasBest {
			t.Error("stopped pacing: no move")
		}
		if e := time.Since(start); e < 40*time.Millisecond {
			t.Errorf("level 1 answered a one-minute move time after %v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stop did not end the pacing wait")
	}
}

// A low level is weaker than a high one: a tiny deterministic match, each
// opening with both colours, adjudicated on material after a ply limit.
func TestLowLevelIsWeaker(t *testing.T) {
	v := board.International
	low, high := mustWrap(t, 2, 5), mustWrap(t, 9, 5)
	openings := randomGames(v, 2, 7, 11)
	score := 0.0 // high's
	for _, o := range openings {
		for _, highWhite := range []bool{true, false} {
			score += playOut(t, o.Clone(), high, low, highWhite)
		}
	}
	if n := float64(2 * len(openings)); score < 0.75*n {
		t.Errorf("level 9 scored %.1f of %.0f against level 2", score, n)
	}
}

// playOut plays g to its end (or 160 more plies, then judged by material)
// and returns a's score.
func playOut(t *testing.T, g *board.Game, a, b engine.Searcher, aWhite bool) float64 {
	t.Helper()
	a.NewGame()
	b.NewGame()
	for range 160 {
		if w, over := g.Outcome(); over {
			if !aWhite {
				w = 1 - w
			}
			return w
		}
		mover := b
		if (g.Position().Side == board.White) == aWhite {
			mover = a
		}
		r := mover.Search(g, engine.Limits{}, nil)
		if !r.HasBest || !legal(g, r.Best) {
			t.Fatalf("illegal or no move %v in %s", r.Best, g.FEN())
		}
		if err := g.Play(r.Best); err != nil {
			t.Fatal(err)
		}
	}
	pos := g.Position()
	diff := pos.Men(board.White).Count() + 3*pos.KingsOf(board.White).Count() - pos.Men(board.Black).Count() - 3*pos.KingsOf(board.Black).Count()
	if !aWhite {
		diff = -diff
	}
	switch {
	case diff > 0:
		return 1
	case diff < 0:
		return 0
	}
	return 0.5
}

// The ladder files parse, and elo picks the nearest measured level.
func TestLadder(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		if _, err := Ladder(v); err != nil {
			t.Errorf("%s: %v", v.Name, err)
		}
	}
	if _, err := Ladder(board.Brazilian); err == nil {
		t.Error("Brazilian has a ladder")
	}
	rungs, err := parseLadder("# comment\n1 -\n5 900.5 40 0.6\n10 1400 # note\n20 2000\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, elo := range []float64{1, 800, 850} {
		if got, err := nearest(rungs, elo, "x"); err == nil {
			t.Errorf("elo %v, below the weakest level: level %d", elo, got)
		}
	}
	for elo, want := range map[float64]int{851: 5, 1100: 5, 1200: 10, 1151: 10, 5000: 20} {
		if got, err := nearest(rungs, elo, "x"); err != nil || got != want {
			t.Errorf("elo %v: level %d, %v; want %d", elo, got, err, want)
		}
	}
	if _, err := nearest(rungs[:1], 1000, "x"); err == nil || !strings.Contains(err.Error(), "no level") {
		t.Errorf("no measured level: %v", err)
	}
	for _, bad := range []string{"0 100", "21 100", "x 100", "3 abc", "3", "3 NaN"} {
		if _, err := parseLadder(bad); err == nil {
			t.Errorf("parseLadder(%q) gave no error", bad)
		}
	}
}

// The committed ladders are monotone: a measured level is stronger than
// every measured level below it (the issue's "every level scores more than
// half against the level below", as the chain of steps records it).
func TestLadderMonotone(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		rungs, err := Ladder(v)
		if err != nil {
			t.Fatal(err)
		}
		prev, prevLevel := math.Inf(-1), 0
		for _, r := range rungs {
			if !r.Measured {
				continue
			}
			if r.Elo <= prev {
				t.Errorf("%s: level %d at %.0f, not above level %d at %.0f", v.Name, r.Level, r.Elo, prevLevel, prev)
			}
			prev, prevLevel = r.Elo, r.Level
		}
	}
}
