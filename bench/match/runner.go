// Package match runs engine-against-engine matches of draughts over the Hub
// protocol: damka's counterpart of cutechess and fastchess.
//
// The runner is the GUI side of Hub (docs/protocols.md section 1). It starts each
// engine as a process, keeps the clocks, validates every move with the rules
// core, applies the variant's draw rules, writes every finished game to a
// PDN file at once (so that --resume can continue an interrupted match), and
// prints Elo, LOS, pentanomial and SPRT statistics from bench/stats.
//
// Every failure of an engine — a crash, a hang, a time forfeit, an illegal
// move, output that is not the protocol — loses the game for that engine,
// is logged with the engine's last lines of conversation, and the engine is
// restarted for its next game; the match goes on.
//
// One engine of a two-engine International match may instead be a DXP
// follower already running somewhere (proto=dxp,addr=HOST:PORT): the
// runner is then the DXP initiator on behalf of the Hub engine (dxp.go).
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"damka/bench/openings"
	"damka/bench/stats"
	"damka/board"
	"damka/format/hubtext"
)

// Config describes a match.
type Config struct {
	Variant     *board.Variant
	Engines     []EngineSpec // two for a match, more for a round robin
	Games       int          // games per pairing (with two engines: the total)
	TC          TimeControl
	TimeMargin  time.Duration // grace beyond the clock or move time before a time forfeit (DefaultTimeMargin); later moves within it count in Standing.Late
	Timeouts    Timeouts
	Openings    []openings.Opening // nil: every game from the initial position
	MaxPlies    int                // a game this long is a draw (0: no limit)
	Adjudicate  Adjudication
	SPRT        *stats.SPRT // two engines only; stops at the first bound crossed
	Concurrency int         // games at once (1 if < 1)
	PDN         string      // output file ("" for none; required by Resume)
	Resume      bool        // continue the match already in PDN
	Event       string      // PDN Event tag
	// Shard and Shards: with Shards > 1 this run plays only game pairs
	// Shard, Shard+Shards, ... of the match (both colours of an opening
	// together), under their numbers in the whole match, each shard with
	// its own PDN file; match stats pools the files.
	Shard, Shards int

	Progress    io.Writer       // live progress line (nil: none)
	ProgressTTY bool            // Progress is a terminal: redraw in place
	Log         io.Writer       // failures and notes (nil: none)
	StatsNow    <-chan struct{} // each receive prints the statistics to Log
	OnGame      func(*Record)   // called (serially) for every finished game
}

// Record is one finished game of a match: who played it, from which
// opening, its moves and how it ended (a board.Game is a game being
// played; a pdn.Game one written down).
type Record struct {
	Index        int // 0-based game number (the PDN Round is Index+1)
	White, Black int // engine indexes
	Opening      int
	Start        board.Position
	Moves        []board.Move // opening moves included
	Result       float64      // White's score: 1, 0.5 or 0
	Reason       string       // how it ended (the PDN Termination tag)
	Failure      *EngineError // the failure that decided it, if any
	End          time.Time
	// Late counts, by colour, the moves answered after the clock or move
	// time ran out but within the time margin; MaxLate is the most by which
	// one was late.
	Late    [2]int
	MaxLate [2]time.Duration
	// Thinks holds, for each move the engines played (after the opening
	// moves), how it was thought: the PDN comments and the clock-use
	// summary come from it. Games read back by --resume get theirs from
	// the comments.
	Thinks []Think
}

// Think is what one engine move cost and what the engine said of it.
type Think struct {
	Elapsed time.Duration // from go think to done, as the runner timed it
	Left    time.Duration // the mover's clock after the move (0 without a clock)
	Depth   int           // last info depth (HasInfo)
	Score   float64       // last info score, men, the mover's view (HasInfo)
	HasInfo bool
}

// late records a move of colour c answered over its time by over.
func (g *Record) late(c board.Color, over time.Duration) {
	g.Late[c]++
	g.MaxLate[c] = max(g.MaxLate[c], over)
}

// errAbandoned reports a game cut short by the end of the match; it is not
// recorded (a resumed match plays it again).
var errAbandoned = errors.New("game abandoned")

