package engine

import (
	"errors"
	"testing"

	"damka/board"
	"damka/tt"
)

// TestHashLargerThanMemory asks for the largest hash the options allow:
// where the machine cannot give it the engine must say so and search with
// a smaller table (before, the process ended with "out of memory").
func TestHashLargerThanMemory(t *testing.T) {
	e, err := NewChecked(Options{HashMB: MaxHashMB, NoEGDB: true})
	defer e.SetOptions(Options{HashMB: 1}) // hand the mapping back now
	var se *tt.SizeError
	if err != nil && !errors.As(err, &se) {
		t.Fatalf("NewChecked(hash %d): %v, want nil or a SizeError", MaxHashMB, err)
	}
	if se != nil && (se.AskedMB != MaxHashMB || se.GotMB >= MaxHashMB || se.GotMB < 1) {
		t.Errorf("SizeError %+v", *se)
	}
	t.Logf("hash %d MB: %v", MaxHashMB, err)
	r := searchPos(e, board.International, board.International.Start(), Limits{Depth: 3}, nil)
	if !r.HasBest || r.Depth != 3 {
		t.Errorf("search after the large hash: %+v", r)
	}
	if err := e.Configure(Options{HashMB: 2, NoEGDB: true}); err != nil {
		t.Errorf("Configure(hash 2): %v", err)
	}
}

// TestApplyOptions: ApplyOptions reaches Configure through the Searcher
// interface, so that the Hub learns of a smaller table.
func TestApplyOptions(t *testing.T) {
	e := New(Options{HashMB: 1})
	var s Searcher = e
	if err := ApplyOptions(s, Options{HashMB: 4}); err != nil {
		t.Fatal(err)
	}
	if got := e.tt.SizeMB(); got != 4 {
		t.Errorf("ApplyOptions(hash 4): table of %d MB", got)
	}
}

func TestOptionsClampedToLimits(t *testing.T) {
	o := normalize(Options{Threads: 1000, HashMB: 1 << 30})
	if o.Threads != MaxThreads || o.HashMB != MaxHashMB {
		t.Errorf("normalize: threads %d hash %d, want %d and %d", o.Threads, o.HashMB, MaxThreads, MaxHashMB)
	}
}
