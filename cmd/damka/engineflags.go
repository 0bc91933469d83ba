package main

import (
	"flag"
	"fmt"
	"os"

	"damka/board"
	"damka/book"
	"damka/egdb"
	"damka/engine"
	"damka/eval"
)

// The engine flags that several commands share are declared here, each in
// one place with one help text; a command passes its own default where the
// defaults differ (one thread for an interactive engine, all cores for a
// batch job, a smaller table per worker when several search at once).

// threadsFlag declares --threads: search threads of one search.
func threadsFlag(fs *flag.FlagSet, def int) *int {
	return fs.Int("threads", def, fmt.Sprintf("search threads (1..%d)", engine.MaxThreads))
}

// hashFlag declares --hash: the transposition table of one search (of each,
// where a command runs several at once: selfplay workers, serve games).
func hashFlag(fs *flag.FlagSet, def int) *int {
	return fs.Int("hash", def, fmt.Sprintf("transposition table size in MB (1..%d), for each search that runs at once", engine.MaxHashMB))
}

// evalChoiceFlag declares --eval; evalFlags applies it to engine options,
// the Hub engine passes it on as its eval parameter.
func evalChoiceFlag(fs *flag.FlagSet) *string {
	return fs.String("eval", "learned", `evaluation: "learned" (built-in weights for International and Russian, the hand-made evaluation elsewhere), "hand", or a weights file from 'damka tune'`)
}

// evalFlags declares --eval for a command that searches and returns a
// function that applies it: "learned" (the default: the weights built into
// damka where the variant has them), "hand" (the hand-made evaluation) or
// the path of a weights file from 'damka tune' (read here, so that a bad
// one is a usage error).
func evalFlags(fs *flag.FlagSet) func(*engine.Options) error {
	choice := evalChoiceFlag(fs)
	return func(o *engine.Options) error {
		w, hand, err := parseEval(*choice)
		if err != nil {
			return usagef("--eval: %v", err)
		}
		if w != nil {
			if f := fs.Lookup("variant"); f != nil {
				if v, err := board.Lookup(f.Value.String()); err == nil && v.Name != w.Variant {
					return usagef("--eval %q holds weights for %s, not %s", *choice, w.Variant, v.Name)
				}
			}
		}
		o.Eval, o.HandEval = w, hand
		return nil
	}
}

// parseEval reads an evaluation choice: "learned" (or empty), "hand", or a
// weights file.
func parseEval(choice string) (w *eval.Weights, hand bool, err error) {
	switch choice {
	case "", "learned":
		return nil, false, nil
	case "hand":
		return nil, true, nil
	}
	w, err = eval.LoadWeights(choice)
	return w, false, err
}

// tableFlags adds --egdb DIR, --no-egdb and --egdb-cache MB to fs; the returned function,
// called after parsing, copies them into the engine options. The tables of
// DIR add to the built-in ones; what DIR lacks or holds damaged for the
// command's --variant is said on stderr here, before the engine plays on
// without it.
func tableFlags(fs *flag.FlagSet) func(*engine.Options) error {
	dir := fs.String("egdb", "", "directory of endgame tables built by 'damka egdb build' (default: the tables embedded in the binary)")
	off := fs.Bool("no-egdb", false, "search without endgame tables")
	cache := fs.Int("egdb-cache", engine.DefaultEGDBCacheMB, "memory in MiB for decoded endgame-table blocks")
	return func(o *engine.Options) error {
		if *cache < 1 {
			return usagef("--egdb-cache %d: must be at least 1 (MiB)", *cache)
		}
		o.EGDBCacheMB = *cache
		if *dir != "" {
			if fi, err := os.Stat(*dir); err != nil || !fi.IsDir() {
				return usagef("--egdb %q is not a readable directory", *dir)
			}
			if f := fs.Lookup("variant"); f != nil && !*off {
				if v, err := board.Lookup(f.Value.String()); err == nil {
					for _, err := range egdb.Check(*dir, v) {
						fmt.Fprintf(os.Stderr, "damka %s: endgame tables: %v\n", fs.Name(), err)
					}
				}
			}
		}
		o.EGDBPath, o.NoEGDB = *dir, *off
		return nil
	}
}

// bookFlags declares --book, --no-book and --book-margin for a command
// that plays moves (play, dxp) and returns a function that applies them:
// the book is on by default, the one built into damka unless --book names
// a file (read here, so that a bad one is a usage error).
func bookFlags(fs *flag.FlagSet) func(*engine.Options) error {
	path := fs.String("book", "", "opening book file built by 'damka book build' (default: the book built into damka, International and Russian)")
	off := fs.Bool("no-book", false, "search from the first move, without the opening book")
	margin := fs.Int("book-margin", 0, "play any book move within this many hundredths of a man of the best, weighted towards the best (0: always the best)")
	return func(o *engine.Options) error {
		if *margin < 0 || *margin > 100 {
			return usagef("--book-margin must be from 0 to 100, not %d", *margin)
		}
		if *path != "" {
			if _, err := book.Open(*path); err != nil {
				return usagef("--book %q: %v", *path, err)
			}
		}
		o.Book, o.BookPath, o.BookMargin = !*off, *path, *margin
		return nil
	}
}

// checkThreads and checkHash hold the command line to the engine's limits,
// the same the Hub declares.
func checkThreads(n int) error {
	if n < 1 || n > engine.MaxThreads {
		return usagef("--threads must be from 1 to %d, not %d", engine.MaxThreads, n)
	}
	return nil
}

func checkHash(mb int) error {
	if mb < 1 || mb > engine.MaxHashMB {
		return usagef("--hash must be from 1 to %d MB, not %d", engine.MaxHashMB, mb)
	}
	return nil
}
