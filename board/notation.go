package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormatMove writes m, a legal move of p, in the variant's custom: "32-28"
// or "c3-d4" for a quiet move, "28x19" or "c3:e5" for a capture. When another
// legal move of p goes from the same square to the same square (capturing
// other pieces) the short form would not identify m, so the full route is
// written with every landing square, "47x38x24x13x36"; a full route always
// names one move because each leg of a route passes exactly one piece.
// A nil p or a move that is not legal in p gets the short form.
func (v *Variant) FormatMove(p *Position, m Move) string {
	sep := "-"
	if m.IsCapture() {
		sep = string(v.CaptureSep)
	}
	if m.IsCapture() && p != nil && v.ambiguous(p, m) {
		if route := v.routeOf(p, m); route != nil {
			names := make([]string, len(route))
			for i, s := range route {
				names[i] = v.SquareName(s)
			}
			return strings.Join(names, sep)
		}
	}
	return v.SquareName(m.From) + sep + v.SquareName(m.To)
}

// ambiguous reports whether another legal move of p shares m's origin and
// destination.
func (v *Variant) ambiguous(p *Position, m Move) bool {
	var ml MoveList
	v.Generate(p, &ml)
	for _, o := range ml.Slice() {
		if o != m && o.From == m.From && o.To == m.To {
			return true
		}
	}
	return false
}

// routeOf returns one capture route of m in p (nil if m is not legal).
func (v *Variant) routeOf(p *Position, m Move) []Square {
	var route []Square
	v.Paths(p, func(o Move, path []Square) {
		if route == nil && o == m {
			route = append([]Square(nil), path...)
		}
	})
	return route
}

// movePattern is one reading of a move text: the squares the move may start
// from (one square, or every square of a file for the short form "cd4"), and
// the squares written after it, the last one being the destination and the
// others landing squares the route must visit in that order.
type movePattern struct {
	origin Bitboard
	rest   []Square
}

// ParseMove reads a move of p written by a person or another program. It
// accepts numeric and algebraic squares whatever the variant's custom; the
// separators "-", "x" and ":" interchangeably (a capture written "32-28" is
// still found); no separator between algebraic squares ("c3d4"); three or
// more digits holding two squares ("3228"); full or partial capture routes;
// and the short forms of Russian publications, origin file plus destination
// ("cd4", "b:d6"). Surrounding white space is ignored. The text must name
// exactly one legal move; a route that matches a move's route exactly is
// preferred to partial matches, so that a full route written by FormatMove
// never reads as ambiguous.
func (v *Variant) ParseMove(p *Position, text string) (Move, error) {
	if v.gen == genWide {
		return v.wideParseMove(p, text)
	}
	pats, err := v.parseMoveText(text)
	if err != nil {
		return Move{}, err
	}
	exact, partial := v.matchRoutes(p, pats)
	found := exact
	if len(found) == 0 {
		found = partial
	}
	switch len(found) {
	case 0:
		return Move{}, fmt.Errorf("illegal move %q", text)
	case 1:
		return found[0], nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = v.FormatMove(p, m)
	}
	return Move{}, fmt.Errorf("ambiguous move %q: candidates %s", text, strings.Join(names, ", "))
}

// moveToken is a lexical item of a move text.
type moveToken struct {
	kind byte // 'n' number, 'a' algebraic square, 'f' file letter, '-' separator
	text string
}

// lexMove splits a move text into tokens; "x" is always a separator, which
// is safe because no board here is 24 files wide.
func lexMove(text string) ([]moveToken, error) {
	var toks []moveToken
	for i := 0; i < len(text); {
		c := text[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case c == '-' || c == 'x' || c == ':':
			toks = append(toks, moveToken{'-', text[i : i+1]})
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			toks = append(toks, moveToken{'n', text[i:j]})
			i = j
		case c >= 'a' && c <= 'z':
			j := i + 1
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			kind := byte('a')
			if j == i+1 {
				kind = 'f'
			}
			toks = append(toks, moveToken{kind, string(c) + text[i+1:j]})
			i = j
		default:
			r, _ := utf8.DecodeRuneInString(text[i:])
			return nil, fmt.Errorf("malformed move %q: unexpected character %q", text, r)
		}
	}
	return toks, nil
}

