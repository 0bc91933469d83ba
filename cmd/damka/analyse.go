package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"damka/engine"
)

func init() {
	register(command{"analyse", "search one position and print every iteration, or review a PDN game (--pdn: ?! ? ?? marks, --svg graph)", analyseCmd})
}

func analyseCmd(args []string) error {
	fs := newFlags("analyse")
	variant := fs.String("variant", "international", "rule set")
	fen := fs.String("fen", "", "position (PDN FEN); default the start position")
	depth := fs.Int("depth", 0, "depth in plies (default: 12 unless --time is given)")
	secs := fs.Float64("time", 0, "seconds to think")
	threads := threadsFlag(fs, 1)
	hash := hashFlag(fs, engine.DefaultHashMB)
	multipv := fs.Int("multipv", 1, "principal variations to show")
	pdnPath := fs.String("pdn", "", "annotate every move of a game of this PDN file with the engine's score and best move")
	gameNum := fs.Int("game", 1, "with --pdn: the game of the file to annotate (1 = the first)")
	movetime := fs.Float64("movetime", 0, "with --pdn: seconds per position (default: --depth, else depth 12)")
	output := fs.String("o", "", "with --pdn: write the annotated PDN to this file (default: standard output)")
	svg := fs.String("svg", "", "with --pdn: draw the evaluation graph of the game into this SVG file")
	ablate := fs.String("ablate", "", "search features to switch off, or experiments to switch on (+name), as damka hub --ablate (one position, not --pdn)")
	tables := tableFlags(fs)
	evals := evalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *pdnPath != "" {
		switch {
		case *fen != "":
			return usagef("--pdn and --fen exclude each other: the positions come from the game")
		case *secs != 0:
			return usagef("with --pdn the budget per position is --movetime or --depth, not --time")
		case *multipv != 1:
			return usagef("--multipv is for one position, not with --pdn")
		case *ablate != "":
			return usagef("--ablate is for one position, not with --pdn")
		}
		job := pdnJob{path: *pdnPath, game: *gameNum, depth: *depth, movetime: *movetime,
			output: *output, svg: *svg, threads: *threads, hash: *hash, tables: tables, evals: evals}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "variant" {
				job.variant = *variant
			}
		})
		return analysePDN(job)
	}
	for name, set := range map[string]bool{"game": *gameNum != 1, "movetime": *movetime != 0, "o": *output != "", "svg": *svg != ""} {
		if set {
			return usagef("--%s goes with --pdn", name)
		}
	}
	g, err := gameFlags(*variant, *fen)
	if err != nil {
		return err
	}
	v, p := g.Variant(), *g.Position()
	switch {
	case *depth < 0 || *depth > 100:
		return usagef("depth must be between 1 and 100, not %d", *depth)
	case *multipv < 1 || *multipv > 100:
		return usagef("multipv must be between 1 and 100, not %d", *multipv)
	}
	for _, err := range []error{checkTime("time", *secs, 0, 1e6, false, "seconds"), checkThreads(*threads), checkHash(*hash)} {
		if err != nil {
			return err
		}
	}
	opts := engine.Options{Threads: *threads, HashMB: *hash, MultiPV: *multipv}
	if err := cmp.Or(tables(&opts), evals(&opts)); err != nil {
		return err
	}
	e := newEngine("analyse", opts)
	if *ablate != "" {
		if err := e.Ablate(*ablate); err != nil {
			return usagef("%v", err)
		}
	}
	think := time.Duration(*secs * float64(time.Second))
	var lim engine.Limits
	switch {
	case think > 0 && *depth > 0:
		lim = engine.Limits{Depth: *depth, MoveTime: think} // whichever comes first
	case think > 0:
		// Analysis, not play: search even a forced move, for the whole time.
		lim = engine.Limits{Infinite: true}
		time.AfterFunc(think, e.Stop)
	case *depth > 0:
		lim = engine.Limits{Depth: *depth}
	default:
		lim = engine.Limits{Depth: 12}
	}
	fmt.Printf("analyse variant=%s fen=%s\n", v.Name, g.FEN())
	r := e.Search(g, lim, func(in engine.Info) {
		var sb strings.Builder
		fmt.Fprintf(&sb, "depth=%d", in.Depth)
		if in.MultiPV > 0 {
			fmt.Fprintf(&sb, " multipv=%d", in.MultiPV)
		}
		fmt.Fprintf(&sb, " score=%s nodes=%d nps=%.0f time=%.3f tbhits=%d pv=%s",
			engine.FormatScore(in.Score), in.Nodes, float64(in.Nodes)/max(in.Time.Seconds(), 1e-9),
			in.Time.Seconds(), in.TBHits, g.FormatLine(in.PV))
		fmt.Println(sb.String())
	})
	for _, err := range r.TableDamage {
		fmt.Fprintf(os.Stderr, "damka analyse: endgame tables: %v\n", err)
	}
	if !r.HasBest {
		result := "lost"
		if _, win := v.Outcome(&p, nil); win {
			result = "won"
		}
		fmt.Printf("bestmove=none (the game is over: the side to move has %s)\n", result)
		return nil
	}
	line := "bestmove=" + v.FormatMove(&p, r.Best)
	if r.HasPonder {
		if after := g.Clone(); after.Play(r.Best) == nil {
			line += " ponder=" + v.FormatMove(after.Position(), r.Ponder)
		}
	}
	fmt.Printf("%s score=%s depth=%d nodes=%d time=%.3f\n", line, engine.FormatScore(r.Score), r.Depth, r.Nodes, r.Time.Seconds())
	return nil
}
