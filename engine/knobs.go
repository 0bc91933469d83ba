package engine

// knobs are the search parameters that a measurement may vary per engine
// (Ablate switches features off through them); New sets defaultKnobs.
// Every rule they drive is a parameter compared with the depth or the move
// number, so that a feature switched off costs no extra test per node.
type knobs struct {
	probCutDepth  int // minimum depth for the reduced-depth pruning search
	probCutMargin int // score margin a ply of depth that the reduced search must clear
	lmrMinDepth   int // minimum depth for late-move reductions
	// iirDepth: from this depth on, a node without a table move is
	// searched a ply shallower (internal iterative reduction): its
	// ordering is a guess, and the next iteration will bring a move.
	iirDepth int
	// forcedExt is the extension of a node's only move (1; 0 switched off).
	forcedExt int
	// historyBonus caps the history reward of a move that raised alpha
	// (0: no history).
	historyBonus int
	clock        clockPlan
	noAspiration bool
	noLazyEval   bool // the learned evaluation always reads its windows
}

var defaultKnobs = knobs{
	probCutDepth: 3, probCutMargin: 10,
	lmrMinDepth: 2,
	iirDepth:    4,
	forcedExt:   1, historyBonus: 4096,
	clock: defaultPlan,
}

// neverDepth is a depth no search reaches: a rule "from this depth on" set to it
// never applies.
const neverDepth = maxDepth + 1
