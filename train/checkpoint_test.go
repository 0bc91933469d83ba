package train

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"damka/eval"
)

// stopAfter is a context that reports cancellation from its n-th Err call
// on: a stop at an exact step of a fit, as a signal arriving then would.
type stopAfter struct {
	context.Context
	n atomic.Int64
}

func (c *stopAfter) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}
func (c *stopAfter) Done() <-chan struct{}       { return nil }
func (c *stopAfter) Deadline() (time.Time, bool) { return time.Time{}, false }

func weightBytes(t *testing.T, w *eval.Weights) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := w.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A fit stopped at any step and resumed from its checkpoint gives the
// weights of the uninterrupted fit, byte for byte; a checkpoint of
// another fit is refused.
func TestTuneStopAndResume(t *testing.T) {
	dir := t.TempDir()
	cfg := shardConfig()
	cfg.Games = 40
	d, err := Selfplay(context.Background(), filepath.Join(dir, "d.dat"), cfg, "tune")
	if err != nil {
		t.Fatal(err)
	}
	tc := TuneConfig{Epochs: 3, Batch: 64, Rate: 1, Lambda: 0.5, L2: 1e-6, Epsilon: 1e-3, Seed: 1}
	whole, _, err := Tune(context.Background(), d, tc)
	if err != nil {
		t.Fatal(err)
	}
	want := weightBytes(t, whole)
	steps := (len(d.Samples) + tc.Batch - 1) / tc.Batch
	for _, at := range []int64{0, 3, int64(steps) + 2, 2*int64(steps) + 1} {
		c := tc
		c.Checkpoint = filepath.Join(dir, "tune.ckpt")
		ctx := &stopAfter{Context: context.Background()}
		ctx.n.Store(at)
		if _, _, err := Tune(ctx, d, c); !errors.Is(err, ErrInterrupted) {
			t.Fatalf("stop at step %d: %v, want ErrInterrupted", at, err)
		}
		if _, err := os.Stat(c.Checkpoint); err != nil {
			t.Fatalf("stop at step %d: no checkpoint: %v", at, err)
		}
		other := c
		other.Seed = 9
		if _, _, err := Tune(context.Background(), d, other); err == nil {
			t.Fatalf("a checkpoint of another fit was resumed")
		}
		w, ep, err := Tune(context.Background(), d, c)
		if err != nil {
			t.Fatal(err)
		}
		if len(ep) != tc.Epochs {
			t.Errorf("stop at step %d: %d epochs reported after the resume, want %d", at, len(ep), tc.Epochs)
		}
		if !bytes.Equal(weightBytes(t, w), want) {
			t.Errorf("stop at step %d: resumed weights differ from the uninterrupted fit's", at)
		}
		if _, err := os.Stat(c.Checkpoint); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("stop at step %d: the checkpoint is left behind", at)
		}
	}
}
