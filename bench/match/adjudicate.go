package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"damka/engine/board"
)

// drawRules follows one game and applies the variant's draw rules
// (variants.md section 7) after every move:
//
//   - every variant: repetition (v.Draw.Repetitions times the same board
//     with the same side to move) and the king-moves-only counter
//     (v.Draw.KingMovesLimit plies without a man move or a capture:
//     International 25 moves, Russian and Brazilian 15, English 40);
//   - International (7.1): the 16-move rule (lone king against three pieces
//     with at least one king: 32 plies) and the 5-move rule (lone king
//     against one or two pieces with at least one king: 10 plies), the clock
//     starting with the capture or promotion that creates the configuration
//     and not reset by later moves within the same configuration;
//   - Russian and Brazilian (7.2, IDF): 7.2.4 three or more kings against a
//     lone king (30 plies), 7.2.6 both sides with kings and the balance
//     unchanged in 4-5 piece (60 plies) and 6-7 piece (120 plies) endings,
//     7.2.8 a lone king against one or two pieces with a king (10 plies).
//
// Not implemented: Russian 7.2.7 (lone king on the main road a1-h8; its
// counting is loosely worded, see variants.md) and the Brazilian CBD
// national 20-move variant of the king-moves rule. A position where the side
// to move has no move is decided by the game loop before these rules are
// asked, so a win on the last allowed move stays a win.
type drawRules struct {
	v          *board.Variant
	intl       bool            // International endgame rules (7.1)
	russian    bool            // Russian endgame rules (7.2)
	seen       map[seenKey]int // positions since the last irreversible move
	reversible int             // plies of non-capturing king moves in a row
	kind       endgameKind     // current endgame configuration
	clock      int             // plies since kind began
}

type endgameKind int

const (
	noEndgame    endgameKind = iota
	intl16                   // International: lone king vs 3 pieces with a king
	intl5                    // International: lone king vs 1-2 pieces with a king
	rus3Kings                // Russian 7.2.4: 3+ kings vs lone king
	rus5                     // Russian 7.2.8: lone king vs 1-2 pieces with a king
	rusBalance45             // Russian 7.2.6: kings on both sides, 4-5 pieces
	rusBalance67             // Russian 7.2.6: kings on both sides, 6-7 pieces
)

// limit is the number of plies after which the configuration is drawn, and
// a description for the Termination tag.
func (k endgameKind) limit() (int, string) {
	switch k {
	case intl16:
		return 32, "16-move rule (lone king vs three pieces)"
	case intl5:
		return 10, "5-move rule (lone king vs one or two pieces)"
	case rus3Kings:
		return 30, "15-move rule (three kings vs lone king)"
	case rus5:
		return 10, "5-move rule (lone king vs one or two pieces)"
	case rusBalance45:
		return 60, "30-move rule (4-5 piece ending with kings, balance unchanged)"
	case rusBalance67:
		return 120, "60-move rule (6-7 piece ending with kings, balance unchanged)"
	}
	return math.MaxInt, ""
}

func newDrawRules(v *board.Variant, start board.Position) *drawRules {
	d := &drawRules{v: v, seen: map[seenKey]int{{pos: start}: 1},
		intl: v == board.International,
		// Brazilian follows the Russian list under the IDF code (7.2).
		russian: v == board.Russian || v == board.Brazilian,
	}
	d.kind = d.classify(&start)
	return d
}

// classify returns the endgame configuration of p.
func (d *drawRules) classify(p *board.Position) endgameKind {
	var men, kings [2]int
	for c := board.White; c <= board.Black; c++ {
		men[c] = p.Men(c).Count()
		kings[c] = p.KingsOf(c).Count()
	}
	for strong := board.White; strong <= board.Black; strong++ {
		weak := strong.Opponent()
		lone := men[weak] == 0 && kings[weak] == 1
		n := men[strong] + kings[strong]
		switch {
		case d.intl && lone && kings[strong] >= 1 && n == 3:
			return intl16
		case d.intl && lone && kings[strong] >= 1 && n <= 2:
			return intl5
		case d.russian && lone && kings[strong] >= 3:
			return rus3Kings
		case d.russian && lone && kings[strong] >= 1 && n <= 2:
			return rus5
		}
	}
	if d.russian && kings[0] > 0 && kings[1] > 0 {
		switch total := men[0] + men[1] + kings[0] + kings[1]; {
		case total == 4 || total == 5:
			return rusBalance45
		case total == 6 || total == 7:
			return rusBalance67
		}
	}
	return noEndgame
}

// seenKey is a position for repetitions: the board and, in Bashni, the
// pieces under the tops (zero elsewhere).
type seenKey struct {
	pos board.Position
	tow board.Towers
}

// push records move m played from p (reaching q) and returns a non-empty
// reason when the game is now drawn by rule.
func (d *drawRules) push(p *board.Position, m board.Move, q *board.Position) string {
	return d.pushColumns(p, m, q, nil)
}

