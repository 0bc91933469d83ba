package hubtext

import "damka/board"

// names are the variants' names in the Hub ecosystem where they differ
// from damka's or are fixed by other software (Scan, pydraughts:
// docs/protocols.md 1.12).
var names = map[*board.Variant]string{
	board.International:        "normal",
	board.Russian:              "russian",
	board.Brazilian:            "brazilian",
	board.Killer:               "killer",
	board.BreakthroughDraughts: "bt",
	board.Antidraughts:         "losing",
	board.Frisian:              "frisian",
}

// VariantName is v's name in the Hub ecosystem ("normal" for
// International), or damka's name where it has none.
func VariantName(v *board.Variant) string {
	if n, ok := KnownName(v); ok {
		return n
	}
	return v.Name
}

// KnownName is v's name as other Hub software (Scan, pydraughts) knows it,
// if it has one.
func KnownName(v *board.Variant) (string, bool) {
	n, ok := names[v]
	return n, ok
}
