package board

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestCanadianPerft checks every perft.tsv row of Canadian draughts (up to
// the node limit unless -deep).
func TestCanadianPerft(t *testing.T) {
	checked := 0
	for _, r := range readPerftRows(t) {
		if r.variant != "canadian (international rules, 12x12)" {
			continue
		}
		if r.nodes > perftLimit && !*deepPerft || testing.Short() && r.nodes > 1_000_000 {
			continue
		}
		p, err := Canadian128.ParseFEN(r.fen)
		if err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		if p != Canadian128.Start() {
			t.Errorf("line %d: not the start position", r.line)
		}
		if r.dups != "removed" {
			t.Fatalf("line %d: duplicates %q", r.line, r.dups)
		}
		if got := Canadian128.Perft(p, r.depth, false); got != r.nodes {
			t.Errorf("line %d: canadian depth %d: got %d, want %d", r.line, r.depth, got, r.nodes)
		}
		// The playable variant on the wide layout, through the perft
		// command's path (Divide, two threads).
		w, err := Canadian.ParseFEN(r.fen)
		if err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		if r.nodes <= 1_000_000 {
			var sum uint64
			for _, d := range Canadian.Divide(w, r.depth, false, 2, nil) {
				sum += d.Nodes
			}
			if sum != r.nodes {
				t.Errorf("line %d: Canadian.Divide depth %d: got %d, want %d", r.line, r.depth, sum, r.nodes)
			}
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d canadian rows checked", checked)
	}
}

func canadianMoves(p *Position128) []string {
	var ml MoveList128
	Canadian128.Generate(p, &ml, false)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, Canadian128.FormatMove(p, m))
	}
	sort.Strings(out)
	return out
}

// TestCanadianRules checks the start and hand-made positions (numbering:
// six squares a row, 1 = b12, 67 = a1, 72 = k1).
func TestCanadianRules(t *testing.T) {
	p := Canadian128.Start()
	if got := Canadian128.FEN(&p); got != "W:W"+numList(43, 72)+":B"+numList(1, 30) {
		t.Errorf("start FEN %s", got)
	}
	// The front row 43-48 is a5 c5 e5 g5 i5 k5, the row above 37-42
	// b6 d6 f6 h6 j6 l6: 11 moves, a5 having one.
	want := []string{"43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41", "48-41", "48-42"}
	if got := canadianMoves(&p); !reflect.DeepEqual(got, want) {
		t.Errorf("start moves %v, want %v", got, want)
	}
	for _, c := range []struct {
		fen  string
		want []string
	}{
		// Majority: 44 (c5) takes 38 (d6) and 26 (d8), by 33 (e7) to 20
		// (c9); 47 (i5) takes only 41 (j6), to 36 (k7).
		{"W:W44,47:B38,26,41", []string{"44x20"}},
		{"W:W47:B41", []string{"47x36"}},
		// Men take backwards: 32 (c7) takes 38 (d6) to 45 (e5).
		{"W:W32:B38", []string{"32x45"}},
		// A flying king on the long diagonal 67 61 56 50 45 39 34 28 23
		// 17 12 6 (a1-l12): over 56 to any square behind it.
		{"W:WK67:B56", []string{"67x12", "67x17", "67x23", "67x28", "67x34", "67x39", "67x45", "67x50", "67x6"}},
		// Passing the far row: 14 (d10) takes 9 (e11) to 3 (f12), then
		// 10 (g11) backwards to 16 (h10), where it ends as a man (checked
		// below).
		{"W:W14:B9,10", []string{"14x16"}},
	} {
		q, err := Canadian128.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := canadianMoves(&q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: moves %v, want %v", c.fen, got, c.want)
		}
	}
	q, _ := Canadian128.ParseFEN("W:W14:B9,10")
	var ml MoveList128
	Canadian128.Generate(&q, &ml, false)
	if q = q.Play(ml.Moves[0]); Canadian128.FEN(&q) != "B:W16:B" {
		t.Errorf("after passing the far row: %s", Canadian128.FEN(&q))
	}
	for fen, want := range map[string]string{
		"W:W73:B1":  "outside 1..72",
		"W:W1:B30":  "white man on its promotion row",
		"W:Wa1:B30": "bad square",
		"X:W43:B1":  "side to move",
	} {
		if _, err := Canadian128.ParseFEN(fen); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q): %v, want %q", fen, err, want)
		}
	}
}

func numList(a, b int) string {
	var s []string
	for n := a; n <= b; n++ {
		s = append(s, itoa(n))
	}
	return strings.Join(s, ",")
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestCanadianRoundTrip walks the start and tactical positions: FEN and
// every move text read back.
func TestCanadianRoundTrip(t *testing.T) {
	positions, moves, routes := 0, 0, 0
	var walk func(p Position128, depth int)
	walk = func(p Position128, depth int) {
		positions++
		fen := Canadian128.FEN(&p)
		if q, err := Canadian128.ParseFEN(fen); err != nil || q != p {
			t.Fatalf("FEN %s does not round-trip: %v", fen, err)
		}
		var ml MoveList128
		Canadian128.Generate(&p, &ml, false)
		for _, m := range ml.Slice() {
			moves++
			text := Canadian128.FormatMove(&p, m)
			if strings.Count(text, "x") > 1 {
				routes++
			}
			if got, err := Canadian128.ParseMove(&p, text); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %+v, %v; want %+v", fen, text, got, err, m)
			}
			if depth > 0 {
				walk(p.Play(m), depth-1)
			}
		}
	}
	walk(Canadian128.Start(), 3)
	// Positions with two captures between the same squares (full routes).
	for _, fen := range []string{"W:WK18:BK15,27,K35,38,K58", "W:WK6,K8:BK21,25,39,46,K56",
		"W:WK45,K67:B2,11,32,K40,51,K52", "W:W44,47:B38,26,41,K10"} {
		p, err := Canadian128.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(p, 2)
	}
	t.Logf("%d positions, %d moves, %d written as full routes", positions, moves, routes)
	if routes == 0 {
		t.Errorf("no full route written")
	}
}
