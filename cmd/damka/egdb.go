package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"damka/board"
	"damka/egdb"
)

func init() {
	register(command{"egdb", "endgame tables: build, verify, probe, info (damka egdb <sub-command> -h)", egdbCmd})
}

const egdbUsage = `usage: damka egdb <sub-command> [flags]
  build   --variant V --pieces N --dir D [--threads T] [--memory MB] [--dist N] [--slice SPEC] [--plan]
  verify  --variant V --dir D [--threads T]
  probe   --variant V --fen F [--dir D]   (without --dir: the tables built into damka)
  info    [--variant V] [--dir D]         (without --dir: the tables built into damka)`

func egdbCmd(args []string) error {
	if len(args) == 0 {
		return usagef("%s", egdbUsage)
	}
	switch args[0] {
	case "build":
		return egdbBuild(args[1:])
	case "verify":
		return egdbVerify(args[1:])
	case "probe":
		return egdbProbe(args[1:])
	case "info":
		return egdbInfo(args[1:])
	case "help", "-h", "--help":
		fmt.Println(egdbUsage)
		return nil
	}
	return usagef("unknown egdb sub-command %q\n%s", args[0], egdbUsage)
}

// egdbBuild builds tables. --slice is the scale-out path: a batch system
// runs "damka egdb build --variant V --dir D --slice SPEC" as one job per
// slice, in the waves printed by --plan (a slice needs only slices of
// earlier waves, all finished in the shared directory D). Each job writes
// its two files (the slice and its colour-reversed twin) atomically, so a
// failed job is simply rerun.
func egdbBuild(args []string) error {
	fs := newFlags("egdb build")
	variant := fs.String("variant", "international", "rule set")
	pieces := fs.Int("pieces", 0, "build every slice with at most this many pieces")
	dir := fs.String("dir", "", "directory of the tables (required)")
	threads := fs.Int("threads", taskCPUs(runtime.NumCPU()), "goroutines (default: SLURM_CPUS_PER_TASK where set, else every CPU)")
	memory := fs.Int("memory", egdb.DefaultMemoryMB, "memory bound in MB; a slice that needs more is refused")
	dist := fs.Int("dist", egdb.DefaultDistPieces, "store distances in slices of at most this many pieces (0: none)")
	slice := fs.String("slice", "", "build only these slices (comma-separated, e.g. 2k-1k,1m1k-1k) and their colour twins; what they depend on must be built already")
	plan := fs.Bool("plan", false, "print the jobs of --pieces (one per slice and its twin) in build order with their waves, memory and estimated time at --threads, and stop")
	rate := fs.Float64("rate", defaultBuildRate, "with --plan: positions solved per second per thread, for the time estimates (measure yours: docs/cluster.md)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	if err := egdb.Supported(v); err != nil {
		return usagef("%v", err)
	}
	var slices []egdb.Material
	if *slice != "" {
		for _, s := range strings.Split(*slice, ",") {
			m, err := egdb.ParseMaterial(s)
			if err != nil {
				return usagef("--slice: %v", err)
			}
			slices = append(slices, m)
		}
	}
	if *plan {
		if *pieces < 2 || *pieces > 12 {
			return usagef("--plan needs --pieces between 2 and 12")
		}
		return printPlan(v, *pieces, *rate, *threads)
	}
	switch {
	case *dir == "":
		return usagef("--dir is required")
	case slices == nil && (*pieces < 2 || *pieces > 12):
		return usagef("--pieces must be between 2 and 12 (or give --slice)")
	case slices != nil && *pieces != 0:
		return usagef("give --pieces or --slice, not both")
	case *threads < 1 || *threads > 1024:
		return usagef("--threads must be between 1 and 1024, not %d", *threads)
	case *memory < 16:
		return usagef("--memory must be at least 16 (MB), not %d", *memory)
	}
	distPieces := *dist
	if distPieces <= 0 {
		distPieces = -1
	}
	ctx, stop := stopContext()
	defer stop()
	what := fmt.Sprintf("pieces=%d", *pieces)
	if slices != nil {
		what = "slices=" + *slice
	}
	fmt.Printf("egdb build variant=%s %s dir=%s threads=%d memory=%dMB dist<=%d\n", v.Name, what, *dir, *threads, *memory, *dist)
	start := time.Now()
	var pr *progress
	var cur egdb.Material
	reports, err := egdb.Build(ctx, egdb.BuildOptions{
		Variant: v, Dir: *dir, Pieces: *pieces, Slices: slices, Threads: *threads, MemoryMB: *memory, DistPieces: distPieces,
		Warn: func(err error) { fmt.Fprintf(os.Stderr, "damka egdb: rebuilding damaged table: %v\n", err) },
		Progress: func(p egdb.Progress) {
			if pr == nil || p.Slice != cur {
				pr, cur = newProgress(), p.Slice
			}
			if p.Report == nil {
				pr.update(int(p.Done), int(p.Total), uint64(p.Done), "positions")
				return
			}
			pr.finish()
			pr = nil
			for _, r := range p.Report {
				printSlice(r)
			}
		},
	})
	if pr != nil {
		pr.finish()
	}
	var built, skipped int
	var positions uint64
	var bytes int64
	for _, r := range reports {
		if r.Skipped {
			skipped++
		} else {
			built++
		}
		positions += r.Positions
		bytes += r.Bytes
	}
	fmt.Printf("egdb build summary: slices=%d built=%d skipped=%d positions=%d bytes=%d positions-per-byte=%.1f time=%.1fs\n",
		len(reports), built, skipped, positions, bytes, float64(positions)/max(float64(bytes), 1), time.Since(start).Seconds())
	return err
}

