package main

import (
	"fmt"
	"os"
	"strings"

	"damka/engine"
	"damka/protocol/hub"
)

func init() {
	register(command{"hub", "speak the Hub protocol on stdin/stdout (for GUIs, lidraughts-bot, pydraughts)", hubCmd})
}

// hubFlags are the flags hub knows; every other "-name" argument is
// ignored (see hubArgs).
var hubFlags = map[string]bool{"variant": true, "threads": true, "hash": true, "h": true, "help": true}

func hubCmd(args []string) error {
	known, params := hubArgs(args)
	fs := newFlags("hub")
	variant := fs.String("variant", "international", "rule set before any set-param (normal, russian, brazilian, english, ...)")
	threads := fs.Int("threads", 1, "search threads (1..64)")
	hashMB := fs.Int("hash", 16, "transposition table size in MB (1..65536)")
	if err := parseFlags(fs, known); err != nil {
		return err
	}
	v, _, err := position(*variant, "")
	if err != nil {
		return err
	}
	if *threads < 1 || *threads > 64 {
		return usagef("--threads must be from 1 to 64, not %d", *threads)
	}
	if *hashMB < 1 || *hashMB > 65536 {
		return usagef("--hash must be from 1 to 65536 MB, not %d", *hashMB)
	}
	opts := engine.Options{Threads: *threads, HashMB: *hashMB}
	s := hub.NewSession(engine.New(opts), os.Stdin, os.Stdout,
		hub.WithVariant(v), hub.WithEngineOptions(opts), hub.WithVersion(version))
	for _, p := range params {
		if err := s.SetParam(p[0], p[1]); err != nil {
			return usagef("--%s=%s: %v", p[0], p[1], err)
		}
	}
	return s.Run()
}

// hubArgs sorts the command line of hub. lidraughts-bot appends
// "--key=value" arguments after "hub" (its engine options), and other
// launchers add their own: failing on them would leave the bot without an
// engine, so the ones hub does not know are ignored with a note on stderr.
// "--name=value" for a Hub parameter (multipv, book, egdb-path, ponder, ...)
// sets it as set-param would. known holds what the flag package should
// parse; params holds the name/value pairs for the session.
func hubArgs(args []string) (known []string, params [][2]string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			fmt.Fprintf(os.Stderr, "damka hub: ignoring argument %q\n", a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case hubFlags[name]:
			known = append(known, a)
			// "--threads 4": the value is the next argument.
			if !hasValue && name != "h" && name != "help" && i+1 < len(args) {
				i++
				known = append(known, args[i])
			}
		case hasValue && hub.HasParam(name):
			params = append(params, [2]string{name, value})
		default:
			fmt.Fprintf(os.Stderr, "damka hub: ignoring unknown argument %q\n", a)
		}
	}
	return known, params
}
