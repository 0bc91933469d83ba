// Package diagram draws a position of any variant as an SVG picture: the
// board with its playing squares, the men and kings of both colours,
// Bashni's columns, the variant's own square names and optional highlights
// (last move and its route, legal targets, a selected square).
//
// The same drawing serves "damka diagram" (a file for articles and bug
// reports) and the board of "damka serve", which is why every square and
// piece carries data-sq, the square's name in the variant's notation: the
// web page finds what was clicked from it, and the tests read the picture
// back through it.
package diagram

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"damka/board"
)

// Options say how to draw. The zero value draws the bare position with
// White at the bottom.
type Options struct {
	Flip bool // Black at the bottom
	// Route is the last move: its origin and each landing square, in order
	// (board.Variant.Paths gives them). Its first and last squares are
	// highlighted and, for a capture, a line follows the whole route.
	Route []board.Square
	// Captured are the squares of the pieces the last move took; each gets
	// a small cross.
	Captured []board.Square
	// Previous is the move before the last (the other side's), marked
	// more faintly at its origin and destination.
	Previous []board.Square
	// Hint is a move to suggest (a better move, the engine's hint): its
	// route drawn as a green arrow.
	Hint     []board.Square
	Targets  []board.Square // squares a selected piece may move to
	Selected []board.Square // squares marked as chosen (e.g. the piece to move)
	// Towers are the pieces under the tops (Bashni); nil for none.
	Towers *board.Towers
	// SquareSize is the side of a square in SVG user units; 0 means 50.
	SquareSize int
}

// Colours are attributes rather than a style sheet so that a file written by
// "damka diagram" shows the same in every viewer; the web page's CSS may
// still override them through the class names.
const (
	colourLight      = "#f0d9b5"
	colourDark       = "#8b5a2b"
	colourFrame      = "#3b2a1a"
	colourLabel      = "#f5ecd9"
	colourWhitePiece = "#fbf8ef"
	colourBlackPiece = "#2a2522"
	colourLast       = "#d9b44a"
	colourTarget     = "#5aa05a"
	colourSelected   = "#4a7fd9"
	colourRoute      = "#e0402a"
	colourPrevious   = "#c9a862"
	colourHint       = "#2f9e44"
)

// layout places squares on the picture.
type layout struct {
	v      *board.Variant
	size   float64 // side of a square
	margin float64 // frame width: room for the edge labels
	flip   bool
}

// cell is the column and row (0 at the top left of the picture) of s.
func (l layout) cell(s board.Square) (col, row int) {
	file, rank := l.v.FileRank(s)
	w, h := l.v.Geo.Width, l.v.Geo.Height
	if l.flip {
		return w - 1 - file, rank
	}
	return file, h - 1 - rank
}

// corner is the top left corner of s in user units.
func (l layout) corner(s board.Square) (x, y float64) {
	col, row := l.cell(s)
	return l.margin + float64(col)*l.size, l.margin + float64(row)*l.size
}

// centre is the middle of s in user units.
func (l layout) centre(s board.Square) (x, y float64) {
	x, y = l.corner(s)
	return x + l.size/2, y + l.size/2
}

// Squares lists every playing square of v, in notation order.
func Squares(v *board.Variant) []board.Square {
	out := make([]board.Square, 0, v.Geo.Squares)
	for n := 1; n <= v.Geo.Squares; n++ {
		if s, ok := v.Square(n); ok {
			out = append(out, s)
		}
	}
	return out
}

// pieceNames are each piece's letter in the data-piece attributes (w and
// b for men, W and B for kings: the letters of the PDN FEN) and its class.
var pieceNames = [...]struct{ code, class string }{
	board.WhiteMan:  {"w", "white man"},
	board.BlackMan:  {"b", "black man"},
	board.WhiteKing: {"W", "white king"},
	board.BlackKing: {"B", "black king"},
}

// PieceCode is the letter of a piece in the data-piece attributes.
func PieceCode(pc board.Piece) string { return pieceNames[pc].code }

// columnPiece is the piece of a Column code (board.PieceCode).
func columnPiece(code uint8) board.Piece {
	black, king := code&1 != 0, code&2 != 0
	switch {
	case black && king:
		return board.BlackKing
	case black:
		return board.BlackMan
	case king:
		return board.WhiteKing
	}
	return board.WhiteMan
}

// Write draws p (a position of v) as one SVG document.
func Write(w io.Writer, v *board.Variant, p *board.Position, opt Options) error {
	bw := bufio.NewWriter(w)
	writeSVG(bw, v, p, opt)
	return bw.Flush()
}

// String is Write into a string.
func String(v *board.Variant, p *board.Position, opt Options) string {
	var sb strings.Builder
	writeSVG(&sb, v, p, opt)
	return sb.String()
}

type writer interface {
	io.Writer
	io.StringWriter
}

