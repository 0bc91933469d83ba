package engine

import (
	"sync/atomic"

	"damka/board"
	"damka/egdb"
	"damka/eval"
)

// maxPly bounds the search path (extensions and captures included). It
// also keeps TT depths within int8.
const maxPly = 120

// maxDepth is the deepest iteration started.
const maxDepth = maxPly - 20

// inf is above every score the search produces.
const inf = WinScore + 1

// frame is one ply of a thread's search stack. The move list and position
// live here, never in locals of the recursive functions: a local move list
// would be zeroed at every node and a local position whose address is taken
// escapes to the heap (design.md, section 5).
type frame struct {
	pos     board.Position
	key     uint64               // Zobrist key of pos
	ttKey   uint64               // table key of pos (thread.ttKey), set by play
	rev     int                  // plies since the last man move or capture
	endgame board.EndgameCounter // pos's endgame draw counter (endgame.go)
	ml      board.MoveList
	order   [board.MaxMoves]int32 // move-ordering scores, parallel to ml
	first   int                   // index of the first best score in order
	// windows are the learned evaluation's window readings of pos (or of
	// an earlier position at this ply), kept up to date from the ply
	// before's when pos is evaluated (eval.Weights.Follow).
	windows eval.Windows
	// extra is Bashni's part of the evaluation of pos that its towers add
	// (eval.Towers, side to move's view); 0 in every other variant, so
	// that evaluate needs no test of the variant.
	extra int
}

// rootMove is a legal root move with what the last iterations said of it.
type rootMove struct {
	move      board.Move
	score     int // this iteration's score; -inf until searched and above alpha
	prevScore int // last completed iteration's score
	selDepth  int
	pv        []board.Move // reused between iterations and searches
}

// shownScore is the best known score of a root move: this iteration's when
// it has one.
func (r *rootMove) shownScore() int {
	if r.score != -inf {
		return r.score
	}
	return r.prevScore
}

// thread is one search goroutine's state. Everything the tree walk touches
// per node is here, allocated once with the thread.
type thread struct {
	e  *Engine
	id int
	// inProbCut is set while ProbCut's reduced search runs: its tree
	// has no ProbCut of its own (Scan's rule).
	inProbCut bool
	v         *board.Variant
	// weights is the learned evaluation of this search (nil: the
	// hand-made one, hand); see Engine.weightsFor and handFor.
	weights *eval.Weights
	hand    *eval.Hand
	// lazy is weights where the quiescence's stand pat may skip the
	// windows (evaluateWithin), nil where it may not: set once per search,
	// so that the node tests one pointer.
	lazy *eval.Weights

	stack [maxPly + 2]frame
	// step and capture play a move into the next frame (step.go): the
	// full step, and the quiescence's capture step without the key.
	step, capture stepper
	// towers is Bashni's stack of the pieces under the tops, parallel to
	// stack: towers[ply] belongs to stack[ply].pos. Allocated by the first
	// Bashni search.
	towers []board.Towers
	pv     [maxPly + 2][maxPly + 2]board.Move
	pvLen  [maxPly + 2]int

	// keys holds the game history (the part that can still repeat), then the
	// root, then the search path: keys[hist+ply] is the key at ply.
	keys []uint64
	hist int

	history *historyTable // allocated apart: pointer-free, the collector skips it

	rootMoves []rootMove
	multiPV   int
	rootDepth int
	// finished is the best root move of the last completed iteration (with
	// its own PV copy): a helper thread's answer when it got deeper than
	// the main thread.
	finished rootMove

	nodes     uint64
	nextCheck uint64
	tb        *egdb.DB      // endgame tables of the variant, or nil
	tbPieces  int           // most pieces the tables cover
	tbHits    atomic.Uint64 // probes answered by the tables
	published atomic.Uint64 // nodes, for the other threads to read
	abort     bool
	selDepth  int
	completed int          // depth of the last completed iteration
	depthDone atomic.Int32 // completed, for the MeanDepth report

	// drawFlag tells the caller that the score just returned depends on a
	// rule draw (repetition or move counter) on the search path, so neither
	// it nor anything computed from it may be stored in the shared table.
	drawFlag bool
}

func newThread(e *Engine, id int) *thread {
	return &thread{e: e, id: id, history: new(historyTable), hand: eval.DefaultHand()}
}

func (t *thread) clearHistory() {
	*t.history = historyTable{}
}

// ageHistory halves the history at the start of each search: what the
// last search learnt still orders this one's first iterations, and fades.
func (t *thread) ageHistory() {
	for s := range t.history {
		for from := range t.history[s] {
			for to := range t.history[s][from] {
				t.history[s][from][to] /= 2
			}
		}
	}
}

// evaluate is the static evaluation of the position at ply.
func (t *thread) evaluate(ply int) int {
	f := &t.stack[ply]
	if t.weights != nil {
		return t.weights.EvaluateFollowing(&f.pos, &f.windows, t.parentWindows(ply)) + f.extra
	}
	return t.hand.Evaluate(t.v, &f.pos) + f.extra
}

// evaluateWithin is evaluate for the quiescence's stand pat, which only
// compares the score with alpha and beta: the learned evaluation may then
// skip its windows and answer a bound (eval.Weights.EvaluateWithin).
func (t *thread) evaluateWithin(ply, alpha, beta int) int {
	f := &t.stack[ply]
	if t.lazy != nil {
		return t.lazy.EvaluateWithin(&f.pos, &f.windows, t.parentWindows(ply), alpha-f.extra, beta-f.extra) + f.extra
	}
	return t.evaluate(ply)
}

// parentWindows is the window readings of the ply before ply, where the
// readings of ply are most likely a move away; nil at the root.
func (t *thread) parentWindows(ply int) *eval.Windows {
	if ply == 0 {
		return nil
	}
	return &t.stack[ply-1].windows
}
