package main

import (
	"strings"
	"testing"

	"damka/board"
)

// TestWriteVariants: every variant of the board package has its block, and
// the start FEN shown reads back to the variant's start position.
func TestWriteVariants(t *testing.T) {
	var sb strings.Builder
	if err := writeVariants(&sb); err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(sb.String(), "\n\n")
	vs := board.Variants()
	if len(blocks) != len(vs) {
		t.Fatalf("%d blocks for %d variants:\n%s", len(blocks), len(vs), sb.String())
	}
	for i, v := range vs {
		b := blocks[i]
		if !strings.HasPrefix(b, v.Name+": "+v.Title+"\n") {
			t.Errorf("block %d does not open with %s:\n%s", i, v.Name, b)
		}
		for _, a := range v.Aliases {
			if !strings.Contains(b, a) {
				t.Errorf("%s: alias %q missing", v.Name, a)
			}
		}
		_, fen, ok := strings.Cut(b, "  start:    ")
		fen, _, _ = strings.Cut(fen, "\n")
		p, err := v.ParseFEN(fen)
		if !ok || err != nil || p != v.Start() {
			t.Errorf("%s: start %q does not read back to the start position (%v)", v.Name, fen, err)
		}
	}
}

func TestCompactFEN(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"W:W31,32,33,34:B1,2,3", "W:W31-34:B1-3"},
		{"W:W1,2,4,5,6:BK7,8,9,10", "W:W1,2,4-6:BK7,8-10"},
		{"B:W21,K22,23,24:B", "B:W21,K22,23,24:B"},
		{"W:Wa1,a3,b2:Bh8", "W:Wa1,a3,b2:Bh8"},
		{"W:W5,6,7,9,10", "W:W5-7,9,10"},
	} {
		if got := compactFEN(tc.in); got != tc.want {
			t.Errorf("compactFEN(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
