package board

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Hub moves. Hub is a 10x10 protocol, where moves and position strings
// share the board's numbering. For the boards written a1..h8 (Russian,
// Brazilian, Turkish and the other algebraic variants) the programs that
// speak Hub disagree on the numbers of the moves, while their position
// strings always follow the top-down numbering of HubPosition (1 = b8 on
// the 8x8 board):
//   - pydraughts 0.6 and later number the squares of moves from White's
//     side, row by row upwards: 1 = a1, 2 = c1, ..., 32 = h8;
//   - pydraughts 0.5.7, which lidraughts-bot pins, numbers moves as its
//     positions: 1 = b8, 2 = d8, ..., 29 = a1, 32 = g1.
//
// Both are offered (HubNumbering); numeric variants (International,
// English, Italian, Spanish, ...) use their own notation numbers for moves
// and positions whichever is chosen. The Full board (Turkish) counts its
// 64 squares the same two ways: 1 = a1, 2 = b1, ..., 64 = h8, or 1 = a8,
// ..., 64 = h1 (no program to follow was found for bottom-up; it keeps the
// convention of the other algebraic boards).

// HubNumbering is how the squares of Hub moves are numbered on the
// algebraic boards.
type HubNumbering uint8

const (
	// HubBottomUp counts from White's side: 1 = a1 (pydraughts 0.6 and
	// later, and damka's default).
	HubBottomUp HubNumbering = iota
	// HubTopDown numbers moves as the position string numbers its
	// squares: 1 = b8 on 8x8 (pydraughts 0.5.7, and so lidraughts-bot).
	HubTopDown
)

// hubNumberingNames are the names of the numberings, as the Hub parameter
// and the command line write them.
var hubNumberingNames = [...]string{HubBottomUp: "bottom-up", HubTopDown: "top-down"}

func (n HubNumbering) String() string {
	if int(n) < len(hubNumberingNames) {
		return hubNumberingNames[n]
	}
	return "HubNumbering(" + strconv.Itoa(int(n)) + ")"
}

// HubNumberingNames lists the names ParseHubNumbering accepts.
func HubNumberingNames() []string { return hubNumberingNames[:] }

// ParseHubNumbering reads the name of a numbering ("bottom-up",
// "top-down"; case and surrounding space do not matter).
func ParseHubNumbering(s string) (HubNumbering, error) {
	want := strings.ToLower(strings.TrimSpace(s))
	for n, name := range hubNumberingNames {
		if name == want {
			return HubNumbering(n), nil
		}
	}
	return 0, fmt.Errorf("unknown move numbering %q (known: %s)", clipForError(s), strings.Join(hubNumberingNames[:], ", "))
}

// Other is the numbering that is not n.
func (n HubNumbering) Other() HubNumbering {
	if n == HubTopDown {
		return HubBottomUp
	}
	return HubTopDown
}

// hubNumberingsDiffer reports whether the two numberings give different
// moves on this variant's board: only on the algebraic boards.
func (v *Variant) hubNumberingsDiffer() bool { return v.Notation == Algebraic }

// hubNumber is the number of s in Hub moves written in numbering n. This
// and hubSquare are the one place where the numberings are defined.
func (v *Variant) hubNumber(s Square, n HubNumbering) int {
	if n == HubTopDown || !v.hubNumberingsDiffer() {
		return v.Number(s)
	}
	f, r := v.FileRank(s)
	if v.Geo.Full {
		return r*v.Geo.Width + f + 1
	}
	return r*(v.Geo.Width/2) + f/2 + 1
}

// hubSquare is the square numbered k in Hub moves written in numbering n.
func (v *Variant) hubSquare(k int, n HubNumbering) (Square, bool) {
	if n == HubTopDown || !v.hubNumberingsDiffer() {
		return v.Square(k)
	}
	if k < 1 || k > v.Geo.Squares {
		return NoSquare, false
	}
	if v.Geo.Full {
		return v.at((k-1)%v.Geo.Width, (k-1)/v.Geo.Width)
	}
	half := v.Geo.Width / 2
	row, col := (k-1)/half, (k-1)%half
	if s, ok := v.at(2*col, row); ok {
		return s, true
	}
	return v.at(2*col+1, row)
}

// FormatHubMove writes m in Hub notation in the default numbering
// (HubBottomUp); see FormatHubMoveIn.
func (v *Variant) FormatHubMove(m Move) string { return v.FormatHubMoveIn(m, HubBottomUp) }

