package match

import "testing"

func TestSchedule(t *testing.T) {
	s := newSchedule(3, 4, 2)
	if s.total() != 12 {
		t.Fatalf("total %d", s.total())
	}
	games := map[[2]int]int{}
	for i := 0; i < s.total(); i += 2 {
		w1, b1, o1 := s.at(i)
		w2, b2, o2 := s.at(i + 1)
		if w1 != b2 || b1 != w2 || o1 != o2 {
			t.Fatalf("pair %d: %d-%d op %d, %d-%d op %d", i/2, w1, b1, o1, w2, b2, o2)
		}
		games[[2]int{min(w1, b1), max(w1, b1)}] += 2
	}
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if games[p] != 4 {
			t.Errorf("pairing %v plays %d games", p, games[p])
		}
	}
	if _, _, o := s.at(6); o != 1 {
		t.Errorf("second round opening %d", o)
	}
}
