package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"damka/eval"
)

// Ablations are the search features that can be switched off one by one,
// so that a match (damka match against `damka hub --ablate X`) measures what
// each is worth; docs/testing.md records the results. Only features that
// are on have one: an idea that is off is a branch of its own, not a switch.
var ablations = map[string]func(k *knobs){
	"probcut":    func(k *knobs) { k.probCutDepth = neverDepth },
	"lmr":        func(k *knobs) { k.lmrMinDepth = neverDepth },
	"history":    func(k *knobs) { k.historyBonus = 0 },
	"aspiration": func(k *knobs) { k.noAspiration = true },
	"extension":  func(k *knobs) { k.forcedExt = 0 },
	"lazyeval":   func(k *knobs) { k.noLazyEval = true },
	"iir":        func(k *knobs) { k.iirDepth = neverDepth },
	// The clock plan before the pieces decided the moves to go.
	"clockp": func(k *knobs) { k.clock = oldPlan },
	// The clock plan by pieces without saving time in the opening.
	"clocksave": func(k *knobs) { k.clock = piecesPlan },
}

// Ablate switches off the named search features and evaluation terms
// (comma-separated; see AblationNames). It must not run during a search.
// The terms go to Options.EvalOff: a caller that sets the options later
// keeps them by starting from Options().
func (e *Engine) Ablate(names string) error {
	k := e.knobs
	evalOff := e.opts.EvalOff
	for _, name := range strings.Split(names, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if eval.IsTerm(name) {
			term, err := eval.ParseTerm(name)
			if err != nil {
				return err
			}
			evalOff |= term
			continue
		}
		off, ok := ablations[name]
		if !ok {
			return fmt.Errorf("unknown search feature %q (known: %s)", name, AblationNames())
		}
		off(&k)
	}
	e.mu.Lock()
	e.knobs, e.opts.EvalOff = k, evalOff
	e.mu.Unlock()
	return nil
}

// AblationNames lists the names Ablate knows, sorted: the search features,
// then the evaluation terms.
func AblationNames() string {
	return strings.Join(slices.Sorted(maps.Keys(ablations)), ", ") + ", " + eval.TermNames()
}