type runner struct {
	cfg      Config
	v        *board.Variant
	hubName  string
	sched    schedule
	openings []openings.Opening

	mu       sync.Mutex // guards everything below
	tally    *tally
	pdn      *pdnFile
	prog     progress
	thisRun  int
	stopped  string
	failures []int
	restarts []int
	fatal    error

	ctx      context.Context // the match's; cancelled when it ends
	dxp      int             // index of the DXP engine, -1 if none
	relay    *dxpRelay       // the DXP connection opened by Run, for the first worker
	stop     context.CancelFunc
	abort    chan struct{} // closed when in-flight games must end
	abortOne sync.Once
}

// Check reports what is wrong with c before a match is run: the same
// checks Run makes, for a command line to show as usage errors.
func (c *Config) Check() error { return c.check() }

func (c *Config) check() error {
	if c.Variant == nil {
		return fmt.Errorf("no variant")
	}
	if len(c.Engines) < 2 {
		return fmt.Errorf("need at least two engines, have %d", len(c.Engines))
	}
	if c.Games < 1 {
		return fmt.Errorf("games must be at least 1")
	}
	if len(c.Engines) > 2 && c.Games%2 != 0 {
		return fmt.Errorf("a round robin needs an even number of games per pairing (game pairs), not %d", c.Games)
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return fmt.Errorf("SPRT needs exactly two engines")
	}
	if c.Resume && c.PDN == "" {
		return fmt.Errorf("resume needs the PDN file of the match")
	}
	if c.Shards < 0 || c.Shards > 0 && (c.Shard < 0 || c.Shard >= c.Shards) {
		return fmt.Errorf("shard %d of %d: want 0 <= shard < shards", c.Shard, c.Shards)
	}
	if c.TC.IsZero() {
		return fmt.Errorf("no limit: give a clock, a depth, a node count or a move time")
	}
	if c.TC.Depth < 0 || c.TC.Depth > 200 {
		return fmt.Errorf("depth must be between 1 and 200, not %d", c.TC.Depth)
	}
	if c.TC.Nodes < 0 {
		return fmt.Errorf("nodes must be positive, not %d", c.TC.Nodes)
	}
	if c.TimeMargin < 0 {
		return fmt.Errorf("time margin must be >= 0, not %v", c.TimeMargin)
	}
	if c.Concurrency < 0 || c.Concurrency > 256 {
		return fmt.Errorf("concurrency must be between 1 and 256, not %d", c.Concurrency)
	}
	if c.MaxPlies < 0 {
		return fmt.Errorf("max plies must be >= 0, not %d", c.MaxPlies)
	}
	for _, e := range c.Engines {
		if !e.DXP && len(e.Cmd) == 0 {
			return fmt.Errorf("engine %q has no command", e.Name)
		}
	}
	return c.checkDXP()
}

