package eval

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"damka/board"
)

// Hand is the hand-made evaluation with the weights of every family. The
// engines share the default one (Evaluate); an engine that measures a term
// by its absence makes its own with the term switched off (NewHand), so
// that no other engine of the process is touched.
type Hand struct {
	international, flying8x8, short params
	tama                            tamaParams
}

var defaultHand = Hand{
	international: paramsInternational, flying8x8: paramsFlying8x8, short: paramsShort,
	tama: tamaDefault,
}

// DefaultHand is the hand-made evaluation with every term on.
func DefaultHand() *Hand { return &defaultHand }

// Terms is a set of hand-made evaluation terms switched off, for measuring
// what each is worth (damka hub --ablate eval.NAME; docs/testing.md).
type Terms uint8

// termAblations are the terms by name: what each switches off in the
// families of params and in tama's. eval.advance exists for tama alone
// (the other families fold advancement into their square values).
var termAblations = map[string]struct {
	bit  Terms
	off  func(w *params)
	tama func(w *tamaParams)
}{
	"eval.formation": {1 << 0, func(w *params) { w.guard, w.balance = 0, 0 }, func(w *tamaParams) { w.backed = 0 }},
	"eval.mobility":  {1 << 1, func(w *params) { w.mobility, w.locked = 0, 0 }, nil},
	"eval.kings":     {1 << 2, func(w *params) { w.kingDiag, w.kingCtr = 0, 0 }, nil},
	"eval.runaways":  {1 << 3, func(w *params) { w.runaway, w.runawayPP = 0, 0 }, func(w *tamaParams) { w.runaway, w.runawayPP = 0, 0 }},
	"eval.drawish":   {1 << 4, func(w *params) { w.drawish = false }, nil},
	"eval.towers":    {1 << 5, func(w *params) { w.under = 0 }, nil},
	"eval.advance": {1 << 6, nil, func(w *tamaParams) {
		w.advMg, w.advEg = [8]int{}, [8]int{}
		w.promoFree, w.promoMove = 0, 0
	}},
}

// IsTerm reports whether name is an evaluation term's name ("eval.*").
func IsTerm(name string) bool { return strings.HasPrefix(name, "eval.") }

// ParseTerm is the term named name ("eval.mobility", ...).
func ParseTerm(name string) (Terms, error) {
	a, ok := termAblations[name]
	if !ok {
		return 0, fmt.Errorf("unknown evaluation term %q (known: %s)", name, TermNames())
	}
	return a.bit, nil
}

// TermNames lists the terms' names, sorted.
func TermNames() string {
	return strings.Join(slices.Sorted(maps.Keys(termAblations)), ", ")
}

// NewHand is the hand-made evaluation without the terms of off.
func NewHand(off Terms) *Hand {
	h := defaultHand
	for _, a := range termAblations {
		if off&a.bit == 0 {
			continue
		}
		if a.off != nil {
			for _, w := range []*params{&h.international, &h.flying8x8, &h.short} {
				a.off(w)
			}
		}
		if a.tama != nil {
			a.tama(&h.tama)
		}
	}
	return &h
}

// paramsFor picks the weights of v's family.
func (h *Hand) paramsFor(v *board.Variant) *params {
	switch {
	case !v.FlyingKings:
		return &h.short
	case v.Geo.Squares <= 32:
		return &h.flying8x8
	}
	return &h.international
}
