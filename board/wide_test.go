package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWideRotation checks the frame <-> ghost rotation on every bit.
func TestWideRotation(t *testing.T) {
	for f := Square(0); f < wideBits; f++ {
		lo, hi := wideBit(f)
		g := toGhost(lo, hi)
		want := bit128(ghostSquare(f))
		if g != want {
			t.Fatalf("frame %d: ghost %v, want %v", f, g, want)
		}
		if l2, h2 := fromGhost(g); l2 != lo || h2 != hi {
			t.Fatalf("frame %d: back to %x %x, want %x %x", f, l2, h2, lo, hi)
		}
		if wideSquare(ghostSquare(f)) != f {
			t.Fatalf("frame %d: square round trip", f)
		}
	}
	// Every square a piece can be captured on (not on an edge) is in the
	// word, so Move.Captured holds a capture whole.
	for n := 1; n <= 72; n++ {
		s, _ := Canadian.Square(n)
		file, rank := Canadian.FileRank(s)
		if edge := file == 0 || file == 11 || rank == 0 || rank == 11; !edge && s >= 64 {
			t.Errorf("square %d (inner) is at frame bit %d, above the word", n, s)
		}
	}
}

// TestWideAgreesWith128 walks random Canadian games and checks, at every
// node, that the Variant on the wide layout agrees with Canadian128: the
// moves, the positions after them, FEN and move notation round trips
// (format/hubtext checks the Hub forms on the same kind of games).
func TestWideAgreesWith128(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 72))
	games := 40
	if testing.Short() {
		games = 8
	}
	for g := 0; g < games; g++ {
		p := Canadian.Start()
		for ply := 0; ply < 300; ply++ {
			q := p.Board128()
			if back := FromBoard128(&q); back != p {
				t.Fatalf("game %d ply %d: Board128 round trip", g, ply)
			}
			var ml MoveList
			var wl MoveList128
			Canadian.Generate(&p, &ml)
			Canadian128.Generate(&q, &wl, false)
			if ml.N != wl.N {
				t.Fatalf("game %d ply %d %s: %d moves, Canadian128 %d", g, ply, Canadian.FEN(&p), ml.N, wl.N)
			}
			fen := Canadian.FEN(&p)
			if r, err := Canadian.ParseFEN(fen); err != nil || r != p {
				t.Fatalf("FEN round trip %s: %v", fen, err)
			}
			if got, want := Canadian.HasCapture(&p), wl.N > 0 && !wl.Moves[0].Captured.empty(); got != want {
				t.Fatalf("%s: HasCapture %v, want %v", fen, got, want)
			}
			for i, m := range ml.Slice() {
				w := wl.Moves[i]
				if m.Move128() != w || wideMove(w) != m {
					t.Fatalf("%s: move %d: %+v against %+v", fen, i, m, w)
				}
				if m.Captured.Count() != w.Captured.Count() {
					t.Fatalf("%s: captured set cut: %+v", fen, w)
				}
				after, after128 := p.Play(m), q.Play(w)
				if after != FromBoard128(&after128) {
					t.Fatalf("%s: %s plays differently", fen, Canadian.FormatMove(&p, m))
				}
				text := Canadian.FormatMove(&p, m)
				if text != Canadian128.FormatMove(&q, w) {
					t.Fatalf("%s: %s, Canadian128 writes %s", fen, text, Canadian128.FormatMove(&q, w))
				}
				if r, err := Canadian.ParseMove(&p, text); err != nil || r != m {
					t.Fatalf("%s: ParseMove(%s): %v", fen, text, err)
				}
			}
			if over, _ := Canadian.Outcome(&p, &ml); over {
				break
			}
			p = p.Play(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

// TestWideCounts checks the piece counts and square access above the word.
func TestWideCounts(t *testing.T) {
	p, err := Canadian.ParseFEN("W:WK1,8,72:B66,K71,30")
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsWide() || p.PieceCount(White) != 3 || p.PieceCount(Black) != 3 || p.KingCount(White) != 1 || p.KingCount(Black) != 1 {
		t.Errorf("counts: %d %d %d %d", p.PieceCount(White), p.PieceCount(Black), p.KingCount(White), p.KingCount(Black))
	}
	var got []string
	for n := 1; n <= 72; n++ {
		s, _ := Canadian.Square(n)
		if pc := p.At(s); pc != Empty {
			got = append(got, string("ewbWB"[pc])+Canadian.SquareName(s))
		}
	}
	if want := []string{"W1", "w8", "b30", "b66", "B71", "w72"}; !slices.Equal(got, want) {
		t.Errorf("pieces %v, want %v", got, want)
	}
	for _, bad := range []string{"W:W73:B1", "W:W0:B1", "W:W5,5:B1", "W:Wa1:B1"} {
		if _, err := Canadian.ParseFEN(bad); err == nil {
			t.Errorf("ParseFEN(%q) accepted", bad)
		}
	}
}

// Code that reads positions without the variant must see the squares above
// the word: a quiet move from the last row changes no material (format/pdn
// checks that a start with every piece on them is written as a start).
func TestWideWithoutVariant(t *testing.T) {
	p, err := Canadian.ParseFEN("W:W67,K68:B1,K2")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	Canadian.Generate(&p, &ml)
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if MaterialChanged(&p, &q) {
			t.Errorf("%s: a quiet move changes material", Canadian.FormatMove(&p, m))
		}
	}
}
