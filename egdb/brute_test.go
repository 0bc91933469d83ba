package egdb

import (
	"context"
	"testing"

	"damka/board"
)

// The brute-force solver below is deliberately independent of the package:
// it uses only board (no indexing, no colour mirroring, no
// un-moves). It lists every position with at most n pieces and either side
// to move, links each to its children with Generate and Play, and labels
// them by distance the textbook way: level 0 is every position without a
// move (lost), a position is won at level k if some child is lost at k-1,
// lost at level k if every child is won and the slowest at k-1; what is
// never labelled is a draw. (Labels of one level are applied together at
// its end, so a level only reads labels of earlier levels.)
type brute struct {
	index map[board.Position]int32
	pos   []board.Position
	first []int32 // children of i: kids[first[i]:first[i+1]]
	kids  []int32
	val   []int8 // +1 win, -1 loss, 0 draw
	dist  []int16
}

func enumerate(v *board.Variant, n int, emit func(board.Position)) {
	g := v.Geo
	pieces := [4]board.Piece{board.WhiteMan, board.BlackMan, board.WhiteKing, board.BlackKing}
	var rec func(from, left int, p board.Position)
	rec = func(from, left int, p board.Position) {
		for _, side := range [2]board.Color{board.White, board.Black} {
			p.Side = side
			emit(p)
		}
		if left == 0 {
			return
		}
		for n := from; n <= g.Squares; n++ {
			s, _ := g.Bit(n)
			for _, pc := range pieces {
				if pc == board.WhiteMan && g.Promotion[board.White].Has(s) ||
					pc == board.BlackMan && g.Promotion[board.Black].Has(s) {
					continue
				}
				q := p
				q.Put(s, pc)
				rec(n+1, left-1, q)
			}
		}
	}
	rec(1, n, board.Position{})
}

func solveBrute(t testing.TB, v *board.Variant, n int) *brute {
	b := &brute{index: map[board.Position]int32{}}
	enumerate(v, n, func(p board.Position) {
		b.index[p] = int32(len(b.pos))
		b.pos = append(b.pos, p)
	})
	var ml board.MoveList
	b.first = make([]int32, 0, len(b.pos)+1)
	for _, p := range b.pos {
		b.first = append(b.first, int32(len(b.kids)))
		v.Generate(&p, &ml)
		for _, m := range ml.Slice() {
			c := p.Play(m)
			k, ok := b.index[c]
			if !ok {
				t.Fatalf("child %s of %s not enumerated", v.FEN(&c), v.FEN(&p))
			}
			b.kids = append(b.kids, k)
		}
	}
	b.first = append(b.first, int32(len(b.kids)))
	b.val = make([]int8, len(b.pos))
	b.dist = make([]int16, len(b.pos))
	known := make([]bool, len(b.pos))
	// Parents (the graph reversed), so that level k only looks at the
	// positions with a child labelled at level k-1: nothing else can be
	// labelled at level k.
	pfirst := make([]int32, len(b.pos)+1)
	for _, c := range b.kids {
		pfirst[c+1]++
	}
	for i := range b.pos {
		pfirst[i+1] += pfirst[i]
	}
	parents := make([]int32, len(b.kids))
	fill := append([]int32(nil), pfirst[:len(b.pos)]...)
	for i := range b.pos {
		for _, c := range b.kids[b.first[i]:b.first[i+1]] {
			parents[fill[c]] = int32(i)
			fill[c]++
		}
	}
	var last []int32
	for i := range b.pos {
		if b.first[i] == b.first[i+1] {
			b.val[i], known[i] = -1, true
			last = append(last, int32(i))
		}
	}
	type label struct {
		i    int32
		val  int8
		dist int16
	}
	seen := make([]int16, len(b.pos))
	for k := int16(1); len(last) > 0; k++ {
		var got []label
		for _, c := range last {
			for _, i := range parents[pfirst[c]:pfirst[c+1]] {
				if known[i] || seen[i] == k {
					continue
				}
				seen[i] = k
				win, allWon, slowest := false, true, int16(-1)
				for _, c := range b.kids[b.first[i]:b.first[i+1]] {
					switch {
					case !known[c]:
						allWon = false
					case b.val[c] == -1 && b.dist[c] == k-1:
						win = true
					case b.val[c] == 1:
						slowest = max(slowest, b.dist[c])
					default:
						allWon = false
					}
				}
				switch {
				case win:
					got = append(got, label{i, 1, k})
				case allWon && slowest == k-1:
					got = append(got, label{i, -1, k})
				}
			}
		}
		last = last[:0]
		for _, l := range got {
			b.val[l.i], b.dist[l.i], known[l.i] = l.val, l.dist, true
			last = append(last, l.i)
		}
	}
	return b
}