// Run plays the match and returns its statistics. Cancelling ctx ends it
// early: games in progress are abandoned (not written), finished ones are
// already in the PDN file. Engines that cannot be started at all are an
// error before any game is played; later start failures lose games.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cfg.Engines = append([]EngineSpec(nil), cfg.Engines...)
	uniqueNames(cfg.Engines)
	if cfg.Event == "" {
		cfg.Event = "damka match"
	}
	r := &runner{
		cfg:      cfg,
		v:        cfg.Variant,
		hubName:  hubtext.VariantName(cfg.Variant),
		openings: cfg.Openings,
		failures: make([]int, len(cfg.Engines)),
		restarts: make([]int, len(cfg.Engines)),
		abort:    make(chan struct{}),
		dxp:      dxpIndex(cfg.Engines),
	}
	if len(r.openings) == 0 {
		r.openings = []openings.Opening{{Start: cfg.Variant.Start(), Text: "initial position"}}
	}
	r.sched = newSchedule(len(cfg.Engines), cfg.Games, len(r.openings))
	r.sched.shard, r.sched.shards = cfg.Shard, cfg.Shards
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	r.tally = newTally(r.sched, names, cfg.SPRT)
	r.prog = progress{w: cfg.Progress, tty: cfg.ProgressTTY, start: time.Now()}
	startCPU, hasCPU := RunnerCPU()
	start := time.Now()

	done := map[int]bool{}
	if cfg.Resume {
		played, err := r.readPlayed(cfg.PDN)
		if err != nil {
			return nil, err
		}
		for _, g := range played {
			done[g.index] = true
			r.tally.add(g.index, g.white)
			if g.record != nil {
				r.tally.addThinks(g.record)
			}
			if g.failed >= 0 {
				r.failures[g.failed]++
			}
		}
		if len(played) > 0 {
			r.logf("resume: %d games already in %s, %d to play\n", len(played), cfg.PDN, r.sched.planned()-len(played))
		}
	}
	if cfg.PDN != "" {
		f, err := openPDN(cfg.PDN, cfg.Resume)
		if err != nil {
			return nil, err
		}
		r.pdn = f
		defer f.f.Close()
	}

	// Start every engine once before the first game, so that a wrong
	// command is one clear error rather than a match of forfeits.
	for _, spec := range cfg.Engines {
		if spec.DXP {
			continue
		}
		e, err := StartHub(spec, r.hubName, cfg.Timeouts)
		if err != nil {
			return nil, fmt.Errorf("%v%s", err, tailText(err))
		}
		e.Close()
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.stop, r.ctx = cancel, ctx
	if r.dxp >= 0 {
		// Likewise connect to the DXP engine once; the first worker (there
		// is only one) plays on this connection.
		rel, err := r.dialDXP()
		if err != nil {
			return nil, err
		}
		r.relay = rel
		defer func() {
			if r.relay != nil {
				r.relay.close()
			}
		}()
	}
	go func() {
		<-ctx.Done()
		r.abortOne.Do(func() { close(r.abort) })
	}()
	if r.tally.decision != stats.Continue {
		r.stopped = "SPRT: " + r.tally.decision.String()
		cancel()
	}

	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := 0; i < r.sched.total(); i++ {
			if done[i] || !r.sched.mine(i) {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(cfg.Concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{r: r, eng: make([]*HubEngine, len(cfg.Engines)), started: make([]bool, len(cfg.Engines))}
			if r.dxp >= 0 {
				r.mu.Lock()
				w.relay, r.relay = r.relay, nil
				w.started[r.dxp] = w.relay != nil
				r.mu.Unlock()
			}
			for idx := range jobs {
				g, err := w.play(idx)
				if errors.Is(err, errAbandoned) {
					// Its engines are in the middle of a search: no quit.
					w.close(true)
					return
				}
				// A game that ended is recorded even if the match is
				// ending: it is a real game and costs nothing to keep.
				r.record(g)
				if ctx.Err() != nil {
					break
				}
			}
			w.close(false)
		}()
	}
	// The ticker keeps a terminal progress line and on-demand statistics
	// alive between games.
	tick := time.NewTicker(time.Second)
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
loop:
	for {
		select {
		case <-allDone:
			break loop
		case <-tick.C:
			r.mu.Lock()
			r.prog.tick(r.summaryLocked(start, startCPU, hasCPU), r.thisRun)
			r.mu.Unlock()
		case <-cfg.StatsNow:
			r.mu.Lock()
			s := r.summaryLocked(start, startCPU, hasCPU)
			r.prog.finish()
			if cfg.Log != nil {
				s.WriteTo(cfg.Log)
			}
			r.mu.Unlock()
		}
	}
	tick.Stop()

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped == "" && ctx.Err() != nil && r.tally.played < r.sched.planned() {
		r.stopped = "interrupted"
	}
	s := r.summaryLocked(start, startCPU, hasCPU)
	r.prog.update(s, r.thisRun, true)
	r.prog.finish()
	return s, r.fatal
}

func tailText(err error) string {
	var ee *EngineError
	if !errors.As(err, &ee) || len(ee.Tail) == 0 {
		return ""
	}
	return "\n  last lines of the conversation:\n    " + strings.Join(ee.Tail, "\n    ")
}

func (r *runner) logf(format string, a ...any) {
	r.prog.note(r.cfg.Log, fmt.Sprintf(format, a...))
}

// summaryLocked builds the summary; r.mu must be held.
func (r *runner) summaryLocked(start time.Time, startCPU time.Duration, hasCPU bool) *Summary {
	s := &Summary{
		Variant:  r.v.Name,
		TC:       r.cfg.TC.String(),
		Played:   r.tally.played,
		Total:    r.sched.planned(),
		Pairings: append([]PairStats(nil), r.tally.pairs...),
		SPRT:     r.cfg.SPRT,
		LLR:      r.tally.llr,
		Decision: r.tally.decision,
		Stopped:  r.stopped,
		Elapsed:  time.Since(start),
	}
	for i, e := range r.cfg.Engines {
		s.Engines = append(s.Engines, e.Name)
		st := r.tally.eng[i]
		st.Failures, st.Restarts = r.failures[i], r.restarts[i]
		s.Standings = append(s.Standings, st)
	}
	if cpu, ok := RunnerCPU(); ok && hasCPU {
		s.CPU, s.HasCPU = cpu-startCPU, true
	}
	return s
}

// record writes a finished game and updates the statistics; it stops the
// match when the SPRT decides or the PDN file cannot be written.
func (r *runner) record(g *Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	// After the SPRT decision, games still finishing are not counted: the
	// decision is final and the statistics printed must be the ones it was
	// taken on.
	if r.fatal != nil || r.stopped != "" {
		return
	}
	if r.pdn != nil {
		pg, err := r.gamePDN(g)
		if err == nil {
			err = r.pdn.appendGame(pg)
		}
		if err != nil {
			r.fatal = fmt.Errorf("writing %s: %v", r.cfg.PDN, err)
			r.stop()
			return
		}
	}
	if g.Failure != nil {
		r.failures[g.failedEngine()]++
		r.logf("game %d (%s vs %s, opening %d): %s%s\n", g.Index+1, r.cfg.Engines[g.White].Name,
			r.cfg.Engines[g.Black].Name, g.Opening+1, g.Reason, tailText(g.Failure))
	}
	r.tally.add(g.Index, g.Result)
	r.tally.addLate(g)
	r.tally.addThinks(g)
	r.thisRun++
	if r.cfg.OnGame != nil {
		r.cfg.OnGame(g)
	}
	if r.tally.decision != stats.Continue && r.stopped == "" {
		r.stopped = "SPRT: " + r.tally.decision.String()
		r.stop()
	}
	r.prog.update(r.summaryLocked(r.prog.start, 0, false), r.thisRun, false)
}

// failedEngine returns the index of the engine whose failure decided g.
func (g *Record) failedEngine() int {
	if g.Result == 0 {
		return g.White
	}
	return g.Black
}

// worker plays games one after the other with its own engine processes,
// started on first use and restarted after a failure.
type worker struct {
	r       *runner
	eng     []*HubEngine
	started []bool
	relay   *dxpRelay // the connection to the DXP engine, if any
}

// close ends the worker's engines: politely (quit, then kill after a
// second) or, for engines in the middle of a search, at once.
func (w *worker) close(kill bool) {
	for i, e := range w.eng {
		if e == nil {
			continue
		}
		if kill {
			e.Kill()
		} else {
			e.Close()
		}
		w.eng[i] = nil
	}
	if w.relay != nil {
		w.relay.close()
		w.relay = nil
	}
}

// engine returns a running process for engine i, starting or restarting it.
func (w *worker) engine(i int) (*HubEngine, error) {
	if e := w.eng[i]; e != nil && e.Alive() {
		return e, nil
	}
	if w.eng[i] != nil {
		w.eng[i].Kill()
		w.eng[i] = nil
	}
	if w.started[i] {
		w.r.mu.Lock()
		w.r.restarts[i]++
		w.r.mu.Unlock()
	}
	w.started[i] = true
	e, err := StartHub(w.r.cfg.Engines[i], w.r.hubName, w.r.cfg.Timeouts)
	if err != nil {
		return nil, err
	}
	e.abort = w.r.abort
	w.eng[i] = e
	return e, nil
}

// drop kills engine i after a failure; the next game restarts it.
func (w *worker) drop(i int) {
	if w.eng[i] != nil {
		w.eng[i].Kill()
		w.eng[i] = nil
	}
}
