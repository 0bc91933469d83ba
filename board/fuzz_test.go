package board

import (
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/.

func FuzzParseFEN(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range Variants() {
			p, err := v.ParseFEN(s)
			if err != nil {
				continue
			}
			fen := v.FEN(&p)
			q, err := v.ParseFEN(fen)
			if err != nil || q != p || v.FEN(&q) != fen {
				t.Fatalf("%s: %q read as %s, which reads back as %s (%v)", v.Name, s, fen, v.FEN(&q), err)
			}
		}
		// Bashni's columns: "W:Wa1(wbb),Kc3:Bd6(bW)".
		v := Bashni
		p, tw, err := v.parseFEN(s)
		if err != nil {
			return
		}
		if cerr := v.CheckTowers(&p, &tw); cerr != nil {
			t.Fatalf("%q read with a bad column: %v", s, cerr)
		}
		fen := v.formatFEN(&p, &tw)
		q, u, err := v.parseFEN(fen)
		if err != nil || q != p || u != tw || v.formatFEN(&q, &u) != fen {
			t.Fatalf("bashni: %q read as %s, which reads back as %s (%v)", s, fen, v.formatFEN(&q, &u), err)
		}
	})
}

// fuzzPositions are the positions FuzzParseMove reads moves in: the starts,
// and positions with kings and ambiguous captures.
var fuzzPositions = []struct {
	v   *Variant
	fen string
}{
	{International, ""},
	{Russian, ""},
	{Brazilian, ""},
	{English, ""},
	{International, "W:WK24,K50:BK11,K17,19,43"},
	{International, "W:WK38:B18,19,32,33"},
	{Russian, "W:WKd8:Bb6,Kc3,e3,e7,g3"},
	{Brazilian, "W:WKd2:Bb6,c3,Kc5,e5"},
	{English, "W:WK22:BK3,5,9,K10,17,18,26"},
	{Italian, ""},
	{Spanish, ""},
	{Spantsiretti, ""},
	{Italian, "W:WK22:B18,K10,K19,12"},
	{Killer, "W:WK46:BK37,K22"},
	{Canadian, ""},
	{Canadian, "W:WK67,50:B44,45,33,21"},
}

func FuzzParseMove(f *testing.F) {
	type pos struct {
		v     *Variant
		p     Position
		legal []Move
	}
	var ps []pos
	for _, fp := range fuzzPositions {
		p := fp.v.Start()
		if fp.fen != "" {
			var err error
			if p, err = fp.v.ParseFEN(fp.fen); err != nil {
				f.Fatal(err)
			}
		}
		var ml MoveList
		fp.v.Generate(&p, &ml)
		ps = append(ps, pos{fp.v, p, append([]Move(nil), ml.Slice()...)})
	}
	legal := func(list []Move, m Move) bool {
		for _, o := range list {
			if o == m {
				return true
			}
		}
		return false
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, x := range ps {
			if m, err := x.v.ParseMove(&x.p, s); err == nil && !legal(x.legal, m) {
				t.Fatalf("%s %s: ParseMove(%q) = %+v, not a legal move", x.v.Name, x.v.FEN(&x.p), s, m)
			} else if err != nil && !strings.Contains(err.Error(), "move") {
				t.Fatalf("ParseMove(%q): error %q does not say what failed", s, err)
			}
		}
	})
}
