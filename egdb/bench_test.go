package egdb

import (
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"testing"

	"damka/board"
)

// randomPositions draws positions of the slices of db with exactly n
// pieces, either side to move; quiet says whether to keep only positions
// without a capture pending (stored) or only those with one (searched).
func randomPositions(db *DB, n, count int, quiet bool, seed uint64) []board.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var ms []Material
	for _, m := range Materials(db.v, n) {
		if m.Pieces() == n && db.has(m) {
			ms = append(ms, m)
		}
	}
	var out []board.Position
	for tries := 0; len(out) < count && tries < 100*count && len(ms) > 0; tries++ {
		ix := newIndexer(db.x, ms[rng.IntN(len(ms))])
		d, ok := ix.position(rng.Uint64N(ix.size))
		if !ok {
			continue
		}
		p := db.x.position(d)
		if rng.IntN(2) == 1 {
			p = p.Mirror(db.v.Geo)
		}
		if db.v.HasCapture(&p) != quiet {
			out = append(out, p)
		}
	}
	return out
}

func embeddedOrSkip(tb testing.TB, v *board.Variant, opt Options) *DB {
	db, err := OpenEmbeddedWith(v, opt)
	if err != nil {
		tb.Fatal(err)
	}
	if db.MaxPieces() < 4 {
		tb.Skipf("no embedded 4-piece %s tables", v.Name)
	}
	return db
}

// A probe served from cached blocks allocates nothing, with or without a
// capture search.
func TestProbeNoAlloc(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		db := embeddedOrSkip(t, v, Options{})
		for _, quiet := range []bool{true, false} {
			ps := randomPositions(db, 4, 64, quiet, 1)
			for i := range ps {
				if _, ok := db.Probe(&ps[i]); !ok {
					t.Fatalf("%s: %s not found", v.Name, v.FEN(&ps[i]))
				}
			}
			k := 0
			allocs := testing.AllocsPerRun(200, func() {
				db.Probe(&ps[k%len(ps)])
				k++
			})
			if allocs != 0 {
				t.Errorf("%s quiet=%v: %v allocations per cached probe", v.Name, quiet, allocs)
			}
		}
	}
}

func benchProbe(b *testing.B, db *DB, ps []board.Position) {
	for i := range ps {
		db.Probe(&ps[i])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := db.Probe(&ps[i%len(ps)]); !ok {
			b.Fatal("miss")
		}
	}
	b.StopTimer()
	s := db.Stats()
	b.ReportMetric(float64(s.CacheMisses)/float64(s.CacheHits+s.CacheMisses), "miss-rate")
}

// Cached: 4-piece International positions without captures, all blocks in
// the cache.
func BenchmarkProbeCached(b *testing.B) {
	db := embeddedOrSkip(b, board.International, Options{})
	benchProbe(b, db, randomPositions(db, 4, 4096, true, 2))
}

// Cached, positions with a capture pending: a small search into the
// 3-piece slices.
func BenchmarkProbeCachedCapture(b *testing.B) {
	db := embeddedOrSkip(b, board.International, Options{})
	benchProbe(b, db, randomPositions(db, 4, 4096, false, 3))
}

// Uncached: a cache of 4 blocks, so nearly every probe decodes a 16 KiB
// block, read from a memory-mapped file.
func BenchmarkProbeUncached(b *testing.B) {
	dir := b.TempDir()
	for _, name := range embeddedNames(board.International) {
		data, err := embedded.ReadFile(path.Join("tables", name))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	db, err := OpenWith(dir, board.International, Options{CacheBytes: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if db.MaxPieces() < 4 {
		b.Skip("no embedded 4-piece tables")
	}
	benchProbe(b, db, randomPositions(db, 4, 4096, true, 4))
}
