// Command damka is a draughts engine: perft, search, protocols and tools in
// one binary. Each sub-command lives in its own file; this one dispatches.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
)

// version is stamped at build time: -ldflags "-X main.version=..."
var version = "dev"

type command struct {
	name    string
	summary string
	run     func(args []string) error
}

var commands []command

func register(c command) { commands = append(commands, c) }

// usageError is bad input from the user: printed on one line, exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func main() {
	// The heap is small (the transposition table lives outside it) and
	// grows only by endgame-table blocks decoded on cache misses, so
	// collecting at 50% growth instead of 100% costs nothing measurable
	// and keeps the process close to the hash size the user set. GOGC in
	// the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		args = defaultArgs()
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		printUsage()
		return 0
	}
	if name == "version" || name == "--version" {
		fmt.Println("damka", version)
		return 0
	}
	for _, c := range commands {
		if c.name == name {
			if err := c.run(args[1:]); err != nil {
				fmt.Fprintf(os.Stderr, "damka %s: %v\n", name, err)
				if _, ok := err.(usageError); ok {
					return 2
				}
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(os.Stderr, "damka: unknown command %q (try 'damka help')\n", name)
	return 2
}

func printUsage() {
	fmt.Println("usage: damka <command> [flags]   (damka <command> -h for the flags)")
	fmt.Println()
	for _, c := range commands {
		fmt.Printf("  %-8s %s\n", c.name, c.summary)
	}
}
