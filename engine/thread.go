package engine

import (
	"math"
	"sync/atomic"

	"damka/board"
	"damka/egdb"
	"damka/eval"
	"damka/tt"
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
	// excluded is the code of the move a singular-extension test leaves
	// out of this node's search (0: none); the node then neither stores
	// nor takes a table result, which belong to the full node.
	excluded uint16
	// prevTo is the notation number (thread.sqNum) of the square the move
	// into this position landed on; 0 at the root.
	prevTo uint8
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
	v  *board.Variant
	// weights is the learned evaluation of this search (nil: the
	// hand-made one); see Engine.weightsFor.
	weights *eval.Weights

	stack [maxPly + 2]frame
	// towers is Bashni's stack of the pieces under the tops, parallel to
	// stack: towers[ply] belongs to stack[ply].pos. Allocated by the first
	// Bashni search; columns tells whether the running search uses it.
	towers  []board.Towers
	columns bool
	// special: play's moves go through playSpecial (Bashni, Canadian).
	special bool
	pv      [maxPly + 2][maxPly + 2]board.Move
	pvLen   [maxPly + 2]int

	// keys holds the game history (the part that can still repeat), then the
	// root, then the search path: keys[hist+ply] is the key at ply.
	keys []uint64
	hist int

	// near is the thread's own small table for the nodes shallower than
	// knobs.ttMinDepth (with knobs.nearTable); set by setup.
	near *tt.Table

	history *historyTable // allocated apart: pointer-free, the collector skips it
	cont    *contTable    // continuation history (knobs.contHistory), likewise
	// sqNum maps a frame bit of the running variant to its internal
	// notation number (contSquares); set by useVariant.
	sqNum [historySquares]uint8

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
	// noPrune counts the ProbCut verification searches on the path
	// (knobs.probCutWide): inside one, no other is started.
	noPrune   int
	selDepth  int
	completed int          // depth of the last completed iteration
	depthDone atomic.Int32 // completed, for the MeanDepth report

	// drawFlag tells the caller that the score just returned depends on a
	// rule draw (repetition or move counter) on the search path, so neither
	// it nor anything computed from it may be stored in the shared table.
	drawFlag bool
}

// nearTableMB is the size of a thread's table for the nodes near the
// leaves (knobs.nearTable): small enough to stay in the core's cache,
// where the shared table's probes wait on main memory.
const nearTableMB = 1

// table is the transposition table of a node with depth left, or nil
// where it uses none (knobs.ttMinDepth).
func (t *thread) table(depth int) *tt.Table {
	if depth >= t.e.knobs.ttMinDepth {
		return t.e.tt
	}
	if t.e.knobs.nearTable {
		return t.near
	}
	return nil
}

func newThread(e *Engine, id int) *thread {
	return &thread{e: e, id: id, history: new(historyTable), cont: new(contTable)}
}

func (t *thread) clearHistory() {
	if t.near != nil {
		t.near.Clear()
	}
	*t.history = historyTable{}
	*t.cont = contTable{}
}

// lmr[d][i] is the late-move reduction of the i-th move at depth d:
// ln d * ln i / lmrDivisor, rounded.
var lmr [64][64]int8

// lmrDivisor: 2.0 measured +45 Elo at 50,000 nodes per move with the
// tactical quiescence on, but alone against 2.5 at 0.1 s a move it showed
// nothing (+6.9 +/- 34.8, docs/testing.md), so 2.5 stays.
const lmrDivisor = 2.5

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmr[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/lmrDivisor)
		}
	}
}

// evaluate is the static evaluation of the position at ply.
func (t *thread) evaluate(ply int) int {
	f := &t.stack[ply]
	if t.weights != nil {
		return t.weights.EvaluateFollowing(&f.pos, &f.windows, t.parentWindows(ply)) + f.extra
	}
	return eval.Evaluate(t.v, &f.pos) + f.extra
}

// evaluateWithin is evaluate for the quiescence's stand pat, which only
// compares the score with alpha and beta: the learned evaluation may then
// skip its windows and answer a bound (eval.Weights.EvaluateWithin).
func (t *thread) evaluateWithin(ply, alpha, beta int) int {
	f := &t.stack[ply]
	if t.weights != nil && !t.e.knobs.noLazyEval {
		return t.weights.EvaluateWithin(&f.pos, &f.windows, t.parentWindows(ply), alpha-f.extra, beta-f.extra) + f.extra
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

// playSpecial is play's move for the variants whose positions hold more
// than one word's board: Bashni's towers and Canadian's wide layout.
func (t *thread) playSpecial(ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	if t.columns {
		t.playColumns(ply, m)
	} else {
		f.pos.PlayInto(m, &c.pos)
		c.key = hashMoveWide(f.key, &f.pos, m)
	}
	c.rev = f.nextRev(f.pos.Reversible(m))
}

// nextRev is the child's count of plies since the last irreversible move,
// after a move that is reversible or not.
func (f *frame) nextRev(reversible bool) int {
	if reversible {
		return f.rev + 1
	}
	return 0
}

// playColumns is play's and qsearch's move for Bashni: it plays m on the
// position and the towers at ply into ply+1 and sets the child's key and
// the towers' part of its evaluation.
func (t *thread) playColumns(ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	tw := &t.towers[ply+1]
	t.v.SearchStepTowers(&f.pos, &t.towers[ply], m, &c.pos, tw)
	c.key = hashPosition(&c.pos) ^ hashTowers(&c.pos, tw)
	c.extra = eval.Towers(t.v, &c.pos, tw)
}
