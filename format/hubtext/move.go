package hubtext

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"damka/board"
)

// FormatMove writes m in Hub notation in the default numbering (BottomUp);
// see FormatMoveIn.
func FormatMove(v *board.Variant, m board.Move) string { return FormatMoveIn(v, m, BottomUp) }

// FormatMoveIn writes m in Hub notation: "32-28" for a quiet move, and for
// a capture "from x to" followed by every captured square in ascending
// order ("28x19x23"), squares numbered as n says. Bashni writes the
// captured squares in the order they were jumped instead, since two orders
// are two moves there.
func FormatMoveIn(v *board.Variant, m board.Move, n Numbering) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(number(v, m.From, n)))
	if !m.IsCapture() {
		sb.WriteByte('-')
		sb.WriteString(strconv.Itoa(number(v, m.To, n)))
		return sb.String()
	}
	sb.WriteByte('x')
	sb.WriteString(strconv.Itoa(number(v, m.To, n)))
	caps := make([]int, 0, m.Captured.Count())
	for _, s := range m.Jumps(nil) {
		caps = append(caps, number(v, s, n))
	}
	if !v.Columns {
		// Bashni keeps the order of the jumps, which decides the move.
		sort.Ints(caps)
	}
	for _, k := range caps {
		sb.WriteByte('x')
		sb.WriteString(strconv.Itoa(k))
	}
	return sb.String()
}

// sameJumps reports whether m jumps the squares of jumps in that order.
func sameJumps(m board.Move, jumps []board.Square) bool {
	var buf [board.MaxRoute]board.Square
	return slices.Equal(m.Jumps(buf[:0]), jumps)
}

// ParseMove reads a Hub move of p in the default numbering (BottomUp); see
// ParseMoveIn.
func ParseMove(v *board.Variant, p *board.Position, s string) (board.Move, error) {
	return ParseMoveIn(v, p, s, BottomUp)
}

// ParseMoveIn reads a Hub move of p, squares numbered as n says. Following
// docs/protocols.md 1.7 it is lenient in what it takes: "-" and "x" are
// interchangeable; the squares after "from x to" are captured squares in
// any order and may be a subset of the captured set (some engines leave
// them out) as long as one legal move fits; the exact captured set wins
// over subsets (in Bashni, the exact set in the order of the jumps; another
// order reads as a subset). If no legal move fits, the squares are read
// once more as a PDN route "from x landing... x to".
//
// A move that is illegal in n but legal in the other numbering is still
// refused (on the 8x8 board "9-13" is a first move in one and a jump into
// the air in the other, and some texts are legal moves in both), but the
// error says so, since the client then most likely uses the other one.
func ParseMoveIn(v *board.Variant, p *board.Position, s string, n Numbering) (board.Move, error) {
	m, illegal, err := parseMove(v, p, s, n)
	if illegal && numberingsDiffer(v) {
		if _, _, e := parseMove(v, p, s, n.Other()); e == nil {
			err = fmt.Errorf("%v in the %s move numbering (it is legal in the %s numbering)", err, n, n.Other())
		}
	}
	return m, err
}

// parseMove is ParseMoveIn without the hint; illegal says that s was well
// formed but named no legal move.
func parseMove(v *board.Variant, p *board.Position, s string, n Numbering) (m board.Move, illegal bool, err error) {
	if s == "" {
		return board.Move{}, false, fmt.Errorf("empty hub move")
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == 'x' })
	if len(fields) < 2 || len(fields) > board.MaxRoute+1 || strings.Count(s, "-")+strings.Count(s, "x") != len(fields)-1 ||
		s[0] == '-' || s[0] == 'x' {
		return board.Move{}, false, fmt.Errorf("malformed hub move %q", s)
	}
	sqs := make([]board.Square, len(fields))
	for i, f := range fields {
		sq, ok := board.NoSquare, false
		if f[0] != '+' && f[0] != '-' && len(f) <= 4 {
			if k, err := strconv.Atoi(f); err == nil {
				sq, ok = square(v, k, n)
			}
		}
		if !ok {
			return board.Move{}, false, fmt.Errorf("malformed hub move %q: no square %q (1..%d)", s, f, v.Geo.Squares)
		}
		sqs[i] = sq
	}
	from, to := sqs[0], sqs[1]
	var extra board.Bitboard
	for _, sq := range sqs[2:] {
		extra |= sq.Bit()
	}
	var ml board.MoveList
	v.Generate(p, &ml)
	var subset []board.Move
	for _, m := range ml.Slice() {
		if m.From != from || m.To != to {
			continue
		}
		if m.Captured == extra && (!v.Columns || sameJumps(m, sqs[2:])) {
			return m, false, nil
		}
		if m.Captured&extra == extra {
			subset = append(subset, m)
		}
	}
	found := subset
	if len(found) == 0 && len(sqs) > 2 {
		// Read as a PDN route: the origin, landing squares, the destination.
		exact, partial := v.MatchRoute(p, sqs)
		found = exact
		if len(found) == 0 {
			found = partial
		}
	}
	switch len(found) {
	case 0:
		return board.Move{}, true, fmt.Errorf("illegal hub move %q", s)
	case 1:
		return found[0], false, nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = FormatMoveIn(v, m, n)
	}
	return board.Move{}, false, fmt.Errorf("ambiguous hub move %q: candidates %s", s, strings.Join(names, ", "))
}
