package eval

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Ablations zero one evaluation term in every variant family, so that a
// self-play match measures what the term is worth (damka hub --ablate
// eval.NAME; results in docs/testing.md). They change package state: use
// them only in a process of their own, before any search.
var ablations = map[string]func(w *params){
	"eval.formation": func(w *params) { w.guard, w.balance = 0, 0 },
	"eval.mobility":  func(w *params) { w.mobility, w.locked = 0, 0 },
	"eval.kings":     func(w *params) { w.kingDiag, w.kingCtr = 0, 0 },
	"eval.runaways":  func(w *params) { w.runaway, w.runawayPP = 0, 0 },
	"eval.drawish":   func(w *params) { w.drawish = false },
	"eval.towers":    func(w *params) { w.under = 0 },
}

// IsAblation reports whether name is an evaluation ablation ("eval.*").
func IsAblation(name string) bool { return strings.HasPrefix(name, "eval.") }

// AblateTerm zeroes the named evaluation term ("eval.mobility", ...).
func AblateTerm(name string) error {
	off, ok := ablations[name]
	offTama, okTama := tamaAblations[name]
	if !ok && !okTama {
		return fmt.Errorf("unknown evaluation term %q (known: %s)", name, AblationNames())
	}
	if ok {
		for _, w := range []*params{&paramsInternational, &paramsFlying8x8, &paramsShort} {
			off(w)
		}
	}
	if okTama {
		offTama(&tamaWeights)
	}
	return nil
}

// AblationNames lists the names Ablate knows, sorted: those of every
// family and tama's own (tamaAblations).
func AblationNames() string {
	names := slices.Collect(maps.Keys(ablations))
	for name := range tamaAblations {
		if _, ok := ablations[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
