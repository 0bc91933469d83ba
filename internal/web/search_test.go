package web

import "testing"

func TestHumanCount(t *testing.T) {
	for _, tc := range []struct {
		n    float64
		want string
	}{
		{0, "0"}, {950, "950"}, {17875, "17.9 k"}, {17875491, "17.9 M"}, {2.5e9, "2.5 G"},
	} {
		if got := humanCount(tc.n); got != tc.want {
			t.Errorf("humanCount(%g) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestSortedLines: lines arrive in the engine's multi-PV order, which is
// not the order of their scores once iterations complete one by one; the
// page gets them best first for the side to move, empty ones left out.
func TestSortedLines(t *testing.T) {
	in := []infoLine{{MultiPV: 1, Depth: 18, mover: 1}, {MultiPV: 2, Depth: 18, mover: -5}, {MultiPV: 3, Depth: 17, mover: -3}, {MultiPV: 4}}
	got := sortedLines(in)
	want := []int{1, 3, 2}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i, l := range got {
		if l.MultiPV != want[i] {
			t.Errorf("line %d is multi-PV %d, want %d", i, l.MultiPV, want[i])
		}
	}
}
