package weak

import (
	"damka/board"
	"damka/engine"
)

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
