package train

import (
	"damka/board"
	"damka/engine"
	"damka/eval"
)

// probe scores single positions with a shallow, depth-limited search of a
// small engine of its own, so that what it says of a position depends on
// the position alone (a fresh table for every search, one thread, no
// history before it): it never changes the games, and the same position
// gets the same answer in any game, shard or run.
type probe struct {
	v      *board.Variant
	e      *engine.Engine
	static func(*board.Position) int
}

// newProbe makes a probe that evaluates and searches as an engine with
// opts does (the same evaluation, the same endgame tables), with a table
// of 1 MB.
func newProbe(v *board.Variant, opts engine.Options) (*probe, error) {
	opts.Threads, opts.HashMB, opts.MultiPV, opts.Book = 1, 1, 1, false
	e, err := engine.NewChecked(opts)
	if err != nil {
		return nil, err
	}
	return &probe{v: v, e: e, static: staticEval(v, opts)}, nil
}

// staticEval is the static evaluation a search with opts uses at its
// leaves (engine.Options.Eval, HandEval, EvalOff), side to move's view.
func staticEval(v *board.Variant, opts engine.Options) func(*board.Position) int {
	hand := eval.DefaultHand()
	if opts.EvalOff != 0 {
		hand = eval.NewHand(opts.EvalOff)
	}
	var w *eval.Weights
	switch {
	case opts.HandEval:
	case opts.Eval != nil && opts.Eval.Variant == v.Name:
		w = opts.Eval
	default:
		w = eval.Default(v)
	}
	if w != nil && opts.EvalOff != 0 {
		w = w.WithHand(hand)
	}
	if w != nil {
		return w.Evaluate
	}
	return func(p *board.Position) int { return hand.Evaluate(v, p) }
}

// search is the score of a depth-limited search of p (side to move's
// view), and false where p's side to move has no move.
func (pr *probe) search(p *board.Position, depth int) (int, bool) {
	pr.e.NewGame()
	r := pr.e.Search(board.NewGame(pr.v, *p), engine.Limits{Depth: depth, NoBook: true}, nil)
	return r.Score, r.HasBest
}

// DefaultShotDepth and DefaultShotMargin are the shot filter of new runs
// (damka selfplay --shot-depth, --shot-margin): see pendingShot.
const (
	DefaultShotDepth  = 2
	DefaultShotMargin = 75
)

// pendingShot reports whether the quiet position p (its side to move has
// no capture) has a shot pending for either side: a search of depth plies
// (captures resolved to the end, forced moves not counted) scores it more
// than margin away from the static evaluation. A side to move that has a
// shot (a sacrifice that wins material back with interest) scores above
// it; one that cannot stop the opponent's shot, below it. Either way the
// value the self-play game gives the position is not one its static
// features can show, and a fit on it would teach the evaluation a wrong
// value for them.
//
// Why this definition (measured on 3,000 positions of 200 International
// games at 3,000 nodes a move, the old way; docs/learned-evaluation.md has
// the table): with margin 75 the depth-2 search drops 9.4% of them (6.4% at
// 100, 14.3% at 50, where the 2-ply positional swings start to count: half
// of them lie within -14..15 of the static value). It sees shots of two
// sacrifices when the replies are forced, and costs 35 to 120 us a
// position, a few percent of a 3,000-node move. The dropped positions'
// recorded scores lie 206 from the static value on average, the kept
// ones' 42. Asking also whether the opponent would win material were it
// to move (the side flipped, margin 75) drops 13.5% by itself and 19.0%
// with this test: 9.6 points are positions whose side to move loses
// nothing in its own search, a threat it parries, and their recorded value
// is right; a threat it cannot parry is already seen here, as a score
// below the static one.
func (pr *probe) pendingShot(p *board.Position, depth, margin int) bool {
	s, ok := pr.search(p, depth)
	if !ok {
		return false
	}
	return abs(s-pr.static(p)) > margin
}
