package main

import (
	"fmt"
	"os"
	"time"

	"damka/bench/openings"
	"damka/board"
	"damka/engine"
	"damka/train"
)

func init() {
	register(command{"selfplay", "play games against itself and keep their quiet positions as training data (for damka tune)", selfplayCmd})
}

func selfplayCmd(args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return selfplayMerge(args[1:])
	}
	fs := newFlags("selfplay")
	variant := fs.String("variant", "international", "rule set")
	games := fs.Int("games", 1000, "games in all (a resumed run plays the rest)")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move (0: no node limit; then --depth)")
	depth := fs.Int("depth", 0, "search depth per move (0: no depth limit)")
	seed := fs.Uint64("seed", 1, "seed of the random opening moves: the same seed gives the same file")
	random := fs.Int("random-plies", 8, "each game starts with 0..N random moves after its opening")
	openingsFile := fs.String("openings", "", "openings file (damka match openings); games start from them in turn")
	workers := fs.Int("workers", taskCPUs(2), "games played at once, one search thread each (default: SLURM_CPUS_PER_TASK where set)")
	shard := fs.String("shard", "", "play only shard I/N of the games (games I, I+N, I+2N, ...), unmerged, for 'damka selfplay merge' or 'damka tune'")
	hash := hashFlag(fs, 16)
	maxPlies := fs.Int("max-plies", 400, "a game this long is a draw")
	out := fs.String("out", "", "output file (required); OUT.part holds an unfinished run, which the same command resumes")
	evalFile := evalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out is required")
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	if *games < 1 || *workers < 1 || *workers > engine.MaxThreads || *random < 0 || *random > 200 {
		return usagef("--games and --workers must be positive (workers at most %d), --random-plies from 0 to 200", engine.MaxThreads)
	}
	if err := checkHash(*hash); err != nil {
		return err
	}
	si, sn, err := shardFlag(*shard)
	if err != nil {
		return err
	}
	opts := engine.Options{HashMB: *hash}
	if err := evalFile(&opts); err != nil {
		return err
	}
	cfg := train.SelfplayConfig{
		Variant: v, Games: *games, Nodes: *nodes, Depth: *depth, Seed: *seed,
		RandomPlies: *random, Workers: *workers, Engine: opts, MaxPlies: *maxPlies,
		Shard: si, Shards: sn,
	}
	if *openingsFile != "" {
		ops, err := openings.ReadFile(*openingsFile, v)
		if err != nil {
			return err
		}
		for _, o := range ops {
			g, err := o.Game(v)
			if err != nil {
				return fmt.Errorf("%s: %w", *openingsFile, err)
			}
			cfg.Openings = append(cfg.Openings, g)
		}
	}
	pr := newProgress()
	cfg.Progress = func(done, total, samples int) { pr.update(done, total, uint64(samples), "positions") }
	// The header records the settings that decide the games, so that a
	// resumed run is refused unless it repeats them.
	meta := fmt.Sprintf("damka selfplay --variant %s --games %d --nodes %d --depth %d --seed %d --random-plies %d --openings %q --max-plies %d --eval %q",
		v.Name, *games, *nodes, *depth, *seed, *random, *openingsFile, *maxPlies, fs.Lookup("eval").Value.String())
	start := time.Now()
	ctx, stop := stopContext()
	defer stop()
	d, err := train.Selfplay(ctx, *out, cfg, meta)
	pr.finish()
	if err != nil {
		return err
	}
	st, _ := os.Stat(*out)
	size := int64(0)
	if st != nil {
		size = st.Size()
	}
	what := "distinct quiet positions"
	if sn > 0 {
		what = "quiet positions (unmerged: 'damka selfplay merge' or 'damka tune' merges the shards)"
	}
	fmt.Printf("selfplay: %d games, %d %s, %s, %d bytes, %.1fs\n",
		d.Games, len(d.Samples), what, *out, size, time.Since(start).Seconds())
	return nil
}

// selfplayMerge joins the outputs of every shard of one selfplay run into
// the file the unsharded run writes.
func selfplayMerge(args []string) error {
	fs := newFlags("selfplay merge")
	out := fs.String("out", "", "output file (required)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *out == "" || len(files) == 0 {
		return usagef("usage: damka selfplay merge --out FILE SHARD-FILE...")
	}
	var parts []*train.Data
	for _, f := range files {
		d, err := train.ReadFile(f)
		if err != nil {
			return err
		}
		parts = append(parts, d)
	}
	d, err := train.MergeShards(parts, files)
	if err != nil {
		return err
	}
	if err := train.WriteFile(*out, d); err != nil {
		return err
	}
	fmt.Printf("selfplay merge: %d shards, %d games, %d distinct quiet positions, %s\n", len(parts), d.Games, len(d.Samples), *out)
	return nil
}
