package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"damka/eval"
)

// Ablations are the search features that can be switched off one by one,
// so that a self-play match (damka match against `damka hub --ablate X`)
// measures what each is worth. docs/testing.md records the results.
var ablations = map[string]func(k *knobs){
	"probcut":    func(k *knobs) { k.probCutDepth = maxDepth + 1 },
	"lmr":        func(k *knobs) { k.lmrMinDepth = maxDepth + 1 },
	"history":    func(k *knobs) { k.noHistory = true },
	"aspiration": func(k *knobs) { k.noAspiration = true },
	"extension":  func(k *knobs) { k.noExtension = true },
	"qthreat":    func(k *knobs) { k.noQThreat = true },
	"qshot":      func(k *knobs) { k.noQShot = true },
	"lazyeval":   func(k *knobs) { k.noLazyEval = true },
	"iir":        func(k *knobs) { k.iirDepth = 0 },
	// The clock plan before the pieces decided the moves to go.
	"clockp": func(k *knobs) { k.clock = oldPlan },
	// The clock plan by pieces without saving time in the opening.
	"clocksave": func(k *knobs) { k.clock = piecesPlan },
}

// experiments are features that are off by default, because they have not
// measured as a gain yet; "+name" in Ablate's list turns one on.
var experiments = map[string]func(k *knobs){
	"qthreat":  func(k *knobs) { k.noQThreat = false },
	"qshot":    func(k *knobs) { k.noQShot = false },
	"lmp":      func(k *knobs) { k.lmpDepth = 3 },
	"razor":    func(k *knobs) { k.razorDepth = 2 },
	"singular": func(k *knobs) { k.singularDepth = 8 },
	"singularpv": func(k *knobs) {
		k.singularDepth, k.singularMargin, k.singularPV = 8, 40, true
	},
	"pcwide":  func(k *knobs) { k.probCutWide = true },
	"lmrflat": func(k *knobs) { k.lmrFlat = true },
	"lmrhist": func(k *knobs) { k.lmrHistory, k.lmrGood, k.lmrBad = true, historyMax/32, -historyMax/512 },
	// lmrhist lost 88.7 Elo and lmrgood (only the lesser reduction, for
	// every move with a positive history) 43.7 at 4 s + 0.04 s.
	"lmrgood": func(k *knobs) { k.lmrHistory, k.lmrGood, k.lmrBad = true, 0, -historyMax-1 },
	"rfp":     func(k *knobs) { k.rfpDepth = 3 },
	// The nodes of depth 1-2 without the shared table (tt3), or with a
	// 1 MB table of the thread's own (near3): 1.5 times the nodes a
	// second with a 64 MB table, and both lost at 10 s + 0.1 s (-34.9 and
	// -43.7 Elo in 40 games, docs/testing.md). With tt4 no depth-4 node
	// finds a table move (a ply shallower, it stored none), so IIR
	// reduces them all.
	"tt2":    func(k *knobs) { k.ttMinDepth = 2 },
	"tt3":    func(k *knobs) { k.ttMinDepth = 3 },
	"tt4":    func(k *knobs) { k.ttMinDepth = 4 },
	"near2":  func(k *knobs) { k.ttMinDepth, k.nearTable = 2, true },
	"near3":  func(k *knobs) { k.ttMinDepth, k.nearTable = 3, true },
	"cont":   func(k *knobs) { k.contHistory = true },
	"follow": func(k *knobs) { k.followHistory = true },
	// A score that fell by a third of a man in the last iteration earns
	// twice the soft limit (budget.panic).
	"panic": func(k *knobs) { k.clock.panicDrop = 30 },
	// A clock plan that spends more: 20 moves to go, and a stable search
	// starts no iteration after 60% of its share.
	"clock20": func(k *knobs) { k.clock = clockPlan{mtg: 20, stable: 60} },
	// The middle game's share larger: 4 instead of 8 plus half the pieces
	// to go with 30 or fewer pieces (about a quarter more a move from 30
	// pieces down to 16).
	"clockmiddle": func(k *knobs) { k.clock.midBase = 4 },
	// A stable search stops at 40% of its share with 40 pieces on the
	// board, rising to 80% with 10 (stableShare), instead of 60% always.
	"stablephase": func(k *knobs) { k.clock.stableByPieces = true },
}

// Ablate switches off the named search features and evaluation terms
// (comma-separated; see AblationNames and eval.AblationNames). It must not
// run during a search. The evaluation terms are switched off for the whole
// process (eval.AblateTerm): use it in an engine process of its own, as
// damka hub --ablate does.
func (e *Engine) Ablate(names string) error {
	k := e.knobs
	for _, name := range strings.Split(names, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if eval.IsAblation(name) {
			if err := eval.AblateTerm(name); err != nil {
				return err
			}
			continue
		}
		if on, ok := experiments[strings.TrimPrefix(name, "+")]; ok && strings.HasPrefix(name, "+") {
			on(&k)
			continue
		}
		off, ok := ablations[name]
		if !ok {
			return fmt.Errorf("unknown search feature %q (known: %s; experiments, off by default: %s)", name, AblationNames(), ExperimentNames())
		}
		off(&k)
	}
	e.knobs = k
	return nil
}

// ExperimentNames lists the experiments, "+name", sorted.
func ExperimentNames() string {
	names := slices.Sorted(maps.Keys(experiments))
	for i := range names {
		names[i] = "+" + names[i]
	}
	return strings.Join(names, ", ")
}

// AblationNames lists the names Ablate knows, sorted.
func AblationNames() string {
	return strings.Join(slices.Sorted(maps.Keys(ablations)), ", ")
}
