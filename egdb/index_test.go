package egdb

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// Every valid index decodes to a position of the slice's material that
// encodes back to the same index, and the mirror in dense squares is
// board.Position.Mirror.
func TestIndexRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []*board.Variant{board.International, board.Russian} {
		x, err := newGeometry(v.Geo)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range Materials(v, 5) {
			ix := newIndexer(x, m)
			invalid := 0
			for k := 0; k < 300; k++ {
				i := rng.Uint64N(ix.size)
				if k < 2 {
					i = uint64(k) * (ix.size - 1) // both ends
				}
				d, ok := ix.position(i)
				if !ok {
					invalid++
					continue
				}
				if got := d.material(); got != m {
					t.Fatalf("%s %s index %d: material %s", v.Name, m, i, got)
				}
				j, ok := ix.index(d)
				if !ok || j != i {
					t.Fatalf("%s %s: index %d decodes and encodes to %d (ok=%v)", v.Name, m, i, j, ok)
				}
				p := x.position(d)
				if w := p.Board64(); w.Men(board.White)&v.Geo.Promotion[board.White] != 0 || w.Men(board.Black)&v.Geo.Promotion[board.Black] != 0 {
					t.Fatalf("%s %s: man on its promotion row in %s", v.Name, m, v.FEN(&p))
				}
				q := p.Mirror(v.Geo)
				if x.canonical(&q) != d {
					t.Fatalf("%s %s: the mirror of %s does not map back to it", v.Name, m, v.FEN(&p))
				}
				q.Side = board.White // read q's squares as they are
				if got, want := x.canonical(&q), x.mirror(d); got != want {
					t.Fatalf("%s %s: dense mirror differs from Position.Mirror for %s", v.Name, m, v.FEN(&p))
				}
				if back := x.canonical(&p); back != d {
					t.Fatalf("%s %s: canonical(position(d)) != d", v.Name, m)
				}
			}
			if invalid > 150 {
				t.Errorf("%s %s: %d of 300 random indexes invalid: the index wastes too much", v.Name, m, invalid)
			}
		}
	}
}

func TestMaterialNames(t *testing.T) {
	for _, m := range Materials(board.Russian, 6) {
		got, err := ParseMaterial(m.String())
		if err != nil || got != m {
			t.Errorf("%s parses as %v, %v", m, got, err)
		}
	}
	for _, bad := range []string{"", "2k", "2k-", "k-1k", "2x-1k", "1k1m-1k", "1k2k-1k", "123k-1k"} {
		if _, err := ParseMaterial(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if s := (Material{WM: 1, WK: 1, BM: 2}).String(); s != "1m1k-2m" {
		t.Errorf("got %s", s)
	}
}

// Materials lists every slice after the slices it depends on, mirror twins
// side by side.
func TestBuildOrder(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		ms := Materials(v, 5)
		pos := map[Material]int{}
		for i, m := range ms {
			pos[m] = i
		}
		for i, m := range ms {
			for _, d := range Dependencies(v, m) {
				if pos[d] >= i && d.canonical() != m.canonical() {
					t.Errorf("%s: %s listed before its dependency %s", v.Name, m, d)
				}
				if Wave(v, d) >= Wave(v, m) {
					t.Errorf("%s: %s wave %d, dependency %s wave %d", v.Name, m, Wave(v, m), d, Wave(v, d))
				}
			}
			if m.canonical() != m && (i == 0 || ms[i-1] != m.canonical()) {
				t.Errorf("%s: %s not right after its twin", v.Name, m)
			}
		}
	}
}
