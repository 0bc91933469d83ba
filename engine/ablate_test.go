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
	nodes := func(ablate string) uint64 {
		e := New(Options{HashMB: 4, Eval: w})
		if err := e.Ablate(ablate); err != nil {
			t.Fatal(err)
		}
		return searchPos(e, v, p, Limits{Depth: 9}, nil).Nodes
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
	isClock := func(name string) bool {
		return strings.HasPrefix(name, "clock") || name == "panic" || name == "stablephase"
	}
	for _, name := range []string{"clockp", "clocksave", "+clock20", "+panic", "+clockmiddle", "+stablephase"} {
		if cp := clockPlanOf(name); cp == defaultPlan {
			t.Errorf("--ablate %s leaves the default clock plan", name)
		}
	}
	for name := range ablations {
		if experiments[name] != nil || isClock(name) {
			continue // off by default: switching it off changes nothing
		}
		if n := nodes(name); n == full {
			t.Errorf("--ablate %s: %d nodes, the same as the full search", name, n)
		}
	}
	// An experiment turned on changes the search too.
	for name := range experiments {
		if isClock(name) {
			continue
		}
		if n := nodes("+" + name); n == full {
			t.Errorf("--ablate +%s: %d nodes, the same as the default search", name, n)
		}
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

// The thread's near-leaf table (+near3) is part of the state NewGame
// clears: the same search after NewGame counts the same nodes, and
// without NewGame the entries it left make the repeat cheaper.
func TestNearTableClearedByNewGame(t *testing.T) {
	v := board.International
	p, err := v.ParseFEN("W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22")
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 4})
	if err := e.Ablate("+near3"); err != nil {
		t.Fatal(err)
	}
	search := func() uint64 { return searchPos(e, v, p, Limits{Depth: 9}, nil).Nodes }
	e.NewGame()
	first := search()
	e.NewGame()
	if again := search(); again != first {
		t.Errorf("after NewGame: %d nodes, want %d as the first time", again, first)
	}
	if warm := search(); warm >= first {
		t.Errorf("without NewGame: %d nodes, want fewer than %d", warm, first)
	}
	if e.threads[0].near == nil {
		t.Error("+near3 searched without a near table")
	}
}
