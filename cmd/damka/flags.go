package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"damka/board"
	"damka/book"
	"damka/egdb"
	"damka/engine"
	"damka/eval"
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

// gameFlags resolves --variant and --fen into a game starting there (with
// Bashni's columns, "W:Wa1(wbb):Bd6").
func gameFlags(variant, fen string) (*board.Game, error) {
	v, err := board.Lookup(variant)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if fen == "" || fen == "start" {
		return board.NewGame(v, v.Start()), nil
	}
	g, err := board.ParseGame(v, fen)
	if err != nil {
		return nil, usagef("%s", clipQuoted(err.Error()))
	}
	return g, nil
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

// newEngine is engine.New for the commands: a hash table smaller than
// asked, because the machine has not the memory, is said on stderr.
func newEngine(command string, opts engine.Options) *engine.Engine {
	e, err := engine.NewChecked(opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "damka %s: %v\n", command, err)
	}
	return e
}

// checkTime refuses a time flag (seconds or minutes, as unit says) outside
// [lo, hi], or above 0 when lo is 0 and positive is set. Every time flag
// goes through here because NaN passes "v < lo || v > hi": it fails every
// comparison, so only "not inside" catches it.
func checkTime(flag string, v, lo, hi float64, positive bool, unit string) error {
	if !(v >= lo && v <= hi) || positive && !(v > 0) {
		num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
		want := "from " + num(lo) + " to " + num(hi)
		if positive {
			want = "more than 0 and at most " + num(hi)
		}
		return usagef("--%s must be %s %s, not %g", flag, want, unit, v)
	}
	return nil
}

// maxQuoted is how much of a quoted value an error message shows.
const maxQuoted = 60

// clipQuoted shortens every double-quoted value in msg to maxQuoted bytes
// of its text, marking the cut with "...". Parse errors quote the input
// and then the part of it that is wrong, so a 100 KB FEN with one bad
// field came back twice in full.
func clipQuoted(msg string) string {
	var sb strings.Builder
	for {
		start := strings.IndexByte(msg, '"')
		if start < 0 {
			break
		}
		end := start + 1
		for end < len(msg) && msg[end] != '"' {
			if msg[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(msg) {
			break // no closing quote: not a quoted value
		}
		sb.WriteString(msg[:start])
		quoted := msg[start : end+1]
		if text, err := strconv.Unquote(quoted); err == nil && len(text) > maxQuoted {
			cut := maxQuoted
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			quoted = strconv.Quote(text[:cut] + "...")
		}
		sb.WriteString(quoted)
		msg = msg[end+1:]
	}
	sb.WriteString(msg)
	return sb.String()
}

// evalFlags declares --eval for a command that searches and returns a
// function that applies it: "learned" (the default: the weights built into
// damka where the variant has them), "hand" (the hand-made evaluation) or
// the path of a weights file from 'damka tune' (read here, so that a bad
// one is a usage error).
func evalFlags(fs *flag.FlagSet) func(*engine.Options) error {
	choice := fs.String("eval", "learned", `evaluation: "learned" (built-in weights for International and Russian, the hand-made evaluation elsewhere), "hand", or a weights file from 'damka tune'`)
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

// createOutput opens the file a command writes to (-o, --out), or standard
// output for an empty path; the returned function closes the file.
func createOutput(path string) (io.Writer, func() error, error) {
	if path == "" {
		return os.Stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}
