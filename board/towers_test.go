package board

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// mustTowersFEN reads a Bashni FEN with columns.
func mustTowersFEN(t *testing.T, fen string) (Position, Towers) {
	t.Helper()
	p, tw, err := Bashni.parseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p, tw
}

// bashniMoves returns the legal moves of a Bashni FEN as FormatMove writes
// them, sorted, with the position and its towers.
func bashniMoves(t *testing.T, fen string) ([]string, Position, Towers, []Move) {
	t.Helper()
	p, tw := mustTowersFEN(t, fen)
	var ml MoveList
	Bashni.Generate(&p, &ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, Bashni.FormatMove(&p, m))
	}
	sort.Strings(out)
	return out, p, tw, ml.Slice()
}

// TestBashniRules checks hand-made positions; the expected moves and
// columns are worked out from the rules (docs/variants.md 3.13) in the
// comments. Columns are written top first, w/b a man, W/B a king.
func TestBashniRules(t *testing.T) {
	cases := []struct {
		name  string
		fen   string
		moves []string
		play  string // a move to play ("" for none) and the FEN after it
		after string
	}{
		{
			// c3 jumps the lone d4 and lands on e5 with the black man
			// under it; d4 is empty.
			name: "single capture builds a tower", fen: "W:Wc3:Bd4,h8",
			moves: []string{"c3:e5"}, play: "c3:e5", after: "B:We5(b):Bh8",
		},
		{
			// d4 is a black man over a white man: the top goes under the
			// capturer, the white man is freed and d4 becomes White's.
			name: "a capture frees a prisoner", fen: "W:Wc3:Bd4(w),h8",
			moves: []string{"c3:e5"}, play: "c3:e5", after: "B:Wd4,e5(b):Bh8",
		},
		{
			// a3 jumps the king b4 (over a black man) to c5, then the man
			// d6 (over a white man) to e7: the king goes under first, the
			// man below it; b4 keeps its black man, d6 becomes White's.
			name: "double capture keeps the order", fen: "W:Wa3:BKb4(b),d6(w),h8",
			moves: []string{"a3:e7"}, play: "a3:e7", after: "B:Wd6,e7(Bb):Bb4,h8",
		},
		{
			// The king c3 can run round the four black pieces either way:
			// clockwise d4 (the king), f4, f2, d2, ending on c3, b4 or a5;
			// anticlockwise d2, f2, f4, d4, ending on c3, b2 or a1. The two
			// routes back to c3 take the same set in another order: two
			// moves, written with their routes.
			name: "the same set in two orders is two moves", fen: "W:WKc3:Bd2,Kd4,f2,f4",
			moves: []string{"c3:a1", "c3:a5", "c3:b2", "c3:b4", "c3:e1:g3:e5:c3", "c3:e5:g3:e1:c3"},
			play:  "c3:e5:g3:e1:c3", after: "B:WKc3(Bbbb):B",
		},
		{
			name: "the other order", fen: "W:WKc3:Bd2,Kd4,f2,f4",
			moves: []string{"c3:a1", "c3:a5", "c3:b2", "c3:b4", "c3:e1:g3:e5:c3", "c3:e5:g3:e1:c3"},
			play:  "c3:e1:g3:e5:c3", after: "B:WKc3(bbbB):B",
		},
		{
			// The king a5 takes b4 (a black man over a black man, so b4
			// stays black) and must land where it can go on: on c3 (then
			// e5, ending on f6, g7 or h8) or on d2 (then e3 to f4, then e5
			// to d6, c7 or b8). From d6 the line back to a3 crosses b4
			// again: a column is jumped once per move, so no route ends on
			// a3.
			name: "a column is not jumped twice", fen: "W:WKa5:Bb4(b),e3,e5",
			moves: []string{"a5:b8", "a5:c7", "a5:d6", "a5:f6", "a5:g7", "a5:h8"},
			play:  "a5:d6", after: "B:WKd6(bbb):Bb4",
		},
		{
			// The man b6 takes c7 (over a white man) and is crowned on d8,
			// then goes on as a king over f6 to g5 or h4.
			name: "crowned during a capture, goes on as a king", fen: "W:Wb6:Bc7(w),f6,h2",
			moves: []string{"b6:g5", "b6:h4"}, play: "b6:h4", after: "B:Wc7,Kh4(bb):Bh2",
		},
		{
			// A column topped by a king moves as a king, all of it.
			name: "a king's column moves as a king", fen: "W:WKc1(bw):Bh8",
			moves: []string{"c1-a3", "c1-b2", "c1-d2", "c1-e3", "c1-f4", "c1-g5", "c1-h6"},
			play:  "c1-h6", after: "B:WKh6(bw):Bh8",
		},
		{
			// A man over a king moves as a man: forwards only.
			name: "a man's column moves as a man", fen: "W:Wc3(B):Bh8",
			moves: []string{"c3-b4", "c3-d4"}, play: "c3-d4", after: "B:Wd4(B):Bh8",
		},
		{
			// Only the top is crowned: the black man under it stays a man.
			name: "promotion crowns the top only", fen: "W:Wc7(bw):Bh2",
			moves: []string{"c7-b8", "c7-d8"}, play: "c7-d8", after: "B:WKd8(bw):Bh2",
		},
		{
			// Black's pieces are all prisoners: no top, no move, lost.
			name: "no tops", fen: "B:Wc3(b),e3(bb):B",
		},
	}
	v := Bashni
	for _, c := range cases {
		got, p, tw, ml := bashniMoves(t, c.fen)
		if !slices.Equal(got, c.moves) {
			t.Errorf("%s: %s: moves %v, want %v", c.name, c.fen, got, c.moves)
			continue
		}
		if over, win := v.Outcome(&p, nil); over != (len(c.moves) == 0) || win {
			t.Errorf("%s: Outcome = %v, %v", c.name, over, win)
		}
		if c.play == "" {
			continue
		}
		m, err := v.ParseMove(&p, c.play)
		if err != nil || !slices.Contains(ml, m) {
			t.Fatalf("%s: ParseMove(%q) = %v, %v", c.name, c.play, m, err)
		}
		var q Position
		var u Towers
		v.SearchStepTowers(&p, &tw, m, &q, &u)
		if fen := v.formatFEN(&q, &u); fen != c.after {
			t.Errorf("%s: after %s: %s, want %s", c.name, c.play, fen, c.after)
		}
		// In place gives the same.
		v.SearchStepTowers(&p, &tw, m, &p, &tw)
		if p != q || tw != u {
			t.Errorf("%s: SearchStepTowers in place differs", c.name)
		}
	}
}

