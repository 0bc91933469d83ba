package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"damka/bench/openings"
	"damka/board"
	"damka/engine"
	"damka/train"
)

func init() {
	register(command{"selfplay", "play games against itself and keep their quiet positions as training data (for damka tune)", selfplayCmd})
}

// The random starts of new runs: 6 to 16 random moves, kept when the
// game's search scores them within a third of a man (docs/learned-evaluation.md).
const (
	defaultRandomPlies  = 16
	defaultRandomMin    = 6
	defaultRandomMargin = 30
)

func selfplayCmd(args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return selfplayMerge(args[1:])
	}
	if len(args) > 0 && args[0] == "stats" {
		return selfplayStats(args[1:])
	}
	fs := newFlags("selfplay")
	variant := fs.String("variant", "international", "rule set")
	games := fs.Int("games", 1000, "games in all (a resumed run plays the rest)")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move (0: no node limit; then --depth)")
	depth := fs.Int("depth", 0, "search depth per move (0: no depth limit)")
	seed := fs.Uint64("seed", 1, "seed of the random opening moves: the same seed gives the same file")
	random := fs.Int("random-plies", defaultRandomPlies, "each game starts with --random-min..N random moves after its opening")
	randomMin := fs.Int("random-min", defaultRandomMin, "the fewest random moves a game starts with")
	randomMargin := fs.Int("random-margin", defaultRandomMargin, "keep a random start only if a search of the game's --nodes/--depth scores it within this many hundredths of a man for the side to move, else draw it again (0: keep every start)")
	shotMargin := fs.Int("shot-margin", train.DefaultShotMargin, "drop a kept position whose --shot-depth search scores more than this many hundredths of a man from its static evaluation: a pending shot for either side (0: keep them)")
	shotDepth := fs.Int("shot-depth", train.DefaultShotDepth, "depth of the shot filter's search")
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
	if *randomMin < 0 || *randomMin > *random || *randomMargin < 0 || *shotMargin < 0 || *shotDepth < 1 || *shotDepth > 20 {
		return usagef("--random-min must be from 0 to --random-plies, --random-margin and --shot-margin at least 0, --shot-depth from 1 to 20")
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
		RandomPlies: *random, RandomMin: *randomMin, RandomMargin: *randomMargin,
		ShotMargin: *shotMargin, ShotDepth: *shotDepth,
		Workers: *workers, Engine: opts, MaxPlies: *maxPlies,
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
	started := false
	cfg.Progress = func(done, total, samples int) {
		if !started { // the first call: the games a resumed run holds
			started = true
			pr.from(done)
			return
		}
		pr.update(done, total, uint64(samples), "positions")
	}
	// The header records the settings that decide the games, so that a
	// resumed run is refused unless it repeats them. Those that later
	// versions added are recorded where they are on, so that a run without
	// them has the header (and the bytes) of the versions before.
	meta := fmt.Sprintf("damka selfplay --variant %s --games %d --nodes %d --depth %d --seed %d --random-plies %d --openings %q --max-plies %d --eval %q",
		v.Name, *games, *nodes, *depth, *seed, *random, *openingsFile, *maxPlies, fs.Lookup("eval").Value.String())
	if *randomMin > 0 {
		meta += fmt.Sprintf(" --random-min %d", *randomMin)
	}
	if *randomMargin > 0 {
		meta += fmt.Sprintf(" --random-margin %d", *randomMargin)
	}
	if *shotMargin > 0 {
		meta += fmt.Sprintf(" --shot-margin %d --shot-depth %d", *shotMargin, *shotDepth)
	}
	var spread train.Spread
	cfg.Report = spread.Add
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
	played := "the games played"
	if spread.Games < d.Games {
		played = fmt.Sprintf("the %d games played now (the others were played before a resume)", spread.Games)
	}
	fmt.Printf("selfplay: %s: %s\n", played, indent(spread.String()))
	fmt.Printf("selfplay: the file: %s\n", train.Stats(d, startPieces(v)))
	return nil
}

// indent puts the lines after the first of s under it.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// selfplayMerge joins the outputs of every shard of one selfplay run into
// the file the unsharded run writes.
func selfplayMerge(args []string) error {
	fs := newFlags("selfplay merge")
	out := fs.String("out", "", "output file (required)")
	join := fs.Bool("join", false, "join data files of any runs (generations) of one variant: equal positions become one (counts add, scores averaged by games)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *out == "" || len(files) == 0 {
		return usagef("usage: damka selfplay merge [--join] --out FILE SHARD-FILE...")
	}
	var parts []*train.Data
	for _, f := range files {
		d, err := train.ReadFile(f)
		if err != nil {
			return err
		}
		parts = append(parts, d)
	}
	what := "shards"
	var d *train.Data
	if *join {
		what = "files"
		d, err = train.Join(parts, files)
	} else {
		d, err = train.MergeShards(parts, files)
	}
	if err != nil {
		if !*join {
			err = fmt.Errorf("%w (--join joins files of different runs)", err)
		}
		return err
	}
	if err := train.WriteFile(*out, d); err != nil {
		return err
	}
	fmt.Printf("selfplay merge: %d %s, %d games, %d distinct quiet positions, %s\n", len(parts), what, d.Games, len(d.Samples), *out)
	return nil
}

// selfplayStats prints what data files say of their games: positions,
// distinct ones per game, the spread of the openings; with --old, how many
// of their positions the older files lack.
func selfplayStats(args []string) error {
	fs := newFlags("selfplay stats")
	var old fileList
	fs.Var(&old, "old", "an older data file (repeatable): count the positions of FILE that none of them holds")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("usage: damka selfplay stats [--old OLD-FILE]... FILE...")
	}
	read := func(names []string) ([]*train.Data, error) {
		var ds []*train.Data
		for _, f := range names {
			d, err := train.ReadFile(f)
			if err != nil {
				return nil, err
			}
			ds = append(ds, d)
		}
		return ds, nil
	}
	olds, err := read(old)
	if err != nil {
		return err
	}
	for _, f := range files {
		ds, err := read([]string{f})
		if err != nil {
			return err
		}
		d := ds[0]
		v, err := board.Lookup(d.Header.Variant)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		st := train.Stats(d, startPieces(v))
		fmt.Printf("%s: %s, %s\n  made by: %s\n", f, v.Name, st, d.Header.Meta)
		if len(olds) > 0 {
			for i, o := range olds {
				if o.Header.Variant != d.Header.Variant {
					return fmt.Errorf("%s holds %s positions, %s holds %s", old[i], o.Header.Variant, f, d.Header.Variant)
				}
			}
			n, visits := train.Fresh(d, olds)
			fmt.Printf("  not in the %d older files: %d distinct (%.1f%%), %d visits (%.1f%%)\n",
				len(olds), n, 100*float64(n)/float64(max(st.Distinct, 1)), visits, 100*float64(visits)/float64(max(st.Visits, 1)))
		}
	}
	return nil
}

// startPieces is the number of pieces of v's start position.
func startPieces(v *board.Variant) int {
	p := v.Start()
	return p.TotalCount()
}

// fileList is a repeatable flag of file names.
type fileList []string

func (l *fileList) String() string     { return strings.Join(*l, ",") }
func (l *fileList) Set(s string) error { *l = append(*l, s); return nil }
