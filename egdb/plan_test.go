package egdb

import (
	"context"
	"testing"
	"time"

	"damka/board"
)

// Jobs names every pair once, in an order where each depends only on
// earlier waves, with the positions a build reports and a --memory that
// the build's own bound accepts.
func TestJobsMatchABuild(t *testing.T) {
	v := board.Russian
	jobs, err := Jobs(v, 3)
	if err != nil {
		t.Fatal(err)
	}
	reports, err := Build(context.Background(), buildOpts(t.TempDir(), 3))
	if err != nil {
		t.Fatal(err)
	}
	built := map[Material]uint64{}
	for _, r := range reports {
		built[r.Material.canonical()] += r.Positions
	}
	if len(jobs) != len(built) {
		t.Fatalf("%d jobs, the build solved %d pairs", len(jobs), len(built))
	}
	wave := map[Material]int{}
	for _, j := range jobs {
		if built[j.Slice] != j.Positions {
			t.Errorf("%s: %d positions planned, %d built", j.Slice, j.Positions, built[j.Slice])
		}
		for _, d := range Dependencies(v, j.Slice) {
			if w, ok := wave[d.canonical()]; !ok || w >= j.Wave {
				t.Errorf("%s (wave %d) depends on %s (wave %d, listed %v)", j.Slice, j.Wave, d, w, ok)
			}
		}
		wave[j.Slice] = j.Wave
		m := int64(j.MemoryMB) << 20
		if m-cacheFor(m) < j.SolverBytes || j.SolverBytes != int64(j.Positions)*bytesPerPosition {
			t.Errorf("%s: --memory %d MB does not leave the solver its %d bytes", j.Slice, j.MemoryMB, j.SolverBytes)
		}
	}
	if d := (Job{Positions: 3_000_000}).EstimateTime(1e6, 2); d != 1500*time.Millisecond {
		t.Errorf("estimate %v, want 1.5s", d)
	}
	if _, err := Jobs(v, 13); err == nil {
		t.Error("13 pieces planned")
	}
}