// parseMoveText turns a move text into the patterns it may stand for.
func (v *Variant) parseMoveText(text string) ([]movePattern, error) {
	body := strings.TrimSpace(text)
	if body == "" {
		return nil, fmt.Errorf("empty move %q", text)
	}
	toks, err := lexMove(body)
	if err != nil {
		return nil, err
	}
	bad := func(why string) error { return fmt.Errorf("malformed move %q: %s", text, why) }
	if len(toks) == 1 && toks[0].kind == 'n' && len(toks[0].text) >= 3 {
		// Concatenated digits ("3228"): every split into two squares is a
		// reading; the legal moves decide between them. Two digits are
		// refused: "15" is more likely a lone square than 1-5.
		var pats []movePattern
		d := toks[0].text
		for k := 1; k < len(d); k++ {
			a, okA := v.numSquare(d[:k])
			b, okB := v.numSquare(d[k:])
			if okA && okB && d[0] != '0' && d[k] != '0' {
				pats = append(pats, movePattern{a.Bit(), []Square{b}})
			}
		}
		if len(pats) == 0 {
			return nil, bad("needs at least two squares")
		}
		return pats, nil
	}
	var pat movePattern
	switch t := toks[0]; t.kind {
	case '-':
		return nil, bad("starts with a separator")
	case 'f':
		f := int(t.text[0] - 'a')
		if f >= v.Geo.Width {
			return nil, bad("no file " + t.text + " on this board")
		}
		pat.origin = v.fileSquares(f)
	default:
		s, err := v.tokenSquare(t)
		if err != nil {
			return nil, bad(err.Error())
		}
		pat.origin = s.Bit()
	}
	sepBefore := false
	for _, t := range toks[1:] {
		switch t.kind {
		case '-':
			if sepBefore {
				return nil, bad("two separators in a row")
			}
			sepBefore = true
			continue
		case 'f':
			return nil, bad("file letter " + t.text + " where a square belongs")
		}
		s, err := v.tokenSquare(t)
		if err != nil {
			return nil, bad(err.Error())
		}
		if len(pat.rest) >= maxPath {
			return nil, bad("too many squares")
		}
		pat.rest = append(pat.rest, s)
		sepBefore = false
	}
	if sepBefore {
		return nil, bad("ends with a separator")
	}
	if len(pat.rest) == 0 {
		return nil, bad("needs at least two squares")
	}
	return []movePattern{pat}, nil
}

// tokenSquare converts a number or algebraic token to a square.
func (v *Variant) tokenSquare(t moveToken) (Square, error) {
	if t.kind == 'n' {
		if s, ok := v.numSquare(t.text); ok {
			return s, nil
		}
		return NoSquare, fmt.Errorf("no square %s (1..%d)", t.text, v.Geo.Squares)
	}
	return v.ParseAlgebraic(t.text)
}

// numSquare reads a notation number; the length cap keeps Atoi from
// accepting absurd strings of leading zeros.
func (v *Variant) numSquare(d string) (Square, bool) {
	if len(d) > 4 {
		return NoSquare, false
	}
	n, err := strconv.Atoi(d)
	if err != nil {
		return NoSquare, false
	}
	return v.Square(n)
}

// fileSquares returns the playable squares of a 0-based file, as the
// players name the files.
func (v *Variant) fileSquares(file int) Bitboard {
	var b Bitboard
	for r := 0; r < v.Geo.Height; r++ {
		if s, ok := v.SquareAt(file, r); ok {
			b |= s.Bit()
		}
	}
	return b
}

// MatchRoute returns the distinct legal moves of p whose capture route
// the squares of route name: exactly (the origin, every landing square in
// order, the destination), and partially (the origin and the destination,
// and the squares between them landing squares of the route in order). A
// route of fewer than two squares matches nothing. Readers of other move
// formats (Hub moves written as a route) use it.
func (v *Variant) MatchRoute(p *Position, route []Square) (exact, partial []Move) {
	if len(route) < 2 {
		return nil, nil
	}
	return v.matchRoutes(p, []movePattern{{origin: route[0].Bit(), rest: route[1:]}})
}

// matchRoutes returns the distinct legal moves of p with a route that some
// pattern names exactly, and those with a route it names partially.
func (v *Variant) matchRoutes(p *Position, pats []movePattern) (exact, partial []Move) {
	add := func(list []Move, m Move) []Move {
		for _, o := range list {
			if o == m {
				return list
			}
		}
		return append(list, m)
	}
	v.Paths(p, func(m Move, route []Square) {
		for _, pat := range pats {
			switch routeMatch(pat, route) {
			case 2:
				exact = add(exact, m)
			case 1:
				partial = add(partial, m)
			}
		}
	})
	return exact, partial
}

// routeMatch returns 2 if pat names route exactly, 1 if the origin and
// destination agree and the other written squares are landing squares of the
// route in order, 0 otherwise.
func routeMatch(pat movePattern, route []Square) int {
	n := len(route)
	if n < 2 || !pat.origin.Has(route[0]) || pat.rest[len(pat.rest)-1] != route[n-1] {
		return 0
	}
	mid, landings := pat.rest[:len(pat.rest)-1], route[1:n-1]
	if len(mid) == len(landings) {
		same := true
		for i := range mid {
			if mid[i] != landings[i] {
				same = false
				break
			}
		}
		if same {
			return 2
		}
	}
	j := 0
	for _, s := range landings {
		if j < len(mid) && mid[j] == s {
			j++
		}
	}
	if j == len(mid) {
		return 1
	}
	return 0
}
