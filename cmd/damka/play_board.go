package main

// The board of a play session as text: Unicode draughts symbols (or
// letters with --ascii), the square names on the edges in the variant's
// notation (files and ranks for algebraic variants, a diagram of the
// square numbers beside the board for numeric ones), a legend, and the
// board turned round on demand.

import (
	"fmt"
	"strings"

	"damka/board"
)

// pieceGlyphs are the symbols of the pieces, indexed by board.Piece: empty,
// white man, black man, white king, black king. The Unicode ones are the
// draughts symbols U+26C0..U+26C3, one column wide in a terminal.
var pieceGlyphs = map[bool][5]string{
	false: {"·", "⛀", "⛂", "⛁", "⛃"},
	true:  {".", "w", "b", "W", "B"},
}

// legendText says which symbol is which piece.
func legendText(ascii bool) string {
	s := pieceGlyphs[ascii]
	return fmt.Sprintf("%s white man  %s white king  %s black man  %s black king  %s empty square",
		s[board.WhiteMan], s[board.WhiteKing], s[board.BlackMan], s[board.BlackKing], s[board.Empty])
}

// boardText draws p as the variant's players see it, White at the bottom
// unless flipped.
func boardText(v *board.Variant, p *board.Position, tow *board.Towers, flipped, ascii bool) string {
	geo := v.Geo
	glyph := pieceGlyphs[ascii]
	// grid[rank][file] as the players name them (Italian, Spanish and
	// Portuguese boards are mirrored against Geo).
	grid := make([][]board.Square, geo.Height)
	for r := range grid {
		grid[r] = make([]board.Square, geo.Width)
		for f := range grid[r] {
			grid[r][f] = board.NoSquare
		}
	}
	for n := 1; n <= geo.Squares; n++ {
		sq, _ := geo.Bit(n)
		f, r := v.FileRank(sq)
		grid[r][f] = sq
	}
	ranks, files := order(geo.Height, !flipped), order(geo.Width, flipped)
	numeric := v.Notation != board.Algebraic
	var sb strings.Builder
	fileLine := func() {
		sb.WriteString("  ")
		for _, f := range files {
			fmt.Fprintf(&sb, " %c ", 'a'+f)
		}
		sb.WriteString("\n")
	}
	if !numeric {
		fileLine()
	}
	for _, r := range ranks {
		if numeric {
			sb.WriteString("  ")
		} else {
			fmt.Fprintf(&sb, "%2d", r+1)
		}
		for _, f := range files {
			if sq := grid[r][f]; sq != board.NoSquare {
				sb.WriteString(" " + glyph[p.At(sq)] + " ")
			} else {
				sb.WriteString("   ")
			}
		}
		if numeric {
			sb.WriteString("    ")
			for _, f := range files {
				if sq := grid[r][f]; sq != board.NoSquare {
					fmt.Fprintf(&sb, "%3s", v.SquareName(sq))
				} else {
					sb.WriteString("   ")
				}
			}
		} else {
			fmt.Fprintf(&sb, "%d", r+1)
		}
		sb.WriteString("\n")
	}
	if !numeric {
		fileLine()
	}
	if tow != nil && tow.Height() > 0 {
		// Bashni: the columns, top first.
		sb.WriteString("columns, top first:")
		for n := 1; n <= geo.Squares; n++ {
			sq, _ := geo.Bit(n)
			if col := tow.Column(sq); p.At(sq) != board.Empty && col.Len() > 0 {
				fmt.Fprintf(&sb, " %s=%s", v.SquareName(sq), glyph[p.At(sq)])
				for k := 0; k < col.Len(); k++ {
					sb.WriteString(glyph[col.At(k)+1]) // codes 0..3 are w, b, W, B
				}
			}
		}
		sb.WriteString("\n")
	}
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
		out.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	return out.String()
}

// order lists 0..n-1, from the top down when down is set.
func order(n int, down bool) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
		if down {
			s[i] = n - 1 - i
		}
	}
	return s
}

// show draws the board, the legend and whose turn it is, or how the game
// ended.
func (g *game) show() {
	g.printf("%s", boardText(g.v, g.pos, g.game.Towers(), g.flipped, g.ascii))
	g.printf("%s\n", legendText(g.ascii))
	if line := g.overLine(); line != "" {
		g.printf("%s\n", line)
		return
	}
	turn := "your move"
	if g.pos.Side != g.you {
		turn = "damka's move"
	}
	g.printf("%s to move (move %d), %s\n", title(g.pos.Side), g.game.Len()/2+1, turn)
}
