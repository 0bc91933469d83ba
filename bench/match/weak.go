package match

import (
	"math/rand/v2"
	"sync"

	"damka/board"
	"damka/engine"
)

// randomSearcher plays a uniformly random legal move: the weakest opponent
// there is, of exactly known strength, for tests and calibration.
type randomSearcher struct {
	seed uint64
	mu   sync.Mutex
	rng  *rand.Rand
}

// NewRandomSearcher returns an engine.Searcher that answers every search at
// once with a uniformly random legal move (score 0, depth 1). NewGame
// restarts the random sequence from seed, so a game depends only on the seed
// and the moves played, not on what the process did before: matches stay
// reproducible when engines are restarted or games run concurrently.
func NewRandomSearcher(seed int64) engine.Searcher {
	s := &randomSearcher{seed: uint64(seed)}
	s.NewGame()
	return s
}

func (s *randomSearcher) Search(g *board.Game, _ engine.Limits, info func(engine.Info)) engine.Result {
	v, root := g.Variant(), *g.Position()
	var ml board.MoveList
	v.Generate(&root, &ml)
	if ml.N == 0 {
		return engine.Result{}
	}
	s.mu.Lock()
	m := ml.Moves[s.rng.IntN(ml.N)]
	s.mu.Unlock()
	if info != nil {
		info(engine.Info{Depth: 1, MeanDepth: 1, SelDepth: 1, Nodes: uint64(ml.N), PV: []board.Move{m}})
	}
	return engine.Result{Best: m, HasBest: true, Depth: 1, Nodes: uint64(ml.N)}
}

func (s *randomSearcher) Stop()                     {}
func (s *randomSearcher) PonderHit()                {}
func (s *randomSearcher) SetOptions(engine.Options) {}

func (s *randomSearcher) NewGame() {
	s.mu.Lock()
	s.rng = rand.New(rand.NewPCG(s.seed, s.seed^0x9e3779b97f4a7c15))
	s.mu.Unlock()
}

// capped is a searcher whose every search is bounded by extra limits: an
// opponent of known, adjustable weakness (damka at depth 2, say).
type capped struct {
	engine.Searcher
	depth int
	nodes uint64
}

// NewCapped wraps s so that no search goes deeper than depth plies or
// beyond nodes nodes (0: that bound is not applied). The clock limits of
// each search still apply.
func NewCapped(s engine.Searcher, depth int, nodes uint64) engine.Searcher {
	return &capped{Searcher: s, depth: depth, nodes: nodes}
}

func (c *capped) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if c.depth > 0 && (lim.Depth == 0 || lim.Depth > c.depth) {
		lim.Depth = c.depth
	}
	if c.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > c.nodes) {
		lim.Nodes = c.nodes
	}
	// A capped analysis must still end by itself.
	lim.Infinite = false
	return c.Searcher.Search(g, lim, info)
}
