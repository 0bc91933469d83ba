package egdb

import (
	"fmt"
	"time"

	"damka/board"
)

// Job is one unit of a batch build: a slice and its colour-reversed twin,
// which `damka egdb build --slice` solves together, with what the job
// needs.
type Job struct {
	Slice     Material // the name --slice takes (the twin is built with it)
	Wave      int      // it depends only on jobs of earlier waves
	Positions uint64   // of the pair
	// SolverBytes is the solver's peak for the pair; MemoryMB the
	// --memory that leaves it that much beside the table cache.
	SolverBytes int64
	MemoryMB    int
}

// Jobs lists the jobs of a build of v up to n pieces, in build order.
func Jobs(v *board.Variant, n int) ([]Job, error) {
	if err := Supported(v); err != nil {
		return nil, err
	}
	if n < 2 || n > 12 {
		return nil, fmt.Errorf("egdb: pieces must be between 2 and 12, not %d", n)
	}
	x, err := newGeometry(v.Geo)
	if err != nil {
		return nil, err
	}
	var jobs []Job
	for _, m := range Materials(v, n) {
		if m.canonical() != m {
			continue
		}
		p := newIndexer(x, m).size
		if m.Mirror() != m {
			p *= 2
		}
		need := int64(p) * bytesPerPosition
		jobs = append(jobs, Job{Slice: m, Wave: Wave(v, m), Positions: p, SolverBytes: need, MemoryMB: memoryFor(need)})
	}
	return jobs, nil
}

// memoryFor is the smallest --memory (MB, at least the 16 MB minimum)
// under which Build gives the solver need bytes beside its table cache.
func memoryFor(need int64) int {
	for mb := max(int((need>>20)+1), 16); ; mb += max(mb/64, 1) {
		m := int64(mb) << 20
		if m-cacheFor(m) >= need {
			return mb
		}
	}
}

// cacheFor is the table cache Build keeps of a memory bound: a quarter,
// from 8 MB to 1 GB.
func cacheFor(memory int64) int64 { return min(max(memory/4, 8<<20), 1<<30) }

// EstimateTime is a job's time at rate positions a second per thread (a
// measured build rate, docs/cluster.md) on threads threads: each position
// is visited once and, once decided, propagated once.
func (j Job) EstimateTime(rate float64, threads int) time.Duration {
	if rate <= 0 || threads < 1 {
		return 0
	}
	return time.Duration(float64(j.Positions) / (rate * float64(threads)) * float64(time.Second))
}
