package board

import (
	"math/rand"
	"testing"
)

// A naive Armenian draughts (tama) move generator on an 8x8 array, written
// from the rules text apart from the removal generator, sharing nothing
// with it but Position, Move and the square numbering: the reference that
// tama, which has no published perft counts, is checked against
// (TestTamaNaive). The rules: men step forwards, diagonally forwards or
// sideways; kings move like chess queens; men capture forwards or
// sideways over an adjacent piece, kings along rows and files over any
// distance, landing on any empty square behind; taken pieces leave the
// board at once; no 180-degree turn between two jumps; the most pieces
// must be taken; a man is crowned where its move ends on the far row.

// tamaBoard is the position as pieces by file and rank (0-based, a1 =
// [0][0]).
type tamaBoard [8][8]Piece

var (
	tamaOrth = [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}
	tamaDiag = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
)

func tamaOf(p *Position) (b tamaBoard) {
	g := Board8x8Full
	for s := p.Occupied(); s != 0; s &= s - 1 {
		f, r := g.FileRank(s.First())
		b[f][r] = p.At(s.First())
	}
	return b
}

func tamaSquare(f, r int) Square {
	s, _ := Board8x8Full.At(f, r)
	return s
}

// tamaGen collects the captures of one side; b changes during a route,
// taken pieces and the moving piece's origin being emptied.
type tamaGen struct {
	b     tamaBoard
	c     Color
	fwd   int // White's forward is rank +1
	far   int // the rank that crowns
	from  Square
	king  bool
	most  int
	moves map[Move]bool
}

func (g *tamaGen) enemy(f, r int) bool {
	pc := g.b[f][r]
	return pc != Empty && naiveColor(pc) != g.c
}

// jump extends a capture route standing on (f, r) after n pieces taken,
// the last jump in direction last (-1 before the first).
func (g *tamaGen) jump(f, r int, taken Bitboard, n, last int) {
	ended := true
	for d, dir := range tamaOrth {
		dx, dy := dir[0], dir[1]
		if !g.king && dy == -g.fwd {
			continue // men never capture backwards
		}
		if last >= 0 && dx == -tamaOrth[last][0] && dy == -tamaOrth[last][1] {
			continue // no turning back
		}
		x, y := f+dx, r+dy
		if g.king {
			for naiveOn(x, y) && g.b[x][y] == Empty {
				x, y = x+dx, y+dy
			}
		}
		if !naiveOn(x, y) || !g.enemy(x, y) {
			continue
		}
		ex, ey := x, y
		for lx, ly := ex+dx, ey+dy; naiveOn(lx, ly) && g.b[lx][ly] == Empty; lx, ly = lx+dx, ly+dy {
			ended = false
			pc := g.b[ex][ey]
			g.b[ex][ey] = Empty
			g.jump(lx, ly, taken|tamaSquare(ex, ey).Bit(), n+1, d)
			g.b[ex][ey] = pc
			if !g.king {
				break // a man lands right behind
			}
		}
	}
	if ended && n > 0 {
		if n > g.most {
			g.most = n
			clear(g.moves)
		}
		if n == g.most {
			g.moves[Move{From: g.from, To: tamaSquare(f, r), Captured: taken, Promote: !g.king && r == g.far}] = true
		}
	}
}