// bashniFENs are positions with columns of both colours, kings over men
// and men over kings, and one with nothing to move (Black has no top).
var bashniFENs = []string{
	"W:W21-32:B1-12",
	"W:Wa1(wbb),Kc3:Bd6(bW)",
	"B:WKc3(Bbbb):B",
	"B:Wd4(bbbbbbbbbbb),e5:BKh8(wwwwwwwwww)",
	"W:WKc3:Bd2,Kd4,f2,f4",
	"W:Wa3,c3(bb),e3,g3(B),Kh2:Bb6(ww),d6,f6(w),h6,Kd8(wb)",
	"B:Wc3(b),d4(bb),e5:Bb6(w),f6(ww),g7,h8(W)",
}

func TestBashniFEN(t *testing.T) {
	v := Bashni
	for _, fen := range bashniFENs {
		p, tw := mustTowersFEN(t, fen)
		out := v.formatFEN(&p, &tw)
		q, u, err := v.parseFEN(out)
		if err != nil || q != p || u != tw || v.formatFEN(&q, &u) != out {
			t.Errorf("%s: written %s, which reads back as %s (%v)", fen, out, v.formatFEN(&q, &u), err)
		}
	}
	p, tw, _ := v.parseFEN("W:Wa1(wbb),Kc3:Bd6(bW)")
	if got := v.formatFEN(&p, &tw); got != "W:Wa1(wbb),Kc3:Bd6(bW)" {
		t.Errorf("written %s", got)
	}
	if c := tw.Column(p.pieces[Black].First()); c.Len() != 2 || c.At(0) != PieceCode(Black, false) || c.At(1) != PieceCode(White, true) {
		t.Errorf("d6 holds %x", uint64(c))
	}
	for _, c := range []struct {
		v         *Variant
		fen, want string
	}{
		{v, "W:Wa1(w):B", "ParseGame"},                     // ParseFEN refuses columns
		{Russian, "W:Wa1(w):B", "no columns"},              // only Bashni has them
		{v, "W:Wa1(wwwwwwwwwwww):B", "13 white pieces"},    // 12 of a colour at most
		{v, "W:Wa1(wwwwwwwwwwwwwwwwwwwwwwww):B", "column"}, // 24 under a top
		{v, "W:Wa1(x):B", "not w, b, W or B"},
		{v, "W:Wa1():B", "column"},
		{v, "W:Wa1(w:B", "column"},
		{v, "W:W21-22(w):B", "one square"},
		{v, "W:Wa2(w):B", "a2"}, // a light square
		{v, "W:Wi9(w):B", "i9"}, // off the board
		{v, "W:Wd8(b):B", "promotion row"},
		{v, "W:W13-25:B1", "13 white pieces"},
	} {
		var err error
		if c.want == "ParseGame" {
			_, err = c.v.ParseFEN(c.fen)
		} else {
			_, err = ParseGame(c.v, c.fen)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want one about %q", c.v.Name, c.fen, err, c.want)
		}
	}
}

