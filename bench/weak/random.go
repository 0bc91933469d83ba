// Package weak holds opponents of exactly known weakness: a uniformly random
// mover, a searcher capped in depth or nodes, and a material-only scorer. Tests
// of the match runner, the Hub and DXP clients and the opening generator use
// them, as does `damka hub --engine random`; none of them is part of running
// a match, so they stand apart from bench/match.
package weak

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
