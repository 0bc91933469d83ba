package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"damka/board"
	"damka/eval"
	"damka/train"
)

// tune margin --quantile Q --out F writes the same weights with the margin
// set to that quantile of what their windows add over the data, and leaves
// the built-in weights as they were.
func TestTuneMarginOut(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "rus.dat")
	if err := selfplayCmd([]string{"--variant", "russian", "--games", "6", "--nodes", "300", "--workers", "1", "--max-plies", "80", "--out", data}); err != nil {
		t.Fatal(err)
	}
	builtin := eval.Default(board.Russian)
	before := builtin.Margin
	for _, q := range []float64{0.5, 0.99} {
		out := filepath.Join(dir, "w.dwt")
		if err := tuneMarginCmd([]string{"--quantile", strconv.FormatFloat(q, 'g', -1, 64), "--out", out, data}); err != nil {
			t.Fatal(err)
		}
		w, err := eval.LoadWeights(out)
		if err != nil {
			t.Fatal(err)
		}
		d, err := train.ReadFile(data)
		if err != nil {
			t.Fatal(err)
		}
		parts := train.WindowsParts(builtin, d.Samples, len(d.Samples))
		slices.Sort(parts)
		if want := parts[min(len(parts)-1, int(q*float64(len(parts))))]; w.Margin != want {
			t.Errorf("quantile %g: margin %d, want %d", q, w.Margin, want)
		}
		if w.Features() != builtin.Features() || w.Layout() != builtin.Layout() {
			t.Errorf("quantile %g: the weights changed: %d %s, want %d %s", q, w.Features(), w.Layout(), builtin.Features(), builtin.Layout())
		}
	}
	if builtin.Margin != before {
		t.Errorf("the built-in weights' margin moved from %d to %d", before, builtin.Margin)
	}
	for _, bad := range [][]string{
		{"--out", filepath.Join(dir, "x.dwt"), data},
		{"--quantile", "0.9", data},
		{"--quantile", "1", "--out", filepath.Join(dir, "x.dwt"), data},
	} {
		if err := tuneMarginCmd(bad); err == nil || !strings.Contains(err.Error(), "quantile") {
			t.Errorf("%q: error %v, want one about --quantile", bad, err)
		}
	}
}
