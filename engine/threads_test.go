package engine

import (
	"testing"
	"time"

	"damka/board"
)

// TestManyThreadsStopAtTheLimit: with the most threads the engine allows,
// on however few cores, a search stops at its depth or time limit, and the
// depth reported is the one asked for: helper threads go deeper on their
// own, but the main thread's completed depth is what was searched.
func TestManyThreadsStopAtTheLimit(t *testing.T) {
	e := New(Options{Threads: MaxThreads, HashMB: 16, NoEGDB: true})
	v := board.International
	root := v.Start()
	tests := []struct {
		name    string
		lim     Limits
		within  time.Duration
		wantMax int // deepest depth that may be reported
	}{
		{"depth 1", Limits{Depth: 1}, 5 * time.Second, 1},
		{"depth 2", Limits{Depth: 2}, 5 * time.Second, 2},
		{"depth 4", Limits{Depth: 4}, 10 * time.Second, 4},
		{"movetime 100ms", Limits{MoveTime: 100 * time.Millisecond}, 5 * time.Second, maxDepth},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var deepest int
			start := time.Now()
			r := searchPos(e, v, root, tc.lim, func(in Info) { deepest = max(deepest, in.Depth) })
			took := time.Since(start)
			if took > tc.within {
				t.Errorf("%d threads, %+v: took %v, more than %v", MaxThreads, tc.lim, took, tc.within)
			}
			if !r.HasBest || r.Depth < 1 || r.Depth > tc.wantMax || deepest > tc.wantMax {
				t.Errorf("%d threads, %+v: result depth %d, info depth %d, want 1..%d", MaxThreads, tc.lim, r.Depth, deepest, tc.wantMax)
			}
			if tc.lim.Depth > 0 && r.Depth != tc.lim.Depth {
				t.Errorf("depth-limited search reported depth %d, want %d", r.Depth, tc.lim.Depth)
			}
			t.Logf("%+v: %v, depth %d, %d nodes", tc.lim, took, r.Depth, r.Nodes)
		})
	}
}
