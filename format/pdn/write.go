package pdn

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"damka/board"
)

// width is the column at which Write wraps move text.
const width = 80

// Write writes g as one PDN game followed by a blank line. The tags of
// g.Tags are kept in order, except that Result, GameType and FEN are written
// from the game itself (FEN only when it does not start from the initial
// position), and a Variant tag is added when the GameType number alone would
// read back as other rules; moves are written with FormatMove, each
// followed by its comment from g.Comments if it has one.
func (g *Game) Write(w io.Writer) error {
	v := g.Variant()
	start := g.Start()
	result := g.Result
	if result == "" {
		result = "*"
	}
	if !results[result] {
		return fmt.Errorf("pdn: bad result %q", result)
	}
	var words []string
	ply := 0
	if start.Side != v.FirstMover {
		ply = 1
	}
	for i, m := range g.Moves() {
		text := v.FormatMove(g.At(i), m)
		switch {
		case ply%2 == 0:
			text = strconv.Itoa(ply/2+1) + ". " + text
		case i == 0:
			text = strconv.Itoa(ply/2+1) + "... " + text
		}
		words = append(words, text)
		if i < len(g.Comments) && g.Comments[i] != "" {
			// One word, so that wrapping never splits it; a brace inside
			// would end the comment early.
			c := strings.NewReplacer("{", "(", "}", ")", "\n", " ", "\r", " ").Replace(g.Comments[i])
			words = append(words, "{"+c+"}")
		}
		ply++
	}
	words = append(words, result)

	fen := ""
	if initial := v.Start(); start != initial {
		fen = v.FEN(&start)
	}
	managed := map[string]string{"Result": result, "GameType": strconv.Itoa(GameType(v)), "FEN": fen}
	// A variant that shares its GameType with the base rules (Killer,
	// Breakthrough, Antidraughts with 20; Poddavki, Diagonal with 25) is
	// named by a Variant tag, which Read reads first.
	needName := VariantByGameType(GameType(v)) != v
	done := map[string]bool{}
	var sb strings.Builder
	writeTag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", name, value)
	}
	for _, t := range g.Tags {
		if !validTagName(t.Name) {
			return fmt.Errorf("pdn: bad tag name %q", t.Name)
		}
		if strings.ContainsAny(t.Value, "\n\r") {
			return fmt.Errorf("pdn: tag %s: value holds a line break", t.Name)
		}
		key := ""
		for k := range managed {
			if strings.EqualFold(k, t.Name) {
				key = k
			}
		}
		// A Variant or GameType tag that already names v keeps its spelling;
		// one naming other rules would make the file read back wrongly.
		switch {
		case strings.EqualFold(t.Name, "Variant"):
			if o, err := board.Lookup(t.Value); err != nil || o != v {
				t.Value = v.Name
			}
			needName = false
		case key == "GameType":
			if o, err := gameTypeVariant(t.Value); err == nil && o == v {
				managed[key] = t.Value
			}
		}
		switch {
		case key == "":
			writeTag(t.Name, t.Value)
		case !done[key] && managed[key] != "":
			writeTag(key, managed[key])
			done[key] = true
		}
	}
	if needName {
		writeTag("Variant", v.Name)
	}
	for _, k := range []string{"Result", "GameType", "FEN"} {
		if !done[k] && managed[k] != "" {
			writeTag(k, managed[k])
		}
	}
	sb.WriteByte('\n')
	col := 0
	for _, wd := range words {
		if col > 0 && col+1+len(wd) > width {
			sb.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			sb.WriteByte(' ')
			col++
		}
		sb.WriteString(wd)
		col += len(wd)
	}
	sb.WriteString("\n\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !nameByte(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}
