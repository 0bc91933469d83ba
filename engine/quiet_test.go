package engine

import (
	"testing"

	"damka/board"
)

// The quiet moves of quiescence are played without valid repetition keys
// after a capture (quiet.go): harmless only while a line spends fewer quiet
// moves than the shortest repetition cycle.
func TestQuietBudgetBelowCycle(t *testing.T) {
	if defaultKnobs.qTactical >= 4 {
		t.Errorf("qTactical %d: quiescence lines could repeat a position", defaultKnobs.qTactical)
	}
}

// contact must let through every quiet move that gives the opponent a
// capture it did not have: it is a filter, a move it drops is a shot never
// seen. (Threatened positions do not look for shots.)
func TestContactCoversForcingMoves(t *testing.T) {
	for _, v := range testVariants {
		th := &thread{v: v}
		n := 0
		for seed := uint64(1); seed <= uint64(depthFor(20, 6)); seed++ {
			for _, p := range randomGame(v, 120, seed) {
				flipped := p
				flipped.Side ^= 1
				if v.HasCapture(&p) || v.HasCapture(&flipped) {
					continue
				}
				near := th.contact(&p)
				var ml board.MoveList
				v.Generate(&p, &ml)
				for _, m := range ml.Moves[:ml.N] {
					q := p.Play(m)
					if v.HasCapture(&q) {
						n++
						if !near.may(m) {
							t.Fatalf("%s %s: %s gives a capture, contact says it cannot", v.Name, v.FEN(&p), v.FormatMove(&p, m))
						}
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no forcing quiet move met", v.Name)
		}
	}
}

// shot agrees with a reading of its rule over whole move lists: the move
// forces a capture, every opponent capture takes one piece, and each is
// answered by a capture of two or more.
func TestShotMatchesReference(t *testing.T) {
	reference := func(v *board.Variant, p *board.Position, m board.Move) bool {
		q := p.Play(m)
		var replies board.MoveList
		v.Generate(&q, &replies)
		if replies.N == 0 || replies.Moves[0].Captured == 0 {
			return false
		}
		for _, r := range replies.Moves[:replies.N] {
			if r.Captured.Count() != 1 {
				return false
			}
			g := q.Play(r)
			var ours board.MoveList
			v.Generate(&g, &ours)
			most := 0
			for _, o := range ours.Moves[:ours.N] {
				most = max(most, o.Captured.Count())
			}
			if most < 2 {
				return false
			}
		}
		return true
	}
	for _, v := range testVariants {
		e := New(Options{HashMB: 1})
		th := e.threads[0]
		th.v = v
		shots := 0
		for seed := uint64(1); seed <= uint64(depthFor(30, 8)); seed++ {
			for _, p := range randomGame(v, 120, seed) {
				if v.HasCapture(&p) {
					continue
				}
				th.stack[0].pos = p
				var ml board.MoveList
				v.Generate(&p, &ml)
				for _, m := range ml.Moves[:ml.N] {
					got, want := th.shot(0, m), reference(v, &p, m)
					if got != want {
						t.Fatalf("%s %s: shot(%s) = %v, want %v", v.Name, v.FEN(&p), v.FormatMove(&p, m), got, want)
					}
					if got {
						shots++
					}
				}
			}
		}
		t.Logf("%s: %d shots met", v.Name, shots)
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
		th.setup(v, &rootGame{root: p})
		return th.qsearch(-inf, inf, 0, k.qTactical)
	}
	blind := defaultKnobs
	blind.noQThreat = true
	on := defaultKnobs
	on.noQThreat = false
	stand, seen := value(blind), value(on)
	if seen > stand-70 {
		t.Errorf("threatened position: %d with threats, %d standing pat; want a man less", seen, stand)
	}
}
