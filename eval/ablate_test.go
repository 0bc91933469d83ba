package eval

import (
	"strings"
	"testing"

	"damka/board"
)

// Every ablation must change the evaluation of some position of every
// flying-king variant family, and Ablate must reject unknown names. The
// weights are restored afterwards: Ablate changes package state.
func TestAblate(t *testing.T) {
	defer restoreWeights()()
	for name := range ablations {
		if name == "eval.towers" {
			continue // Bashni only: below
		}
		for _, v := range []*board.Variant{board.International, board.Russian} {
			// Long random games reach endings too (kings, runaways, lone kings).
			ps := randomPositions(v, 40, 160, 11)
			if changed := ablatedChanges(t, v, ps, name); changed == 0 {
				t.Errorf("%s: AblateTerm(%s) changed no evaluation of %d positions", v.Name, name, len(ps))
			}
		}
	}
	// eval.towers drops the pieces under the tops from Bashni's evaluation.
	g, err := board.ParseGame(board.Bashni, "W:Wc3(bb),e3:Bd6(w),f6")
	if err != nil {
		t.Fatal(err)
	}
	p, tw := *g.Position(), *g.Towers()
	if Towers(board.Bashni, &p, &tw) == 0 {
		t.Fatal("the columns count for nothing before the ablation")
	}
	if err := AblateTerm("eval.towers"); err != nil {
		t.Fatal(err)
	}
	if s := Towers(board.Bashni, &p, &tw); s != 0 {
		t.Errorf("eval.towers: the columns still count %d", s)
	}
	restoreWeights()()
	if err := AblateTerm("eval.nonsense"); err == nil || !strings.Contains(err.Error(), "eval.nonsense") {
		t.Errorf("AblateTerm(eval.nonsense) = %v, want an error naming it", err)
	}
}

// restoreWeights saves every family's weights and returns the function that
// puts them back (AblateTerm changes package state; the shared names reach
// tama's weights too).
func restoreWeights() func() {
	saved := [...]params{paramsInternational, paramsFlying8x8, paramsShort}
	return func() {
		paramsInternational, paramsFlying8x8, paramsShort = saved[0], saved[1], saved[2]
		tamaWeights = tamaDefault
	}
}

// ablatedChanges counts the positions of ps whose evaluation AblateTerm(name)
// changes; the weights are restored afterwards.
func ablatedChanges(t *testing.T, v *board.Variant, ps []board.Position, name string) int {
	t.Helper()
	before := make([]int, len(ps))
	for i := range ps {
		before[i] = Evaluate(v, &ps[i])
	}
	defer restoreWeights()()
	if err := AblateTerm(name); err != nil {
		t.Fatal(err)
	}
	changed := 0
	for i := range ps {
		if Evaluate(v, &ps[i]) != before[i] {
			changed++
		}
	}
	return changed
}
