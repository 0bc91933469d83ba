// Package bench holds damka's benchmarks: the bench signature of the search
// (this file), the match runner and its statistics.
//
// The bench searches a fixed set of positions to a fixed depth with one
// thread and a fresh transposition table per position. Its node total is
// then a function of the search code alone, identical on every machine and
// every run: the signature that commits changing search behaviour quote.
package bench

import (
	"fmt"
	"io"
	"time"

	"damka/board"
	"damka/engine"
	"damka/eval"
)

// DefaultDepth is the depth of the signature run.
const DefaultDepth = 13

// BenchOptions configure a bench run; zero fields take the defaults.
type BenchOptions struct {
	Depth   int // plies; DefaultDepth if < 1
	Threads int // 1 if < 1; with more the node count is no longer reproducible
	HashMB  int // 16 if < 1
	// Eval and HandEval choose the evaluation as engine.Options do (the
	// zero value: the built-in learned weights where a variant has them).
	Eval     *eval.Weights
	HandEval bool
	// Ablate switches search features off or experiments on (engine.Ablate),
	// so that a change's node count can be read before a match.
	Ablate string
}

// BenchResult is the total over the positions.
type BenchResult struct {
	Nodes     uint64
	Time      time.Duration
	NPS       float64
	Positions int
	TBHits    uint64 // endgame table hits
}

// Position is one bench position.
type Position struct {
	Variant string
	FEN     string
}

// Positions is the bench set: International and Russian openings,
// middlegames and endgames. Most come from games played by the engine with
// moves chosen at random among the near-best ones; a few endings are
// constructed. Changing the set changes the signature.
var Positions = []Position{
	// International: openings.
	{"international", "W:W31-50:B1-20"},
	{"international", "W:W27,30,31,32,33,34,35,37,38,39,41,42,43,44,45,46,47,48,49,50:B1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,23"},
	{"international", "W:W27,28,30,31,32,34,35,38,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,9,10,11,12,14,15,16,17,18,19,21,23,24"},
	{"international", "W:W27,30,31,32,33,34,35,36,37,40,42,44,46,47,48,49,50:B1,2,3,4,6,7,10,11,12,13,15,16,17,18,19,20,23"},
	{"international", "W:W27,28,30,32,34,35,36,37,38,39,40,41,42,44,47,48,49,50:B1,2,3,4,6,7,9,10,11,14,15,16,17,18,19,23,24,25"},
	// International: middlegames.
	{"international", "W:W27,28,29,30,31,32,33,34,35,36,43,45,46,47,49,50:B2,4,5,6,7,8,11,12,14,15,16,17,18,19,20,24"},
	{"international", "W:W25,27,28,30,31,32,35,36,37,38,39,40,44,46,47,48,49:B1,2,3,4,7,11,12,13,14,15,16,17,18,19,23,24,26"},
	{"international", "W:W25,27,28,30,31,32,33,34,35,36,37,38,39,40,41,42,49:B2,3,6,11,12,13,14,15,16,17,18,19,20,21,23,24,26"},
	{"international", "W:W27,28,32,33,35,37,38,39,40,41,42,45,47:B1,2,3,4,6,7,10,14,15,19,23,24,26,29"},
	{"international", "W:W26,29,32,33,35,36,41,43,50:B4,6,8,10,11,19,20,22,24,45"},
	{"international", "W:W25,26,27,30,32,34,37,40,42,47,49:B1,3,4,6,9,15,17,18,19,23"},
	{"international", "W:W27,28,32,35,37,38,39,44,47:B2,4,10,12,15,16,20,24,26,29"},
	// International: endgames.
	{"international", "W:W12,25,29,30,35,38,41:B3,11,14,15,16,20,K22"},
	{"international", "W:W21,22,25,27,31,36,39,49:B6,12,13,14,16,24,29"},
	{"international", "W:W11:B14,15,45,K48,K50"},
	{"international", "B:WK1,16,26,35:B23,24,30,K47"},
	{"international", "W:WK1,K2,K3:BK50"},
	{"international", "W:W32,33,37,38,41,43,47,48:B1,2,3,4,11,15,22,23"},
	// Russian: openings.
	{"russian", "W:Wa1,a3,c1,c3,e1,e3,g1,g3,b2,d2,f2,h2:Ba5,a7,c5,c7,e5,e7,g5,g7,b6,b8,d6,d8,f6,f8,h6,h8"},
	{"russian", "W:Wa1,a3,b4,c1,c3,d2,e1,f2,g1,h2:Ba7,b6,b8,c7,d8,e7,f4,f8,g7,h8"},
	{"russian", "W:Wa1,a3,b2,d2,d4,e1,e3,f2,f4,g3,h2:Ba5,b6,b8,c5,d6,d8,f6,f8,g5,g7,h6"},
	{"russian", "W:Wa3,b2,c1,c3,d2,f2,h4:Bb6,b8,c5,c7,f6,f8,h8"},
	// Russian: middlegames.
	{"russian", "W:Wa1,a3,b6,c5,e1,f2,g3,h2:BKc1,c7,d8,f8,g7,h6"},
	{"russian", "W:Wa3,b2,b4,c1,h4:Bb6,b8,c5,d6,h6"},
	{"russian", "W:Wb4,c1,c3,e1,f4,h2:Ba5,a7,b6,f6,h6,h8"},
	{"russian", "W:Wa5,c3,d2,e3,f4,g3,h2,h4:Bc5,d6,e5,e7,g7,h6"},
	// Russian: endgames.
	{"russian", "W:Wb2,c3,h4:Be3,e5,h6"},
	{"russian", "W:Wa7,e5,f2:Bc5,h2,h4"},
	{"russian", "W:Wa1,g5,h6:Ba3,a7,e5"},
	{"russian", "W:WKd8,e3:BKg7,h6"},
}

