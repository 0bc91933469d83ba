package skill

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"damka/board"
	"damka/engine"
)

// Searcher is an engine.Searcher that plays at a level. At MaxLevel every
// call goes to the wrapped searcher unchanged, so a front end may always
// hold a Searcher and let the user choose the level.
type Searcher struct {
	inner engine.Searcher

	mu    sync.Mutex
	level int
	seed  uint64
	pace  bool
	// opts are the options the user gave; the wrapped searcher gets them
	// with the level's multi-PV and one thread (innerOptions), applied
	// lazily before a search when they differ from applied.
	opts    engine.Options
	applied engine.Options
	fresh   bool // applied is unknown: apply before the next search

	// signal wakes a pacing wait (pace.go): Stop and PonderHit send on it.
	signal  chan struct{}
	stopped bool // Stop was called during the current search (mu)
	hit     bool // PonderHit was called during the current search (mu)
}

// Config is how New sets a Searcher up.
type Config struct {
	Level int // MinLevel..MaxLevel; 0 means MaxLevel
	// Seed makes the choices of a level repeatable: with the same seed,
	// level and game, the same move. The choice also depends on the
	// position, so that one seed still gives varied games.
	Seed uint64
	// Pace spends time like a person on a clock (pace.go); off, a level
	// answers as soon as its search ends (matches, tests).
	Pace bool
	// Options are the options the wrapped searcher has now (Threads,
	// HashMB, ...): a level changes only its multi-PV and threads.
	Options engine.Options
}

// New wraps inner. It fails only on a level out of range.
func New(inner engine.Searcher, c Config) (*Searcher, error) {
	if c.Level == 0 {
		c.Level = MaxLevel
	}
	if err := CheckLevel(c.Level); err != nil {
		return nil, err
	}
	return &Searcher{inner: inner, level: c.Level, seed: c.Seed, pace: c.Pace,
		opts: c.Options, applied: c.Options, signal: make(chan struct{}, 1)}, nil
}

// Level returns the level in force.
func (s *Searcher) Level() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.level
}

// SetLevel changes the level for the next search; a level out of range is
// an error and changes nothing.
func (s *Searcher) SetLevel(level int) error {
	if err := CheckLevel(level); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.level = level
	return nil
}

// SetSeed changes the seed of the choices.
func (s *Searcher) SetSeed(seed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seed = seed
}

// SetPace turns person-like use of the clock on or off.
func (s *Searcher) SetPace(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pace = on
}

// Pace reports whether the clock is used like a person's.
func (s *Searcher) Pace() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pace
}

// Seed returns the seed of the choices.
func (s *Searcher) Seed() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seed
}

// innerOptions are the options the wrapped searcher needs at level: the
// user's, with the level's lines (the user's multi-PV means nothing to a
// level, which reports the one line it plays), and one thread (a node
// budget of a few thousand is no work for several threads, and one thread
// keeps a level's games repeatable).
func innerOptions(o engine.Options, level int) engine.Options {
	p, err := ParamsOf(level)
	if err != nil {
		return o
	}
	o.MultiPV = p.Lines
	o.Threads = 1
	return o
}

// Configure gives the user's options to the wrapped searcher (with the
// level's changes), and returns what it could not honour, as
// engine.ApplyOptions does.
func (s *Searcher) Configure(o engine.Options) error {
	s.mu.Lock()
	s.opts = o
	in := innerOptions(o, s.level)
	s.applied, s.fresh = in, false
	s.mu.Unlock()
	return engine.ApplyOptions(s.inner, in)
}

// SetOptions is Configure without the error.
func (s *Searcher) SetOptions(o engine.Options) { _ = s.Configure(o) }

// NewGame forgets what earlier searches learned.
func (s *Searcher) NewGame() { s.inner.NewGame() }

// Stop ends the running search, and a pacing wait, soon.
func (s *Searcher) Stop() {
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
	s.wake()
	s.inner.Stop()
}

// PonderHit turns a pondering search into a timed one.
func (s *Searcher) PonderHit() {
	s.mu.Lock()
	s.hit = true
	s.mu.Unlock()
	s.wake()
	s.inner.PonderHit()
}

func (s *Searcher) wake() {
	select {
	case s.signal <- struct{}{}:
	default:
	}
}

