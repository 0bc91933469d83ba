package board

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a PDN FEN such as "W:W31-50:B1-20" or
// "B:W18,24,K10:Bc3,Kd4" into a position. Squares may be numbers (with
// ranges) or algebraic names; kings carry a K prefix. The lidraughts
// extensions ":H<n>" and ":F<n>" are accepted and checked but do not change
// the position.
//
// Variants with a king-move limit (Frisian) take damka's extension
// ":KW<square>/<n>" and ":KB<square>/<n>": the king of that colour on that
// square has made the last n non-capturing moves of its side in a row
// (Position.KingRun); without it no run is under way.
//
// A Position has no room for Bashni's columns: a FEN that gives some is an
// error here, and ParseGame, which reads a FEN of any variant into a Game,
// reads it.
func (v *Variant) ParseFEN(s string) (Position, error) {
	p, t, err := v.parseFEN(s)
	if err == nil && t.Height() != 0 {
		return p, fmt.Errorf("FEN %q has pieces under the tops: read it into a game (ParseGame)", s)
	}
	return p, err
}

// parseFEN is ParseFEN with Bashni's columns, which only variants with
// Columns accept, and checks them. A column follows its square in
// parentheses: the pieces under the top, from the top down, w and b for
// men and W and B for kings. The field and the K prefix give the top as
// usual: "W:Wa1(wbb),Kc3:Bd6(bW)" has a white man on a1 over a white and two
// black men, a white king alone on c3, and a black man on d6 over a black
// man and a white king. At most 12 pieces of a colour may be on the board
// (a Bashni game has no more).
func (v *Variant) parseFEN(s string) (Position, Towers, error) {
	var t Towers
	if v.gen == genWide {
		p, err := v.wideParseFEN(s)
		return p, t, err
	}
	p, err := v.parsePieces(s, &t)
	if err == nil && v.Columns {
		if cerr := v.CheckTowers(&p, &t); cerr != nil {
			err = fmt.Errorf("FEN %q: %v", s, cerr)
		}
	}
	return p, t, err
}

// parsePieces is parseFEN writing the columns into t.
func (v *Variant) parsePieces(s string, t *Towers) (Position, error) {
	var p Position
	p.KingRun.Limit = uint8(v.KingMoveLimit)
	s, side, toks, runs, err := splitFEN(s)
	if err != nil {
		return p, err
	}
	p.Side = side
	var placed Bitboard
	for _, tk := range toks {
		tok, under, err := v.cutColumn(tk.text)
		if err != nil {
			return p, fmt.Errorf("FEN %q: %v", s, err)
		}
		sqs, err := v.parseSquares(tok)
		if err != nil {
			return p, fmt.Errorf("FEN %q: %v", s, err)
		}
		if under != 0 {
			if len(sqs) != 1 || int(sqs[0]) >= towerBits {
				return p, fmt.Errorf("FEN %q: a column needs one square, not %q", s, tok)
			}
			t[sqs[0]] = under
		}
		c := tk.c
		for _, sq := range sqs {
			b := sq.Bit()
			if placed&b != 0 {
				return p, fmt.Errorf("FEN %q: square %s listed twice", s, v.SquareName(sq))
			}
			placed |= b
			p.pieces[c] |= b
			if tk.king {
				p.kings |= b
			} else if v.Geo.Promotion[c]&b != 0 {
				return p, fmt.Errorf("FEN %q: %s man on its promotion row at %s", s, c, v.SquareName(sq))
			}
		}
	}
	for _, f := range runs {
		if err := v.parseKingRun(&p, f); err != nil {
			return p, fmt.Errorf("FEN %q: %v", s, err)
		}
	}
	return p, nil
}

// fenToken is one entry of a FEN's piece lists: its colour, whether it has
// the K prefix, and the square text after it (a square, a range, or a
// square with a column), still to be read on a particular board.
type fenToken struct {
	c    Color
	king bool
	text string
}

