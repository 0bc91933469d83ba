package eval

import (
	"strings"
	"testing"

	"damka/board"
)

// Every term switched off must change the evaluation of some position of
// every flying-king variant family, without touching the default
// evaluation (the engines of one process share it); an unknown name is an
// error.
func TestHandTerms(t *testing.T) {
	for name, a := range termAblations {
		if a.off == nil || name == "eval.towers" {
			continue // tama's alone (tama_test.go); Bashni's below
		}
		for _, v := range []*board.Variant{board.International, board.Russian} {
			// Long random games reach endings too (kings, runaways, lone kings).
			ps := randomPositions(v, 40, 160, 11)
			if changed := ablatedChanges(t, v, ps, name); changed == 0 {
				t.Errorf("%s: term %s changed no evaluation of %d positions", v.Name, name, len(ps))
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
	off, err := ParseTerm("eval.towers")
	if err != nil {
		t.Fatal(err)
	}
	if s := NewHand(off).Towers(board.Bashni, &p, &tw); s != 0 {
		t.Errorf("eval.towers: the columns still count %d", s)
	}
	if Towers(board.Bashni, &p, &tw) == 0 {
		t.Error("NewHand(eval.towers) changed the default evaluation")
	}
	if _, err := ParseTerm("eval.nonsense"); err == nil || !strings.Contains(err.Error(), "eval.nonsense") {
		t.Errorf("ParseTerm(eval.nonsense) = %v, want an error naming it", err)
	}
	if NewHand(0).international != defaultHand.international {
		t.Error("NewHand(0) differs from the default")
	}
}

// ablatedChanges counts the positions of ps whose evaluation the term name
// switched off changes, and checks that the default evaluation is
// unchanged.
func ablatedChanges(t *testing.T, v *board.Variant, ps []board.Position, name string) int {
	t.Helper()
	before := make([]int, len(ps))
	for i := range ps {
		before[i] = Evaluate(v, &ps[i])
	}
	off, err := ParseTerm(name)
	if err != nil {
		t.Fatal(err)
	}
	h := NewHand(off)
	changed := 0
	for i := range ps {
		if h.Evaluate(v, &ps[i]) != before[i] {
			changed++
		}
		if Evaluate(v, &ps[i]) != before[i] {
			t.Fatalf("%s: the default evaluation changed", name)
		}
	}
	return changed
}
