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
	// panic: an iteration whose score fell by at least this much below
	// the one before earns twice the soft limit (0: off).
	panic int
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
	// panicDrop is budget.panic.
	panicDrop int
	// midBase, when set, replaces piecesToGo's 8 with 30 or fewer pieces
	// on the board, so that moves 31-60, where damka thought less than
	// Scan 3.1h, get a larger share of the clock.
	midBase int
	// stableByPieces, when set, replaces stable by a share that grows as
	// pieces come off (stableShare): a stable search stops early while the
	// board is full and uses more of its share in the ending, so that the
	// clock saved goes to the later moves (Scan 3.1h stops between 40%
	// and 80% of its target by the game's phase).
	stableByPieces bool
}

// stableShare is the stable share, in percent of the soft limit, with
// pieces on the board: 40 at 40 or more, 80 at 10 or fewer, linear between.
func stableShare(pieces int) int {
	return 40 + 40*(40-min(max(pieces, 10), 40))/30
}

// piecesToGo guesses the moves a side still has to play from the pieces
// on the board: base (8 by default) plus half the pieces, from 12 to mtg.
func piecesToGo(pieces, base, mtg int) int { return min(max(base+pieces/2, 12), mtg) }

// defaultPlan guesses the moves to go from the pieces and stops a stable
// search at 60% of its share: against the first guess (30 moves to go,
// 50%, oldPlan) it measured +52.5 +/- 43.6 Elo at 4 s + 0.04 s, where the
// first guess left 43% of its clock unused (docs/testing.md). It saves
// time while more than 30 pieces are on the board, where an opponent
// plays from its book, for the middle game: against Scan 3.1h at 10 s +
// 0.1 s that scored 37.9% in 120 games (2-87-31) where piecesPlan
// scored 31.7% in 180 (1-112-67); in self-play +10 +/- 31.
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
			base := 8
			if cp.midBase > 0 && pieces <= 30 {
				base = cp.midBase
			}
			mtg = piecesToGo(pieces, base, cp.mtg)
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
	stable := cp.stable
	if cp.stableByPieces && pieces > 0 {
		stable = stableShare(pieces)
	}
	return budget{timed: true, soft: min(soft, hard), hard: hard, stable: stable, panic: cp.panicDrop}
}

// iterationDone reports whether, after an iteration that ended at elapsed,
// the next one should not be started. An iteration costs a few times the
// previous one, so without a reason to think longer the search stops at
// a share of the soft limit (half by default); a best move that just
// changed earns the full soft limit, and (with budget.panic) a score that
// just fell by drop twice the soft limit: the search has found trouble
// and may yet find the way out.
func (b budget) iterationDone(elapsed time.Duration, unstable bool, drop int) bool {
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
	if b.panic > 0 && drop >= b.panic {
		limit = 2 * b.soft
	}
	return elapsed >= limit
}