// splitFEN reads what every board's FEN shares: the side to move, the W and
// B fields split into tokens, the lidraughts counters H and F (checked,
// then ignored), and the fields starting with K (Frisian king runs), left
// to the caller. It returns s trimmed, for the caller's messages.
func splitFEN(s string) (trimmed string, side Color, toks []fenToken, runs []string, err error) {
	s = strings.TrimSuffix(strings.Trim(strings.TrimSpace(s), `"`), ".")
	if s == "" {
		return s, side, nil, nil, fmt.Errorf("empty FEN")
	}
	fields := strings.Split(s, ":")
	switch strings.ToUpper(fields[0]) {
	case "W":
		side = White
	case "B":
		side = Black
	default:
		return s, side, nil, nil, fmt.Errorf("FEN %q: side to move must be W or B, not %q", s, fields[0])
	}
	seen := [2]bool{}
	for _, f := range fields[1:] {
		if f == "" {
			return s, side, nil, nil, fmt.Errorf("FEN %q: empty field", s)
		}
		var c Color
		switch f[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		case 'H', 'F':
			if n, err := strconv.Atoi(f[1:]); err != nil || n < 0 {
				return s, side, nil, nil, fmt.Errorf("FEN %q: bad counter %q", s, f)
			}
			continue
		case 'K':
			runs = append(runs, f)
			continue
		default:
			return s, side, nil, nil, fmt.Errorf("FEN %q: field %q must start with W or B", s, f)
		}
		if seen[c] {
			return s, side, nil, nil, fmt.Errorf("FEN %q: %s pieces listed twice", s, c)
		}
		seen[c] = true
		if len(f) == 1 {
			continue
		}
		for _, tok := range strings.Split(f[1:], ",") {
			tok = strings.TrimSpace(tok)
			king := strings.HasPrefix(tok, "K")
			toks = append(toks, fenToken{c: c, king: king, text: strings.TrimPrefix(tok, "K")})
		}
	}
	return s, side, toks, runs, nil
}

// columnLetters are the FEN letters of the piece codes (PieceCode).
const columnLetters = "wbWB"

// cutColumn splits a FEN square token "d6(bW)" into the square and the
// pieces under the top (see parseFEN).
func (v *Variant) cutColumn(tok string) (string, Column, error) {
	i := strings.IndexByte(tok, '(')
	if i < 0 {
		return tok, 0, nil
	}
	if !v.Columns {
		return tok, 0, fmt.Errorf("square %q: %s has no columns", tok, v.Name)
	}
	body, ok := strings.CutSuffix(tok[i+1:], ")")
	if !ok || body == "" || len(body) > MaxUnder {
		return tok, 0, fmt.Errorf("column %q: want one to %d of w, b, W, B between ( and )", tok, MaxUnder)
	}
	var col Column
	for _, r := range body {
		code := strings.IndexRune(columnLetters, r)
		if code < 0 {
			return tok, 0, fmt.Errorf("column %q: %q is not w, b, W or B", tok, r)
		}
		col = col.push(uint8(code))
	}
	return tok[:i], col, nil
}

// parseKingRun reads a king-run field "KW28/2" into p, whose pieces are
// placed.
func (v *Variant) parseKingRun(p *Position, f string) error {
	if v.KingMoveLimit == 0 {
		return fmt.Errorf("field %q: %s has no king-move limit", f, v.Name)
	}
	var c Color
	switch {
	case len(f) >= 2 && (f[1] == 'W' || f[1] == 'w'):
		c = White
	case len(f) >= 2 && (f[1] == 'B' || f[1] == 'b'):
		c = Black
	default:
		return fmt.Errorf("king-run field %q: want K, W or B, a square, / and a count (KW28/2)", f)
	}
	sq, count, ok := strings.Cut(f[2:], "/")
	n, err := strconv.Atoi(count)
	if !ok || err != nil || n < 1 || n > v.KingMoveLimit || count[0] == '+' {
		return fmt.Errorf("king-run field %q: want a count from 1 to %d after the square", f, v.KingMoveLimit)
	}
	sqs, err := v.parseSquares(sq)
	if err != nil || len(sqs) != 1 {
		return fmt.Errorf("king-run field %q: bad square %q", f, sq)
	}
	if p.pieces[c]&p.kings&sqs[0].Bit() == 0 {
		return fmt.Errorf("king-run field %q: no %s king on %s", f, c, sq)
	}
	if p.KingRun.Moves[c] != 0 {
		return fmt.Errorf("king-run field %q: a second run for %s", f, c)
	}
	p.KingRun.Moves[c], p.KingRun.Square[c] = uint8(n), sqs[0]
	return nil
}

