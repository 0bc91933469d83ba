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
//   - the endgame clocks of v.Draw.Endgames, stepped by board.DrawClock
//     (engine/board/drawclock.go, the implementation the search uses too):
//     International 16- and 5-move rules (7.1), Russian and Brazilian
//     7.2.4, 7.2.6, 7.2.7 and 7.2.8 (IDF).
//
// Not implemented: the Brazilian CBD national 20-move variant of the
// king-moves rule. A position where the side to move has no move is decided
// by the game loop before these rules are asked, so a win on the last
// allowed move stays a win.
type drawRules struct {
	v          *board.Variant
	seen       map[seenKey]int // positions since the last irreversible move
	reversible int             // plies of non-capturing king moves in a row
	clock      board.DrawClock // the endgame clocks
}

func newDrawRules(v *board.Variant, start board.Position) *drawRules {
	return &drawRules{v: v, seen: map[seenKey]int{{pos: start}: 1}, clock: v.NewDrawClock(&start)}
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
	// p.At, not p.Kings: a Canadian king may stand above the word (wide.go).
	kingMove := p.At(m.From) >= board.WhiteKing && !m.IsCapture()
	if kingMove {
		d.reversible++
	} else {
		// A man move or a capture can never be undone: earlier positions
		// cannot come back.
		d.reversible = 0
		clear(d.seen)
	}
	d.seen[key]++
	d.clock = d.v.NextDrawClock(d.clock, q, m.IsCapture() || m.Promote)

	// When several rules end the game on the same move, the most specific
	// one is named.
	if r := d.v.Draw.Repetitions; r > 0 && d.seen[key] >= r {
		return fmt.Sprintf("%d-fold repetition", r)
	}
	if why := d.clock.Reason(); why != "" {
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
