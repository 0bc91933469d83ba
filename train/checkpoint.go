package train

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
)

// tuneState is what a Tune checkpoint holds: everything the fit's next
// step depends on, so that a resumed fit takes exactly the steps of an
// uninterrupted one.
type tuneState struct {
	Fingerprint uint32 // of the data and settings: a checkpoint of another fit is refused
	Epoch       int    // the epoch in progress (1-based)
	Next        int    // its first step not taken, as an offset in the shuffled order
	Step        int    // Adam's step count
	Params      []float64
	M1, M2      []float64 // Adam's moments
	Epochs      []Epoch   // the losses of the finished epochs
}

// tuneFingerprint sums up what decides a fit: the samples and every
// setting but Epochs' progress callbacks and the checkpoint's name.
func tuneFingerprint(d *Data, cfg *TuneConfig) uint32 {
	h := crc32.NewIEEE()
	var b []byte
	for i := range d.Samples {
		b = appendSample(b[:0], &d.Samples[i])
		h.Write(b)
	}
	fmt.Fprintf(h, "%s|%d|%d|%x|%x|%x|%t|%x|%d|%s|%t", d.Header.Variant, cfg.Epochs, cfg.Batch,
		math.Float64bits(cfg.Rate), math.Float64bits(cfg.Lambda), math.Float64bits(cfg.L2), cfg.FreeHand,
		math.Float64bits(cfg.Epsilon), cfg.Seed, cfg.Layout, cfg.Prior)
	if cfg.MarginQuantile != 0 {
		fmt.Fprintf(h, "|margin %x", math.Float64bits(cfg.MarginQuantile))
	}
	if cfg.Hand != nil {
		fmt.Fprintf(h, "|hand %+v", *cfg.Hand)
	}
	if cfg.Start != nil {
		var w bytes.Buffer
		cfg.Start.Write(&w)
		h.Write(w.Bytes())
	}
	return h.Sum32()
}

// save writes the state to path (through a temporary file); "" keeps
// nothing.
func (st *tuneState) save(path string) error {
	if path == "" {
		return nil
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(st); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// resume loads the checkpoint at path, if there is one, into st; one of
// another fit is an error.
func (st *tuneState) resume(path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var got tuneState
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&got); err != nil {
		return fmt.Errorf("tune: checkpoint %s: %v", path, err)
	}
	if got.Fingerprint != st.Fingerprint || len(got.Params) != len(st.Params) || len(got.M1) != len(st.M1) || len(got.M2) != len(st.M2) {
		return fmt.Errorf("tune: checkpoint %s was made by another fit (other data or settings); remove it or repeat that command", path)
	}
	*st = got
	return nil
}
