package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"damka/bench/match"
	"damka/board"
	"damka/engine"
	"damka/protocol/dxp"
)

func init() {
	register(command{"dxp", "play International draughts over DamExchange (TCP): follower server or match initiator", dxpCmd})
}

// dxpDefaultAddr is the DXP port on loopback: listening on every interface
// is a choice the user makes explicitly.
const dxpDefaultAddr = "127.0.0.1:27531"

func dxpCmd(args []string) error {
	fs := newFlags("dxp")
	listen := fs.String("listen", dxpDefaultAddr, "follower: accept DXP connections on this address")
	connect := fs.String("connect", "", "initiator: connect to this address and play a match")
	games := fs.Int("games", 2, "initiator: number of games (colours alternate)")
	minutes := fs.Float64("time", 5, "initiator: minutes per player for the whole game")
	moves := fs.Int("moves", 75, "initiator: game length in moves, adjudicated at the limit (0 = no limit)")
	positions := fs.String("positions", "", "initiator: file of start positions, one FEN a line, each played with both colours")
	stopPeer := fs.Bool("stop-peer", false, "initiator: ask the follower to exit after the last game (stop code 1)")
	threads := threadsFlag(fs, 1)
	hash := hashFlag(fs, engine.DefaultHashMB)
	atSkill := skillFlag(fs)
	tables := tableFlags(fs)
	books := bookFlags(fs)
	evals := evalFlags(fs)
	name := fs.String("name", "damka "+version, "name sent to the other program (32 characters at most)")
	timeout := fs.Duration("timeout", dxp.DefaultReadTimeout, "grace for a silent peer beyond its clock (and for replies it owes)")
	idle := fs.Duration("idle", 0, "follower: hang up on a client that starts no game within this time (default: --timeout)")
	maxTime := fs.Float64("max-time", dxp.DefaultMaxMinutes, "follower: longest thinking time (minutes a side) a game request may claim; longer ones are played at this time")
	noTakeBack := fs.Bool("no-takeback", false, "answer take-back requests with 'not supported'")
	keep := fs.Bool("keep-listening", false, "follower: after a peer asks to stop entirely (stop code 1), wait for the next connection instead of exiting")
	pdnPath := fs.String("pdn", "", "append every finished game to this PDN file")
	variant := fs.String("variant", "international", "rule set: DXP carries International draughts only")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if v, err := board.Lookup(*variant); err != nil {
		return usagef("%v", err)
	} else if v != board.International {
		return usagef("--variant %s: DXP carries International draughts only (use hub or match for %s)", v.Name, v.Title)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	initiator := *connect != ""
	if initiator && set["listen"] {
		return usagef("--listen and --connect exclude each other")
	}
	if !initiator {
		for _, f := range []string{"games", "time", "moves", "positions", "stop-peer"} {
			if set[f] {
				return usagef("--%s needs --connect", f)
			}
		}
	} else {
		for _, f := range []string{"idle", "max-time", "keep-listening"} {
			if set[f] {
				return usagef("--%s is for the follower (--listen), not with --connect", f)
			}
		}
	}
	switch {
	case checkThreads(*threads) != nil:
		return checkThreads(*threads)
	case checkHash(*hash) != nil:
		return checkHash(*hash)
	case *timeout <= 0:
		return usagef("--timeout must be positive, not %v", *timeout)
	case set["idle"] && *idle <= 0:
		return usagef("--idle must be positive, not %v", *idle)
	case checkTime("max-time", *maxTime, 0, 999, true, "minutes") != nil:
		return checkTime("max-time", *maxTime, 0, 999, true, "minutes")
	case *games < 1:
		return usagef("--games must be at least 1, not %d", *games)
	case checkTime("time", *minutes, 0, 999, true, "minutes") != nil:
		return checkTime("time", *minutes, 0, 999, true, "minutes")
	case *moves < 0 || *moves > 999:
		return usagef("--moves must be between 0 and 999, not %d", *moves)
	}
	var fens []string
	if *positions != "" {
		var err error
		if fens, err = readPositions(*positions); err != nil {
			return usagef("--positions: %v", err)
		}
	}

	opts := engine.Options{Threads: *threads, HashMB: *hash}
	if err := tables(&opts); err != nil {
		return err
	}
	if err := cmp.Or(books(&opts), evals(&opts)); err != nil {
		return err
	}
	var pdn *os.File
	if *pdnPath != "" {
		// Opened before any connection, so that a path that cannot be
		// written is an error now rather than after the first game.
		f, err := os.OpenFile(*pdnPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--pdn: %v", err)
		}
		defer f.Close()
		pdn = f
	}
	site := *listen
	if initiator {
		site = *connect
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var tally dxp.Tally
	logger := log.New(os.Stderr, "dxp: ", log.Ltime)
	searcher, err := atSkill(engine.New(opts), 0, false)
	if err != nil {
		return err
	}
	cfg := dxp.Config{
		Name:           *name,
		Searcher:       searcher,
		Logger:         logger,
		ReadTimeout:    *timeout,
		IdleTimeout:    *idle,
		MaxMinutes:     *maxTime,
		KeepServing:    *keep,
		RefuseTakeBack: *noTakeBack,
		OnResult: func(r dxp.GameResult) {
			tally.Add(r)
			fmt.Println(r)
			logger.Print(r.Progress(tally))
			if g, err := r.PDN("damka dxp", site, *name); (g != nil || err != nil) && pdn != nil {
				if err == nil {
					err = match.AppendPDN(pdn, g)
				}
				if err != nil {
					logger.Printf("--pdn %s: game %d not written: %v", *pdnPath, r.Number, err)
				}
			}
		},
	}
	summary := func() {
		n := tally.Wins + tally.Draws + tally.Losses + tally.Unfinished
		fmt.Printf("dxp summary: games=%d %v\n", n, tally)
	}

	if initiator {
		in := &dxp.Initiator{Config: cfg, Games: *games, Minutes: *minutes, Moves: *moves, Positions: fens, StopPeer: *stopPeer}
		_, err := in.Run(ctx, *connect)
		summary()
		if err != nil && ctx.Err() == nil {
			return err
		}
		return nil
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	// Tests and scripts wait for this line to know the port is open.
	fmt.Printf("dxp: listening on %s\n", ln.Addr())
	err = dxp.Serve(ctx, ln, cfg)
	summary()
	if err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// readPositions reads start positions: one FEN a line, or a PDN
// [FEN "..."] tag; blank lines and lines starting with # or ; are skipped.
func readPositions(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if strings.HasPrefix(line, "[FEN") {
			line = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(line, "[FEN")), "]")
		}
		fen := strings.Trim(strings.TrimSpace(line), `"`)
		if _, err := board.International.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%s:%d: %s", path, n, clipQuoted(err.Error()))
		}
		fens = append(fens, fen)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s holds no positions", path)
	}
	return fens, nil
}