// tamaMoves returns the legal moves of side c on b.
func tamaMoves(b *tamaBoard, c Color) map[Move]bool {
	g := tamaGen{c: c, fwd: 1, far: 7, moves: map[Move]bool{}}
	if c == Black {
		g.fwd, g.far = -1, 0
	}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			pc := b[f][r]
			if pc == Empty || naiveColor(pc) != c {
				continue
			}
			g.b = *b
			g.b[f][r] = Empty
			g.from, g.king = tamaSquare(f, r), naiveKing(pc)
			g.jump(f, r, 0, 0, -1)
		}
	}
	if len(g.moves) > 0 {
		return g.moves
	}
	out := map[Move]bool{}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			pc := b[f][r]
			if pc == Empty || naiveColor(pc) != c {
				continue
			}
			from := tamaSquare(f, r)
			for _, dir := range append(tamaOrth[:], tamaDiag[:]...) {
				dx, dy := dir[0], dir[1]
				if !naiveKing(pc) && dy == -g.fwd {
					continue
				}
				for x, y := f+dx, r+dy; naiveOn(x, y) && b[x][y] == Empty; x, y = x+dx, y+dy {
					out[Move{From: from, To: tamaSquare(x, y), Promote: !naiveKing(pc) && y == g.far}] = true
					if !naiveKing(pc) {
						break
					}
				}
			}
		}
	}
	return out
}

// tamaCompare checks that Tama and the naive generator give p the same
// moves, leaving them in ml, and with plays that each move leaves the same
// board (the tree's last ply skips it: it is most of the test's time).
func tamaCompare(t *testing.T, p *Position, ml *MoveList, plays bool) {
	t.Helper()
	Tama.Generate(p, ml)
	b := tamaOf(p)
	want := tamaMoves(&b, p.Side)
	got := map[Move]bool{}
	for _, m := range ml.Slice() {
		got[m] = true
		if !plays {
			continue
		}
		if q := p.Play(m); tamaOf(&q) != tamaBoard(naivePlay(Board8x8Full, b, m)) {
			t.Fatalf("%s: %s plays differently", Tama.FEN(p), Tama.FormatMove(p, m))
		}
	}
	if len(got) != ml.N || len(got) != len(want) {
		t.Fatalf("%s: %d moves (%d distinct), naive %d", Tama.FEN(p), ml.N, len(got), len(want))
	}
	for m := range want {
		if !got[m] {
			t.Fatalf("%s: the naive generator has %+v, Generate has not", Tama.FEN(p), m)
		}
	}
	if n := Tama.Count(p, new(MoveList), false); n != ml.N {
		t.Fatalf("%s: Count %d, Generate %d", Tama.FEN(p), n, ml.N)
	}
	if Tama.HasCapture(p) != (ml.N > 0 && ml.Moves[0].IsCapture()) {
		t.Fatalf("%s: HasCapture disagrees with the moves", Tama.FEN(p))
	}
	if !Tama.HasCapture(p) && Tama.HasQuietMove(p) != (ml.N > 0) {
		t.Fatalf("%s: HasQuietMove disagrees with the moves", Tama.FEN(p))
	}
}

// tamaWalk compares every position of the tree of depth plies below p and
// returns its leaf count.
func tamaWalk(t *testing.T, p Position, depth int) uint64 {
	var ml MoveList
	tamaCompare(t, &p, &ml, depth > 1)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Slice() {
		n += tamaWalk(t, p.Play(m), depth-1)
	}
	return n
}

// TestTamaNaive walks the tree from the start, comparing every position's
// moves and every move's result with the naive generator, then does the
// same along random games, which reach kings and long captures.
func TestTamaNaive(t *testing.T) {
	depth, want, games := 5, uint64(6280482), 300
	if testing.Short() {
		depth, want, games = 4, 268670, 50
	}
	if n := tamaWalk(t, Tama.Start(), depth); n != want {
		t.Errorf("start depth %d: %d leaves, want %d", depth, n, want)
	}
	rng := rand.New(rand.NewSource(18))
	var ml MoveList
	kings, captures := 0, 0
	for range games {
		p := Tama.Start()
		for ply := 0; ply < 300; ply++ {
			tamaCompare(t, &p, &ml, true)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.Intn(ml.N)]
			if m.IsCapture() {
				captures++
			}
			p = p.Play(m)
			if p.kings != 0 {
				kings++
			}
		}
	}
	// The random games must reach what the start tree does not.
	if kings == 0 || captures == 0 {
		t.Errorf("random games reached %d positions with kings, %d captures", kings, captures)
	}
}
