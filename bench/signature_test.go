package bench

import (
	"io"
	"testing"
)

// TestSignature pins the bench signature, so that a change of the search's
// behaviour cannot go unnoticed: a commit that moves it says so and updates
// the number here. The default run takes about 7 s on one core; -short runs
// depth 8, pinned from the same code (bench nodes=2992608 at depth 13).
func TestSignature(t *testing.T) {
	opts, want := BenchOptions{}, uint64(2992608)
	if testing.Short() {
		opts, want = BenchOptions{Depth: 8, HashMB: 16}, 313023
	}
	r, err := Run(opts, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes != want {
		t.Errorf("bench nodes=%d, want %d (depth %d): the search's behaviour changed", r.Nodes, want, opts.Depth)
	}
}
