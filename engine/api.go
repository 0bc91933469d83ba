// Package engine is damka's searcher: iterative deepening PVS over the rules
// core, with quiescence over captures, a shared lock-free transposition
// table, Lazy-SMP threads and time control for the Hub limits.
//
// This file is the contract between the searcher and its users (protocols,
// bench, match runner). Keep it stable; add fields rather than change them.
package engine

import (
	"time"

	"damka/board"
	"damka/eval"
)

// Score units: 100 = one man (the Hub scale is Score/100). A won position
// scores WinScore minus the plies to the win; lost ones the negation.
const (
	WinScore  = 10000
	WinBound  = WinScore - 1000 // |score| >= WinBound means a forced win or loss
	DrawScore = 0
)

// Limits bound one search. Zero values mean "no limit" for that dimension;
// with no limit at all the search runs until Stop.
type Limits struct {
	Depth     int           // plies
	Nodes     uint64        // nodes, all threads together
	MoveTime  time.Duration // exact time for this move
	Time      time.Duration // remaining clock of the side to move (before this move's increment)
	Inc       time.Duration // increment added before every move
	MovesToGo int           // moves to the next time control (0: sudden death / Fischer)
	Infinite  bool          // analysis: search until Stop, ignore time
	Ponder    bool          // pondering: ignore time until PonderHit, then use the limits from that moment
	// NoBook searches even when the opening book has the root (analysis).
	// Infinite and Ponder searches never answer from the book.
	NoBook bool
}

// DefaultHashMB is the transposition table size when Options leave it
// unset.
const DefaultHashMB = 64

// MaxThreads is the most search threads an engine runs, and so the most
// that the command line and the Hub accept: beyond it the per-thread
// stacks (about a megabyte each) cost more than the threads find.
const MaxThreads = 64

// MaxHashMB is the largest transposition table that may be asked for; the
// table may still be smaller where the machine has less memory (see
// NewChecked).
const MaxHashMB = 65536

// DefaultEGDBCacheMB is the decoded-block cache of the endgame tables when
// Options leave it unset: enough for the hot blocks of the embedded tables,
// small enough to keep the process within a few MB of the hash size.
const DefaultEGDBCacheMB = 2

// Options configure an Engine.
type Options struct {
	Threads int // search goroutines (Lazy SMP); 1 if < 1, MaxThreads at most
	HashMB  int // transposition table size; DefaultHashMB if < 1, MaxHashMB at most
	MultiPV int // principal variations reported; 1 if < 1
	// EGDBPath is a directory of endgame tables (damka egdb build); empty
	// means the tables embedded in the binary (International up to 4
	// pieces, Russian up to 5).
	EGDBPath string
	NoEGDB   bool // search without endgame tables
	// EGDBCacheMB is the memory for decoded table blocks; DefaultEGDBCacheMB
	// if < 1. The process holds HashMB plus 10 to 21 MB (docs/performance.md, "Memory").
	EGDBCacheMB int
	// Book answers from an opening book when it has the root, without
	// searching (Result.Nodes 0): the book at BookPath (damka book build),
	// or with an empty BookPath the one built into damka for the variant
	// (International and Russian; other variants are searched). A book
	// for another variant is not used. Off in the zero value, so that
	// analysis and tests search.
	Book     bool
	BookPath string
	// BookMargin (engine units) lets the book play any of its moves within
	// this much of its best, weighted towards the best; 0 plays the best.
	BookMargin int
	// Eval is a learned evaluation (eval.LoadWeights) used for its
	// variant; nil, or a search of another variant, uses the one built
	// into damka for the variant (International and Russian), and the
	// hand-made evaluation where there is none. HandEval uses the
	// hand-made evaluation always.
	Eval     *eval.Weights
	HandEval bool
	// EvalOff are hand-made evaluation terms switched off, for measuring
	// what each is worth (Ablate's "eval.*" names set them).
	EvalOff eval.Terms
}

// Info is one progress report (one per completed iteration and PV line).
type Info struct {
	Depth     int
	MeanDepth float64 // average depth reached by the threads
	SelDepth  int
	MultiPV   int // 1-based line number when MultiPV > 1
	Score     int // from the side to move's view, in the units above
	Nodes     uint64
	Time      time.Duration
	PV        []board.Move
	TBHits    uint64 // endgame table hits
	FromBook  bool   // the move comes from the opening book (Depth and Score are the book's)
}

// Result is the outcome of a search.
type Result struct {
	Best      board.Move
	Ponder    board.Move // expected reply, valid if HasPonder
	HasBest   bool       // false only when the root has no legal move
	HasPonder bool
	Score     int
	Depth     int
	Nodes     uint64
	Time      time.Duration
	TBHits    uint64 // endgame table hits
	FromBook  bool   // answered from the opening book, without a search
	// TableDamage is damage found in the endgame tables during this search
	// (a block whose checksum fails): each is told once, and the damaged
	// table is out of use from then on.
	TableDamage []error
}

// Searcher is what protocols and tools need from a search engine; *Engine
// implements it, and tests may substitute a fake.
type Searcher interface {
	// Search searches the current position of g under g's variant (the
	// positions before it, with Bashni's towers, count for repetition and
	// the draw rules) and blocks until a limit is reached or Stop is
	// called. What the search needs of g is copied when it starts, so the
	// caller may play on g afterwards, but not while Search is still
	// copying it: a caller that goes on with g in another goroutine passes
	// g.Clone(). info, if not nil, is called from the search goroutine
	// after every completed iteration.
	Search(g *board.Game, lim Limits, info func(Info)) Result
	// Stop ends the running search soon (within milliseconds); Search then
	// returns its best move so far. Safe from any goroutine, and a no-op
	// when idle.
	Stop()
	// PonderHit turns a pondering search into a normal timed one.
	PonderHit()
	// NewGame forgets what earlier searches learned (transposition table,
	// history tables).
	NewGame()
	// SetOptions changes threads, hash size and multi-PV between searches.
	SetOptions(Options)
}
