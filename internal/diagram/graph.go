package diagram

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// GraphOptions say how to draw an evaluation graph.
type GraphOptions struct {
	Width, Height int // in SVG user units; 0 means 600 by 160
	// Cap is the score drawn at the top and bottom edge (hundredths of a
	// man, from White's side); bigger scores are drawn there. 0 means 500.
	Cap int
	// Marks are the symbols of the moves (?!, ?, ??), one per move: move i
	// leads from Scores[i] to Scores[i+1], and its mark is drawn at the
	// point i+1.
	Marks []string
	// Current is the point to highlight (the position on the board); -1
	// for none.
	Current int
	Title   string
}

// Graph colours: the area over the middle line is White's advantage.
const (
	colourGraphWhite = "#f4efe2"
	colourGraphBlack = "#4a4037"
	colourGraphLine  = "#c08a2e"
	colourInaccuracy = "#56b4e9"
	colourMistake    = "#e69f00"
	colourBlunder    = "#d62728"
)

// WriteGraph draws the evaluation of every position of a game, scores from
// White's side (100 a man), as one SVG document. Every point carries
// data-ply, its position's index, so that the web page jumps to the
// position clicked.
func WriteGraph(w io.Writer, scores []int, opt GraphOptions) error {
	_, err := io.WriteString(w, GraphString(scores, opt))
	return err
}

// GraphString is WriteGraph into a string.
func GraphString(scores []int, opt GraphOptions) string {
	wd, ht := float64(opt.Width), float64(opt.Height)
	if wd <= 0 {
		wd = 600
	}
	if ht <= 0 {
		ht = 160
	}
	limit := float64(opt.Cap)
	if limit <= 0 {
		limit = 500
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="damka-graph" viewBox="0 0 %s %s" width="%s" height="%s" preserveAspectRatio="none">`+"\n",
		num(wd), num(ht), num(wd), num(ht))
	if opt.Title != "" {
		fmt.Fprintf(&sb, "<title>%s</title>\n", escape(opt.Title))
	}
	fmt.Fprintf(&sb, `<rect class="graph-black" x="0" y="0" width="%s" height="%s" fill="%s"/>`+"\n", num(wd), num(ht), colourGraphBlack)
	n := len(scores)
	x := func(i int) float64 {
		if n <= 1 {
			return wd / 2
		}
		return wd * float64(i) / float64(n-1)
	}
	// The scale squeezes big scores (a tanh of men) so that a game decided
	// by one man still shows its small swings: a man is about half way up.
	y := func(s int) float64 {
		f := math.Tanh(float64(max(-limit, min(limit, float64(s)))) / 150)
		top := math.Tanh(limit / 150)
		return ht/2 - f/top*(ht/2-2)
	}
	if n > 0 {
		var pts []string
		pts = append(pts, num(x(0))+","+num(ht))
		for i, s := range scores {
			pts = append(pts, num(x(i))+","+num(y(s)))
		}
		pts = append(pts, num(x(n-1))+","+num(ht))
		fmt.Fprintf(&sb, `<polygon class="graph-white" points="%s" fill="%s"/>`+"\n", strings.Join(pts, " "), colourGraphWhite)
		fmt.Fprintf(&sb, `<polyline class="graph-line" points="%s" fill="none" stroke="%s" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`+"\n",
			strings.Join(pts[1:len(pts)-1], " "), colourGraphLine)
	}
	fmt.Fprintf(&sb, `<line class="graph-zero" x1="0" y1="%s" x2="%s" y2="%s" stroke="#888" stroke-width="0.5" stroke-dasharray="4 3"/>`+"\n", num(ht/2), num(wd), num(ht/2))
	if opt.Current >= 0 && opt.Current < n {
		fmt.Fprintf(&sb, `<line class="graph-current" x1="%s" y1="0" x2="%[1]s" y2="%s" stroke="%s" stroke-width="2"/>`+"\n", num(x(opt.Current)), num(ht), colourSelected)
	}
	for i, s := range scores {
		mark := ""
		if i > 0 && i-1 < len(opt.Marks) {
			mark = opt.Marks[i-1]
		}
		colour, r := "none", 3.0
		switch mark {
		case "??":
			colour, r = colourBlunder, 5
		case "?":
			colour, r = colourMistake, 4.5
		case "?!":
			colour, r = colourInaccuracy, 4
		}
		// Every point has a wide transparent target for clicks; a marked
		// move's point is drawn in its colour on top.
		fmt.Fprintf(&sb, `<g class="point" data-ply="%d" data-mark="%s"><rect x="%s" y="0" width="%s" height="%s" fill="transparent"/>`,
			i, mark, num(x(i)-wd/float64(max(n, 2))/2), num(wd/float64(max(n, 2))), num(ht))
		if mark != "" {
			fmt.Fprintf(&sb, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#fff" stroke-width="1"/>`, num(x(i)), num(y(s)), num(r), colour)
		}
		sb.WriteString("</g>\n")
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}
