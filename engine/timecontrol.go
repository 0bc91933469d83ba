package engine

import "time"

// Time control constants.
const (
	minMargin   = 30 * time.Millisecond // safety margin against clock overheads
	marginShare = 20                    // margin is at least 1/20 (5%) of the clock
	defaultMTG  = 30                    // moves still to play when the clock does not say
	periodKeep  = 75                    // percent of an even share kept for each later move of a period
)

// budget is the time plan of one search. soft is checked between
// iterations (do not start what will not finish), hard inside the tree
// (stop now). Both are measured from the start of the search, or from
// PonderHit for a pondering search.
type budget struct {
	timed      bool
	exact      bool // MoveTime: use all of it, only the hard limit applies
	soft, hard time.Duration
	// stable is the share of soft, in percent, after which a search whose
	// best move did not change starts no new iteration (0: 50).
	stable int
}

// clockPlan is how a clock is shared out: the moves still to play when the
// clock does not say, and budget.stable.
type clockPlan struct {
	mtg, stable int
	// byPieces: when the clock does not say, the moves still to play are
	// guessed from the pieces on the board (piecesToGo) instead of mtg,
	// so that the middle game, where games are decided, gets more.
	byPieces bool
	// saveOpening: with more than 30 pieces on the board, each piece above
	// 30 adds 1.5 moves to the guess, so that the first moves, where an
	// opponent plays from its book, leave time for moves 11-40.
	saveOpening bool
}

// piecesToGo guesses the moves a side still has to play from the pieces
// on the board: 8 plus half the pieces, from 12 to mtg.
func piecesToGo(pieces, mtg int) int { return min(max(8+pieces/2, 12), mtg) }

// defaultPlan guesses the moves to go from the pieces and stops a stable
// search at 60% of its share, where the first guess (oldPlan) left much of
// its clock unused. It saves time while more than 30 pieces are on the
// board, where an opponent plays from its book, for the middle game
// (docs/testing.md, the clock plans).
var defaultPlan = clockPlan{mtg: defaultMTG, stable: 60, byPieces: true, saveOpening: true}

// piecesPlan is defaultPlan without the saving in the opening (--ablate
// clocksave).
var piecesPlan = clockPlan{mtg: defaultMTG, stable: 60, byPieces: true}

// oldPlan is the first guess, kept for matches (--ablate clockp).
var oldPlan = clockPlan{mtg: defaultMTG, stable: 50}

// plan allocates time for lim.
//
// MoveTime is exact. With a clock, the hard limit never exceeds the
// remaining time minus max(30 ms, 5%), so that the move is sent with time to
// spare whatever the transport adds; the soft limit is an even share of
// what is left over the moves to go (30 when the clock does not say) plus
// most of the increment, which comes back with every move.
func plan(lim Limits) budget { return defaultPlan.plan(lim, 0) }

// plan allocates time for lim under clock plan cp, at a position with
// the given number of pieces.
func (cp clockPlan) plan(lim Limits, pieces int) budget {
	if lim.Infinite {
		return budget{}
	}
	if lim.MoveTime > 0 {
		return budget{timed: true, exact: true, soft: lim.MoveTime, hard: lim.MoveTime}
	}
	if lim.Time <= 0 && lim.Inc <= 0 {
		return budget{}
	}
	margin := max(minMargin, lim.Time/marginShare)
	avail := lim.Time - margin
	if avail < time.Millisecond {
		// Nearly flagged: answer at once with what the first iterations
		// give rather than lose on time.
		avail = max(lim.Time/4, time.Millisecond)
	}
	mtg := lim.MovesToGo
	if mtg <= 0 {
		mtg = cp.mtg
		if cp.byPieces && pieces > 0 {
			mtg = piecesToGo(pieces, cp.mtg)
			if cp.saveOpening && pieces > 30 {
				mtg += 3 * (pieces - 30) / 2
			}
		}
	}
	even := avail / time.Duration(mtg)
	soft := even + lim.Inc*3/4
	hard := min(avail, 4*soft)
	switch {
	case lim.MovesToGo == 1:
		// The clock is refilled after this move: all of it may be used.
		hard = avail
	case lim.MovesToGo > 1:
		// The clock is refilled only after the period: leave each later
		// move of it at least periodKeep of an even share, so that one
		// long search near the end of a period cannot leave the last
		// moves a few milliseconds (against Scan at 20/5, one search
		// with 5 moves to go left the next three 0.02-0.10 s).
		hard = min(hard, avail-time.Duration(lim.MovesToGo-1)*even*periodKeep/100)
	}
	return budget{timed: true, soft: min(soft, hard), hard: hard, stable: cp.stable}
}

// iterationDone reports whether, after an iteration that ended at elapsed,
// the next one should not be started. An iteration costs a few times the
// previous one, so without a reason to think longer the search stops at
// a share of the soft limit (half by default); a best move that just
// changed earns the full soft limit.
func (b budget) iterationDone(elapsed time.Duration, unstable bool) bool {
	if !b.timed || b.exact {
		return false
	}
	limit := b.soft / 2
	if b.stable > 0 {
		limit = b.soft * time.Duration(b.stable) / 100
	}
	if unstable {
		limit = b.soft
	}
	return elapsed >= limit
}
