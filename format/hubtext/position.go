// Package hubtext reads and writes the text forms of the Hub protocol
// (docs/protocols.md 1): position strings, moves in both square numberings
// of the algebraic boards, and the variants' names in the Hub ecosystem.
// It sits beside the rules core and imports only board: the rules know
// nothing of the wire, and protocol/hub, bench/match and the book speak it
// through this package.
package hubtext

import (
	"fmt"

	"damka/board"
)

// Position writes p as a Hub position string: the side to move ("W" or
// "B") then one character per square in the variant's numbering 1..N ("w",
// "b" men, "W", "B" kings, "e" empty). 10x10 boards give the 51 characters
// of the protocol; 8x8 boards give 33 in the top-down numbering (1 = b8),
// which is what every pydraughts version sends for Russian and Brazilian
// whichever numbering its moves use (see Numbering); Italian and Spanish
// positions follow their own numbering, and the 10x8 board gives 41.
func Position(v *board.Variant, p *board.Position) string {
	n := v.Geo.Squares
	buf := make([]byte, 1+n)
	buf[0] = 'W'
	if p.Side == board.Black {
		buf[0] = 'B'
	}
	for k := 1; k <= n; k++ {
		s, _ := v.Square(k)
		buf[k] = "ewbWB"[p.At(s)]
	}
	return string(buf)
}

// ParsePosition reads a Hub position string for v's board. The length must
// be exactly 1 + the number of squares, so that a 10x10 string given to an
// 8x8 variant (or the reverse) is refused rather than cut. Men on their own
// promotion row are refused, as Scan and ParseFEN do.
//
// The string has no place for Position.KingRun (Frisian): a Hub GUI sends
// the moves since the last irreversible one, and replaying them rebuilds it.
func ParsePosition(v *board.Variant, s string) (board.Position, error) {
	n := v.Geo.Squares
	p := v.Empty(board.White)
	if len(s) != 1+n {
		return p, fmt.Errorf("hub position %q: %d characters, want %d for %s (side to move and %d squares)",
			clip(s), len(s), 1+n, v.Name, n)
	}
	switch s[0] {
	case 'W':
	case 'B':
		p.Side = board.Black
	default:
		return p, fmt.Errorf("hub position %q: side to move must be W or B, not %q", clip(s), s[0])
	}
	for k := 1; k <= n; k++ {
		sq, _ := v.Square(k)
		var pc board.Piece
		switch s[k] {
		case 'e':
			continue
		case 'w':
			pc = board.WhiteMan
		case 'b':
			pc = board.BlackMan
		case 'W':
			pc = board.WhiteKing
		case 'B':
			pc = board.BlackKing
		default:
			return p, fmt.Errorf("hub position %q: square %d holds %q, want one of w b W B e", clip(s), k, s[k])
		}
		if (pc == board.WhiteMan && v.OnPromotionRow(board.White, sq)) || (pc == board.BlackMan && v.OnPromotionRow(board.Black, sq)) {
			return p, fmt.Errorf("hub position %q: man on its promotion row at square %d", clip(s), k)
		}
		p.Put(sq, pc)
	}
	return p, nil
}

// clip shortens text quoted in an error message, so that a huge input does
// not become a huge error.
func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:77] + "..."
}