func writeSVG(w writer, v *board.Variant, p *board.Position, opt Options) {
	size := float64(opt.SquareSize)
	if size <= 0 {
		size = 50
	}
	l := layout{v: v, size: size, margin: size * 0.4, flip: opt.Flip}
	width := 2*l.margin + float64(v.Geo.Width)*size
	height := 2*l.margin + float64(v.Geo.Height)*size
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" class="damka-board" viewBox="0 0 %s %s" width="%s" height="%s" data-variant="%s" data-flip="%t">`+"\n",
		num(width), num(height), num(width), num(height), v.Name, opt.Flip)
	fmt.Fprintf(w, `<title>%s</title>`+"\n", escape(v.Title+": "+v.FEN(p)))
	fmt.Fprintf(w, `<rect class="frame" x="0" y="0" width="%s" height="%s" fill="%s"/>`+"\n", num(width), num(height), colourFrame)
	fmt.Fprintf(w, `<rect class="light" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
		num(l.margin), num(l.margin), num(width-2*l.margin), num(height-2*l.margin), colourLight)
	squares := Squares(v)
	w.WriteString(`<g class="squares">` + "\n")
	// On a board where every square is played (Turkish, tama) the squares
	// are all alike: a grid line keeps them apart.
	grid := ""
	if v.Geo.Full {
		grid = fmt.Sprintf(` stroke="%s" stroke-width="%s"`, colourFrame, num(size*0.03))
	}
	for _, s := range squares {
		x, y := l.corner(s)
		fmt.Fprintf(w, `<rect class="sq" data-sq="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"%s/>`+"\n",
			v.SquareName(s), num(x), num(y), num(size), num(size), colourDark, grid)
	}
	w.WriteString("</g>\n")
	writeMarks(w, l, opt)
	writePieces(w, l, p, opt.Towers)
	// After the pieces: a square's number stays readable over a piece.
	writeLabels(w, l, squares)
	writeCaptured(w, l, opt.Captured)
	writeHint(w, l, opt.Hint)
	w.WriteString("</svg>\n")
}

// writeMarks draws the highlights under the pieces: last move, selection,
// targets, and a capture's route.
func writeMarks(w writer, l layout, opt Options) {
	w.WriteString(`<g class="marks">` + "\n")
	mark := func(class, colour string, s board.Square) {
		x, y := l.corner(s)
		inset := l.size * 0.06
		fmt.Fprintf(w, `<rect class="mark %s" data-sq="%s" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
			class, l.v.SquareName(s), num(x+inset), num(y+inset), num(l.size-2*inset), num(l.size-2*inset), colour, num(l.size*0.08))
	}
	if n := len(opt.Previous); n >= 2 {
		mark("previous", colourPrevious, opt.Previous[0])
		mark("previous", colourPrevious, opt.Previous[n-1])
	}
	if n := len(opt.Route); n >= 2 {
		mark("last", colourLast, opt.Route[0])
		mark("last", colourLast, opt.Route[n-1])
	}
	for _, s := range opt.Selected {
		mark("selected", colourSelected, s)
	}
	for _, s := range opt.Targets {
		x, y := l.centre(s)
		fmt.Fprintf(w, `<circle class="mark target" data-sq="%s" cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.75"/>`+"\n",
			l.v.SquareName(s), num(x), num(y), num(l.size*0.16), colourTarget)
	}
	if len(opt.Route) > 2 || len(opt.Captured) > 0 && len(opt.Route) >= 2 {
		var pts []string
		for _, s := range opt.Route {
			x, y := l.centre(s)
			pts = append(pts, num(x)+","+num(y))
		}
		fmt.Fprintf(w, `<polyline class="route" points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.8"/>`+"\n",
			strings.Join(pts, " "), colourRoute, num(l.size*0.07))
	}
	w.WriteString("</g>\n")
}

// writeHint draws opt.Hint as an arrow over the pieces: a suggestion must
// show whatever stands on its squares.
func writeHint(w writer, l layout, route []board.Square) {
	if len(route) < 2 {
		return
	}
	var pts []string
	for _, s := range route {
		x, y := l.centre(s)
		pts = append(pts, num(x)+","+num(y))
	}
	x0, y0 := l.centre(route[len(route)-2])
	x1, y1 := l.centre(route[len(route)-1])
	// The head: a triangle at the last landing square, pointing along the
	// last leg.
	dx, dy := x1-x0, y1-y0
	d := math.Hypot(dx, dy)
	if d == 0 {
		dx, dy, d = 0, -1, 1 // a circular capture ends where it began
	}
	ux, uy := dx/d, dy/d
	h := l.size * 0.32
	bx, by := x1-ux*h, y1-uy*h
	fmt.Fprintf(w, `<g class="hint" data-from="%s" data-to="%s" pointer-events="none" opacity="0.85">`+"\n",
		l.v.SquareName(route[0]), l.v.SquareName(route[len(route)-1]))
	fmt.Fprintf(w, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>`+"\n",
		strings.Join(append(pts[:len(pts)-1:len(pts)-1], num(bx)+","+num(by)), " "), colourHint, num(l.size*0.14))
	fmt.Fprintf(w, `<path d="M%s %sL%s %sL%s %sZ" fill="%s"/>`+"\n",
		num(x1), num(y1), num(bx-uy*h*0.6), num(by+ux*h*0.6), num(bx+uy*h*0.6), num(by-ux*h*0.6), colourHint)
	w.WriteString("</g>\n")
}

// writeCaptured crosses the squares whose pieces the last move took.
func writeCaptured(w writer, l layout, captured []board.Square) {
	if len(captured) == 0 {
		return
	}
	w.WriteString(`<g class="captured">` + "\n")
	for _, s := range captured {
		x, y := l.centre(s)
		d := l.size * 0.18
		fmt.Fprintf(w, `<path class="taken" data-sq="%s" d="M%s %sL%s %sM%s %sL%s %s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`+"\n",
			l.v.SquareName(s), num(x-d), num(y-d), num(x+d), num(y+d), num(x-d), num(y+d), num(x+d), num(y-d),
			colourRoute, num(l.size*0.07))
	}
	w.WriteString("</g>\n")
}

// num writes a coordinate without trailing zeros.
func num(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}
