package engine

import (
	"testing"

	"damka/board"
)

// The incremental key equals the key computed from scratch along random
// games, captures, promotions and king moves included, and in Stavropol
// draughts moves of the opponent's pieces.
func TestHashIncremental(t *testing.T) {
	var ml board.MoveList
	for _, v := range append([]*board.Variant{board.Stavropol}, testVariants...) {
		for seed := uint64(1); seed <= 20; seed++ {
			game := randomGame(v, 200, seed)
			for _, p := range game {
				h := hashPosition(&p)
				v.Generate(&p, &ml)
				for _, m := range ml.Slice() {
					q := p.Play(m)
					if got, want := hashMove(h, &p, m), hashPosition(&q); got != want {
						t.Fatalf("%s %s move %v: incremental %x, scratch %x", v.Name, v.FEN(&p), m, got, want)
					}
				}
			}
		}
	}
}

func TestHashSideToMove(t *testing.T) {
	p := board.International.Start()
	q := p
	q.Side ^= 1
	if hashPosition(&p) == hashPosition(&q) {
		t.Error("the key ignores the side to move")
	}
}

// BenchmarkHash compares the two ways of keeping the key: from scratch per
// node, and the incremental update per move that the search uses.
func BenchmarkHash(b *testing.B) {
	v := board.International
	var ps []board.Position
	var ms []board.Move
	var ml board.MoveList
	for seed := uint64(1); seed <= 8; seed++ {
		for _, p := range randomGame(v, 60, seed) {
			v.Generate(&p, &ml)
			for _, m := range ml.Slice() {
				ps, ms = append(ps, p), append(ms, m)
			}
		}
	}
	b.Run("scratch", func(b *testing.B) {
		var h uint64
		for i := 0; b.Loop(); i++ {
			q := ps[i%len(ps)].Play(ms[i%len(ms)])
			h ^= hashPosition(&q)
		}
		_ = h
	})
	b.Run("incremental", func(b *testing.B) {
		var h uint64
		for i := 0; b.Loop(); i++ {
			j := i % len(ps)
			h = hashMove(h, &ps[j], ms[j])
		}
		_ = h
	})
}

// Frisian positions that differ only in the count of moves made with one
// king have different legal moves, so they must have different keys; in
// the other variants the run key is zero.
func TestRunKey(t *testing.T) {
	v := board.Frisian
	a, err := v.ParseFEN("W:W28,K46:B5")
	if err != nil {
		t.Fatal(err)
	}
	b, err := v.ParseFEN("W:W28,K46:B5:KW46/3")
	if err != nil {
		t.Fatal(err)
	}
	if hashPosition(&a) != hashPosition(&b) {
		t.Fatal("the board part of the keys should agree")
	}
	if runKey(&a) == runKey(&b) {
		t.Error("different king-move counts give the same key")
	}
	p := board.International.Start()
	if runKey(&p) != 0 {
		t.Error("run key of an International position is not zero")
	}
}
