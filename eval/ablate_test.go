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
	saved := [...]params{paramsInternational, paramsFlying8x8, paramsShort}
	defer func() { paramsInternational, paramsFlying8x8, paramsShort = saved[0], saved[1], saved[2] }()
	for name := range ablations {
		if name == "eval.towers" {
			continue // Bashni only: below
		}
		for _, v := range []*board.Variant{board.International, board.Russian} {
			// Long random games reach endings too (kings, runaways, lone kings).
			ps := randomPositions(v, 40, 160, 11)
			before := make([]int, len(ps))
			for i := range ps {
				before[i] = Evaluate(v, &ps[i])
			}
			if err := AblateTerm(name); err != nil {
				t.Fatal(err)
			}
			changed := 0
			for i := range ps {
				if Evaluate(v, &ps[i]) != before[i] {
					changed++
				}
			}
			paramsInternational, paramsFlying8x8, paramsShort = saved[0], saved[1], saved[2]
			if changed == 0 {
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
	paramsInternational, paramsFlying8x8, paramsShort = saved[0], saved[1], saved[2]
	if err := AblateTerm("eval.nonsense"); err == nil || !strings.Contains(err.Error(), "eval.nonsense") {
		t.Errorf("AblateTerm(eval.nonsense) = %v, want an error naming it", err)
	}
}
