package board

import (
	"sort"
	"strings"
	"testing"
)

// ambiguousFENs are positions with two or more legal captures from the same
// square to the same square, so that FormatMove must write full routes.
var ambiguousFENs = []struct {
	v   *Variant
	fen string
}{
	{International, "W:WK24,K50:BK11,K17,19,43"},
	{International, "W:WK32,K48,K49:BK14,30,K34,K44"},
	{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4"},
	{Russian, "W:WKd8:Bb6,Kc3,e3,e7,g3"},
	{Brazilian, "W:WKd2:Bb6,c3,Kc5,e5"},
	{English, "W:W31:B26,27,18,19"},
	// A full or short route that is also part of a longer route of another
	// move with the same ends.
	{Russian, "W:WKf6:Bc3,e3,e5,g3,Kg5"},
	{English, "W:WK22:BK3,5,9,K10,17,18,26"},
	// The other variants: their own numbering (Italian, Spanish), the
	// killer landing, king priority, the 10x8 board.
	{Killer, "W:WK24,K50:BK11,K17,19,43"},
	{Killer, "W:WK32,K48,K49:BK14,30,K34,K44"},
	{Pool, "W:WK22:BK3,5,9,K10,17,18,26"},
	{Czech, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4"},
	{Poddavki, "W:WKd8:Bb6,Kc3,e3,e7,g3"},
	{Spantsiretti, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4"},
	{Spantsiretti, "W:Wd6:Be7,g7,h4"},
	{Italian, "W:WK22:B18,K10,K19,12"},
	{Spanish, "W:W12,1:B15,K22,K5,13"},
	{Spanish, "W:WK11:B15,K23,K14,22"},
	{Diagonal, "W:WKf6:Bc3,e3,e5,g3,Kg5"},
	// Frisian: routes along rows and files. 8 (e9) takes 7 (c9) along
	// the row to 6 (a9), then 36 ... to 46, or 12 then 1 and 36 ... to
	// 46.
	{Frisian, "W:WK8:BK1,K7,K12,K36"},
	{Frisian, "W:WK26:B4,9,13,31,K39"},
	{Frysk, "W:WK14,K48:B4,19,22,31"},
	// Turkish: two routes from e8 to h2 take different pieces.
	{Turkish, "W:WKe8:Ba5,c6,d7,d8,e2,g2"},
	{Turkish, "W:WKd3:Ba6,Kb5,c3,c7,e4"},
	{Thai, "W:WK18:B11,25,K4"},
}

// notationCheck checks every notation of p and of its legal moves.
type notationCheck struct {
	t         *testing.T
	positions int
	moves     int
	routes    int // moves written with a full route
}

func (rt *notationCheck) position(v *Variant, p *Position) {
	t := rt.t
	t.Helper()
	rt.positions++
	fen := v.FEN(p)
	q, err := v.ParseFEN(fen)
	if err != nil || v.FEN(&q) != fen || q != *p {
		t.Fatalf("%s: FEN %s does not round-trip: %v", v.Name, fen, err)
	}
	var ml MoveList
	v.Generate(p, &ml)
	for _, m := range ml.Slice() {
		rt.moves++
		text := v.FormatMove(p, m)
		if got, err := v.ParseMove(p, text); err != nil || got != m {
			t.Fatalf("%s %s: ParseMove(%q) = %+v, %v; want %+v", v.Name, fen, text, got, err, m)
		}
		if strings.Count(text, string(v.CaptureSep)) > 1 {
			rt.routes++
		}
	}
}

func (rt *notationCheck) walk(v *Variant, p Position, depth int) {
	rt.position(v, &p)
	if depth == 0 {
		return
	}
	var ml MoveList
	v.Generate(&p, &ml)
	for _, m := range ml.Slice() {
		rt.walk(v, p.Play(m), depth-1)
	}
}

func TestNotationRoundTripStart(t *testing.T) {
	for _, v := range Variants() {
		rt := notationCheck{t: t}
		// Depth 4, or 3 where the tree is too big for the test's time
		// (tama's queen-like moves: 268,670 leaves at depth 4, 6.5 M moves
		// to write and read back).
		depth := 4
		if v.Perft(v.Start(), depth, false) > 200_000 {
			depth = 3
		}
		rt.walk(v, v.Start(), depth)
		t.Logf("%s: %d positions, %d moves", v.Name, rt.positions, rt.moves)
	}
}

func TestNotationRoundTripTactical(t *testing.T) {
	type job struct {
		v   *Variant
		fen string
	}
	var jobs []job
	seen := map[job]bool{}
	for _, r := range readPerftRows(t) {
		v, ok := tsvVariants[r.variant]
		if !ok || r.fen == v.StartFEN() || r.fen == "W:W21-32:B1-12" {
			continue
		}
		// 8x8 positions also serve the other 8x8 rule sets.
		for _, w := range Variants() {
			j := job{w, r.fen}
			if w.Geo == v.Geo && !seen[j] {
				seen[j] = true
				jobs = append(jobs, j)
			}
		}
	}
	for _, a := range ambiguousFENs {
		jobs = append(jobs, job{a.v, a.fen})
	}
	rt := notationCheck{t: t}
	walked := 0
	for _, j := range jobs {
		p, err := j.v.ParseFEN(j.fen)
		if err != nil {
			// A man on the promotion row of another rule set's board.
			continue
		}
		rt.walk(j.v, p, 3)
		walked++
	}
	t.Logf("%d start positions, %d positions, %d moves, %d written with a full route", walked, rt.positions, rt.moves, rt.routes)
	if walked < 20 || rt.routes == 0 {
		t.Fatalf("too little covered: %d start positions, %d full routes", walked, rt.routes)
	}
}

func fenForTest(t *testing.T, v *Variant, fen string) Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFormatMove(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string // "" for the start position
		want []string
	}{
		{International, "", []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
		{Russian, "", []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}},
		{Brazilian, "", []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}},
		{English, "", []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		{International, "W:W28:B23", []string{"28x19"}},
		{Russian, "W:Wc3:Bd4,f6", []string{"c3:g7"}},
		{Brazilian, "W:Wc3:Bd4", []string{"c3xe5"}},
		{English, "W:W22:B18", []string{"22x15"}},
		{English, "W:W31:B26,27,18,19", []string{"31x22x15", "31x24x15"}},
		{International, "W:WK24,K50:BK11,K17,19,43", []string{"24x2x16x49", "24x8x21x49"}},
		// Only one move goes from 38 round to 38, so no route is needed.
		{International, "W:WK38:B18,19,32,33", []string{"38x38", "38x42", "38x43", "38x47", "38x49"}},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", []string{"d8:a5:d2:g5", "d8:a5:d2:h6", "d8:b6:e3:g5", "d8:b6:e3:h6", "d8:g3", "d8:h2"}},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		var ml MoveList
		c.v.Generate(&p, &ml)
		var got []string
		for _, m := range ml.Slice() {
			got = append(got, c.v.FormatMove(&p, m))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s %q: moves %v, want %v", c.v.Name, c.fen, got, c.want)
		}
	}
}

// TestParseMove checks accepted spellings. "c3d4" (squares without a
// separator) is accepted: algebraic squares cannot run into each other.
func TestParseMove(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		text string
		want string // FormatMove of the expected move
	}{
		{International, "", "32-28", "32-28"},
		{International, "", "31-27", "31-27"},
		{International, "", " 32-28\t", "32-28"},
		{International, "", "32x28", "32-28"},
		{International, "", "32:28", "32-28"},
		{International, "", "3228", "32-28"},
		{International, "", "d4-e5", "32-28"},
		{International, "", "D4E5", "32-28"},
		{Russian, "", "c3-d4", "c3-d4"},
		{Russian, "", "cd4", "c3-d4"},
		{Russian, "", "c3d4", "c3-d4"},
		{Russian, "", "c3:d4", "c3-d4"},
		{Russian, "", "22-18", "c3-d4"},
		{Russian, "", "2218", "c3-d4"},
		{Russian, "", "gh4", "g3-h4"},
		{Brazilian, "", "ab4", "a3-b4"},
		{English, "", "11-15", "11-15"},
		{English, "", "1115", "11-15"},
		{International, "W:W28:B23", "28x19", "28x19"},
		{International, "W:W28:B23", "28-19", "28x19"},
		{Russian, "W:Wc3:Bd4,f6", "c3:g7", "c3:g7"},
		{Russian, "W:Wc3:Bd4,f6", "c3:e5:g7", "c3:g7"},
		{Russian, "W:Wc3:Bd4,f6", "c:g7", "c3:g7"},
		{Russian, "W:Wc3:Bd4,f6", "cg7", "c3:g7"},
		{Russian, "W:Wc3:Bd4,f6", "22x8", "c3:g7"},
		{Brazilian, "W:Wc3:Bd4", "c3:e5", "c3xe5"},
		{English, "W:W31:B26,27,18,19", "31x22x15", "31x22x15"},
		{English, "W:W31:B26,27,18,19", "31-24-15", "31x24x15"},
		{International, "W:WK24,K50:BK11,K17,19,43", "24x16x49", "24x2x16x49"},
		{International, "W:WK24,K50:BK11,K17,19,43", "24x8x49", "24x8x21x49"},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d8:b6:e3:h6", "d8:b6:e3:h6"},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d8:e3:h6", "d8:b6:e3:h6"},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d:d2:h6", "d8:a5:d2:h6"},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d8:h2", "d8:h2"},
		// Two moves go from d8 round to d8; the landing squares tell them
		// apart.
		{Russian, "W:WKd8:Bb6,Kc3,e3,e7,g3", "d8:a5:d2:g5:d8", "d8:a5:d2:g5:d8"},
		{Russian, "W:WKd8:Bb6,Kc3,e3,e7,g3", "d8:g5:d8", "d8:a5:d2:g5:d8"},
		// f6:d4:b2 is one move's whole route and part of f6:h4:f2:d4:b2;
		// 22x31 likewise of 22x13x6x15x22x31. The exact route wins.
		{Russian, "W:WKf6:Bc3,e3,e5,g3,Kg5", "f6:d4:b2", "f6:d4:b2"},
		{Russian, "W:WKf6:Bc3,e3,e5,g3,Kg5", "f6:f2:b2", "f6:h4:f2:d4:b2"},
		{English, "W:WK22:BK3,5,9,K10,17,18,26", "22x31", "22x31"},
		{English, "W:WK22:BK3,5,9,K10,17,18,26", "22-6-31", "22x13x6x15x22x31"},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := c.v.ParseMove(&p, c.text)
		if err != nil {
			t.Errorf("%s %q: ParseMove(%q): %v", c.v.Name, c.fen, c.text, err)
			continue
		}
		if got := c.v.FormatMove(&p, m); got != c.want {
			t.Errorf("%s %q: ParseMove(%q) = %s, want %s", c.v.Name, c.fen, c.text, got, c.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		text string
		want string // substring of the error
	}{
		{International, "", "", `empty move ""`},
		{International, "", "  ", `empty move`},
		{International, "", "32", `malformed move "32": needs at least two squares`},
		{International, "", "32-", `malformed move "32-": ends with a separator`},
		{International, "", "-32-28", `starts with a separator`},
		{International, "", "32--28", `two separators in a row`},
		{International, "", "32 28", `unexpected character ' '`},
		{International, "", "32-28!", `unexpected character '!'`},
		{International, "", "1. 32-28", `malformed move`},
		{International, "", "32-51", `malformed move "32-51": no square 51 (1..50)`},
		{International, "", "0-5", `no square 0`},
		{International, "", "99999999999999999999-5", `no square`},
		{International, "", "a2-b3", `not a playing square`},
		{International, "", "z9-a1", `not a playing square`},
		{International, "", "k-d4", `no file k`},
		{Russian, "", "i1-h2", `not a playing square`},
		{Russian, "", "cd", `file letter d where a square belongs`},
		{Russian, "", "c", `needs at least two squares`},
		{Russian, "", "c3-e5", `illegal move "c3-e5"`},
		{International, "", "32-26", `illegal move "32-26"`},
		{International, "", "3226", `illegal move "3226"`},
		{International, "", "46-41", `illegal move "46-41"`},
		{International, "", "19-23", `illegal move "19-23"`}, // Black's move, White to play
		{International, "W:W28:B23", "32-28", `illegal move "32-28"`},
		{Russian, "W:Wc3:Bd4,f6", "c3:e5", `illegal move "c3:e5"`}, // the capture must go on
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d:h6", `ambiguous move "d:h6": candidates d8:b6:e3:h6, d8:a5:d2:h6`},
		{Russian, "", "b4", `needs at least two squares`},
		{English, "W:W31:B26,27,18,19", "31x15", `ambiguous move "31x15": candidates 31x22x15, 31x24x15`},
		{Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", "d8:h6", `ambiguous move "d8:h6": candidates`},
	}
	for _, c := range cases {
		p := c.v.Start()
		if c.fen != "" {
			p = fenForTest(t, c.v, c.fen)
		}
		m, err := c.v.ParseMove(&p, c.text)
		if err == nil {
			t.Errorf("%s: ParseMove(%q) = %s, want an error", c.v.Name, c.text, c.v.FormatMove(&p, m))
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ParseMove(%q): error %q, want it to contain %q", c.v.Name, c.text, err, c.want)
		}
	}
}