// TestBashniPerft pins Bashni's perft counts from the start. Up to depth 4
// they must be Russian's: the tops of a Bashni game are the Russian board
// until a column of two pieces is jumped, which needs a capture that
// builds it (ply 3 at the earliest) and one that jumps it (ply 4), and the
// leaves at depth 4 are counted from the positions after ply 3. Beyond
// that the counts are damka's own, trusted because every move and child
// agrees with the reference (TestBashniAgainstReference).
func TestBashniPerft(t *testing.T) {
	p := Bashni.Start()
	for d := 1; d <= 4; d++ {
		if b, r := Bashni.Perft(p, d, false), Russian.Perft(p, d, false); b != r {
			t.Errorf("depth %d: Bashni %d, Russian %d", d, b, r)
		}
	}
	want := []uint64{7, 49, 302, 1469, 7482, 37908, 189912, 925868}
	for i, w := range want {
		if got := Bashni.Perft(p, i+1, false); got != w {
			t.Errorf("Bashni perft %d = %d, want %d", i+1, got, w)
		}
	}
}

// TestBashniCountMatchesGenerate compares Game.Perft (bulk counting at the
// last ply) with a walk that generates every move and plays it with
// SearchStepTowers, in positions with columns, for both duplicate conventions.
func TestBashniCountMatchesGenerate(t *testing.T) {
	v := Bashni
	var walk func(p *Position, tw *Towers, depth int, keep bool) uint64
	walk = func(p *Position, tw *Towers, depth int, keep bool) uint64 {
		var ml MoveList
		v.GenerateDuplicates(p, &ml, keep)
		if depth == 1 {
			return uint64(ml.N)
		}
		var n uint64
		for _, m := range ml.Slice() {
			var q Position
			var u Towers
			v.SearchStepTowers(p, tw, m, &q, &u)
			n += walk(&q, &u, depth-1, keep)
		}
		return n
	}
	for _, fen := range bashniFENs {
		p, tw := mustTowersFEN(t, fen)
		for _, keep := range []bool{false, true} {
			for d := 1; d <= 4; d++ {
				if got, want := newGameTowers(v, p, &tw).Perft(d, keep), walk(&p, &tw, d, keep); got != want {
					t.Errorf("%s depth %d keep=%v: Perft %d, generated %d", fen, d, keep, got, want)
				}
			}
		}
		var total uint64
		for _, r := range newGameTowers(v, p, &tw).Divide(3, false, 2, nil) {
			total += r.Nodes
		}
		if want := newGameTowers(v, p, &tw).Perft(3, false); total != want {
			t.Errorf("%s: Divide sums to %d, Perft %d", fen, total, want)
		}
	}
}

// TestJumpsOrder checks the order code both ways on every order of five
// squares.
func TestJumpsOrder(t *testing.T) {
	sq := []Square{3, 7, 12, 20, 30}
	var captured Bitboard
	for _, s := range sq {
		captured |= s.Bit()
	}
	seen := map[uint32]bool{}
	var perm func(k int)
	perm = func(k int) {
		if k == len(sq) {
			code := orderCode(sq, captured)
			m := Move{Captured: captured, Order: code}
			if got := m.Jumps(nil); !slices.Equal(got, sq) || seen[code] {
				t.Fatalf("%v: code %d reads back as %v (seen %v)", sq, code, got, seen[code])
			}
			seen[code] = true
			return
		}
		for i := k; i < len(sq); i++ {
			sq[k], sq[i] = sq[i], sq[k]
			perm(k + 1)
			sq[k], sq[i] = sq[i], sq[k]
		}
	}
	perm(0)
	if len(seen) != 120 {
		t.Errorf("%d codes, want 120", len(seen))
	}
}
