package engine

import (
	"testing"

	"damka/engine/board"
)

// The quiet moves of quiescence are played without valid repetition keys
// after a capture (quiet.go): harmless only while a line spends fewer quiet
// moves than the shortest repetition cycle.
func TestQuietBudgetBelowCycle(t *testing.T) {
	if defaultKnobs.qTactical >= 4 {
		t.Errorf("qTactical %d: quiescence lines could repeat a position", defaultKnobs.qTactical)
	}
}

// A threat without a parry is searched, not stood pat on: White's man on
// 32 is attacked by 27 (landing on 38), cannot move, and the man on 46
// cannot cover 38. Standing pat misses the man; the tactical quiescence
// sees it, and the ablation brings the blind value back.
func TestQuiescenceSeesThreat(t *testing.T) {
	v := board.International
	p := mustFEN(t, v, "W:W32,46:B21,22,23,27,28")
	value := func(k knobs) int {
		e := New(Options{HashMB: 1})
		e.knobs = k
		th := e.threads[0]
		th.setup(v, &p, nil)
		return th.qsearch(-inf, inf, 0, k.qTactical)
	}
	blind := defaultKnobs
	blind.noQThreat = true
	stand, seen := value(blind), value(defaultKnobs)
	if seen > stand-70 {
		t.Errorf("threatened position: %d with threats, %d standing pat; want a man less", seen, stand)
	}
}
