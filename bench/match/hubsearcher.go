package match

import (
	"fmt"
	"math"
	"strings"
	"sync/atomic"

	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
	"damka/protocol/hub"
)

// HubSearcher lets a running Hub engine serve as an engine.Searcher, so that
// tools written against the in-process engine (the opening generator) can
// use any Hub engine instead. Failures are kept in Err; the failed Search
// returns a Result without a move.
type HubSearcher struct {
	e         *HubEngine
	err       error
	searching atomic.Bool
}

// NewHubSearcher wraps a started engine.
func NewHubSearcher(e *HubEngine) *HubSearcher { return &HubSearcher{e: e} }

// Err returns the first engine failure, if any.
func (h *HubSearcher) Err() error { return h.err }

// Search sends the game (its start plus its moves, so that the engine sees
// repetitions), the limits and go think, and reads the answer. Scores are
// converted from men to engine units (x100). A Bashni start with pieces
// under its tops cannot be sent (the Hub position has no room for them, and
// the moves would be replayed without them): then only the current tops
// are.
func (h *HubSearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if h.err != nil {
		return engine.Result{}
	}
	v, root := g.Variant(), *g.Position()
	start, moves := root, []string(nil)
	if g.TowersAt(0).Height() == 0 {
		start = g.Start()
		for _, m := range g.Moves() {
			moves = append(moves, hubtext.FormatMove(v, m))
		}
	}
	var ml board.MoveList
	v.Generate(&root, &ml)
	if ml.N == 0 {
		return engine.Result{}
	}
	h.searching.Store(true)
	defer h.searching.Store(false)
	r, err := h.e.Think(posLine(v, &start, moves), limitArgs(lim), 0, Hung)
	if err != nil {
		h.err = err
		return engine.Result{}
	}
	m, err := hubtext.ParseMove(v, &root, r.Move)
	if err != nil {
		h.err = h.e.fail(Illegal, fmt.Sprintf("done move=%q: %v", r.Move, err))
		return engine.Result{}
	}
	res := engine.Result{Best: m, HasBest: true, Depth: r.Depth, Time: r.Elapsed}
	if r.HasInfo {
		res.Score = int(math.Round(r.Score * 100))
	}
	if info != nil {
		info(engine.Info{Depth: r.Depth, Score: res.Score, Time: r.Elapsed, PV: []board.Move{m}})
	}
	return res
}

// posLine is the Hub pos command for a start position and the moves after it.
func posLine(v *board.Variant, start *board.Position, moves []string) string {
	args := []hub.Arg{hub.A("pos", hubtext.Position(v, start))}
	if len(moves) > 0 {
		args = append(args, hub.A("moves", strings.Join(moves, " ")))
	}
	return hub.Format("pos", args...)
}

// limitArgs turns engine limits into level arguments.
func limitArgs(lim engine.Limits) []hub.Arg {
	return hubLevel{Depth: lim.Depth, Nodes: lim.Nodes, MoveTime: lim.MoveTime,
		Clock: lim.Time > 0, MovesToGo: lim.MovesToGo, Time: lim.Time, Inc: lim.Inc}.args()
}

// Stop asks a running search to finish.
func (h *HubSearcher) Stop() {
	if h.searching.Load() {
		h.e.send("stop")
	}
}

// PonderHit is not used: HubSearcher never ponders.
func (h *HubSearcher) PonderHit() {}

// NewGame sends new-game.
func (h *HubSearcher) NewGame() {
	if h.err == nil {
		if err := h.e.NewGame(); err != nil {
			h.err = err
		}
	}
}

// SetOptions is a no-op: Hub options are set before init (EngineSpec.Options).
func (h *HubSearcher) SetOptions(engine.Options) {}