// parseSquares reads one FEN square token: a number, a range "31-50" or an
// algebraic name.
func (v *Variant) parseSquares(tok string) ([]Square, error) {
	g := v.Geo
	if tok == "" {
		return nil, fmt.Errorf("empty square")
	}
	if tok[0] >= 'a' && tok[0] <= 'z' {
		sq, err := v.ParseAlgebraic(tok)
		if err != nil {
			return nil, err
		}
		return []Square{sq}, nil
	}
	lo, hi := tok, tok
	if i := strings.IndexByte(tok, '-'); i >= 0 {
		lo, hi = tok[:i], tok[i+1:]
	}
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || lo[0] == '+' || hi == "" || hi[0] == '+' {
		return nil, fmt.Errorf("bad square %q", tok)
	}
	if a < 1 || b > g.Squares || a > b {
		return nil, fmt.Errorf("square %q outside 1..%d", tok, g.Squares)
	}
	out := make([]Square, 0, b-a+1)
	for n := a; n <= b; n++ {
		sq, _ := v.Square(n)
		out = append(out, sq)
	}
	return out, nil
}

// FEN writes p as a PDN FEN in the variant's notation, kings marked K.
// Bashni's columns are not in a Position: Game.FEN writes them.
func (v *Variant) FEN(p *Position) string { return v.formatFEN(p, nil) }

// formatFEN is FEN with Bashni's towers t (nil: none), each column written
// as parseFEN reads it.
func (v *Variant) formatFEN(p *Position, t *Towers) string {
	if v.gen == genWide {
		return v.wideFEN(p)
	}
	var sb strings.Builder
	if p.Side == White {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	for c := White; c <= Black; c++ {
		if c == White {
			sb.WriteString(":W")
		} else {
			sb.WriteString(":B")
		}
		for i, sq := range v.sortedSquares(p.pieces[c]) {
			if i > 0 {
				sb.WriteByte(',')
			}
			if p.kings.Has(sq) {
				sb.WriteByte('K')
			}
			sb.WriteString(v.SquareName(sq))
			if t != nil && t.Column(sq).Len() > 0 {
				col := t.Column(sq)
				sb.WriteByte('(')
				for k := 0; k < col.Len(); k++ {
					sb.WriteByte(columnLetters[col.At(k)])
				}
				sb.WriteByte(')')
			}
		}
	}
	for c := White; c <= Black; c++ {
		if n := p.KingRun.Moves[c]; n != 0 {
			sb.WriteString(":K")
			sb.WriteString("WB"[c : c+1])
			sb.WriteString(v.SquareName(p.KingRun.Square[c]))
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(int(n)))
		}
	}
	return sb.String()
}

// sortedSquares lists b in notation order: by number, or for algebraic
// notation by file then rank (a1, a3, b2, ...).
func (v *Variant) sortedSquares(b Bitboard) []Square {
	out := v.Geo.List(b)
	key := func(s Square) int { return v.Number(s) }
	if v.Notation == Algebraic {
		key = func(s Square) int { f, r := v.FileRank(s); return f*64 + r }
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && key(out[j]) < key(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// SquareName writes a square in the variant's notation.
func (v *Variant) SquareName(s Square) string {
	if v.Notation == Algebraic {
		return v.Algebraic(s)
	}
	return strconv.Itoa(v.Number(s))
}

// StartFEN returns the FEN of the initial position.
func (v *Variant) StartFEN() string {
	p := v.Start()
	return v.FEN(&p)
}

// Paths calls fn for every route of every legal capture of p (the route is
// the origin followed by the landing square after each captured piece).
// Routes of captures that the capture rule forbids are not reported. Quiet
// moves are reported with the route [from, to]. The slice passed to fn is
// reused after fn returns.
func (v *Variant) Paths(p *Position, fn func(m Move, path []Square)) {
	var ml MoveList
	reportRoutes(func(sink func(Move, []Square)) []Move {
		v.generate(p, &ml, true, sink)
		return ml.Slice()
	}, func(m Move) []Square { return []Square{m.From, m.To} }, fn)
}

// reportRoutes is Paths for any move type: generate fills the legal moves
// and reports every route to its sink (routes of moves the capture rule
// drops included, so they are filtered against the final list); with no
// routes the moves are quiet and reported as quiet(m).
func reportRoutes[M comparable](generate func(sink func(M, []Square)) []M, quiet func(M) []Square, fn func(M, []Square)) {
	type route struct {
		m    M
		path []Square
	}
	var routes []route
	moves := generate(func(m M, path []Square) {
		routes = append(routes, route{m, append([]Square(nil), path...)})
	})
	if len(routes) == 0 {
		for _, m := range moves {
			fn(m, quiet(m))
		}
		return
	}
	for _, r := range routes {
		for _, m := range moves {
			if m == r.m {
				fn(r.m, r.path)
				break
			}
		}
	}
}
