package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"damka/bench/match"
	"damka/bench/openings"
	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
)

func init() {
	register(command{"match", "play engine-vs-engine matches over Hub or DXP (and 'match openings': make an opening suite; 'match stats': the statistics of played matches from their PDN files)", matchCmd})
}

// matchEngines is the repeatable --engine flag.
type matchEngines []match.EngineSpec

func (e *matchEngines) String() string {
	var names []string
	for _, s := range *e {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}

func (e *matchEngines) Set(s string) error {
	sp, err := match.ParseEngineSpec(s)
	if err != nil {
		return err
	}
	*e = append(*e, sp)
	return nil
}

func matchCmd(args []string) error {
	if len(args) > 0 && args[0] == "openings" {
		return matchOpeningsCmd(args[1:])
	}
	if len(args) > 0 && args[0] == "stats" {
		return matchStatsCmd(args[1:])
	}
	fs := newFlags("match")
	var engines matchEngines
	fs.Var(&engines, "engine", `engine, repeatable: a Hub command "cmd=./damka hub,name=Other,option.threads=1" (keys cmd, name, dir, option.NAME, proto=hub), `+
		`or a running DXP follower "proto=dxp,addr=127.0.0.1:27531,name=Kingsrow" (keys addr, name); `+
		`a DXP engine plays only International, against one Hub engine, one game at a time, on a sudden-death --tc (DXP's minutes per game), `+
		`from FEN openings or the initial position; the Hub engine thinks on the DXP clock and neither side loses on time`)
	variant := fs.String("variant", "international", "rule set")
	games := fs.Int("games", 100, "games per pairing (with two engines: in all); with --sprt the default is 100000")
	tcText := fs.String("tc", "", `clock: "60+0.5" (seconds + increment), "40/60+0" (moves per period), "60"`)
	depth := fs.Int("depth", 0, "fixed search depth in plies")
	nodes := fs.Int64("nodes", 0, "fixed node count per move")
	movetime := fs.String("movetime", "", "fixed time per move, seconds")
	margin := fs.Int("timemargin", int(match.DefaultTimeMargin/time.Millisecond),
		"milliseconds an engine may exceed its clock or move time before it loses on time (later moves within it are counted and reported)")
	hang := fs.Float64("hangtimeout", 60, "seconds without an answer after which a search without clock is a hang")
	initTO := fs.Float64("inittimeout", 30, "seconds allowed for the handshake (hub ... wait, init ... ready)")
	openingsFile := fs.String("openings", "", "openings file: one FEN or move line per line, or PDN; each is played with both colours")
	pdn := fs.String("pdn", "", "append every finished game to this PDN file")
	resume := fs.Bool("resume", false, "continue the interrupted match whose games are in --pdn")
	conc := fs.Int("concurrency", taskCPUs(1), "games played at once (default: SLURM_CPUS_PER_TASK where set)")
	sprtText := fs.String("sprt", "", `stop at a decision: "0,5" or "elo0=0,elo1=5" (alpha and beta default to 0.05; "elo0=0,elo1=5,alpha=0.05,beta=0.1" sets them)`)
	adj := fs.String("adjudicate", "", `score adjudication: "score=S,plies=P[,draw=D,drawafter=N]" (S, D in men)`)
	maxPlies := fs.Int("maxplies", 600, "a game this long is adjudicated a draw (0: no limit)")
	event := fs.String("event", "damka match", "PDN Event tag")
	quiet := fs.Bool("quiet", false, "no progress line")
	shard := fs.String("shard", "", "play only shard I/N of the game pairs (pairs I, I+N, ...; both colours of an opening in one shard), each shard with its own --pdn; 'match stats' pools them")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	cfg := match.Config{
		Variant: v, Engines: engines, Games: *games, PDN: *pdn, Resume: *resume,
		Concurrency: *conc, MaxPlies: *maxPlies, Event: *event,
		TimeMargin: time.Duration(*margin) * time.Millisecond,
		Timeouts: match.Timeouts{
			Init: time.Duration(*initTO * float64(time.Second)),
			Hang: time.Duration(*hang * float64(time.Second)),
		},
		Log: os.Stderr,
	}
	if *tcText != "" {
		if cfg.TC, err = match.ParseTC(*tcText); err != nil {
			return usagef("--tc: %v", err)
		}
	}
	cfg.TC.Depth, cfg.TC.Nodes = *depth, *nodes
	if *movetime != "" {
		if cfg.TC.MoveTime, err = match.ParseSeconds(*movetime); err != nil || cfg.TC.MoveTime <= 0 {
			return usagef("--movetime %q: want a positive number of seconds", *movetime)
		}
	}
	if err := cmp.Or(checkTime("hangtimeout", *hang, 0, 1e6, true, "seconds"), checkTime("inittimeout", *initTO, 0, 1e6, true, "seconds")); err != nil {
		return err
	}
	if *sprtText != "" {
		sp, err := parseSPRTFlag(*sprtText)
		if err != nil {
			return err
		}
		cfg.SPRT = &sp
		if !set["games"] {
			cfg.Games = 100000
		}
	}
	if cfg.Shard, cfg.Shards, err = shardFlag(*shard); err != nil {
		return err
	}
	if *adj != "" {
		if cfg.Adjudicate, err = match.ParseAdjudication(*adj); err != nil {
			return usagef("--adjudicate: %v", err)
		}
	}
	if *openingsFile != "" {
		if cfg.Openings, err = openings.ReadFile(*openingsFile, v); err != nil {
			return usagef("--openings: %v", err)
		}
	}
	if !*quiet {
		cfg.Progress = os.Stderr
		cfg.ProgressTTY = match.IsTerminal(os.Stderr)
	}

	// Ctrl-C and SIGTERM (scancel) end the match cleanly: finished games
	// are in the PDN file and --resume plays the rest.
	ctx, stop := stopContext()
	defer stop()
	if len(match.StatsSignals) > 0 {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, match.StatsSignals...)
		defer signal.Stop(sig)
		now := make(chan struct{})
		go func() {
			for range sig {
				now <- struct{}{}
			}
		}()
		cfg.StatsNow = now
	}
	if err := cfg.Check(); err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintf(os.Stderr, "match: %s, %s, %d engines, %d games per pairing, concurrency %d\n",
		v.Name, cfg.TC, len(engines), cfg.Games, cfg.Concurrency)
	sum, err := match.Run(ctx, cfg)
	if sum != nil {
		sum.WriteTo(os.Stdout)
	}
	if err == nil && sum != nil && sum.Stopped == "interrupted" {
		resume := ""
		if cfg.PDN != "" {
			resume = "; add --resume to continue"
		}
		err = fmt.Errorf("interrupted after %d of %d games%s", sum.Played, sum.Total, resume)
	}
	return err
}