func printSlice(r egdb.SliceReport) {
	dist := ""
	if r.MaxDist >= 0 {
		dist = fmt.Sprintf(" maxdist=%d", r.MaxDist)
	}
	state := fmt.Sprintf("time=%.2fs", r.Elapsed.Seconds())
	if r.Skipped {
		state = "skipped (already built)"
	}
	fmt.Printf("slice=%s positions=%d win=%d draw=%d loss=%d dontcare=%d%s bytes=%d positions-per-byte=%.1f %s\n",
		r.Material, r.Positions, r.Wins, r.Draws, r.Losses, r.DontCare, dist, r.Bytes,
		float64(r.Positions)/max(float64(r.Bytes), 1), state)
}

// openTables opens dir, or the embedded tables without one. Damaged files
// are reported on stderr and left out: db is usable, damaged names them.
func openTables(dir string, v *board.Variant) (db *egdb.DB, damaged, err error) {
	if dir == "" {
		db, err = egdb.OpenEmbedded(v)
	} else {
		db, err = egdb.Open(dir, v)
	}
	if db == nil {
		return nil, nil, err
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "damka egdb: left out: %v\n", err)
	}
	return db, err, nil
}

func egdbVerify(args []string) error {
	fs := newFlags("egdb verify")
	variant := fs.String("variant", "international", "rule set")
	dir := fs.String("dir", "", "directory of the tables (required)")
	threads := fs.Int("threads", taskCPUs(runtime.NumCPU()), "goroutines (default: SLURM_CPUS_PER_TASK where set, else every CPU)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	if *dir == "" {
		return usagef("--dir is required")
	}
	if *threads < 1 || *threads > 1024 {
		return usagef("--threads must be between 1 and 1024, not %d", *threads)
	}
	db, err := egdb.Open(*dir, v)
	if db == nil {
		return err
	}
	defer db.Close()
	if err != nil {
		return fmt.Errorf("damaged tables: %w", err)
	}
	info := db.Info()
	if len(info) == 0 {
		return fmt.Errorf("no %s tables in %s", v.Name, *dir)
	}
	var positions uint64
	for _, s := range info {
		positions += s.Positions
	}
	start := time.Now()
	pr := newProgress()
	err = egdb.Verify(db, *threads, func(done, total int64) { pr.update(int(done), int(total), uint64(done), "positions") })
	pr.finish()
	if err != nil {
		return err
	}
	fmt.Printf("egdb verify ok: variant=%s slices=%d positions=%d time=%.1fs\n", v.Name, len(info), positions, time.Since(start).Seconds())
	return nil
}

func egdbProbe(args []string) error {
	fs := newFlags("egdb probe")
	variant := fs.String("variant", "international", "rule set")
	fen := fs.String("fen", "", "position (PDN FEN), required")
	dir := fs.String("dir", "", "directory of the tables (default: the tables built into damka)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *fen == "" {
		return usagef("--fen is required")
	}
	g, err := gameFlags(*variant, *fen)
	if err != nil {
		return err
	}
	v, p := g.Variant(), *g.Position()
	db, _, err := openTables(*dir, v)
	if err != nil {
		return err
	}
	defer db.Close()
	r, err := db.Lookup(&p)
	switch {
	case errors.Is(err, egdb.ErrNotInTables):
		return fmt.Errorf("position %s is not in the tables (up to %d pieces)", v.FEN(&p), db.MaxPieces())
	case err != nil:
		return fmt.Errorf("position %s: %w", v.FEN(&p), err)
	}
	if r.Dist >= 0 {
		fmt.Printf("result=%s dist=%d\n", r.Value, r.Dist)
	} else {
		fmt.Printf("result=%s\n", r.Value)
	}
	return nil
}

func egdbInfo(args []string) error {
	fs := newFlags("egdb info")
	variant := fs.String("variant", "", "rule set (default: every variant with tables)")
	dir := fs.String("dir", "", "directory of the tables (default: the tables built into damka)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	vs := board.Variants()
	if *variant != "" {
		v, err := board.Lookup(*variant)
		if err != nil {
			return usagef("%v", err)
		}
		vs = []*board.Variant{v}
	}
	var slices int
	var positions uint64
	var bytes int64
	var bad []error
	for _, v := range vs {
		if egdb.Supported(v) != nil {
			continue
		}
		db, damaged, err := openTables(*dir, v)
		if err != nil {
			return err
		}
		if damaged != nil {
			bad = append(bad, damaged)
		}
		for _, s := range db.Info() {
			dist := "wdl"
			if s.MaxDist >= 0 {
				dist = fmt.Sprintf("dist(max %d)", s.MaxDist)
			}
			fmt.Printf("variant=%s slice=%s pieces=%d positions=%d bytes=%d positions-per-byte=%.1f values=%s win=%d draw=%d loss=%d dontcare=%d\n",
				v.Name, s.Material, s.Material.Pieces(), s.Positions, s.Bytes, float64(s.Positions)/max(float64(s.Bytes), 1),
				dist, s.Wins, s.Draws, s.Losses, s.DontCare)
			slices++
			positions += s.Positions
			bytes += s.Bytes
		}
		db.Close()
	}
	fmt.Printf("egdb info: slices=%d positions=%d bytes=%d positions-per-byte=%.1f\n",
		slices, positions, bytes, float64(positions)/max(float64(bytes), 1))
	if len(bad) > 0 {
		return fmt.Errorf("damaged tables: %w", errors.Join(bad...))
	}
	return nil
}
