package engine

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"damka/board"
	"damka/book"
	"damka/egdb"
	"damka/eval"
	"damka/tt"
)

var _ Searcher = (*Engine)(nil)

// Engine is a Lazy-SMP searcher: Options.Threads goroutines search the same
// root with one shared transposition table, and the first (main) thread
// decides, reports and watches the clock. An Engine runs one search at a
// time; Stop and PonderHit may be called from any goroutine.
type Engine struct {
	mu      sync.Mutex // held for the whole of Search and for option changes
	opts    Options
	tt      *tt.Table
	threads []*thread
	knobs   knobs
	tables  map[string]*egdb.DB   // endgame tables by variant and directory
	books   map[string]*book.Book // opening books by path (nil: unreadable)
	rng     *rand.Rand            // the book's choice within BookMargin
	// curTables are the tables of the running search; they are opened
	// (on first use) only after the shortcuts of Search, so that a forced
	// move is answered without waiting for them.
	curTables *egdb.DB
	// tableProblems counts the problems of each DB already told (those
	// found when it was opened were told where the directory was given).
	tableProblems map[*egdb.DB]int
	// tie and ruleFree serve the tie-break among moves that a draw rule
	// ties (drawtie.go); made on first need.
	tie      *Engine
	ruleFree map[*board.Variant]*board.Variant
	// hand is the hand-made evaluation without the terms handOff, and
	// ablated the learned evaluations built on it (handFor, weightsFor).
	hand    *eval.Hand
	handOff eval.Terms
	ablated map[*eval.Weights]*eval.Weights

	stop      atomic.Bool  // every thread polls it
	mainDone  atomic.Bool  // the main thread has decided: helpers may stop
	pondering atomic.Bool  // time does not count while set
	start     atomic.Int64 // UnixNano the clock counts from (reset by PonderHit)
	wake      chan struct{}

	// game is the game of the running search, copied from the caller's
	// (root.go); its buffers are kept from search to search.
	game rootGame

	// Set before the threads start, read-only while they run.
	v           *board.Variant
	lim         Limits
	budget      budget
	info        func(Info)
	searchStart time.Time
}

// New returns an engine with the given options (defaults for zero fields).
// Where the machine cannot give the hash size asked, the table is smaller;
// NewChecked says so.
func New(opts Options) *Engine {
	e, _ := NewChecked(opts)
	return e
}

// NewChecked is New that also returns a *tt.SizeError when the hash table
// is smaller than asked. The engine works either way.
func NewChecked(opts Options) (*Engine, error) {
	e := &Engine{wake: make(chan struct{}, 1), knobs: defaultKnobs, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
	e.opts = normalize(opts)
	var err error
	e.tt, err = tt.New(e.opts.HashMB)
	e.makeThreads()
	return e, err
}

func normalize(o Options) Options {
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	if o.HashMB < 1 {
		o.HashMB = DefaultHashMB
	}
	o.HashMB = min(o.HashMB, MaxHashMB)
	if o.MultiPV < 1 {
		o.MultiPV = 1
	}
	if o.EGDBCacheMB < 1 {
		o.EGDBCacheMB = DefaultEGDBCacheMB
	}
	return o
}

// weightsFor is the learned evaluation a search of v uses, or nil for the
// hand-made one (Options.Eval, HandEval), built on the hand-made
// evaluation of the search (handFor).
func (e *Engine) weightsFor(v *board.Variant) *eval.Weights {
	var w *eval.Weights
	switch {
	case e.opts.HandEval:
		return nil
	case e.opts.Eval != nil && e.opts.Eval.Variant == v.Name:
		w = e.opts.Eval
	default:
		w = eval.Default(v)
	}
	if w == nil || e.opts.EvalOff == 0 {
		return w
	}
	if e.ablated == nil {
		e.ablated = map[*eval.Weights]*eval.Weights{}
	}
	if a, ok := e.ablated[w]; ok && a != nil {
		return a
	}
	a := w.WithHand(e.handFor())
	e.ablated[w] = a
	return a
}

// handFor is the hand-made evaluation of the search: the default one, or
// one without the terms of Options.EvalOff.
func (e *Engine) handFor() *eval.Hand {
	if e.opts.EvalOff == 0 {
		return eval.DefaultHand()
	}
	if e.hand == nil || e.handOff != e.opts.EvalOff {
		e.hand, e.handOff, e.ablated = eval.NewHand(e.opts.EvalOff), e.opts.EvalOff, nil
	}
	return e.hand
}

// makeThreads keeps the existing per-thread stacks (about a megabyte each)
// and only allocates the missing ones.
func (e *Engine) makeThreads() {
	for len(e.threads) < e.opts.Threads {
		e.threads = append(e.threads, newThread(e, len(e.threads)))
	}
	e.threads = e.threads[:e.opts.Threads]
}

// SetOptions changes threads, hash size and multi-PV; it waits for a running
// search to end. Changing the hash size clears the table.
func (e *Engine) SetOptions(opts Options) {
	_ = e.Configure(opts)
}

// Configure is SetOptions that returns a *tt.SizeError when the new hash
// table is smaller than asked (the engine goes on with it).
func (e *Engine) Configure(opts Options) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	opts = normalize(opts)
	var err error
	if opts.HashMB != e.opts.HashMB {
		err = e.tt.Resize(opts.HashMB)
	}
	e.opts = opts
	e.makeThreads()
	return err
}