func (b *brute) result(i int) Result {
	switch b.val[i] {
	case 1:
		return Result{Win, int(b.dist[i])}
	case -1:
		return Result{Loss, int(b.dist[i])}
	}
	return Result{Draw, -1}
}

// compareAll checks every position with pieces on both sides against db.
func compareAll(t *testing.T, v *board.Variant, b *brute, db *DB, withDist bool) {
	t.Helper()
	checked, bad := 0, 0
	for i, p := range b.pos {
		if p.PieceCount(board.White) == 0 || p.PieceCount(board.Black) == 0 {
			continue
		}
		want := b.result(i)
		got, ok := db.Probe(&p)
		if !withDist && got.Dist < 0 {
			// Values only: a distance is known only where the capture
			// search reaches the end of the game.
			want.Dist = -1
		}
		if !ok || got != want {
			if bad++; bad <= 10 {
				t.Errorf("%s %s: probe %v (ok=%v), brute force %v", v.Name, v.FEN(&p), got, ok, want)
			}
		}
		checked++
	}
	if bad > 0 {
		t.Fatalf("%s: %d of %d positions differ", v.Name, bad, checked)
	}
	t.Logf("%s: all %d positions agree with brute force", v.Name, checked)
}

func buildFor(t testing.TB, v *board.Variant, n int, dir string, distPieces int) *DB {
	t.Helper()
	if _, err := Build(context.Background(), BuildOptions{Variant: v, Dir: dir, Pieces: n, Threads: 2, MemoryMB: 256, DistPieces: distPieces}); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestBruteForce(t *testing.T) {
	cases := []struct {
		v *board.Variant
		n int
	}{{board.Russian, 2}, {board.International, 2}, {board.Russian, 3}, {board.International, 3}}
	for _, c := range cases {
		if testing.Short() && c.n == 3 && c.v == board.International {
			continue // 2.5 million positions: too slow under -race
		}
		b := solveBrute(t, c.v, c.n)
		var db *DB
		if c.v == board.Russian && c.n == 3 {
			db = openSmall(t)
		} else {
			db = buildFor(t, c.v, c.n, t.TempDir(), 0)
		}
		compareAll(t, c.v, b, db, true)
		if err := Verify(db, 2, nil); err != nil {
			t.Error(err)
		}
	}
}

// The value-only encoding (used above DistPieces) against brute force
// (against the tables with distances in short mode).
func TestBruteForceWDL(t *testing.T) {
	db := buildFor(t, board.Russian, 3, t.TempDir(), -1)
	if testing.Short() {
		ref := openSmall(t)
		k := 0
		enumerate(board.Russian, 3, func(p board.Position) {
			if k++; k%7 == 0 && p.PieceCount(0) != 0 && p.PieceCount(1) != 0 {
				a, _ := db.Probe(&p)
				r, _ := ref.Probe(&p)
				if a.Value != r.Value || a.Dist >= 0 && a.Dist != r.Dist {
					t.Fatalf("%s: %v, with distances %v", board.Russian.FEN(&p), a, r)
				}
			}
		})
	} else {
		compareAll(t, board.Russian, solveBrute(t, board.Russian, 3), db, false)
	}
	if err := Verify(db, 2, nil); err != nil {
		t.Error(err)
	}
}

// The embedded tables agree with brute force up to 3 pieces, open without
// complaint, and a sample of their larger slices passes verification.
func TestEmbedded(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		db, err := OpenEmbedded(v)
		if err != nil {
			t.Fatal(err)
		}
		if db.MaxPieces() < 3 {
			t.Fatalf("%s: embedded tables reach %d pieces only", v.Name, db.MaxPieces())
		}
		if !testing.Short() || v == board.Russian {
			compareAll(t, v, solveBrute(t, v, 3), db, true)
		}
		var ml board.MoveList
		for _, t2 := range db.tables {
			if t2.hdr.material.Pieces() <= 3 {
				continue
			}
			step := max(t2.hdr.positions/500, 1)
			for i := uint64(0); i < t2.hdr.positions; i += step {
				msg, err := db.verifyOne(t2, i, &ml)
				if err != nil || msg != "" {
					t.Fatalf("%s: %v %s", t2.name, err, msg)
				}
			}
		}
	}
}

// Every other variant the tables support (short kings, men that capture
// forward only, men that spare kings, the 10x8 board, ...) against brute
// force: this also checks that colour reversal is valid for each, since the
// brute force never mirrors. Three pieces, two in short mode.
func TestBruteForceOtherVariants(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 2
	}
	for _, v := range board.Variants() {
		if Supported(v) != nil || v == board.International || v == board.Russian {
			continue
		}
		compareAll(t, v, solveBrute(t, v, n), buildFor(t, v, n, t.TempDir(), 0), true)
	}
}
