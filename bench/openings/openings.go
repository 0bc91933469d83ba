// Package openings reads, writes and generates the start positions of a
// match or a self-play run: a suite of openings, each a position and the
// moves played from it before the engines take over.
package openings

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"damka/board"
	"damka/format/pdn"
)

// Opening is a start for a game pair: a position and the moves played from
// it before the engines take over. Games record both, so the PDN of a game
// from a move-line opening starts at the initial position.
type Opening struct {
	Start board.Position
	Moves []board.Move
	Text  string // the line it was read from, for messages
}

// Position returns the position after the opening moves.
func (o Opening) Position() board.Position {
	p := o.Start
	for _, m := range o.Moves {
		p = p.Play(m)
	}
	return p
}

// Game is the opening as a game of v (with Bashni's columns, which the
// opening's moves build: its start has none); an illegal move is an error.
func (o Opening) Game(v *board.Variant) (*board.Game, error) {
	return board.GameOf(v, o.Start, o.Moves)
}

// ReadOpenings reads an openings file for variant v. Each non-blank line
// that does not start with '%' is one opening (text after '#' is a comment): a FEN ("W:W31-50:B1-20")
// or a move line from the initial position ("1. 32-28 19-23 2. 33-29",
// move numbers optional, any notation ParseMove reads). A file that starts
// with a PDN tag ('[') is read as PDN instead: each game is one opening
// (its start position and all its moves). Every opening must leave the side
// to move with a legal move.
func ReadOpenings(r io.Reader, v *board.Variant) ([]Opening, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff"))), []byte("[")) {
		games, err := pdn.Read(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		var out []Opening
		for i, g := range games {
			if g.Variant() != v {
				return nil, fmt.Errorf("openings: PDN game %d is %s, not %s", i+1, g.Variant().Name, v.Name)
			}
			o := Opening{Start: g.Start(), Moves: g.Moves(), Text: fmt.Sprintf("PDN game %d", i+1)}
			if err := checkOpening(v, o); err != nil {
				return nil, fmt.Errorf("openings: PDN game %d: %v", i+1, err)
			}
			out = append(out, o)
		}
		return out, nil
	}
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#") // comments, also after an opening
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '%' {
			continue
		}
		o, err := ParseOpening(v, line)
		if err != nil {
			return nil, fmt.Errorf("openings: line %d: %v", n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ReadFile reads the openings file at path (see ReadOpenings); a file that
// holds no opening is an error too. Errors name the file.
func ReadFile(path string, v *board.Variant) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ops, err := ReadOpenings(f, v)
	if err == nil && len(ops) == 0 {
		err = fmt.Errorf("no openings in the file")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ops, nil
}

// ParseOpening reads one opening line: a FEN or a move line.
func ParseOpening(v *board.Variant, line string) (Opening, error) {
	line = strings.TrimSpace(line)
	o := Opening{Start: v.Start(), Text: line}
	t := strings.TrimLeft(line, `"`)
	if len(t) >= 2 && (t[0] == 'W' || t[0] == 'B' || t[0] == 'w' || t[0] == 'b') && t[1] == ':' {
		p, err := v.ParseFEN(line)
		if err != nil {
			return o, err
		}
		o.Start = p
	} else {
		g := board.NewGame(v, o.Start)
		for _, w := range strings.Fields(line) {
			w = stripMoveNumber(w)
			if w == "" || w == "*" {
				continue
			}
			m, err := v.ParseMove(g.Position(), w)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				return o, fmt.Errorf("move %d: %v", len(o.Moves)+1, err)
			}
			o.Moves = append(o.Moves, m)
		}
	}
	return o, checkOpening(v, o)
}

// stripMoveNumber removes a leading move number "12." or "12..." (which
// may be glued to the move, "12.32-28").
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i == len(w) || w[i] != '.' {
		return w
	}
	return strings.TrimLeft(w[i:], ".")
}

func checkOpening(v *board.Variant, o Opening) error {
	g, err := o.Game(v)
	if err != nil {
		return err
	}
	p := *g.Position()
	var ml board.MoveList
	v.Generate(&p, &ml)
	if ml.N == 0 {
		return fmt.Errorf("the game is over after the opening (%s)", v.FEN(&p))
	}
	if p.PieceCount(board.White) == 0 || p.PieceCount(board.Black) == 0 {
		return fmt.Errorf("a side has no pieces (%s)", v.FEN(&p))
	}
	return nil
}

// FormatOpening writes an opening as one line ReadOpenings reads: the moves
// with move numbers, or the FEN when it has no moves and does not start
// from the initial position.
func FormatOpening(v *board.Variant, o Opening) string {
	if len(o.Moves) == 0 {
		return v.FEN(&o.Start)
	}
	if o.Start != v.Start() {
		// A FEN plus moves has no one-line form here: write the position
		// the moves lead to.
		if g, err := o.Game(v); err == nil {
			return g.FEN()
		}
	}
	var sb strings.Builder
	g := board.NewGame(v, o.Start)
	for i, m := range o.Moves {
		if i%2 == 0 {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(v.FormatMove(g.Position(), m))
		if g.Play(m) != nil {
			break // not an opening of v: checkOpening says why
		}
	}
	return sb.String()
}
