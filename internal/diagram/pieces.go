package diagram

import (
	"fmt"
	"strings"

	"damka/board"
)

// writeLabels writes the square names: file letters and rank numbers on
// the edge for algebraic notation, and for numbered boards each square's
// number in its corner (the way printed diagrams of International draughts
// number them), all taken from the variant's own SquareName.
func writeLabels(w writer, l layout, squares []board.Square) {
	w.WriteString(`<g class="labels" font-family="sans-serif">` + "\n")
	font := l.size * 0.24
	if l.v.Notation == board.Algebraic {
		files := map[int]string{}
		ranks := map[int]string{}
		for _, s := range squares {
			name := l.v.SquareName(s)
			cut := strings.IndexAny(name, "0123456789")
			if cut <= 0 {
				continue
			}
			col, row := l.cell(s)
			files[col], ranks[row] = name[:cut], name[cut:]
		}
		bottom := l.margin + float64(l.v.Geo.Height)*l.size
		for col := 0; col < l.v.Geo.Width; col++ {
			x := l.margin + (float64(col)+0.5)*l.size
			fmt.Fprintf(w, `<text class="label file" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
				num(x), num(bottom+l.margin/2), num(font), colourLabel, escape(files[col]))
		}
		for row := 0; row < l.v.Geo.Height; row++ {
			y := l.margin + (float64(row)+0.5)*l.size
			fmt.Fprintf(w, `<text class="label rank" x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
				num(l.margin/2), num(y), num(font), colourLabel, escape(ranks[row]))
		}
	} else {
		for _, s := range squares {
			x, y := l.corner(s)
			fmt.Fprintf(w, `<text class="label number" data-sq="%s" x="%s" y="%s" font-size="%s" fill="%s" stroke="%s" stroke-width="%s" paint-order="stroke" pointer-events="none">%s</text>`+"\n",
				l.v.SquareName(s), num(x+l.size*0.04), num(y+font*0.9), num(font*0.8), colourLabel, colourFrame, num(font*0.2), l.v.SquareName(s))
		}
	}
	w.WriteString("</g>\n")
}

// writePieces draws every piece, a column (Bashni) as its top piece over a
// stack of bars, one per piece under it, the one right under the top first.
func writePieces(w writer, l layout, p *board.Position, towers *board.Towers) {
	w.WriteString(`<g class="pieces">` + "\n")
	for s, pc := range p.All() {
		x, y := l.centre(s)
		var under board.Column
		if towers != nil {
			under = towers.Column(s)
		}
		n := under.Len()
		fmt.Fprintf(w, `<g class="piece %s" data-sq="%s" data-piece="%s" data-under="%d">`+"\n",
			pieceClass(pc), l.v.SquareName(s), PieceCode(pc), n)
		if n == 0 {
			disc(w, x, y, l.size*0.38, pc)
		} else {
			bar := min(l.size*0.1, l.size*0.34/float64(n))
			top := y - l.size*0.12
			for i := range n {
				upc := columnPiece(under.At(i))
				by := top + l.size*0.22 + float64(i)*bar
				stroke, width := "#777", max(bar*0.15, 0.5)
				if upc == board.WhiteKing || upc == board.BlackKing {
					stroke, width = "#d4a017", max(bar*0.3, 1)
				}
				fmt.Fprintf(w, `<rect class="under" data-index="%d" data-piece="%s" x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
					i, PieceCode(upc), num(x-l.size*0.3), num(by), num(l.size*0.6), num(bar), num(bar/3),
					fill(upc), stroke, num(width))
			}
			disc(w, x, top, l.size*0.3, pc)
		}
		w.WriteString("</g>\n")
	}
	w.WriteString("</g>\n")
}

// disc draws one piece: a disc with an inner ring, and a crown for a king.
func disc(w writer, x, y, r float64, pc board.Piece) {
	ring := "#555"
	if pc == board.BlackMan || pc == board.BlackKing {
		ring = "#bbb"
	}
	fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		num(x), num(y), num(r), fill(pc), ring, num(r*0.06))
	fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s" stroke-opacity="0.6"/>`+"\n",
		num(x), num(y), num(r*0.72), ring, num(r*0.05))
	if pc == board.WhiteKing || pc == board.BlackKing {
		// A crown of three points: unmistakable at any size, and unlike a
		// second stacked disc it cannot be confused with a Bashni column.
		k := r * 1.5
		pts := [][2]float64{{-0.3, 0.2}, {-0.34, -0.18}, {-0.15, 0}, {0, -0.26}, {0.15, 0}, {0.34, -0.18}, {0.3, 0.2}}
		var sb strings.Builder
		for i, pt := range pts {
			if i == 0 {
				sb.WriteString("M")
			} else {
				sb.WriteString("L")
			}
			sb.WriteString(num(x+pt[0]*k) + " " + num(y+pt[1]*k))
		}
		sb.WriteString("Z")
		fmt.Fprintf(w, `<path class="crown" d="%s" fill="#d4a017" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
			sb.String(), ring, num(r*0.05))
	}
}

func fill(pc board.Piece) string {
	if pc == board.BlackMan || pc == board.BlackKing {
		return colourBlackPiece
	}
	return colourWhitePiece
}

func pieceClass(pc board.Piece) string { return pieceNames[pc].class }