// FormatHubMoveIn writes m in Hub notation: "32-28" for a quiet move, and
// for a capture "from x to" followed by every captured square in ascending
// order ("28x19x23"), squares numbered as n says. Bashni writes the
// captured squares in the order they were jumped instead, since two orders
// are two moves there.
func (v *Variant) FormatHubMoveIn(m Move, n HubNumbering) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(v.hubNumber(m.From, n)))
	if !m.IsCapture() {
		sb.WriteByte('-')
		sb.WriteString(strconv.Itoa(v.hubNumber(m.To, n)))
		return sb.String()
	}
	sb.WriteByte('x')
	sb.WriteString(strconv.Itoa(v.hubNumber(m.To, n)))
	caps := make([]int, 0, m.Captured.Count())
	for _, s := range m.Jumps(nil) {
		caps = append(caps, v.hubNumber(s, n))
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
func sameJumps(m Move, jumps []Square) bool {
	var buf [maxPath]Square
	return slices.Equal(m.Jumps(buf[:0]), jumps)
}

// ParseHubMove reads a Hub move of p in the default numbering
// (HubBottomUp); see ParseHubMoveIn.
func (v *Variant) ParseHubMove(p *Position, s string) (Move, error) {
	return v.ParseHubMoveIn(p, s, HubBottomUp)
}

// ParseHubMoveIn reads a Hub move of p, squares numbered as n says.
// Following docs/protocols.md 1.7 it is lenient in what it takes: "-" and "x"
// are interchangeable; the squares after "from x to" are captured squares
// in any order and may be a subset of the captured set (some engines leave
// them out) as long as one legal move fits; the exact captured set wins over
// subsets (in Bashni, the exact set in the order of the jumps; another order
// reads as a subset). If no legal move fits, the squares are read once more
// as a PDN route "from x landing... x to".
//
// A move that is illegal in n but legal in the other numbering is still
// refused (on the 8x8 board "9-13" is a first move in one and a jump into
// the air in the other, and some texts are legal moves in both), but the
// error says so, since the client then most likely uses the other one.
func (v *Variant) ParseHubMoveIn(p *Position, s string, n HubNumbering) (Move, error) {
	m, illegal, err := v.parseHubMove(p, s, n)
	if illegal && v.hubNumberingsDiffer() {
		if _, _, e := v.parseHubMove(p, s, n.Other()); e == nil {
			err = fmt.Errorf("%v in the %s move numbering (it is legal in the %s numbering)", err, n, n.Other())
		}
	}
	return m, err
}

// parseHubMove is ParseHubMoveIn without the hint; illegal says that s was
// well formed but named no legal move.
func (v *Variant) parseHubMove(p *Position, s string, n HubNumbering) (m Move, illegal bool, err error) {
	if s == "" {
		return Move{}, false, fmt.Errorf("empty hub move")
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == 'x' })
	if len(fields) < 2 || len(fields) > maxPath+1 || strings.Count(s, "-")+strings.Count(s, "x") != len(fields)-1 ||
		s[0] == '-' || s[0] == 'x' {
		return Move{}, false, fmt.Errorf("malformed hub move %q", s)
	}
	sqs := make([]Square, len(fields))
	for i, f := range fields {
		sq, ok := NoSquare, false
		if f[0] != '+' && f[0] != '-' && len(f) <= 4 {
			if k, err := strconv.Atoi(f); err == nil {
				sq, ok = v.hubSquare(k, n)
			}
		}
		if !ok {
			return Move{}, false, fmt.Errorf("malformed hub move %q: no square %q (1..%d)", s, f, v.Geo.Squares)
		}
		sqs[i] = sq
	}
	from, to := sqs[0], sqs[1]
	var extra Bitboard
	for _, sq := range sqs[2:] {
		extra |= sq.Bit()
	}
	var ml MoveList
	v.Generate(p, &ml)
	var subset []Move
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
		pat := movePattern{origin: from.Bit(), rest: append([]Square(nil), sqs[1:]...)}
		exact, partial := v.matchRoutes(p, []movePattern{pat})
		found = exact
		if len(found) == 0 {
			found = partial
		}
	}
	switch len(found) {
	case 0:
		return Move{}, true, fmt.Errorf("illegal hub move %q", s)
	case 1:
		return found[0], false, nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = v.FormatHubMoveIn(m, n)
	}
	return Move{}, false, fmt.Errorf("ambiguous hub move %q: candidates %s", s, strings.Join(names, ", "))
}
