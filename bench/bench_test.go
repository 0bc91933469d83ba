package bench

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"damka/board"
)

// Every bench position is a legal, playable position of its variant.
func TestPositions(t *testing.T) {
	if len(Positions) < 30 {
		t.Errorf("%d positions, want 30", len(Positions))
	}
	var ml board.MoveList
	for i, bp := range Positions {
		v, err := board.Lookup(bp.Variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.ParseFEN(bp.FEN)
		if err != nil {
			t.Fatalf("position %d: %v", i+1, err)
		}
		if w := p.Board64(); w.Men(0)&v.Geo.Promotion[0] != 0 || w.Men(1)&v.Geo.Promotion[1] != 0 {
			t.Errorf("position %d: a man on its promotion row", i+1)
		}
		if v.Generate(&p, &ml); ml.N == 0 {
			t.Errorf("position %d: no legal move", i+1)
		}
	}
}

// The node count is the signature: two runs agree.
func TestReproducible(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	// A small table keeps the per-position clearing cheap under -race.
	opts := BenchOptions{Depth: depth, HashMB: 2}
	var out1, out2 bytes.Buffer
	a, err := Run(opts, &out1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(opts, &out2)
	if err != nil {
		t.Fatal(err)
	}
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("runs differ: %d and %d nodes", a.Nodes, b.Nodes)
	}
	lines := strings.Split(strings.TrimSpace(out1.String()), "\n")
	if len(lines) != len(Positions)+2 || !strings.HasPrefix(lines[len(lines)-1], "bench nodes=") {
		t.Errorf("output:\n%s", out1.String())
	}
}

// BenchmarkBench runs the bench at a reduced depth; it is also the search
// half of the profile-guided build's profile (make pgo).
func BenchmarkBench(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Run(BenchOptions{Depth: 11, Threads: 1, HashMB: 16}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