// ApplyOptions gives opts to s and returns what s could not honour (a hash
// table smaller than asked), for searchers that can say so: the Engine and
// wrappers that pass Configure on. Others get SetOptions and nil.
func ApplyOptions(s Searcher, opts Options) error {
	if c, ok := s.(interface{ Configure(Options) error }); ok {
		return c.Configure(opts)
	}
	s.SetOptions(opts)
	return nil
}

// Options returns the options in force.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.opts
}

// NewGame clears the transposition table and the move-ordering history, so
// that the next search depends on nothing searched before.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.Clear()
	for _, t := range e.threads {
		t.clearHistory()
	}
}

// Stop ends the running search soon; Search returns its best move so far.
func (e *Engine) Stop() {
	e.stop.Store(true)
	e.signal()
}

// PonderHit turns a pondering search into a timed one: the clock starts now.
func (e *Engine) PonderHit() {
	e.start.Store(time.Now().UnixNano())
	e.pondering.Store(false)
	e.signal()
}

func (e *Engine) signal() {
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// elapsed is the time since the search (or PonderHit) started.
func (e *Engine) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - e.start.Load())
}

// Search implements Searcher.
func (e *Engine) Search(g *board.Game, lim Limits, info func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.game.load(g)
	return e.search(g.Variant(), &e.game, lim, info)
}

// search is Search of game under v's rules (the tie-break of drawtie.go
// searches the same game without the move-count rules); e.mu is held.
func (e *Engine) search(v *board.Variant, game *rootGame, lim Limits, info func(Info)) Result {
	startTime := time.Now()
	e.start.Store(startTime.UnixNano())
	e.stop.Store(false)
	e.mainDone.Store(false)
	e.pondering.Store(lim.Ponder)
	select {
	case <-e.wake:
	default:
	}
	e.v, e.lim, e.budget, e.info, e.searchStart = v, lim, e.knobs.clock.plan(lim, game.root.TotalCount()), info, startTime
	e.tt.NewSearch()

	main := e.threads[0]
	e.curTables = nil
	main.setup(v, game)
	rm := main.rootMoves
	if len(rm) == 0 {
		// The game is over: no piece, no legal move (lost, or won in
		// giveaway), or a breakthrough king on the board.
		return Result{Score: main.terminal(0), Time: time.Since(startTime)}
	}
	if len(rm) == 1 && e.budget.timed && !lim.Ponder && lim.Depth == 0 && lim.Nodes == 0 {
		// A forced move in timed play: thinking gains nothing but clock.
		return Result{Best: rm[0].move, HasBest: true, Time: time.Since(startTime)}
	}
	if r, ok := e.bookMove(v, &game.root, lim, info, startTime); ok {
		return r
	}
	e.curTables = e.tablesFor(v)
	main.useTables(e.curTables)
	// All helpers are set up before the first starts: a running helper
	// takes CPU from the main thread while it sets up the rest.
	for _, t := range e.threads[1:] {
		t.setup(v, game)
	}
	var wg sync.WaitGroup
	for _, t := range e.threads[1:] {
		wg.Go(t.iterate)
	}
	main.iterate()
	// Helpers only feed the main thread's table; once it has finished they
	// would burn the CPU for nothing while an analysis waits for Stop.
	e.mainDone.Store(true)
	// An analysis or pondering search must not answer before it is told to.
	for !e.stop.Load() && (lim.Infinite || e.pondering.Load()) {
		<-e.wake
	}
	e.stop.Store(true)
	wg.Wait()
	r := e.breakRuleTie(main, game, e.result(main, startTime))
	r.Time = time.Since(startTime)
	return r
}

// result is the main thread's decision, unless a helper thread completed a
// deeper iteration (helpers skip depths, so with the shared table one of
// them often finishes the next depth first): then the deepest helper's
// answer is taken, as Stockfish's best-thread selection does. Multi-PV
// analysis keeps the main thread's lines, and so does a depth-limited
// search: helpers run past the limit until the main thread completes it,
// and an answer (and a depth) beyond the limit is not what was asked.
func (e *Engine) result(main *thread, startTime time.Time) Result {
	var nodes uint64
	for _, t := range e.threads {
		nodes += t.nodes
	}
	best, depth := &main.rootMoves[0], main.completed
	if main.multiPV == 1 && e.lim.Depth == 0 {
		for _, t := range e.threads[1:] {
			if t.completed > depth && len(t.finished.pv) > 0 {
				best, depth = &t.finished, t.completed
			}
		}
	}
	r := Result{
		Best:    best.move,
		HasBest: true,
		Score:   best.shownScore(),
		Depth:   depth,
		Nodes:   nodes,
		Time:    time.Since(startTime),
		TBHits:  e.tableHits(),
	}
	if db := e.curTables; db != nil {
		if e.tableProblems == nil {
			e.tableProblems = map[*egdb.DB]int{}
		}
		r.TableDamage, e.tableProblems[db] = db.ProblemsSince(e.tableProblems[db])
	}
	if r.Score == -inf {
		// Stopped before the first move was searched: nothing is known.
		r.Score = DrawScore
	}
	if len(best.pv) > 1 {
		r.Ponder, r.HasPonder = best.pv[1], true
	} else if m, ok := main.ttReply(best.move); ok {
		r.Ponder, r.HasPonder = m, true
	}
	return r
}

// totalNodes sums the node counts the threads have published; exact for the
// calling thread's own share.
func (e *Engine) totalNodes(self *thread) uint64 {
	var n uint64
	for _, t := range e.threads {
		if t == self {
			n += t.nodes
		} else {
			n += t.published.Load()
		}
	}
	return n
}
