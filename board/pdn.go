package board

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Tag is one PDN tag pair, [Name "Value"].
type Tag struct{ Name, Value string }

// tag returns the value of the first tag called name (case-insensitive).
func (g *Game) tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// VariantByGameType returns the variant of a PDN GameType number, or nil;
// where several variants share a number (Killer, Breakthrough, Antidraughts
// use 20; Poddavki and Diagonal 25) it returns the base rules.
func VariantByGameType(n int) *Variant {
	for _, v := range all {
		if v.GameType == n {
			return v
		}
	}
	return nil
}

// pdnResults are the result tokens of both PDN result types.
var pdnResults = map[string]bool{
	"2-0": true, "0-2": true, "1-1": true, "0-0": true,
	"1-0": true, "0-1": true, "1/2-1/2": true, "*": true,
}

// ResultToken writes White's score (1, 0.5 or 0) as a PDN result token:
// the International result type ("2-0", "1-1", "0-2") for the 10x10
// International rules' GameType, the default type ("1-0", "1/2-1/2", "0-1")
// otherwise (docs/variants.md 4.2).
func ResultToken(v *Variant, white float64) string {
	intl := v.GameType == International.GameType
	switch {
	case white == 1 && intl:
		return "2-0"
	case white == 1:
		return "1-0"
	case white == 0 && intl:
		return "0-2"
	case white == 0:
		return "0-1"
	case intl:
		return "1-1"
	}
	return "1/2-1/2"
}

// ReadPDN reads every game of a PDN file and replays its moves. The variant
// comes from a [Variant] tag naming a known variant, else from GameType
// (number or full form "25,W,8,8,A0,0"), else International; the start
// position from a FEN tag. Comments, variations, NAGs and "!?" suffixes are
// skipped. A move that is not legal is an error naming the game and the move
// number, because a game that cannot be replayed is of no use downstream.
func ReadPDN(r io.Reader) ([]*Game, error) {
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
			if err := rd.skipTo('}'); err != nil {
				return nil, err
			}
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
	for j < len(rd.s) && (pdnNameByte(rd.s[j]) || rd.s[j] == '_') {
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

func pdnNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// symbol handles one word of move text: a result, a move number, a NAG or a
// move (possibly glued to its number, "1.ed4", or to annotations, "28x19!").
func (rd *pdnReader) symbol(w string) error {
	if pdnResults[w] {
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
	if fen, ok := g.tag("FEN"); ok {
		if start, err = v.ParseFEN(fen); err != nil {
			return fmt.Errorf("pdn: game %d: %v", n, err)
		}
	}
	tags := g.Tags
	*g = *NewGame(v, start)
	g.Tags = tags
	return nil
}

// tagVariant picks the rules of a game from its Variant and GameType tags.
func tagVariant(g *Game) (*Variant, error) {
	name, hasName := g.tag("Variant")
	if hasName {
		if v, err := Lookup(name); err == nil {
			return v, nil
		}
	}
	gt, ok := g.tag("GameType")
	if !ok {
		if hasName {
			return nil, fmt.Errorf("unknown variant %q and no GameType", name)
		}
		return International, nil
	}
	return gameTypeVariant(gt)
}

// gameTypeVariant reads a GameType value, a number or the full form
// "25,W,8,8,A0,0" whose board size must then fit the variant.
func gameTypeVariant(gt string) (*Variant, error) {
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
			v = Brazilian
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
	m, err := g.v.ParseMove(g.Position(), text)
	if err != nil {
		return fmt.Errorf("pdn: game %d, move %s: %v", len(rd.out)+1, pdnMoveNumber(g, g.Len()), err)
	}
	g.play(m) // ParseMove returns legal moves only
	return nil
}

// pdnMoveNumber names ply i of g the PDN way: "4." for the first mover's move,
// "4..." for the reply.
func pdnMoveNumber(g *Game, ply int) string {
	if g.plies[0].pos.Side != g.v.FirstMover {
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
		if t, ok := g.tag("Result"); ok && pdnResults[t] {
			res = t
		}
	}
	g.Result = res
	rd.out = append(rd.out, g)
	rd.cur = nil
	rd.ready = false
	return nil
}

// pdnWidth is the column at which WritePDN wraps move text.
const pdnWidth = 80

// WritePDN writes g as one PDN game followed by a blank line. The tags of
// g.Tags are kept in order, except that Result, GameType and FEN are written
// from the game itself (FEN only when it does not start from the initial
// position), and a Variant tag is added when the GameType number alone would
// read back as other rules; moves are written with FormatMove, each
// followed by its comment from g.Comments if it has one.
func (g *Game) WritePDN(w io.Writer) error {
	v := g.v
	start := g.Start()
	result := g.Result
	if result == "" {
		result = "*"
	}
	if !pdnResults[result] {
		return fmt.Errorf("pdn: bad result %q", result)
	}
	var words []string
	ply := 0
	if start.Side != v.FirstMover {
		ply = 1
	}
	for i, m := range g.moves {
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
	managed := map[string]string{"Result": result, "GameType": strconv.Itoa(v.GameType), "FEN": fen}
	// A variant that shares its GameType with the base rules (Killer,
	// Breakthrough, Antidraughts with 20; Poddavki, Diagonal with 25) is
	// named by a Variant tag, which ReadPDN reads first.
	needName := VariantByGameType(v.GameType) != v
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
			if o, err := Lookup(t.Value); err != nil || o != v {
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
		if col > 0 && col+1+len(wd) > pdnWidth {
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
		if !pdnNameByte(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}
