package pdn

import "damka/board"

// gameTypes are the PDN GameType numbers of damka's variants
// (docs/variants.md 4), base rules first: a variant with no number of its
// own writes its base rules' number and a Variant tag (Killer,
// Breakthrough and Antidraughts International's 20; Poddavki, Diagonal,
// Stavropol and Bashni Russian's 25; tama Turkish's 30; Frysk! Frisian's
// 40), and a number read back is its base rules, the first entry with it.
// The numbers are file data, so they live here and not in board.Variant.
var gameTypes = []struct {
	v *board.Variant
	n int
}{
	{board.International, 20},
	{board.English, 21},
	{board.Italian, 22},
	{board.Pool, 23},
	{board.Spanish, 24},
	{board.Russian, 25},
	{board.Brazilian, 26},
	{board.Canadian, 27},
	{board.Portuguese, 28},
	{board.Czech, 29},
	{board.Turkish, 30},
	{board.Thai, 31},
	{board.Frisian, 40},
	{board.Spantsiretti, 41},
	{board.Killer, 20},
	{board.BreakthroughDraughts, 20},
	{board.Antidraughts, 20},
	{board.Poddavki, 25},
	{board.Diagonal, 25},
	{board.Stavropol, 25},
	{board.Bashni, 25},
	{board.Tama, 30},
	{board.Frysk, 40},
}

// GameType is v's PDN GameType number (its base rules' where it has none
// of its own), or 0 for a variant the table does not know.
func GameType(v *board.Variant) int {
	for _, t := range gameTypes {
		if t.v == v {
			return t.n
		}
	}
	return 0
}

// VariantByGameType returns the variant of a PDN GameType number, or nil;
// where several variants share a number (Killer, Breakthrough, Antidraughts
// use 20; Poddavki and Diagonal 25) it returns the base rules.
func VariantByGameType(n int) *board.Variant {
	for _, t := range gameTypes {
		if t.n == n {
			return t.v
		}
	}
	return nil
}
