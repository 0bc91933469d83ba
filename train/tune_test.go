package train

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"damka/eval"
)

// Tune on a small self-play file: the training loss falls from the first
// epoch to the last, the same seed gives the same weights, and another
// seed other ones.
func TestTuneLearnsAndIsDeterministic(t *testing.T) {
	cfg := selfplayConfig()
	cfg.Games = 200
	d, err := Selfplay(context.Background(), filepath.Join(t.TempDir(), "d.dat"), cfg, "tune test")
	if err != nil {
		t.Fatal(err)
	}
	tc := TuneConfig{Epochs: 6, Batch: 512, Rate: 1, Lambda: 0.5, L2: 1e-6, Epsilon: 1e-3, FreeHand: true, Seed: 1}
	w1, ep, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	if len(ep) != tc.Epochs {
		t.Fatalf("%d epochs reported, want %d", len(ep), tc.Epochs)
	}
	if !(ep[len(ep)-1].Train < ep[0].Train) {
		t.Errorf("training loss did not fall: %+v", ep)
	}
	for _, e := range ep {
		if !(e.HeldOut > 0 && e.HeldOut < 1 && e.BaselineHeldOut > 0) {
			t.Fatalf("held-out losses out of range: %+v", e)
		}
	}
	w2, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	tc.Seed = 2
	w3, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	same, differ := true, false
	for i := range w1.MG {
		same = same && w1.MG[i] == w2.MG[i] && w1.EG[i] == w2.EG[i]
		differ = differ || w1.MG[i] != w3.MG[i]
	}
	if !same {
		t.Error("the same data and seed gave other weights")
	}
	if !differ {
		t.Error("another seed gave the same weights: the shuffle is not used")
	}

	// A per-window fit from w1: with a strong prior its weights stay
	// nearer w1's (reshaped) than with none; per-window weights cannot
	// start a bands fit.
	tc.Seed, tc.Start, tc.Layout, tc.Epochs = 1, w1, eval.LayoutWindows, 2
	free, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	tc.Prior, tc.L2 = true, 0.01
	held, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	if free.Layout() != eval.LayoutWindows || held.Layout() != eval.LayoutWindows {
		t.Fatalf("layouts %s and %s, want %s", free.Layout(), held.Layout(), eval.LayoutWindows)
	}
	prior := w1.Reshape(eval.LayoutWindows)
	dist := func(w *eval.Weights) (s float64) {
		for i := range w.MG {
			s += math.Abs(float64(w.MG[i]-prior.MG[i])) + math.Abs(float64(w.EG[i]-prior.EG[i]))
		}
		return s
	}
	t.Logf("distance from the prior: %.1f held, %.1f free", dist(held), dist(free))
	if !(dist(held) < dist(free)/2) {
		t.Errorf("the prior did not hold the weights: %.1f from it, %.1f without it", dist(held), dist(free))
	}
	tc.Start, tc.Layout = held, eval.LayoutBands
	if _, _, err := Tune(context.Background(), d, tc); err == nil {
		t.Error("per-window weights started a bands fit")
	}
}

// A fit with options and a margin quantile: the layout is the one asked
// for, and the lazy margin is that quantile of what the windows add.
func TestTuneOptionsAndMargin(t *testing.T) {
	cfg := selfplayConfig()
	cfg.Games = 60
	d, err := Selfplay(context.Background(), filepath.Join(t.TempDir(), "d.dat"), cfg, "tune test")
	if err != nil {
		t.Fatal(err)
	}
	lay := eval.LayoutName(eval.LayoutBands, eval.KingSquares|eval.Edges)
	tc := TuneConfig{Epochs: 2, Batch: 512, Rate: 1, Lambda: 0.5, L2: 1e-6, Epsilon: 1e-3, Seed: 1, Layout: lay, MarginQuantile: 0.9}
	w, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	parts := WindowsParts(w, d.Samples, len(d.Samples))
	if w.Layout() != lay || w.Margin != parts[int(0.9*float64(len(parts)))] || w.Margin == eval.LazyMargin && parts[len(parts)-1] == 0 {
		t.Fatalf("layout %s margin %d; parts %d..%d", w.Layout(), w.Margin, parts[0], parts[len(parts)-1])
	}
	tc.MarginQuantile = 0
	if w, _, err = Tune(context.Background(), d, tc); err != nil || w.Margin != eval.LazyMargin {
		t.Fatalf("without a quantile the margin is %d (%v), want %d", w.Margin, err, eval.LazyMargin)
	}
}
