package pdn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"damka/board"
)

// Read reads every game of a PDN file and replays its moves. The variant
// comes from a [Variant] tag naming a known variant, else from GameType
// (number or full form "25,W,8,8,A0,0"), else International; the start
// position from a FEN tag. The comment after a move is kept in
// Game.Comments; variations, NAGs and "!?" suffixes are skipped. A move that is not legal is an error naming the game and the move
// number, because a game that cannot be replayed is of no use downstream.
func Read(r io.Reader) ([]*Game, error) {
	data, err := io.ReadAll(bufio.NewReader(r))
	if err != nil {
		return nil, err
	}
	// A byte order mark is common in files saved by Windows programs.
	rd := pdnReader{s: strings.TrimPrefix(string(data), "\ufeff"), line: 1}
	return rd.games()
}

type pdnReader struct {
	s     string
	i     int
	line  int
	out   []*Game
	cur   *Game // its variant and plies are set by setup
	ready bool  // cur's variant and start position are set up
}

func (rd *pdnReader) errorf(format string, args ...any) error {
	return fmt.Errorf("pdn: line %d: %s", rd.line, fmt.Sprintf(format, args...))
}

func (rd *pdnReader) games() ([]*Game, error) {
	for {
		rd.skipSpace()
		if rd.i >= len(rd.s) {
			break
		}
		c := rd.s[rd.i]
		switch {
		case c == '[':
			if rd.cur != nil && rd.ready {
				// Tags after move text: the previous game lacked a result.
				if err := rd.finish(""); err != nil {
					return nil, err
				}
			}
			t, err := rd.tag()
			if err != nil {
				return nil, err
			}
			g := rd.game()
			g.Tags = append(g.Tags, t)
		case c == '{':
			start := rd.i + 1
			if err := rd.skipTo('}'); err != nil {
				return nil, err
			}
			rd.comment(rd.s[start : rd.i-1])
		case c == ';':
			rd.skipLine()
		case c == '%' && (rd.i == 0 || rd.s[rd.i-1] == '\n'):
			rd.skipLine()
		case c == '(':
			if err := rd.skipVariation(); err != nil {
				return nil, err
			}
		case c == ')' || c == ']' || c == '}':
			return nil, rd.errorf("unexpected %q", c)
		default:
			if err := rd.symbol(rd.word()); err != nil {
				return nil, err
			}
		}
	}
	if rd.cur != nil {
		if err := rd.finish(""); err != nil {
			return nil, err
		}
	}
	return rd.out, nil
}

// comment keeps the text of a {comment} as the comment of the move it
// follows (Game.Comments); one before the first move has no move to go
// with and is dropped, and two after the same move are joined.
func (rd *pdnReader) comment(text string) {
	g := rd.cur
	if g == nil || !rd.ready || g.Len() == 0 {
		return
	}
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return
	}
	i := g.Len() - 1
	for len(g.Comments) <= i {
		g.Comments = append(g.Comments, "")
	}
	if g.Comments[i] != "" {
		text = g.Comments[i] + " " + text
	}
	g.Comments[i] = text
}

// game returns the game being read, starting one if needed.
func (rd *pdnReader) game() *Game {
	if rd.cur == nil {
		rd.cur = &Game{}
		rd.ready = false
	}
	return rd.cur
}

func (rd *pdnReader) skipSpace() {
	for rd.i < len(rd.s) {
		switch rd.s[rd.i] {
		case '\n':
			rd.line++
		case ' ', '\t', '\r', '\f', '\v':
		default:
			return
		}
		rd.i++
	}
}

func (rd *pdnReader) skipLine() {
	for rd.i < len(rd.s) && rd.s[rd.i] != '\n' {
		rd.i++
	}
}

// skipTo skips past the next end byte, counting lines.
func (rd *pdnReader) skipTo(end byte) error {
	start := rd.line
	for rd.i++; rd.i < len(rd.s); rd.i++ {
		switch rd.s[rd.i] {
		case '\n':
			rd.line++
		case end:
			rd.i++
			return nil
		}
	}
	rd.line = start
	return rd.errorf("unterminated %q", rune(end))
}

// skipVariation skips a parenthesised variation, nested ones and comments
// (which may hold parentheses) included.
func (rd *pdnReader) skipVariation() error {
	start := rd.line
	depth := 0
	for rd.i < len(rd.s) {
		switch rd.s[rd.i] {
		case '\n':
			rd.line++
		case '{':
			if err := rd.skipTo('}'); err != nil {
				return err
			}
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				rd.i++
				return nil
			}
		}
		rd.i++
	}
	rd.line = start
	return rd.errorf("unterminated variation")
}

// word reads a run of characters up to white space or a delimiter.
func (rd *pdnReader) word() string {
	j := rd.i
	for j < len(rd.s) && !strings.ContainsRune(" \t\r\n\f\v[]{}();", rune(rd.s[j])) {
		j++
	}
	if j == rd.i {
		j++ // never stall on an unexpected byte
	}
	w := rd.s[rd.i:j]
	rd.i = j
	return w
}

