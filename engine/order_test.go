package engine

import (
	"testing"

	"damka/board"
)

// TestContinuationHistory checks that a cutoff raises the move in the
// continuation row it was made under and in no other: after the opponent
// landed on another square, or with the kind switched off, only the plain
// history of the squares remains.
func TestContinuationHistory(t *testing.T) {
	v := board.International
	tests := []struct {
		name             string
		counter, follow  bool
		prevTo, ownTo    uint8 // stack[1].prevTo and stack[0].prevTo when scored
		wantAboveHistory bool
	}{
		{"counter, same reply square", true, false, 10, 20, true},
		{"counter, other reply square", true, false, 11, 20, false},
		{"follow, same own square", false, true, 11, 20, true},
		{"follow, other own square", false, true, 10, 21, false},
		{"both off", false, false, 10, 20, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &Engine{knobs: defaultKnobs}
			e.knobs.contHistory, e.knobs.followHistory = tc.counter, tc.follow
			th := newThread(e, 0)
			th.useVariant(v)
			f := &th.stack[1]
			f.pos = mustFEN(t, v, "W:W31,32:B1,2")
			v.Generate(&f.pos, &f.ml)
			m := f.ml.Moves[0]
			if m.Captured != 0 {
				t.Fatalf("first move %+v is a capture", m)
			}
			// The cutoff under prevTo 10 after the side's own move to 20.
			th.stack[0].prevTo, f.prevTo = 20, 10
			counter, follow := th.contRows(1)
			th.addHistory(f.pos.Side, m, counter, follow, 400)
			plain := th.history[f.pos.Side&1][m.From&(historySquares-1)][m.To&(historySquares-1)]

			th.stack[0].prevTo, f.prevTo = tc.ownTo, tc.prevTo
			th.order(1, 0)
			var got int32
			for i := 0; i < f.ml.N; i++ {
				if f.ml.Moves[i] == m {
					got = f.order[i]
				}
			}
			if above := got > plain; above != tc.wantAboveHistory {
				t.Errorf("score %d, plain history %d: above = %v, want %v", got, plain, above, tc.wantAboveHistory)
			}
		})
	}
}
