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
		// The rules of the other variants: ranked captures, men that
		// spare kings (with the fallback to quiet moves), king priority,
		// the killer landing, passing promotion, the 10x8 board.
		{Italian, "W:WK22:B18,K10,K19,12"},
		{Italian, "W:W22:BK18"},
		{Spanish, "W:W12,1:B15,K22,K5,13"},
		{Czech, "W:WKc1,e3:Bb2,f4,f6"},
		{Killer, "W:WK46:BK37,K22"},
		{Pool, "W:W10:B7,8"},
		{Spantsiretti, "W:Wd6:Be7,g7,h4"},
		{BreakthroughDraughts, "B:WK1:B45"},
		// Eight directions, the value rule and the king-move limit.
		{Frisian, "W:WK50:B3,7,12,13,14,17,20,21,30,32,38,39,K47"},
		{Frisian, "W:WK46,28:B5:KW46/3"},
		{Frisian, "W:W28,46:B29,20,K41"},
		// Turkish: the Full board and pieces removed as they are taken.
		{Turkish, "W:W41-56:B9-24"},
		{Turkish, "W:WKa4:Bc4,d6,c7,b5,e4"},
		{Thai, "W:WK18:B11,25"},
		// Stavropol: moves of both colours, captures of both.
		{Stavropol, "W:W21-32:B1-12"},
		{Stavropol, "W:Wc3,f4:Bd4,g5"},
		{Stavropol, "W:Wd2,g3:Bc3,Kh8"},
		// Canadian: the wide layout, converted per call; a king on the
		// last row (above the word) and a majority capture.
		{Canadian, "W:W43-72:B1-30"},
		{Canadian, "W:WK67,50:B44,45,33,21"},
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
	// Bashni: multi-jump captures keep their order (Move.Order) and play
	// moves columns.
	for _, fen := range []string{"W:W21-32:B1-12", "W:Wc3:Bd4,f6,d6(w),b6", "W:WKa1(bb):Bc3(w),e5,e7,c7(W)"} {
		p, tw, err := Bashni.parseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var q Position
		var u Towers
		allocs := testing.AllocsPerRun(100, func() {
			Bashni.Generate(&p, &ml)
			for _, m := range ml.Slice() {
				Bashni.SearchStepTowers(&p, &tw, m, &q, &u)
				_ = Bashni.Count(&q, &ml, false)
				Bashni.Generate(&p, &ml)
			}
		})
		if allocs != 0 {
			t.Errorf("bashni %s: %v allocations per generate/play", fen, allocs)
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
