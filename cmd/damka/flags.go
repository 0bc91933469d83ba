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
	"damka/engine"
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

// parseInterleaved parses fs from args in which positional arguments (file
// names) may stand before, between or after the flags ("match stats
// part-*.pdn --sprt 0,5"), and returns them in order.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlagsAndArgs(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil // after "--" everything is positional
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
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
