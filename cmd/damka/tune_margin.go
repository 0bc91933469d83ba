package main

import (
	"fmt"
	"slices"

	"damka/board"
	"damka/eval"
	"damka/train"
)

// tuneMarginCmd measures what the windows add to the rest of the learned
// evaluation over the quiet positions of self-play data: the bound that
// the weights' lazy margin must keep (the quiescence's stand pat skips the windows
// when the rest lies the margin outside the window). With --out it also
// writes the weights with their margin set to a quantile of that bound, the
// same weights otherwise: a margin to test without fitting again.
func tuneMarginCmd(args []string) error {
	fs := newFlags("tune margin")
	evalFile := fs.String("eval", "", "weights file (default: the built-in weights of the data's variant)")
	every := fs.Int("every", 1, "read every N-th position")
	quantile := fs.Float64("quantile", 0, "with --out: the quantile of what the windows add that becomes the margin (0.999: 99.9%)")
	out := fs.String("out", "", "write the weights with the margin that --quantile gives to this file")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(files) == 0 || *every < 1:
		return usagef("name one or more data files from damka selfplay; --every must be positive")
	case (*out == "") != (*quantile == 0):
		return usagef("--quantile and --out go together")
	case !(*quantile >= 0 && *quantile < 1):
		return usagef("--quantile must be in [0, 1)")
	}
	var parts []int
	var w *eval.Weights
	for _, f := range files {
		d, err := train.ReadFile(f)
		if err != nil {
			return err
		}
		v, err := board.Lookup(d.Header.Variant)
		if err != nil {
			return err
		}
		if w == nil {
			if *evalFile != "" {
				if w, err = eval.LoadWeights(*evalFile); err != nil {
					return usagef("--eval: %v", err)
				}
			} else if w = eval.Default(v); w == nil {
				return fmt.Errorf("%s has no built-in weights", v.Name)
			}
		}
		if w.Variant != v.Name {
			return fmt.Errorf("%s holds %s positions, the weights are for %s", f, v.Name, w.Variant)
		}
		parts = append(parts, train.WindowsParts(w, d.Samples, (len(d.Samples)+*every-1) / *every)...)
	}
	slices.Sort(parts)
	if len(parts) == 0 {
		return fmt.Errorf("no positions in %v", files)
	}
	q := func(f float64) int { return train.Quantile(parts, f) }
	over := len(parts) - func() int { i, _ := slices.BinarySearch(parts, w.Margin+1); return i }()
	fmt.Printf("tune margin: %d quiet positions, layout %s\n", len(parts), w.Layout())
	fmt.Printf("what the windows add, in hundredths of a man: median %d, 90%% %d, 99%% %d, 99.9%% %d, max %d\n",
		q(0.5), q(0.9), q(0.99), q(0.999), parts[len(parts)-1])
	fmt.Printf("above the weights' lazy margin (%d): %d positions (%.2f%%)\n", w.Margin, over, 100*float64(over)/float64(len(parts)))
	if *out == "" {
		return nil
	}
	set := *w // a copy: w may be the built-in weights, which stay as they are
	set.Margin = train.MarginAt(parts, *quantile)
	if _, err := writeWeights(*out, &set); err != nil {
		return err
	}
	fmt.Printf("tune margin: wrote %s with the lazy margin %d (the %g quantile)\n", *out, set.Margin, *quantile)
	return nil
}
