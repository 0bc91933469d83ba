package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"damka/book"
	"damka/egdb"
	"damka/engine"
	"damka/engine/board"
)

// newFlags returns a flag set that reports errors as usage errors (exit 2)
// instead of exiting by itself.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := parseFlagsAndArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// parseFlagsAndArgs is parseFlags for commands that take positional
// arguments (fs.Args()).
func parseFlagsAndArgs(fs *flag.FlagSet, args []string) error {
	// Accept the GNU "--flag" spelling as the issue text uses it; the flag
	// package accepts both already.
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			var sb strings.Builder
			fs.SetOutput(&sb)
			fs.PrintDefaults()
			return usagef("flags:\n%s", sb.String())
		}
		return usagef("%v", err)
	}
	return nil
}

// position resolves --variant and --fen, for the commands that cannot
// carry Bashni's columns (ParseFEN refuses a FEN with them).
func position(variant, fen string) (*board.Variant, board.Position, error) {
	v, err := board.Lookup(variant)
	if err != nil {
		return nil, board.Position{}, usagef("%v", err)
	}
	if fen == "" || fen == "start" {
		return v, v.Start(), nil
	}
	p, err := v.ParseFEN(fen)
	if err != nil {
		return nil, board.Position{}, usagef("%v", err)
	}
	return v, p, nil
}

// positionTowers is position with Bashni's columns ("W:Wa1(wbb):Bd6"):
// the towers are empty for every other variant.
func positionTowers(variant, fen string) (*board.Variant, board.Position, board.Towers, error) {
	v, err := board.Lookup(variant)
	if err != nil {
		return nil, board.Position{}, board.Towers{}, usagef("%v", err)
	}
	if fen == "" || fen == "start" {
		return v, v.Start(), board.Towers{}, nil
	}
	p, t, err := v.ParseTowersFEN(fen)
	if err != nil {
		return nil, board.Position{}, board.Towers{}, usagef("%v", err)
	}
	return v, p, t, nil
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
