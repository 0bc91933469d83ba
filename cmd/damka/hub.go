package main

import (
	"cmp"
	"fmt"
	"os"
	"strconv"
	"strings"

	"damka/bench/weak"
	"damka/engine"
	"damka/protocol/hub"
)

func init() {
	register(command{"hub", "speak the Hub protocol on stdin/stdout (for GUIs, lidraughts-bot, pydraughts)", hubCmd})
}

// hubFlags are the flags hub knows; every other "-name" argument is
// ignored (see hubArgs).
var hubFlags = map[string]bool{"variant": true, "threads": true, "hash": true, "move-numbering": true, "weaken": true, "ablate": true, "eval": true, "h": true, "help": true}

func hubCmd(args []string) error {
	known, params := hubArgs(args)
	fs := newFlags("hub")
	variant := fs.String("variant", "international", "rule set before any set-param (normal, russian, brazilian, english, ...)")
	threads := threadsFlag(fs, 1)
	hashMB := hashFlag(fs, engine.DefaultHashMB)
	numbering := fs.String("move-numbering", "bottom-up", "how Russian, Brazilian and the other a1..h8 boards number the squares of moves: "+
		"bottom-up (1 = a1, pydraughts 0.6) or top-down (1 = b8, as positions are; pydraughts 0.5.7 and so lidraughts-bot)")
	weaken := fs.String("weaken", "", "play weaker on purpose, for tests and calibration: random, depth=N or nodes=N")
	evalChoice := evalChoiceFlag(fs)
	ablate := fs.String("ablate", "", "switch off search features or evaluation terms, comma-separated, to measure them in matches: "+
		engine.AblationNames())
	if err := parseFlags(fs, known); err != nil {
		return err
	}
	g, err := gameFlags(*variant, "")
	if err != nil {
		return err
	}
	v := g.Variant()
	if err := cmp.Or(checkThreads(*threads), checkHash(*hashMB)); err != nil {
		return err
	}
	opts := engine.Options{Threads: *threads, HashMB: *hashMB}
	eng := newEngine("hub", opts)
	if err := eng.Ablate(*ablate); err != nil {
		return usagef("--ablate: %v", err)
	}
	opts.EvalOff = eng.Options().EvalOff // the terms --ablate switched off
	searcher, err := weakened(*weaken, eng)
	if err != nil {
		return err
	}
	s := hub.NewSession(searcher, pollableStdin(), os.Stdout,
		hub.WithVariant(v), hub.WithEngineOptions(opts), hub.WithVersion(version))
	if err := s.SetParam("move-numbering", *numbering); err != nil {
		return usagef("--move-numbering: %v", err)
	}
	if err := s.SetParam("eval", *evalChoice); err != nil {
		return usagef("--eval: %v", err)
	}
	for _, p := range params {
		if err := s.SetParam(p[0], p[1]); err != nil {
			return usagef("--%s=%s: %v", p[0], p[1], err)
		}
	}
	defer s.StatusOnSignal()()
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

// weakened applies --weaken: "random" plays uniformly random legal moves,
// "depth=N" and "nodes=N" cap every search.
func weakened(spec string, e engine.Searcher) (engine.Searcher, error) {
	if spec == "" {
		return e, nil
	}
	if spec == "random" {
		return weak.NewRandomSearcher(1), nil
	}
	key, val, ok := strings.Cut(spec, "=")
	n, err := strconv.ParseUint(val, 10, 64)
	if !ok || err != nil || n == 0 || n > 1<<40 {
		return nil, usagef("--weaken must be random, depth=N or nodes=N, not %q", spec)
	}
	switch key {
	case "depth":
		if n > 1000 {
			return nil, usagef("--weaken depth=%d: at most 1000", n)
		}
		return weak.NewCapped(e, int(n), 0), nil
	case "nodes":
		return weak.NewCapped(e, 0, n), nil
	}
	return nil, usagef("--weaken must be random, depth=N or nodes=N, not %q", spec)
}
