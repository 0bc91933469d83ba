package eval

import (
	"testing"

	"damka/board"
)

// The colour-reversed tama position scores the same from its side to move,
// along long random games (kings, runaways, men about to promote) and on
// hand-made positions that put every term on one side only.
func TestTamaMirror(t *testing.T) {
	v := board.Tama
	ps := randomPositions(v, 60, 200, 21)
	for _, fen := range []string{
		"W:Wc7,d3:Bf5",       // a man on the row before the last, a runaway
		"B:Wc7,d3:Bf5",       // the same, the other side to move
		"W:Wa7,h7,b2,c2:Bh2", // men on the edge files about to promote
		"W:WKd4,e2,e3:Bd8,c6,Kh1",
		"B:Wc3,c2,d3:Bf6,f7,e6,Ka1",
	} {
		ps = append(ps, mustFEN(t, v, fen))
	}
	kings := 0
	for _, p := range ps {
		if p.HasKing() {
			kings++
		}
		q := p.Mirror(v.Geo)
		if a, b := Evaluate(v, &p), Evaluate(v, &q); a != b {
			t.Fatalf("%s: %d, mirrored %s: %d", v.FEN(&p), a, v.FEN(&q), b)
		}
	}
	if kings < 100 {
		t.Errorf("only %d of %d positions have a king", kings, len(ps))
	}
}

// Each term, shown by two positions that differ in it only (side to move's
// view; White to move unless the FEN says otherwise).
func TestTamaTerms(t *testing.T) {
	v := board.Tama
	for _, c := range []struct {
		name          string
		better, worse string
	}{
		{"a man further up", "W:Wd5,a2:Bh7,h6", "W:Wd3,a2:Bh7,h6"},
		{"a man on the row before the last", "W:Wd7,a2:Ba8,b8", "W:Wd6,a2:Ba8,b8"},
		{"a square to promote on", "W:Wd7,a2:Bc8,e8", "W:Wd7,a2:Bc8,d8,e8"},
		{"the man's side to move", "W:Wd7,a2:Ba8,h6", "B:Wd7,a2:Ba8,h6"},
		{"an own piece behind", "W:Wd4,d3:Bh7,g7", "W:Wd4,e3:Bh7,g7"},
		{"a runaway: nothing on its row or ahead", "W:Wd5,a2:Bh4,g4", "W:Wd5,a2:Bh5,g4"},
		{"a king rather than a man", "W:WKd4:Bh7", "W:Wd4:Bh7"},
		{"a king rather than three men, late", "W:WKd4:Bh7", "W:Wd4,c4,b4:Bh7"},
	} {
		b, w := mustFEN(t, v, c.better), mustFEN(t, v, c.worse)
		if eb, ew := Evaluate(v, &b), Evaluate(v, &w); eb <= ew {
			t.Errorf("%s: %s %d <= %s %d", c.name, c.better, eb, c.worse, ew)
		}
	}
	for _, fen := range []string{"W:WKd4:BKh7", "B:WKa1:BKe5"} {
		p := mustFEN(t, v, fen)
		if s := Evaluate(v, &p); s != 0 {
			t.Errorf("king against king %s: %d, want 0", fen, s)
		}
	}
}

// Every tama ablation changes some evaluation; all of them together leave
// plain material (100 a man, the tapered king value); none reaches Turkish,
// whose evaluation is the normal one whatever tama's weights.
func TestTamaAblations(t *testing.T) {
	v := board.Tama
	ps := randomPositions(v, 40, 200, 23)
	turkish := randomPositions(board.Turkish, 20, 160, 23)
	turkishBefore := make([]int, len(turkish))
	for i := range turkish {
		turkishBefore[i] = Evaluate(board.Turkish, &turkish[i])
		if n := defaultHand.normal(board.Turkish, &turkish[i]); n != turkishBefore[i] {
			t.Fatalf("Turkish %s: %d, normal evaluation %d", board.Turkish.FEN(&turkish[i]), turkishBefore[i], n)
		}
	}
	var all Terms
	for name, a := range termAblations {
		if a.tama == nil {
			continue
		}
		all |= a.bit
		if changed := ablatedChanges(t, v, ps, name); changed == 0 {
			t.Errorf("term %s changed no tama evaluation of %d positions", name, len(ps))
		}
	}
	// All at once: plain material.
	h := NewHand(all)
	for i := range ps {
		p := &ps[i]
		white, black, kings := p.Words()
		men := (white &^ kings).Count() + (black &^ kings).Count()
		king := (tamaDefault.kingMg*men + tamaDefault.kingEg*(32-men)) / 32
		want := 100*((white&^kings).Count()-(black&^kings).Count()) + king*((white&kings).Count()-(black&kings).Count())
		if p.Side == board.Black {
			want = -want
		}
		if (white|black)&^kings == 0 && (white&kings).Count() <= 1 && (black&kings).Count() <= 1 {
			want = 0
		}
		if got := h.Evaluate(v, p); got != want {
			t.Fatalf("%s without the tama terms: %d, want material %d", v.FEN(p), got, want)
		}
	}
	// Only tama's weights changed: Turkish keeps its evaluation.
	onlyTama := defaultHand
	onlyTama.tama = h.tama
	for i := range turkish {
		if s := onlyTama.Evaluate(board.Turkish, &turkish[i]); s != turkishBefore[i] {
			t.Fatalf("Turkish %s: %d with tama's terms off, %d before", board.Turkish.FEN(&turkish[i]), s, turkishBefore[i])
		}
	}
}

func TestTamaNoAllocation(t *testing.T) {
	ps := randomPositions(board.Tama, 4, 120, 3)
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			Evaluate(board.Tama, &ps[i])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}

// The men that can promote next move, counted per colour: the square in
// front or one diagonally in front must be empty, and a diagonal step
// must not wrap from one edge file to the other.
func TestTamaPromoFree(t *testing.T) {
	for _, c := range []struct {
		fen          string
		white, black int
	}{
		{"W:Wd7:Bh5", 1, 0},
		{"W:Wd7:Bc8,d8,e8", 0, 0},
		{"W:Wd7:Bd8,e8", 1, 0},          // c8 is free
		{"W:Wa7:Ba8,b8,h6", 0, 0},       // h8 is empty but not diagonally in front of a7
		{"W:Wh7:Bg8,h8,a6", 0, 0},       // likewise a8 for h7
		{"W:Wa7,h7,c3:Bh2,a2,d6", 2, 2}, // the four corners' men, nothing in front
		{"W:Wa1,b1,c3:Bh2,a2,e5", 0, 1}, // a2 blocked by a1 and b1; h2 is free
		{"W:Wh1,g1,c3:Bh2,a2,e5", 0, 1}, // h2 blocked by h1 and g1
		{"W:Wd6,c3:Bd3,e4", 0, 0},       // not on the row before the last
		{"W:WKd7,c3:BKd2,e4", 0, 0},     // kings are not men
	} {
		p := mustFEN(t, board.Tama, c.fen)
		w, b, k := p.Words()
		var side [2]tamaSide
		tamaT.side(board.White, w, b, k, ^(w | b), &tamaDefault, &side[board.White])
		tamaT.side(board.Black, b, w, k, ^(w | b), &tamaDefault, &side[board.Black])
		if side[board.White].promoFree != c.white || side[board.Black].promoFree != c.black {
			t.Errorf("%s: %d and %d men can promote, want %d and %d", c.fen,
				side[board.White].promoFree, side[board.Black].promoFree, c.white, c.black)
		}
	}
}
