package book

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

func mustFEN(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func startKey(v *board.Variant) uint64 {
	p := v.Start()
	return Key(v, &p)
}

// sample is a book of International's start position and one position
// after 32-28, with an illegal move, a non-canonical text and a move of
// another position stored under the start's key.
func sample(t testing.TB) *Book {
	t.Helper()
	v := board.International
	k := startKey(v)
	p := v.Start()
	q := p.Play(mustMove(t, v, p, "32-28"))
	b, err := New(v.Name, []Entry{
		{Key: k, Move: "31-27", Score: -20, Depth: 9},
		{Key: k, Move: "32-28", Score: 10, Depth: 9},
		{Key: k, Move: "33-28", Score: 5, Depth: 9},
		{Key: k, Move: "1-7", Score: 500, Depth: 9},   // no such move there: a collision
		{Key: k, Move: "19-23", Score: 400, Depth: 9}, // Black's move, White to move
		{Key: k, Move: "32x28", Score: 300, Depth: 9}, // reads as 32-28 but is not its text
		{Key: Key(v, &q), Move: "19-23", Score: 3, Depth: 8},
		{Key: Key(v, &q), Move: "18-23", Score: 3, Depth: 8},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustMove(t testing.TB, v *board.Variant, p board.Position, s string) board.Move {
	t.Helper()
	m, err := hubtext.ParseMove(v, &p, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func moveTexts(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Move)
	}
	return out
}

func TestKey(t *testing.T) {
	// Same position, same key, whatever the route; the side to move counts.
	v := board.International
	p := v.Start()
	a := p.Play(mustMove(t, v, p, "33-29"))
	a = a.Play(mustMove(t, v, a, "16-21"))
	a = a.Play(mustMove(t, v, a, "34-30"))
	b := p.Play(mustMove(t, v, p, "34-30"))
	b = b.Play(mustMove(t, v, b, "16-21"))
	b = b.Play(mustMove(t, v, b, "33-29"))
	if Key(v, &a) != Key(v, &b) {
		t.Error("a transposition has two keys")
	}
	w := mustFEN(t, v, "W:W31:B20")
	bl := mustFEN(t, v, "B:W31:B20")
	if Key(v, &w) == Key(v, &bl) {
		t.Error("the side to move does not change the key")
	}
	// Canadian's wide board: squares above 64 count.
	c := board.Canadian
	x := mustFEN(t, c, "W:W70:B1")
	y := mustFEN(t, c, "W:W69:B1")
	if Key(c, &x) == Key(c, &y) {
		t.Error("canadian squares above 64 do not change the key")
	}
}

func TestNewChecks(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		entries []Entry
		want    string
	}{
		{"empty name", "", nil, "variant name"},
		{"long name", strings.Repeat("x", MaxNameLen+1), nil, "variant name"},
		{"name with space", "inter national", nil, "printable"},
		{"empty move", "international", []Entry{{Key: 1}}, "move text of 0 bytes"},
		{"long move", "international", []Entry{{Key: 1, Move: strings.Repeat("1", MaxMoveLen+1)}}, "move text of 65 bytes"},
		{"bad move byte", "international", []Entry{{Key: 1, Move: "32+28"}}, "not a digit"},
		{"same move twice", "international", []Entry{{Key: 1, Move: "32-28", Score: 1}, {Key: 1, Move: "32-28", Score: 2}}, "repeats move"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(c.variant, c.entries)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error about %q", err, c.want)
			}
		})
	}
	b, err := New("international", nil)
	if err != nil || b.Len() != 0 || b.Positions() != 0 {
		t.Fatalf("empty book: %v %v", b, err)
	}
}

func TestRoundTrip(t *testing.T) {
	books := []*Book{sample(t)}
	empty, _ := New("russian", nil)
	books = append(books, empty)
	var many []Entry
	r := rand.New(rand.NewPCG(1, 2))
	type km struct {
		key  uint64
		move string
	}
	have := map[km]bool{}
	for i := 0; i < 5000; i++ {
		e := Entry{Key: r.Uint64() % 1500, Move: strings.Repeat("9", 1+i%MaxMoveLen), Score: int16(r.IntN(65536) - 32768), Depth: uint8(r.IntN(256))}
		if !have[km{e.Key, e.Move}] {
			have[km{e.Key, e.Move}] = true
			many = append(many, e)
		}
	}
	big, err := New(strings.Repeat("v", MaxNameLen), many)
	if err != nil {
		t.Fatal(err)
	}
	books = append(books, big)
	for _, b := range books {
		data, err := b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		again, _ := b.Bytes()
		if !bytes.Equal(data, again) {
			t.Error("Write is not deterministic")
		}
		c, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", b.Variant(), err)
		}
		if c.Variant() != b.Variant() || c.Len() != b.Len() || c.Positions() != b.Positions() || !slices.Equal(c.Entries(), b.Entries()) {
			t.Errorf("%s: round trip changed the book", b.Variant())
		}
	}
	if b := sample(t); b.Len() != 8 || b.Positions() != 2 || b.Variant() != "international" {
		t.Errorf("sample: len %d positions %d variant %s", b.Len(), b.Positions(), b.Variant())
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	data, _ := sample(t).Bytes()
	path := dir + "/i.dbk"
	if err := writeFile(path, data); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil || b.Len() != 8 {
		t.Fatalf("Open: %v", err)
	}
	if _, err := Open(dir + "/missing.dbk"); err == nil || !strings.Contains(err.Error(), "missing.dbk") {
		t.Errorf("Open of a missing file: %v", err)
	}
	if err := writeFile(path, data[:len(data)-1]); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("Open of a truncated file: %v", err)
	}
}

