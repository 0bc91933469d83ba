package match

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"damka/board"
)

// buildDamka builds cmd/damka and checks that it has the hub command, or
// skips: the engine and its Hub side are written apart from the runner.
func buildDamka(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the real engine; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "damka")
	if out, err := exec.Command("go", "build", "-o", bin, "damka/cmd/damka").CombinedOutput(); err != nil {
		t.Skipf("SKIP: cannot build damka (the real engine is needed for this test): %v\n%s", err, out)
	}
	out, _ := exec.Command(bin, "help").CombinedOutput()
	if !strings.Contains(string(out), "hub") {
		t.Skip("SKIP: damka has no hub command yet; this test needs the real engine behind 'damka hub'")
	}
	return bin
}

// TestDamkaBeatsRandom: damka at depth 6 must score far above a random
// mover.
func TestDamkaBeatsRandom(t *testing.T) {
	bin := buildDamka(t)
	v := board.International
	log := &syncBuffer{}
	cfg := Config{
		Variant: v,
		Engines: []EngineSpec{{Name: "damka", Cmd: []string{bin, "hub"}}, fakeSpec("Random", "-seed", "42")},
		Games:   4, TC: TimeControl{Depth: 6}, Openings: openingSuite(t, v, 2),
		Timeouts: Timeouts{Hang: 60 * time.Second}, Log: log, Concurrency: 2, MaxPlies: 400,
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := sum.Pairings[0].WDL
	t.Logf("damka depth 6 vs random: W-D-L %d-%d-%d (score %.2f)", r.W, r.D, r.L, r.Score())
	if sum.Standings[0].Failures > 0 {
		t.Errorf("damka failed in the match:\n%s", log.String())
	}
	if r.Score() < 0.875 {
		t.Errorf("damka scored only %.2f against a random mover", r.Score())
	}
}

// TestRunnerOverhead measures the runner's own CPU time while two fake
// engines think 0.1 s per move. It takes about 20 seconds, so it runs
// only with DAMKA_MATCH_OVERHEAD=1.
func TestRunnerOverhead(t *testing.T) {
	if os.Getenv("DAMKA_MATCH_OVERHEAD") == "" {
		t.Skip("set DAMKA_MATCH_OVERHEAD=1 to measure the runner's CPU overhead (about 20 s)")
	}
	cpu0, ok := RunnerCPU()
	if !ok {
		t.Skip("no CPU accounting on this platform")
	}
	v := board.International
	cfg := Config{
		Variant: v,
		Engines: []EngineSpec{fakeSpec("A", "-seed", "1"), fakeSpec("B", "-seed", "2")},
		Games:   2, TC: TimeControl{MoveTime: 100 * time.Millisecond}, TimeMargin: DefaultTimeMargin,
		Openings: openingSuite(t, v, 1), MaxPlies: 300,
	}
	start := time.Now()
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	wall := time.Since(start)
	cpu1, _ := RunnerCPU()
	share := (cpu1 - cpu0).Seconds() / wall.Seconds()
	t.Logf("runner CPU %.3f s over %.1f s wall: %.2f%% of one core (%d games)", (cpu1 - cpu0).Seconds(), wall.Seconds(), 100*share, sum.Played)
	if share > 0.05 {
		t.Errorf("runner overhead %.2f%% of one core, want < 5%%", 100*share)
	}
}
