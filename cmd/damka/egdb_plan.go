package main

import (
	"fmt"
	"time"

	"damka/board"
	"damka/egdb"
)

// defaultBuildRate is the solver's rate in positions per second per thread
// measured on the development machine (docs/cluster.md says how): the
// --plan time estimates scale with it.
const defaultBuildRate = 1.2e6

// defaultPositionsPerByte is the table density measured for International
// 2-5 (distances up to 4 pieces; docs/cluster.md): the disk estimate of
// --plan.
const defaultPositionsPerByte = 48.3

// printPlan prints the jobs of a batch build of v up to n pieces: one line
// a job (the --slice it takes, its memory and time), one line a wave (the
// jobs that may run at once), and the whole build's disk and critical path.
func printPlan(v *board.Variant, n int, rate float64, threads int) error {
	if !(rate > 0) || threads < 1 {
		return usagef("--rate must be positive and --threads at least 1")
	}
	jobs, err := egdb.Jobs(v, n)
	if err != nil {
		return usagef("%v", err)
	}
	type wave struct {
		jobs      int
		positions uint64
		memoryMB  int
		longest   time.Duration
	}
	var waves []wave
	var positions uint64
	for _, j := range jobs {
		t := j.EstimateTime(rate, threads)
		fmt.Printf("wave=%d slice=%s pieces=%d positions=%d memory=%dMB time=%s\n",
			j.Wave, j.Slice, j.Slice.Pieces(), j.Positions, j.MemoryMB, roundDuration(t))
		for len(waves) <= j.Wave {
			waves = append(waves, wave{})
		}
		w := &waves[j.Wave]
		w.jobs++
		w.positions += j.Positions
		w.memoryMB = max(w.memoryMB, j.MemoryMB)
		w.longest = max(w.longest, t)
		positions += j.Positions
	}
	var path time.Duration
	for i, w := range waves {
		fmt.Printf("wave %d: jobs=%d positions=%d memory-max=%dMB time-max=%s\n", i, w.jobs, w.positions, w.memoryMB, roundDuration(w.longest))
		path += w.longest
	}
	fmt.Printf("plan: variant=%s pieces=2-%d jobs=%d waves=%d positions=%d disk=%dMB critical-path=%s cpu-time=%s (at %.3g positions/s per thread, %d threads a job)\n",
		v.Name, n, len(jobs), len(waves), positions, int64(float64(positions)/defaultPositionsPerByte)>>20, roundDuration(path),
		roundDuration(time.Duration(float64(positions)/rate*float64(time.Second))), rate, threads)
	return nil
}

// roundDuration keeps a duration readable: seconds below an hour, minutes
// above.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Hour {
		return d.Round(time.Second)
	}
	return d.Round(time.Minute)
}
