package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"damka/board"
)

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
