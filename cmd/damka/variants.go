package main

// variants: every rule set damka plays, read from the board package's
// variant table, so that the list cannot drift from what the engine does.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"damka/board"
	"damka/format/hubtext"
	"damka/format/pdn"
)

func init() {
	register(command{"variants", "list the variants: names, aliases, board, notation, start position", variantsCmd})
}

func variantsCmd(args []string) error {
	fs := newFlags("variants")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: damka variants\n\nLists every variant with its aliases, board, notation and start FEN.")
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return writeVariants(os.Stdout)
}

// writeVariants writes one block per variant, in the board package's order
// (the base rules first).
func writeVariants(w io.Writer) error {
	var sb strings.Builder
	for i, v := range board.Variants() {
		if i > 0 {
			sb.WriteString("\n")
		}
		fmt.Fprintf(&sb, "%s: %s\n", v.Name, v.Title)
		if len(v.Aliases) > 0 {
			fmt.Fprintf(&sb, "  aliases:  %s\n", strings.Join(v.Aliases, ", "))
		}
		fmt.Fprintf(&sb, "  board:    %s; %s moves first\n", boardSize(v), title(v.FirstMover))
		fmt.Fprintf(&sb, "  notation: %s\n", notationText(v))
		fmt.Fprintf(&sb, "  start:    %s\n", compactFEN(v.StartFEN()))
		files := "PDN GameType " + strconv.Itoa(pdn.GameType(v))
		if pdn.VariantByGameType(pdn.GameType(v)) != v {
			files += ", with a Variant tag"
		}
		if name, ok := hubtext.KnownName(v); ok {
			files += "; Hub variant " + name
		}
		fmt.Fprintf(&sb, "  files:    %s\n", files)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func boardSize(v *board.Variant) string {
	g := v.Geo
	if g.Full {
		return fmt.Sprintf("%dx%d, all %d squares played", g.Width, g.Height, g.Squares)
	}
	return fmt.Sprintf("%dx%d, %d dark squares", g.Width, g.Height, g.Squares)
}

// notationText names the square notation with its range and an example
// move, the first legal move of the start position as FormatMove writes it.
func notationText(v *board.Variant) string {
	var s string
	if v.Notation == board.Algebraic {
		last := string(rune('a'+v.Geo.Width-1)) + strconv.Itoa(v.Geo.Height)
		s = "algebraic, a1-" + last
	} else {
		s = fmt.Sprintf("numeric, 1-%d", v.Geo.Squares)
		first, _ := v.Square(1)
		s += " (1 = " + v.Algebraic(first) + ")"
	}
	if v.Mirrored {
		s += ", mirrored board (a1 light)"
	}
	p := v.Start()
	var ml board.MoveList
	v.Generate(&p, &ml)
	if ml.N > 0 {
		s += ", e.g. " + v.FormatMove(&p, ml.Moves[0])
	}
	return s + ", captures with " + string(v.CaptureSep)
}

// compactFEN writes runs of three or more consecutive numbered men as
// ranges ("31-50"), the short form the FEN readers of damka and of most
// programs accept; squares with a prefix (kings) and algebraic names stay
// as they are.
func compactFEN(fen string) string {
	fields := strings.Split(fen, ":")
	for i, f := range fields {
		if i == 0 || len(f) < 2 {
			continue
		}
		squares := strings.Split(f[1:], ",")
		var out []string
		for j := 0; j < len(squares); {
			n, err := strconv.Atoi(squares[j])
			k := j + 1
			for err == nil && k < len(squares) {
				m, err2 := strconv.Atoi(squares[k])
				if err2 != nil || m != n+(k-j) {
					break
				}
				k++
			}
			if err == nil && k-j >= 3 {
				out = append(out, squares[j]+"-"+squares[k-1])
			} else {
				out = append(out, squares[j:k]...)
			}
			j = k
		}
		fields[i] = f[:1] + strings.Join(out, ",")
	}
	return strings.Join(fields, ":")
}
