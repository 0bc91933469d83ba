package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"time"

	"damka/eval"
	"damka/train"
)

func init() {
	register(command{"tune", "fit the learned evaluation's weights to self-play data (damka selfplay)", tuneCmd})
}

func tuneCmd(args []string) error {
	if len(args) > 0 && args[0] == "margin" {
		return tuneMarginCmd(args[1:])
	}
	fs := newFlags("tune")
	epochs := fs.Int("epochs", 20, "passes over the data")
	batch := fs.Int("batch", 4096, "positions per step")
	rate := fs.Float64("rate", 2, "Adam step size, hundredths of a man")
	lambda := fs.Float64("lambda", 0.5, "weight of the game result in the target (the rest: the search score)")
	l2 := fs.Float64("l2", 1e-8, "pull of the window weights towards 0 (1e-6 and more kept the windows near 0: docs/testing.md)")
	freeHand := fs.Bool("free-hand", false, "fit the weight of the hand-made evaluation too (by default it stays as it is)")
	epsilon := fs.Float64("epsilon", 1e-6, "Adam's epsilon: large keeps rarely seen window states near 0 (1e-3 kept them all there)")
	seed := fs.Uint64("seed", 1, "seed of the shuffles: the same data and seed give the same weights")
	from := fs.String("from", "", "start from these weights (a previous generation) instead of material")
	layout := fs.String("layout", "bands", "weights layout: bands (a table per band of ranks) or windows (a table per window; start it --from a bands fit),\n"+
		"then +OPTION for each of kingsq (a weight per king square) and edges (two 3x6 edge shapes): windows+kingsq+edges")
	handOff := fs.String("hand-off", "", "fit on the hand-made evaluation without these terms (comma-separated, "+eval.TermNames()+"): to measure by the held-out loss what the windows make redundant; the weights file does not record it, so play them with the same --ablate")
	marginQ := fs.Float64("margin-quantile", 0, "set the weights' lazy margin to this quantile of what their windows add over the data (0.999: 99.9%); 0 keeps the fixed 50 of earlier generations")
	prior := fs.Bool("prior", false, "pull the weights towards the --from weights instead of towards 0 (with --l2)")
	out := fs.String("out", "", "weights file to write (required)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case *out == "":
		return usagef("--out is required")
	case len(files) == 0:
		return usagef("name one or more data files from damka selfplay")
	case *epochs < 1 || *epochs > 1000 || *batch < 1:
		return usagef("--epochs must be from 1 to 1000 and --batch positive")
	case !(*lambda >= 0 && *lambda <= 1) || !(*rate > 0 && *rate < 1000) || !(*l2 >= 0 && *l2 < 1):
		return usagef("--lambda must be in [0, 1], --rate in (0, 1000), --l2 in [0, 1)")
	case !(*marginQ >= 0 && *marginQ < 1):
		return usagef("--margin-quantile must be in [0, 1)")
	}
	lay, err := layoutName(*layout)
	if err != nil {
		return err
	}
	start := time.Now()
	var ds []*train.Data
	for _, f := range files {
		x, err := train.ReadFile(f)
		if err != nil {
			return err
		}
		ds = append(ds, x)
	}
	d := ds[0]
	switch {
	case len(ds) > 1:
		// Several files (generations, shards): equal positions become
		// one sample, as 'damka selfplay merge --join' writes them.
		if d, err = train.Join(ds, files); err != nil {
			return err
		}
	case !d.Header.Merged:
		// One selfplay --shard output (unmerged).
		d.Samples = train.Merge(d.Samples)
	}
	if *prior && *from == "" {
		return usagef("--prior needs --from")
	}
	cfg := train.TuneConfig{Epochs: *epochs, Batch: *batch, Rate: *rate, Lambda: *lambda, L2: *l2, Seed: *seed, FreeHand: *freeHand, Epsilon: *epsilon,
		Layout: lay, Prior: *prior, MarginQuantile: *marginQ}
	if *handOff != "" {
		var off eval.Terms
		for _, name := range strings.Split(*handOff, ",") {
			t, err := eval.ParseTerm(strings.TrimSpace(name))
			if err != nil {
				return usagef("--hand-off: %v", err)
			}
			off |= t
		}
		cfg.Hand = eval.NewHand(off)
		fmt.Printf("tune: the hand-made evaluation without %s (not recorded in the weights file)\n", *handOff)
	}
	if *from != "" {
		w, err := eval.LoadWeights(*from)
		if err != nil {
			return usagef("--from: %v", err)
		}
		cfg.Start = w
	}
	k := train.FitScale(d.Samples)
	fmt.Printf("tune: %s, %d positions from %d games, scale K=%.1f (sigmoid(score/K) predicts the result)\n",
		d.Header.Variant, len(d.Samples), d.Games, k)
	cfg.Progress = func(e train.Epoch) {
		fmt.Printf("epoch %3d/%d: train %.5f  held-out %.5f, result alone %.5f  (hand-made evaluation: %.5f, %.5f)  %.1fs\n",
			e.N, *epochs, e.Train, e.HeldOut, e.ResultHeldOut, e.BaselineHeldOut, e.BaselineResult, time.Since(start).Seconds())
	}
	// OUT.part keeps the fit's state when it is stopped (SIGINT, SIGTERM)
	// and after every epoch; the same command goes on from it.
	cfg.Checkpoint = *out + ".part"
	ctx, stop := stopContext()
	defer stop()
	w, _, err := train.Tune(ctx, d, cfg)
	if err != nil {
		return err
	}
	n, err := writeWeights(*out, w)
	if err != nil {
		return err
	}
	fmt.Printf("tune: wrote %s (%d bytes, %d weights per phase, layout %s, lazy margin %d) in %.1fs\n", *out, n, w.Features(), w.Layout(), w.Margin, time.Since(start).Seconds())
	return nil
}

// layoutName is the weights layout that --layout names: bands or windows,
// then +option for each option ("windows+kingsq+edges"), in any order.
func layoutName(s string) (string, error) {
	base, opts, _ := strings.Cut(s, "+")
	bases := map[string]string{"bands": eval.LayoutBands, "windows": eval.LayoutWindows}
	b, ok := bases[base]
	if !ok {
		return "", usagef("--layout must be bands or windows, then +options, not %q", s)
	}
	o, err := eval.ParseOptions(opts)
	if err != nil {
		return "", usagef("--layout: %v", err)
	}
	return eval.LayoutName(b, o), nil
}

// writeWeights writes w to path and returns the file's size.
func writeWeights(path string, w *eval.Weights) (int, error) {
	var buf bytes.Buffer
	if err := w.Write(&buf); err != nil {
		return 0, err
	}
	return buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}
