package egdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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

// Tables built job by job, wave by wave (as egdb.sh has Slurm build them,
// each job its own Build of one --slice) are the files of one build, byte
// for byte.
func TestJobsInWavesEqualOneBuild(t *testing.T) {
	v := board.Russian
	one, waves := t.TempDir(), t.TempDir()
	if _, err := Build(context.Background(), buildOpts(one, 3)); err != nil {
		t.Fatal(err)
	}
	jobs, err := Jobs(v, 3)
	if err != nil {
		t.Fatal(err)
	}
	last := jobs[len(jobs)-1]
	build := func(j Job) error {
		_, err := Build(context.Background(), BuildOptions{Variant: v, Dir: waves, Slices: []Material{j.Slice}, Threads: 1, MemoryMB: j.MemoryMB})
		return err
	}
	if err := build(last); err == nil {
		t.Fatalf("%s (wave %d) built before its dependencies", last.Slice, last.Wave)
	}
	for w := 0; w <= last.Wave; w++ {
		for _, j := range jobs {
			if j.Wave == w {
				if err := build(j); err != nil {
					t.Fatalf("%s (wave %d): %v", j.Slice, w, err)
				}
			}
		}
	}
	a, _ := os.ReadDir(one)
	b, _ := os.ReadDir(waves)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d files from one build, %d from the waves", len(a), len(b))
	}
	for i := range a {
		x, _ := os.ReadFile(filepath.Join(one, a[i].Name()))
		y, _ := os.ReadFile(filepath.Join(waves, b[i].Name()))
		if a[i].Name() != b[i].Name() || !bytes.Equal(x, y) {
			t.Errorf("%s differs", a[i].Name())
		}
	}
}
