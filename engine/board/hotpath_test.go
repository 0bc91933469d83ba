package board

import "testing"

// Move generation and make-move are the hot path: they must not allocate.
func TestGenerateDoesNotAllocate(t *testing.T) {
	var ml MoveList
	for _, c := range []struct {
		v   *Variant
		fen string
	}{
		{International, "W:W31-50:B1-20"},
		{International, "W:WK38:B18,19,32,33"},
		{Russian, "W:We3,g3,h4,a5,b2,h2,a3,Kf8:Bc5,e5,g5,g7,h8"},
		{English, "B:W21-32:B1-12"},
	} {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(100, func() {
			c.v.Generate(&p, &ml)
			for _, m := range ml.Slice() {
				q := p.Play(m)
				_ = c.v.Count(&q, &ml, false)
				c.v.Generate(&p, &ml)
			}
		})
		if allocs != 0 {
			t.Errorf("%s %s: %v allocations per generate/play", c.v.Name, c.fen, allocs)
		}
	}
}

// The perft benchmarks double as the profile for the profile-guided build
// (make pgo writes cmd/damka/default.pgo from them).
func BenchmarkPerftInternational10(b *testing.B) {
	p := International.Start()
	for i := 0; i < b.N; i++ {
		International.Perft(p, 10, false)
	}
}

func BenchmarkPerftRussian11(b *testing.B) {
	p := Russian.Start()
	for i := 0; i < b.N; i++ {
		Russian.Perft(p, 11, true)
	}
}
