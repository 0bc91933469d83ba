package main

import (
	"fmt"
	"os"
	"time"

	"damka/board"
)

func init() {
	register(command{"perft", "count the leaves of the legal move tree (move generator check and speed)", perftCmd})
}

func perftCmd(args []string) error {
	fs := newFlags("perft")
	variant := fs.String("variant", "international", "rule set")
	fen := fs.String("fen", "", "position (PDN FEN); default the start position")
	depth := fs.Int("depth", 6, "depth in plies")
	dups := fs.String("dups", "drop", "capture routes with the same from, to and captured set: drop (one move) or keep")
	divide := fs.Bool("divide", false, "list every root move with its count")
	threads := fs.Int("threads", 1, "goroutines sharing the root moves")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	g, err := gameFlags(*variant, *fen)
	if err != nil {
		return err
	}
	v := g.Variant()
	if *depth < 1 || *depth > 40 {
		return usagef("depth must be between 1 and 40, not %d", *depth)
	}
	if *threads < 1 || *threads > 1024 {
		return usagef("threads must be between 1 and 1024, not %d", *threads)
	}
	var keep bool
	switch *dups {
	case "drop":
	case "keep":
		keep = true
	default:
		return usagef("--dups must be drop or keep, not %q", *dups)
	}
	fmt.Printf("perft variant=%s fen=%s dups=%s threads=%d\n", v.Name, g.FEN(), *dups, *threads)
	var total uint64
	var elapsed time.Duration
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		pr := newProgress()
		res := g.Divide(d, keep, *threads, func(done, total int, nodes uint64) {
			pr.update(done, total, nodes, "leaves")
		})
		pr.finish()
		var n uint64
		for _, r := range res {
			n += r.Nodes
		}
		if len(res) == 0 {
			n = 0
		}
		t := time.Since(start)
		total += n
		elapsed += t
		fmt.Printf("depth=%d nodes=%d time=%.3f nps=%.0f\n", d, n, t.Seconds(), float64(n)/max(t.Seconds(), 1e-9))
		if d == *depth && *divide {
			for _, r := range res {
				fmt.Printf("  %s %d\n", moveText(v, g.Position(), r.Move), r.Nodes)
			}
		}
	}
	fmt.Fprintf(os.Stdout, "perft summary: depth=%d leaves=%d total-time=%.3f\n", *depth, total, elapsed.Seconds())
	return nil
}

// moveText writes a move in the variant's notation.
func moveText(v *board.Variant, p *board.Position, m board.Move) string {
	sep := "-"
	if m.IsCapture() {
		sep = string(v.CaptureSep)
	}
	return v.SquareName(m.From) + sep + v.SquareName(m.To)
}
