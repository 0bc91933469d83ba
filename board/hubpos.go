package board

import "fmt"

// HubPosition writes p as a Hub position string: the side to move ("W" or
// "B") then one character per square in the variant's numbering 1..N ("w",
// "b" men, "W", "B" kings, "e" empty). 10x10 boards give the 51 characters
// of the protocol; 8x8 boards give 33 in the top-down numbering (1 = b8),
// which is what every pydraughts version sends for Russian and Brazilian
// whichever numbering its moves use (see HubNumbering); Italian and
// Spanish positions follow their own numbering, and the 10x8 board gives 41.
func (v *Variant) HubPosition(p *Position) string {
	g := v.Geo
	buf := make([]byte, 1+g.Squares)
	buf[0] = 'W'
	if p.Side == Black {
		buf[0] = 'B'
	}
	for n := 1; n <= g.Squares; n++ {
		s, _ := v.Square(n)
		buf[n] = "ewbWB"[p.At(s)]
	}
	return string(buf)
}

// ParseHubPosition reads a Hub position string for this variant's board. The
// length must be exactly 1 + the number of squares, so that a 10x10 string
// given to an 8x8 variant (or the reverse) is refused rather than cut. Men on
// their own promotion row are refused, as Scan and ParseFEN do.
//
// The string has no place for Position.KingRun (Frisian): a Hub GUI sends
// the moves since the last irreversible one, and replaying them rebuilds it.
func (v *Variant) ParseHubPosition(s string) (Position, error) {
	var p Position
	p.KingRun.Limit = uint8(v.KingMoveLimit)
	p.wide = v.gen == genWide
	g := v.Geo
	if len(s) != 1+g.Squares {
		return p, fmt.Errorf("hub position %q: %d characters, want %d for %s (side to move and %d squares)",
			clipForError(s), len(s), 1+g.Squares, v.Name, g.Squares)
	}
	switch s[0] {
	case 'W':
		p.Side = White
	case 'B':
		p.Side = Black
	default:
		return p, fmt.Errorf("hub position %q: side to move must be W or B, not %q", clipForError(s), s[0])
	}
	for n := 1; n <= g.Squares; n++ {
		sq, _ := v.Square(n)
		var pc Piece
		switch s[n] {
		case 'e':
			continue
		case 'w':
			pc = WhiteMan
		case 'b':
			pc = BlackMan
		case 'W':
			pc = WhiteKing
		case 'B':
			pc = BlackKing
		default:
			return p, fmt.Errorf("hub position %q: square %d holds %q, want one of w b W B e", clipForError(s), n, s[n])
		}
		if (pc == WhiteMan && v.onPromotionRow(White, sq)) || (pc == BlackMan && v.onPromotionRow(Black, sq)) {
			return p, fmt.Errorf("hub position %q: man on its promotion row at square %d", clipForError(s), n)
		}
		p.Put(sq, pc)
	}
	return p, nil
}

// clipForError shortens text quoted in an error message, so that a huge
// input does not become a huge error.
func clipForError(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:77] + "..."
}