// Run searches every position and writes one line per position and a
// total line, "bench nodes=N time=S nps=X", last.
func Run(opts BenchOptions, out io.Writer) (BenchResult, error) {
	if opts.Depth < 1 {
		opts.Depth = DefaultDepth
	}
	if opts.Threads < 1 {
		opts.Threads = 1
	}
	if opts.HashMB < 1 {
		opts.HashMB = 16
	}
	e := engine.New(engine.Options{Threads: opts.Threads, HashMB: opts.HashMB, Eval: opts.Eval, HandEval: opts.HandEval})
	if err := e.Ablate(opts.Ablate); err != nil {
		return BenchResult{}, err
	}
	var res BenchResult
	for i, bp := range Positions {
		v, err := board.Lookup(bp.Variant)
		if err != nil {
			return res, fmt.Errorf("bench position %d: %v", i+1, err)
		}
		g, err := board.ParseGame(v, bp.FEN)
		if err != nil {
			return res, fmt.Errorf("bench position %d: %v", i+1, err)
		}
		// A fresh table and history per position: the count must not
		// depend on what was searched before.
		e.NewGame()
		start := time.Now()
		r := e.Search(g, engine.Limits{Depth: opts.Depth}, nil)
		d := time.Since(start)
		res.Nodes += r.Nodes
		res.Time += d
		res.Positions++
		res.TBHits += r.TBHits
		fmt.Fprintf(out, "pos=%d variant=%s nodes=%d time=%.3f nps=%.0f tbhits=%d\n", i+1, v.Name, r.Nodes, d.Seconds(), nps(r.Nodes, d), r.TBHits)
	}
	res.NPS = nps(res.Nodes, res.Time)
	// The last line stays "bench nodes= time= nps=" for scripts; table
	// hits go on the line before it.
	fmt.Fprintf(out, "bench tbhits=%d positions=%d\n", res.TBHits, res.Positions)
	fmt.Fprintf(out, "bench nodes=%d time=%.3f nps=%.0f\n", res.Nodes, res.Time.Seconds(), res.NPS)
	return res, nil
}

func nps(nodes uint64, d time.Duration) float64 {
	return float64(nodes) / max(d.Seconds(), 1e-9)
}
