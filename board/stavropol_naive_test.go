package board

import (
	"math/rand"
	"testing"
)

// A naive Stavropol move generator on an 8x8 array, written apart from the
// bitboard generators and sharing nothing with them but Position and Move:
// the reference that Stavropol, which has no published perft counts, is
// checked against (TestStavropolNaive).

// naiveBoard is the position as pieces by file and rank (0-based, a1 =
// [0][0]).
type naiveBoard [8][8]Piece

var naiveDirs = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func naiveOf(p *Position) (b naiveBoard) {
	g := Board8x8
	for s := p.Occupied(); s != 0; s &= s - 1 {
		f, r := g.FileRank(s.First())
		b[f][r] = p.At(s.First())
	}
	return b
}

func naiveColor(pc Piece) Color { return Color((pc - 1) & 1) }

func naiveKing(pc Piece) bool { return pc >= WhiteKing }

func naiveOn(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func naiveSquare(f, r int) Square {
	s, _ := Board8x8.At(f, r)
	return s
}

// naiveGen collects the moves of one colour's pieces.
type naiveGen struct {
	b        *naiveBoard
	c        Color
	fromF    int // the moving piece's origin, empty during its capture
	fromR    int
	fromKing bool
	moves    map[Move]bool
}

// empty reports an empty square; the origin of the capturing piece is one.
func (n *naiveGen) empty(f, r int) bool {
	return n.b[f][r] == Empty || (f == n.fromF && r == n.fromR)
}

// enemy reports a piece of the other colour that the capture has not
// taken yet (taken: the captured squares so far).
func (n *naiveGen) enemy(f, r int, taken Bitboard) bool {
	pc := n.b[f][r]
	return pc != Empty && naiveColor(pc) != n.c && !taken.Has(naiveSquare(f, r)) && !(f == n.fromF && r == n.fromR)
}

// capture goes on from (f, r) after the pieces taken; king tells whether
// the piece moves as a king now.
func (n *naiveGen) capture(f, r int, taken Bitboard, king bool) {
	found := false
	for _, d := range naiveDirs {
		if !king {
			mf, mr, lf, lr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
			if !naiveOn(lf, lr) || !n.enemy(mf, mr, taken) || !n.empty(lf, lr) {
				continue
			}
			found = true
			crowned := lr == 7*int(1-n.c) // White's last rank is 7, Black's 0
			n.capture(lf, lr, taken|naiveSquare(mf, mr).Bit(), crowned)
			continue
		}
		tf, tr := f+d[0], r+d[1]
		for naiveOn(tf, tr) && n.empty(tf, tr) {
			tf, tr = tf+d[0], tr+d[1]
		}
		if !naiveOn(tf, tr) || !n.enemy(tf, tr, taken) {
			continue
		}
		var lands [][2]int
		for lf, lr := tf+d[0], tr+d[1]; naiveOn(lf, lr) && n.empty(lf, lr); lf, lr = lf+d[0], lr+d[1] {
			lands = append(lands, [2]int{lf, lr})
		}
		if len(lands) == 0 {
			continue
		}
		found = true
		now := taken | naiveSquare(tf, tr).Bit()
		var cont [][2]int
		for _, l := range lands {
			if n.kingCanCapture(l[0], l[1], now) {
				cont = append(cont, l)
			}
		}
		if len(cont) == 0 {
			for _, l := range lands {
				n.record(l[0], l[1], now, true)
			}
			continue
		}
		for _, l := range cont {
			n.capture(l[0], l[1], now, true)
		}
	}
	if !found && taken != 0 {
		n.record(f, r, taken, king)
	}
}

func (n *naiveGen) kingCanCapture(f, r int, taken Bitboard) bool {
	for _, d := range naiveDirs {
		tf, tr := f+d[0], r+d[1]
		for naiveOn(tf, tr) && n.empty(tf, tr) {
			tf, tr = tf+d[0], tr+d[1]
		}
		if naiveOn(tf, tr) && n.enemy(tf, tr, taken) && naiveOn(tf+d[0], tr+d[1]) && n.empty(tf+d[0], tr+d[1]) {
			return true
		}
	}
	return false
}

func (n *naiveGen) record(f, r int, taken Bitboard, king bool) {
	m := Move{From: naiveSquare(n.fromF, n.fromR), To: naiveSquare(f, r), Captured: taken, Promote: king && !n.fromKing}
	n.moves[m] = true
}

// naiveMoves returns the Stavropol moves of b: the captures of both
// colours if there are any, else the quiet moves of both; none once a
// colour has no pieces.
func naiveMoves(b *naiveBoard) map[Move]bool {
	var count [2]int
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if pc := b[f][r]; pc != Empty {
				count[naiveColor(pc)]++
			}
		}
	}
	out := map[Move]bool{}
	if count[White] == 0 || count[Black] == 0 {
		return out
	}
	for _, quiet := range []bool{false, true} {
		for f := 0; f < 8; f++ {
			for r := 0; r < 8; r++ {
				pc := b[f][r]
				if pc == Empty {
					continue
				}
				n := naiveGen{b: b, c: naiveColor(pc), fromF: f, fromR: r, fromKing: naiveKing(pc), moves: out}
				if !quiet {
					n.capture(f, r, 0, n.fromKing)
					continue
				}
				for _, d := range naiveDirs {
					forward := d[1] == 1-2*int(n.c)
					if !n.fromKing && !forward {
						continue
					}
					for tf, tr := f+d[0], r+d[1]; naiveOn(tf, tr) && b[tf][tr] == Empty; tf, tr = tf+d[0], tr+d[1] {
						n.record(tf, tr, 0, n.fromKing || tr == 7*int(1-n.c))
						if !n.fromKing {
							break
						}
					}
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return out
}

// naivePlay plays m on b, an 8x8 array of the squares of geometry g (the
// naive generators of Stavropol and tama share it).
func naivePlay(g *Geometry, b [8][8]Piece, m Move) [8][8]Piece {
	ff, fr := g.FileRank(m.From)
	tf, tr := g.FileRank(m.To)
	pc := b[ff][fr]
	b[ff][fr] = Empty
	for c := m.Captured; c != 0; c &= c - 1 {
		f, r := g.FileRank(c.First())
		b[f][r] = Empty
	}
	if m.Promote {
		pc = WhiteKing + Piece(naiveColor(pc))
	}
	b[tf][tr] = pc
	return b
}

// naiveWalk compares the legal moves of Stavropol and of the naive
// generator in every position of the tree of depth plies below p, and
// returns its leaf count.
func naiveWalk(t *testing.T, p Position, depth int) uint64 {
	var ml MoveList
	Stavropol.Generate(&p, &ml)
	b := naiveOf(&p)
	want := naiveMoves(&b)
	got := map[Move]bool{}
	for _, m := range ml.Slice() {
		got[m] = true
	}
	if len(got) != ml.N || len(got) != len(want) {
		t.Fatalf("%s: %d moves (%d distinct), naive %d", Stavropol.FEN(&p), ml.N, len(got), len(want))
	}
	for m := range want {
		if !got[m] {
			t.Fatalf("%s: the naive generator has %+v, Generate has not", Stavropol.FEN(&p), m)
		}
	}
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if naiveOf(&q) != naiveBoard(naivePlay(Board8x8, naiveOf(&p), m)) {
			t.Fatalf("%s: %s plays differently", Stavropol.FEN(&p), Stavropol.FormatMove(&p, m))
		}
		n += naiveWalk(t, q, depth-1)
	}
	return n
}

// TestStavropolNaive walks move trees from the start and from positions
// with kings of both colours, comparing every position's moves and every
// move's result with the naive generator.
func TestStavropolNaive(t *testing.T) {
	jobs := []struct {
		fen   string
		depth int
		want  uint64
	}{
		{"W:W21-32:B1-12", 5, 253946},
		{"W:WKd8:Bb6,Kc3,e3,e7,g3", 3, 0},
		{"W:Wd2,g3,Ka1:Bc3,e7,Kh8", 3, 0},
		{"B:Wa3,c3,e3,Kg1:Bb6,d6,f6,Kd8", 3, 0},
		{"W:Wb6,c3,f4:Bc7,g5,Ke1,a3", 3, 0},
	}
	if testing.Short() {
		jobs[0].depth, jobs[0].want = 4, 25916
	}
	for _, j := range jobs {
		n := naiveWalk(t, fenForTest(t, Stavropol, j.fen), j.depth)
		if j.want != 0 && n != j.want {
			t.Errorf("%s depth %d: %d leaves, want %d", j.fen, j.depth, n, j.want)
		}
	}
	// Random placements: one ply each.
	rng := rand.New(rand.NewSource(4))
	for _, p := range randomStavropol(rng) {
		naiveWalk(t, p, 1)
	}
}