// Search searches g at the level in force. Analysis (lim.Infinite) is
// always at full strength: a level is for playing.
func (s *Searcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	s.mu.Lock()
	level, seed, pace, userOpts := s.level, s.seed, s.pace, s.opts
	want := userOpts
	if level < MaxLevel && !lim.Infinite {
		want = innerOptions(userOpts, level)
	}
	if s.fresh || want != s.applied {
		s.applied, s.fresh = want, false
		s.mu.Unlock()
		s.inner.SetOptions(want)
		s.mu.Lock()
	}
	s.stopped, s.hit = false, false
	s.mu.Unlock()
	select { // a wake-up left from the previous search
	case <-s.signal:
	default:
	}
	if level == MaxLevel || lim.Infinite {
		return s.inner.Search(g, lim, info)
	}
	p, _ := ParamsOf(level)
	begin := time.Now()
	start := begin
	r := s.play(g, lim, info, p, level, seed)
	if lim.Ponder {
		// The wrapped searcher answered a pondering search only after
		// PonderHit or Stop: a person's time runs from then.
		start = time.Now()
	}
	if pace && r.HasBest {
		s.waitLikeAPerson(lim, p, start, forced(g), rngFor(g, level, seed^paceStream))
	}
	r.Time = time.Since(begin)
	return r
}

// forced reports whether the side to move has one legal move.
func forced(g *board.Game) bool {
	pos := *g.Position()
	var ml board.MoveList
	g.Variant().Generate(&pos, &ml)
	return ml.N == 1
}

// play searches with the level's budget and chooses among the lines of the
// deepest iteration that reported them all.
func (s *Searcher) play(g *board.Game, lim engine.Limits, info func(engine.Info), p Params, level int, seed uint64) engine.Result {
	pos := *g.Position()
	var ml board.MoveList
	g.Variant().Generate(&pos, &ml)
	if ml.N == 0 {
		return engine.Result{}
	}
	lines := min(p.Lines, ml.N)
	if lim.Nodes == 0 || lim.Nodes > p.Nodes {
		lim.Nodes = p.Nodes
	}
	depth := int(p.Horizon)
	if rngFor(g, level, seed^horizonStream).Float64() < p.Horizon-float64(depth) {
		depth++
	}
	if lim.Depth == 0 || lim.Depth > depth {
		lim.Depth = depth
	}
	if !p.Book {
		lim.NoBook = true
	}
	var cur, done []engine.Info
	curDepth := 0
	r := s.inner.Search(g, lim, func(in engine.Info) {
		if in.Depth != curDepth || in.MultiPV <= 1 {
			cur, curDepth = cur[:0], in.Depth
		}
		cur = append(cur, in)
		if len(cur) == lines {
			done = append(done[:0], cur...)
		}
	})
	if !r.HasBest || r.FromBook || len(done) == 0 {
		// No iteration reported every line (a node budget too small for
		// one, or a book move): the wrapped searcher's own answer.
		return r
	}
	c := done[choose(done, p, rngFor(g, level, seed))]
	r.Best, r.Score, r.Depth = c.PV[0], c.Score, c.Depth
	r.HasPonder = len(c.PV) > 1
	if r.HasPonder {
		r.Ponder = c.PV[1]
	} else {
		r.Ponder = board.Move{}
	}
	if info != nil {
		// One line, the one played: the engine's other lines are not
		// what this player thinks.
		c.MultiPV = 0
		info(c)
	}
	return r
}

// choose picks one of the lines: line i with weight exp(-(best-score_i)/T)
// among the lines within the margin of the best.
func choose(lines []engine.Info, p Params, rng *rand.Rand) int {
	best := lines[0].Score
	for _, l := range lines {
		best = max(best, l.Score)
	}
	var w [64]float64
	total := 0.0
	for i, l := range lines {
		if i >= len(w) || len(l.PV) == 0 || best-l.Score > p.Margin {
			continue
		}
		w[i] = math.Exp(-float64(best-l.Score) / p.Temperature)
		total += w[i]
	}
	x := rng.Float64() * total
	for i := range lines {
		if i < len(w) && w[i] > 0 {
			if x < w[i] {
				return i
			}
			x -= w[i]
		}
	}
	// Rounding left x past the last weight: the best line.
	for i, l := range lines {
		if l.Score == best && len(l.PV) > 0 {
			return i
		}
	}
	return 0
}

// Streams of rngFor besides the choice of the move.
const (
	horizonStream = 0x2545f4914f6cdd1d
	paceStream    = 0x5bd1e995
)

// rngFor is the random source of one move: the same for the same seed,
// level and game position, so that a level's games repeat.
func rngFor(g *board.Game, level int, seed uint64) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(g.FEN()))
	return rand.New(rand.NewPCG(seed^h.Sum64(), uint64(level)<<32|uint64(g.Len())))
}

// Wrap is New for a front end (play, dxp, serve): inner at level, with
// choices repeatable for seed, and the clock used like a person's when pace
// is set. inner's options are read from it when it can tell them (an
// *engine.Engine can), so that the level keeps the hash size and the rest.
func Wrap(inner engine.Searcher, level int, seed uint64, pace bool) (*Searcher, error) {
	c := Config{Level: level, Seed: seed, Pace: pace}
	if o, ok := inner.(interface{ Options() engine.Options }); ok {
		c.Options = o.Options()
	}
	return New(inner, c)
}