// matchOpeningsCmd writes a balanced opening suite.
func matchOpeningsCmd(args []string) error {
	fs := newFlags("match openings")
	variant := fs.String("variant", "international", "rule set")
	plies := fs.Int("plies", 4, "positions after this many plies from the initial position")
	margin := fs.Float64("margin", 0.3, "keep positions whose shallow-search score is within this many men of 0")
	count := fs.Int("count", 0, "at most this many openings, the most balanced (0: all)")
	depth := fs.Int("depth", 4, "depth of the shallow search")
	var engines matchEngines
	fs.Var(&engines, "engine", "score with this Hub engine instead of damka's own search")
	noSearch := fs.Bool("nosearch", false, "no search: every distinct position after --plies plies")
	out := fs.String("out", "", "output file (default standard output)")
	fenOut := fs.Bool("fen", false, "write FEN positions instead of move lines")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	if *plies < 0 || *plies > 12 {
		return usagef("--plies must be between 0 and 12, not %d", *plies)
	}
	if *depth < 1 || *depth > 64 || *count < 0 || *margin < 0 {
		return usagef("--depth must be 1..64, --count and --margin >= 0")
	}
	if len(engines) > 1 {
		return usagef("give at most one --engine")
	}
	if len(engines) == 1 && engines[0].DXP {
		return usagef("--engine: scoring openings needs a Hub engine, not proto=dxp")
	}
	var s engine.Searcher
	what := "no search: every distinct position after the plies"
	switch {
	case *noSearch:
	case len(engines) == 1:
		e, err := match.StartHub(engines[0], hubtext.VariantName(v), match.Timeouts{})
		if err != nil {
			return err
		}
		defer e.Close()
		hs := match.NewHubSearcher(e)
		s = hs
		what = fmt.Sprintf("scored by %s at depth %d", engines[0].Name, *depth)
	default:
		s = engine.New(engine.Options{Threads: 1})
		what = fmt.Sprintf("scored by damka at depth %d", *depth)
	}
	spec := openings.GenerateSpec{Plies: *plies, Depth: *depth, Margin: int(*margin*100 + 0.5), Count: *count}
	suite, err := openings.GenerateOpenings(v, spec, s)
	if err != nil {
		return err
	}
	w, closeOut, err := createOutput(*out)
	if err != nil {
		return err
	}
	defer closeOut()
	bw := bufio.NewWriter(w)
	if s != nil {
		what += fmt.Sprintf(", |score| <= %.2f men", *margin)
	}
	fmt.Fprintf(bw, "# damka match openings: %s, %d plies, %s: %d openings\n", v.Name, *plies, what, len(suite))
	for _, o := range suite {
		text := o.Text
		if *fenOut {
			g, err := o.Game(v)
			if err != nil {
				return err
			}
			text = g.FEN()
		}
		if o.Searched {
			text += fmt.Sprintf("   # %+.2f", float64(o.Score)/100)
		}
		fmt.Fprintln(bw, text)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "match openings: %d openings (%s)\n", len(suite), what)
	return nil
}