// tag reads [Name "Value"]; values may escape \" and \\.
func (rd *pdnReader) tag() (Tag, error) {
	rd.i++ // '['
	rd.skipSpace()
	j := rd.i
	for j < len(rd.s) && (nameByte(rd.s[j]) || rd.s[j] == '_') {
		j++
	}
	if j == rd.i {
		return Tag{}, rd.errorf("tag without a name")
	}
	t := Tag{Name: rd.s[rd.i:j]}
	rd.i = j
	rd.skipSpace()
	if rd.i >= len(rd.s) || rd.s[rd.i] != '"' {
		return Tag{}, rd.errorf("tag %s: value must be a quoted string", t.Name)
	}
	var sb strings.Builder
	for rd.i++; ; rd.i++ {
		if rd.i >= len(rd.s) || rd.s[rd.i] == '\n' || rd.s[rd.i] == '\r' {
			return Tag{}, rd.errorf("tag %s: unterminated value", t.Name)
		}
		c := rd.s[rd.i]
		if c == '"' {
			rd.i++
			break
		}
		if c == '\\' && rd.i+1 < len(rd.s) && (rd.s[rd.i+1] == '"' || rd.s[rd.i+1] == '\\') {
			rd.i++
			c = rd.s[rd.i]
		}
		sb.WriteByte(c)
	}
	t.Value = sb.String()
	rd.skipSpace()
	if rd.i >= len(rd.s) || rd.s[rd.i] != ']' {
		return Tag{}, rd.errorf("tag %s: missing ]", t.Name)
	}
	rd.i++
	return t, nil
}

func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// symbol handles one word of move text: a result, a move number, a NAG or a
// move (possibly glued to its number, "1.ed4", or to annotations, "28x19!").
func (rd *pdnReader) symbol(w string) error {
	if results[w] {
		return rd.finish(w)
	}
	if w[0] == '$' {
		return nil
	}
	// Move number: digits then dots.
	j := 0
	for j < len(w) && w[j] >= '0' && w[j] <= '9' {
		j++
	}
	if j > 0 && j < len(w) && w[j] == '.' {
		for j < len(w) && w[j] == '.' {
			j++
		}
		w = w[j:]
	}
	if k := strings.IndexByte(w, '$'); k >= 0 {
		w = w[:k]
	}
	w = strings.TrimRight(w, "!?")
	if w == "" {
		rd.game()
		return nil
	}
	return rd.move(w)
}

// setup chooses the variant and the start position of the current game from
// its tags.
func (rd *pdnReader) setup() error {
	g := rd.game()
	if rd.ready {
		return nil
	}
	rd.ready = true
	n := len(rd.out) + 1
	v, err := tagVariant(g)
	if err != nil {
		return fmt.Errorf("pdn: game %d: %v", n, err)
	}
	start := v.Start()
	if fen, ok := g.TagValue("FEN"); ok {
		if start, err = v.ParseFEN(fen); err != nil {
			return fmt.Errorf("pdn: game %d: %v", n, err)
		}
	}
	g.Game = board.NewGame(v, start)
	return nil
}

// tagVariant picks the rules of a game from its Variant and GameType tags.
func tagVariant(g *Game) (*board.Variant, error) {
	name, hasName := g.TagValue("Variant")
	if hasName {
		if v, err := board.Lookup(name); err == nil {
			return v, nil
		}
	}
	gt, ok := g.TagValue("GameType")
	if !ok {
		if hasName {
			return nil, fmt.Errorf("unknown variant %q and no GameType", name)
		}
		return board.International, nil
	}
	return gameTypeVariant(gt)
}

// gameTypeVariant reads a GameType value, a number or the full form
// "25,W,8,8,A0,0" whose board size must then fit the variant.
func gameTypeVariant(gt string) (*board.Variant, error) {
	fields := strings.Split(strings.TrimSpace(gt), ",")
	num, err := strconv.Atoi(strings.TrimSpace(fields[0]))
	if err != nil {
		return nil, fmt.Errorf("bad GameType %q", gt)
	}
	v := VariantByGameType(num)
	if len(fields) >= 4 {
		w, err1 := strconv.Atoi(strings.TrimSpace(fields[2]))
		h, err2 := strconv.Atoi(strings.TrimSpace(fields[3]))
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad GameType %q", gt)
		}
		if num == 20 && w == 8 && h == 8 {
			// International rules on 8x8 are Brazilian draughts; some
			// programs write them this way.
			v = board.Brazilian
		}
		if v != nil && (v.Geo.Width != w || v.Geo.Height != h) {
			return nil, fmt.Errorf("GameType %q: board %dx%d does not fit %s", gt, w, h, v.Name)
		}
	}
	if v == nil {
		return nil, fmt.Errorf("unsupported GameType %q", gt)
	}
	return v, nil
}

// move replays one move of the current game.
func (rd *pdnReader) move(text string) error {
	if err := rd.setup(); err != nil {
		return err
	}
	g := rd.cur
	m, err := g.Variant().ParseMove(g.Position(), text)
	if err == nil {
		err = g.Play(m) // ParseMove returns legal moves only: no error
	}
	if err != nil {
		return fmt.Errorf("pdn: game %d, move %s: %v", len(rd.out)+1, moveNumber(g.Game, g.Len()), err)
	}
	return nil
}

// moveNumber names ply i of g the PDN way: "4." for the first mover's move,
// "4..." for the reply.
func moveNumber(g *board.Game, ply int) string {
	if g.Start().Side != g.Variant().FirstMover {
		ply++
	}
	if ply%2 == 0 {
		return strconv.Itoa(ply/2+1) + "."
	}
	return strconv.Itoa(ply/2+1) + "..."
}

// finish closes the current game with the result token res ("" if the text
// had none: the Result tag, else "*").
func (rd *pdnReader) finish(res string) error {
	if err := rd.setup(); err != nil {
		return err
	}
	g := rd.cur
	if res == "" {
		res = "*"
		if t, ok := g.TagValue("Result"); ok && results[t] {
			res = t
		}
	}
	g.Result = res
	rd.out = append(rd.out, g)
	rd.cur = nil
	rd.ready = false
	return nil
}