func TestMoves(t *testing.T) {
	b := sample(t)
	v := board.International
	p := v.Start()
	if got, want := moveTexts(b.Moves(v, p)), []string{"32-28", "33-28", "31-27"}; !slices.Equal(got, want) {
		t.Errorf("start: moves %v, want %v (illegal and non-canonical ones dropped, best first)", got, want)
	}
	q := p.Play(mustMove(t, v, p, "32-28"))
	if got, want := moveTexts(b.Moves(v, q)), []string{"18-23", "19-23"}; !slices.Equal(got, want) {
		t.Errorf("after 32-28: moves %v, want %v (equal scores by text)", got, want)
	}
	r := q.Play(mustMove(t, v, q, "19-23"))
	if es := b.Moves(v, r); es != nil {
		t.Errorf("a position out of the book has moves %v", es)
	}
	// Frisian has International's board and start position: another book.
	if es := b.Moves(board.Frisian, board.Frisian.Start()); es != nil {
		t.Errorf("moves for another variant: %v", es)
	}
	var nilBook *Book
	if es := nilBook.Moves(v, p); es != nil {
		t.Error("a nil book has moves")
	}
}

func TestPick(t *testing.T) {
	b := sample(t)
	v := board.International
	p := v.Start()
	rng := rand.New(rand.NewPCG(3, 4))
	count := func(margin int) map[string]int {
		n := map[string]int{}
		for i := 0; i < 6000; i++ {
			m, e, ok := b.Pick(v, p, margin, rng)
			if !ok {
				t.Fatal("no pick from the start")
			}
			if got := hubtext.FormatMove(v, m); got != e.Move {
				t.Fatalf("picked %s with the entry of %s", got, e.Move)
			}
			n[e.Move]++
		}
		return n
	}
	cases := []struct {
		margin int
		want   []string // the moves that may come, likeliest first
	}{
		{0, []string{"32-28"}},
		{-5, []string{"32-28"}},
		{4, []string{"32-28"}},
		{5, []string{"32-28", "33-28"}},
		{30, []string{"32-28", "33-28", "31-27"}}, // weights 31, 26, 1
	}
	for _, c := range cases {
		n := count(c.margin)
		if len(n) != len(c.want) {
			t.Errorf("margin %d: picks %v, want only %v", c.margin, n, c.want)
			continue
		}
		for i, m := range c.want {
			if n[m] == 0 || (i > 0 && n[m] >= n[c.want[i-1]]) {
				t.Errorf("margin %d: picks %v, want %v in falling frequency", c.margin, n, c.want)
			}
		}
	}
	if n := count(1000); len(n) != 3 {
		t.Errorf("margin 1000: picks %v, want all three", n)
	}
	// Margin 5: weights 6 and 1.
	if n := count(5); n["33-28"] < 600 || n["33-28"] > 1200 {
		t.Errorf("margin 5: %v, want about 1 in 7 for 33-28", n)
	}
	if _, _, ok := b.Pick(v, p, 10, nil); !ok {
		t.Error("no pick with the global source")
	}
	q := mustFEN(t, v, "W:W31:B20")
	if _, _, ok := b.Pick(v, q, 10, rng); ok {
		t.Error("a pick out of the book")
	}
}