// pushColumns is push for Bashni, whose position q has the towers qt (nil
// for none): the same tops over other pieces are another position.
func (d *drawRules) pushColumns(p *board.Position, m board.Move, q *board.Position, qt *board.Towers) string {
	key := seenKey{pos: *q}
	if qt != nil {
		key.tow = *qt
	}
	kingMove := p.Kings.Has(m.From) && !m.IsCapture()
	if kingMove {
		d.reversible++
	} else {
		// A man move or a capture can never be undone: earlier positions
		// cannot come back.
		d.reversible = 0
		clear(d.seen)
	}
	d.seen[key]++

	// The International clocks run from the capture or promotion that made
	// the configuration; Russian 7.2.6 restarts at every change of balance
	// (capture or promotion) as well.
	kind := d.classify(q)
	balanceChanged := m.IsCapture() || m.Promote
	// The move that creates a configuration starts its clock at zero.
	switch {
	case kind != d.kind:
		d.kind, d.clock = kind, 0
	case balanceChanged && (kind == rusBalance45 || kind == rusBalance67):
		d.clock = 0
	case kind != noEndgame:
		d.clock++
	}

	// When several rules end the game on the same move, the most specific
	// one is named.
	if r := d.v.Draw.Repetitions; r > 0 && d.seen[key] >= r {
		return fmt.Sprintf("%d-fold repetition", r)
	}
	if lim, why := d.kind.limit(); d.clock >= lim {
		return why
	}
	if l := d.v.Draw.KingMovesLimit; l > 0 && d.reversible >= l {
		return fmt.Sprintf("%d plies of king moves without capture", l)
	}
	return ""
}

// Adjudication is the optional score-based adjudication
// (--adjudicate score=S,plies=P,draw=D,drawafter=N): a win once the last P
// moves' reported scores all give the same side at least S men (both
// engines agreeing); a draw once the last P scores are all within D men of
// zero and the game is at least DrawAfter plies long. Zero fields disable
// the respective rule.
type Adjudication struct {
	WinScore  float64 // men
	Plies     int
	DrawScore float64 // men; 0 disables draw adjudication
	DrawAfter int     // plies
}

// ParseAdjudication reads "score=S,plies=P[,draw=D][,drawafter=N]".
func ParseAdjudication(s string) (Adjudication, error) {
	var a Adjudication
	fields, err := splitSpec(s)
	if err != nil {
		return a, err
	}
	for _, f := range fields {
		var key, val string
		var ok bool
		if key, val, ok = cut(f); !ok {
			return a, fmt.Errorf("adjudicate %q: field %q is not key=value", s, f)
		}
		x, err := strconv.ParseFloat(val, 64)
		if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
			return a, fmt.Errorf("adjudicate %q: %s=%q must be a number >= 0", s, key, val)
		}
		switch key {
		case "score":
			a.WinScore = x
		case "plies":
			a.Plies = int(x)
		case "draw":
			a.DrawScore = x
		case "drawafter":
			a.DrawAfter = int(x)
		default:
			return a, fmt.Errorf("adjudicate %q: unknown key %q (want score, plies, draw, drawafter)", s, key)
		}
	}
	if a.Plies < 1 {
		return a, fmt.Errorf("adjudicate %q: plies=P (P >= 1) is required", s)
	}
	if a.WinScore == 0 && a.DrawScore == 0 {
		return a, fmt.Errorf("adjudicate %q: give score=S and/or draw=D", s)
	}
	return a, nil
}

// scoreTracker keeps the recent reported scores, from White's view.
type scoreTracker struct {
	a      Adjudication
	recent []float64 // NaN where a move came without a score
}

// push adds the score reported for the move just played (mover's view,
// i.e. the side to move before the move) and returns the adjudicated
// result for White (1, 0.5, 0) and true, or false.
func (t *scoreTracker) push(score float64, has bool, mover board.Color, plies int) (float64, bool) {
	if t.a.Plies <= 0 {
		return 0, false
	}
	s := math.NaN()
	if has {
		s = score
		if mover == board.Black {
			s = -s
		}
	}
	t.recent = append(t.recent, s)
	if len(t.recent) > t.a.Plies {
		t.recent = t.recent[1:]
	}
	if len(t.recent) < t.a.Plies {
		return 0, false
	}
	win, loss, draw := t.a.WinScore > 0, t.a.WinScore > 0, t.a.DrawScore > 0 && plies >= t.a.DrawAfter
	for _, x := range t.recent {
		if math.IsNaN(x) {
			return 0, false
		}
		win = win && x >= t.a.WinScore
		loss = loss && x <= -t.a.WinScore
		draw = draw && math.Abs(x) <= t.a.DrawScore
	}
	switch {
	case win:
		return 1, true
	case loss:
		return 0, true
	case draw:
		return 0.5, true
	}
	return 0, false
}

// cut splits "key=value", trimming both and lowering the key.
func cut(f string) (string, string, bool) {
	k, v, ok := strings.Cut(f, "=")
	return strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v), ok
}
