package engine

import (
	"testing"

	"damka/board"
)

// BenchmarkCanadianSearch is a fixed-depth search of the Canadian start, to
// compare the wide layout's speed with the one-word variants'.
func BenchmarkCanadianSearch(b *testing.B) {
	e := New(Options{HashMB: 16})
	for b.Loop() {
		e.NewGame()
		r := searchPos(e, board.Canadian, board.Canadian.Start(), Limits{Depth: 9}, nil)
		b.ReportMetric(float64(r.Nodes), "nodes")
	}
}
