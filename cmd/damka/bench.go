package main

import (
	"cmp"
	"os"

	"damka/bench"
	"damka/engine"
)

func init() {
	register(command{"bench", "search the fixed bench positions; the node total is the search signature", benchCmd})
}

func benchCmd(args []string) error {
	fs := newFlags("bench")
	depth := fs.Int("depth", bench.DefaultDepth, "depth in plies")
	threads := threadsFlag(fs, 1) // the node count is reproducible only with 1
	hash := hashFlag(fs, 16)      // fresh for every position
	ablate := fs.String("ablate", "", "search features to switch off, or experiments to switch on (+name), as damka hub --ablate")
	evals := evalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > 60 {
		return usagef("depth must be between 1 and 60, not %d", *depth)
	}
	if err := cmp.Or(checkThreads(*threads), checkHash(*hash)); err != nil {
		return err
	}
	var o engine.Options
	if err := evals(&o); err != nil {
		return err
	}
	_, err := bench.Run(bench.BenchOptions{Depth: *depth, Threads: *threads, HashMB: *hash, Eval: o.Eval, HandEval: o.HandEval, Ablate: *ablate}, os.Stdout)
	return err
}
