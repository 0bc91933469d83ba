package train

import (
	"path/filepath"
	"testing"
)

// Tune on a small self-play file: the training loss falls from the first
// epoch to the last, the same seed gives the same weights, and another
// seed other ones.
func TestTuneLearnsAndIsDeterministic(t *testing.T) {
	cfg := selfplayConfig()
	cfg.Games = 200
	d, err := Selfplay(filepath.Join(t.TempDir(), "d.dat"), cfg, "tune test")
	if err != nil {
		t.Fatal(err)
	}
	tc := TuneConfig{Epochs: 6, Batch: 512, Rate: 1, Lambda: 0.5, L2: 1e-6, Epsilon: 1e-3, FreeHand: true, Seed: 1}
	w1, ep, err := Tune(d, tc)
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
	w2, _, err := Tune(d, tc)
	if err != nil {
		t.Fatal(err)
	}
	tc.Seed = 2
	w3, _, err := Tune(d, tc)
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
}
