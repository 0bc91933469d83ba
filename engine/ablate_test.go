package engine

import (
	"strings"
	"testing"

	"damka/board"
	"damka/eval"
)

// Every ablation must change the search (or it measures nothing): the node
// count of a fixed-depth search differs from the full search's.
func TestAblateChangesSearch(t *testing.T) {
	v := board.International
	// A middlegame with captures and forced replies in reach.
	p, err := v.ParseFEN("W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22")
	if err != nil {
		t.Fatal(err)
	}
	// A learned evaluation (the hand-made one as its only feature), so
	// that lazyeval, which acts on the learned one, has something to change.
	w := eval.NewWeights(v)
	h := w.Scalar(eval.ScalarHand)
	w.MG[h], w.EG[h] = 100, 100
	w.Pack()
	// And the start position: in the middlegame above a search may find a
	// table move at every node deep enough for IIR (history-alpha's
	// ordering does), which would leave nothing for --ablate iir to change.
	positions := []board.Position{p, v.Start()}
	nodes := func(ablate string) uint64 {
		var n uint64
		for _, p := range positions {
			e := New(Options{HashMB: 4, Eval: w})
			if err := e.Ablate(ablate); err != nil {
				t.Fatal(err)
			}
			n += searchPos(e, v, p, Limits{Depth: 9}, nil).Nodes
		}
		return n
	}
	full := nodes("")
	// The clock plans change the time a search takes, not its tree: they
	// must change the engine's plan.
	clockPlanOf := func(ablate string) clockPlan {
		e := New(Options{HashMB: 4})
		if err := e.Ablate(ablate); err != nil {
			t.Fatal(err)
		}
		return e.knobs.clock
	}
	for _, name := range []string{"clockp", "clocksave"} {
		if cp := clockPlanOf(name); cp == defaultPlan {
			t.Errorf("--ablate %s leaves the default clock plan", name)
		}
	}
	for name := range ablations {
		if strings.HasPrefix(name, "clock") {
			continue
		}
		if n := nodes(name); n == full {
			t.Errorf("--ablate %s: %d nodes, the same as the full search", name, n)
		}
	}
}

// An idea that is off by default is a branch, not a switch: "+name" is no
// longer accepted.
func TestAblateNoExperiments(t *testing.T) {
	e := New(Options{HashMB: 1})
	if err := e.Ablate("+qthreat"); err == nil {
		t.Error("Ablate(+qthreat) accepted an experiment")
	}
}

func TestAblateUnknown(t *testing.T) {
	e := New(Options{HashMB: 1})
	err := e.Ablate("lmr,nonsense")
	if err == nil || !strings.Contains(err.Error(), `"nonsense"`) {
		t.Fatalf("Ablate(lmr,nonsense) = %v, want an error naming the unknown feature", err)
	}
	if e.knobs != defaultKnobs {
		t.Errorf("a failed Ablate changed the knobs: %+v", e.knobs)
	}
}

// An evaluation term switched off reaches the engine's own searches only:
// another engine of the process still searches with every term, as an
// engine that never saw the ablation does.
func TestAblateEvalTermIsPerEngine(t *testing.T) {
	v := board.International
	p, err := v.ParseFEN("W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []Options{{HashMB: 4, HandEval: true}, {HashMB: 4}} {
		nodes := func(e *Engine) uint64 { return searchPos(e, v, p, Limits{Depth: 8}, nil).Nodes }
		before := nodes(New(opts))
		ablated := New(opts)
		if err := ablated.Ablate("eval.mobility"); err != nil {
			t.Fatal(err)
		}
		if ablated.Options().EvalOff == 0 {
			t.Fatal("Ablate(eval.mobility) left Options.EvalOff empty")
		}
		if n := nodes(ablated); n == before {
			t.Errorf("HandEval %v: eval.mobility off searched %d nodes, as with it", opts.HandEval, n)
		}
		if n := nodes(New(opts)); n != before {
			t.Errorf("HandEval %v: another engine searched %d nodes after the ablation, %d before", opts.HandEval, n, before)
		}
	}
	if err := New(Options{HashMB: 1}).Ablate("eval.nonsense"); err == nil {
		t.Error("Ablate(eval.nonsense) accepted")
	}
}
