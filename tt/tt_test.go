package tt

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
	"unsafe"
)

// sameBucket returns n distinct keys that all map to base's bucket in t.
func sameBucket(t *Table, base uint64, n int) []uint64 {
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = base + uint64(i+1)*(t.mask+1)*0x9e3779b1
	}
	for _, k := range keys {
		if k&t.mask != base&t.mask {
			panic("sameBucket: key in another bucket")
		}
	}
	return keys
}

func TestNewSizes(t *testing.T) {
	tests := []struct {
		mb         int
		wantBucket uint64
		wantMB     int
	}{
		{-3, 1, 0},
		{0, 1, 0},
		{1, 1 << 14, 1},
		{2, 1 << 15, 2},
		{3, 1 << 15, 2},
		{5, 1 << 16, 4},
		{16, 1 << 18, 16},
	}
	for _, tc := range tests {
		tab := newTable(tc.mb)
		if got := tab.mask + 1; got != tc.wantBucket {
			t.Errorf("New(%d): %d buckets, want %d", tc.mb, got, tc.wantBucket)
		}
		if got := tab.SizeMB(); got != tc.wantMB {
			t.Errorf("New(%d).SizeMB() = %d, want %d", tc.mb, got, tc.wantMB)
		}
		if a := uintptr(unsafe.Pointer(&tab.words[0])); a%cacheLine != 0 {
			t.Errorf("New(%d): table at %#x not 64-byte aligned", tc.mb, a)
		}
	}
}

func TestResize(t *testing.T) {
	tab := newTable(1)
	tab.Store(42, Entry{Move: 1, Bound: BoundExact})
	tab.Resize(1)
	if _, ok := tab.Probe(42); ok {
		t.Error("same-size Resize kept an entry")
	}
	tab.Store(42, Entry{Move: 1, Bound: BoundExact})
	tab.Resize(4)
	if got := tab.SizeMB(); got != 4 {
		t.Errorf("SizeMB after Resize(4) = %d", got)
	}
	if _, ok := tab.Probe(42); ok {
		t.Error("Resize kept an entry")
	}
	tab.Store(42, Entry{Move: 1, Bound: BoundExact})
	if _, ok := tab.Probe(42); !ok {
		t.Error("resized table does not store")
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		e    Entry
	}{
		{"zero", Entry{}},
		{"typical", Entry{Move: 1234, Score: 57, Eval: 31, Depth: 9, Bound: BoundLower}},
		{"negative", Entry{Move: 7, Score: -300, Eval: -25, Depth: -1, Bound: BoundUpper}},
		{"max", Entry{Move: math.MaxUint16, Score: math.MaxInt16, Eval: math.MaxInt16, Depth: math.MaxInt8, Bound: BoundExact}},
		{"min", Entry{Move: 0, Score: math.MinInt16, Eval: math.MinInt16, Depth: math.MinInt8, Bound: BoundNone}},
		{"mixed1", Entry{Move: math.MaxUint16, Score: math.MinInt16, Eval: math.MaxInt16, Depth: math.MinInt8, Bound: BoundExact}},
		{"mixed2", Entry{Move: 1, Score: math.MaxInt16, Eval: math.MinInt16, Depth: math.MaxInt8, Bound: BoundUpper}},
		{"minus one", Entry{Move: 0x8000, Score: -1, Eval: -1, Depth: -1, Bound: BoundLower}},
	}
	keys := []uint64{0, 1, 0xdeadbeefcafebabe, math.MaxUint64}
	for _, tc := range tests {
		for _, key := range keys {
			// Cover every generation, including the wrap-around.
			tab := newTable(0)
			for g := 0; g < numGenerations+2; g++ {
				tab.Store(key, tc.e)
				got, ok := tab.Probe(key)
				if !ok || got != tc.e {
					t.Fatalf("%s key %#x gen %d: Probe = %+v, %v; want %+v", tc.name, key, tab.gen.Load(), got, ok, tc.e)
				}
				tab.NewSearch()
			}
		}
	}
}

func TestGenerationNeverZero(t *testing.T) {
	tab := newTable(0)
	seen := map[uint32]bool{}
	for range 3 * numGenerations {
		g := tab.gen.Load()
		if g == 0 || g > genMask {
			t.Fatalf("generation %d out of 1..%d", g, genMask)
		}
		seen[g] = true
		tab.NewSearch()
	}
	if len(seen) != numGenerations {
		t.Errorf("saw %d generations, want %d", len(seen), numGenerations)
	}
}

func TestMiss(t *testing.T) {
	tab := newTable(1)
	for _, k := range []uint64{0, 1, 12345, math.MaxUint64} {
		if e, ok := tab.Probe(k); ok {
			t.Errorf("empty table: Probe(%#x) = %+v, found", k, e)
		}
	}
	const key = 0x0123456789abcdef
	tab.Store(key, Entry{Move: 5, Score: 10, Depth: 3, Bound: BoundExact})
	for _, k := range sameBucket(tab, key, 8) {
		if e, ok := tab.Probe(k); ok {
			t.Errorf("Probe(%#x) of never-stored key in stored key's bucket = %+v, found", k, e)
		}
	}
	if _, ok := tab.Probe(key ^ 1<<63); ok {
		t.Error("key differing in one high bit was found")
	}
}

func TestSameBucketKeysKeepTheirData(t *testing.T) {
	tab := newTable(1)
	keys := sameBucket(tab, 77, bucketEntries)
	for i, k := range keys {
		tab.Store(k, Entry{Move: uint16(i + 1), Score: int16(-100 * i), Depth: int8(i), Bound: BoundLower})
	}
	for i, k := range keys {
		want := Entry{Move: uint16(i + 1), Score: int16(-100 * i), Depth: int8(i), Bound: BoundLower}
		if got, ok := tab.Probe(k); !ok || got != want {
			t.Errorf("key %d: Probe = %+v, %v; want %+v", i, got, ok, want)
		}
	}
}

func TestTornEntryRejected(t *testing.T) {
	// A writer replaces key's entry by otherKey's, one word at a time, in
	// either order. Neither half-written state may be returned for either key.
	const key, otherKey = 0xfeedface, 0xfeedface + 0x100
	e := Entry{Move: 1, Score: 2, Depth: 3, Bound: BoundExact}
	other := pack(Entry{Move: 9, Score: 9, Depth: 9, Bound: BoundLower}, 1)
	for _, dataFirst := range []bool{true, false} {
		tab := newTable(0)
		tab.Store(key, e)
		if dataFirst {
			tab.words[1].Store(other)
		} else {
			tab.words[0].Store(otherKey ^ other)
		}
		for _, k := range []uint64{key, otherKey} {
			if got, ok := tab.Probe(k); ok {
				t.Errorf("dataFirst=%v: torn entry returned for %#x: %+v", dataFirst, k, got)
			}
		}
	}
}

func TestSameKeyOverwrite(t *testing.T) {
	tests := []struct {
		name      string
		first     Entry
		newSearch bool
		second    Entry
		want      Entry
	}{
		{
			name:   "zero move keeps old move",
			first:  Entry{Move: 7, Score: 10, Depth: 3, Bound: BoundLower},
			second: Entry{Move: 0, Score: -20, Depth: 5, Bound: BoundUpper},
			want:   Entry{Move: 7, Score: -20, Depth: 5, Bound: BoundUpper},
		},
		{
			name:   "new move at the same depth replaces old move",
			first:  Entry{Move: 7, Depth: 3, Bound: BoundLower},
			second: Entry{Move: 8, Depth: 3, Bound: BoundUpper},
			want:   Entry{Move: 8, Depth: 3, Bound: BoundUpper},
		},
		{
			name:   "deeper result replaces exact",
			first:  Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
			second: Entry{Move: 4, Score: 90, Depth: 13, Bound: BoundLower},
			want:   Entry{Move: 4, Score: 90, Depth: 13, Bound: BoundLower},
		},
		{
			name:   "deep exact survives shallower bound",
			first:  Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
			second: Entry{Move: 4, Score: 90, Depth: 11, Bound: BoundLower},
			want:   Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
		},
		{
			name:   "deep exact survives shallower exact",
			first:  Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
			second: Entry{Move: 4, Score: 90, Depth: 1, Bound: BoundExact},
			want:   Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
		},
		{
			name:   "deep bound survives shallower bound",
			first:  Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundLower},
			second: Entry{Move: 4, Score: 90, Depth: 2, Bound: BoundUpper},
			want:   Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundLower},
		},
		{
			name:      "deep entry of an old search survives, made current",
			first:     Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
			newSearch: true,
			second:    Entry{Move: 4, Score: 90, Depth: 2, Bound: BoundLower},
			want:      Entry{Move: 3, Score: 50, Depth: 12, Bound: BoundExact},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := newTable(0)
			const key = 99
			tab.Store(key, tc.first)
			if tc.newSearch {
				tab.NewSearch()
			}
			tab.Store(key, tc.second)
			if got, ok := tab.Probe(key); !ok || got != tc.want {
				t.Errorf("Probe = %+v, %v; want %+v", got, ok, tc.want)
			}
			// The key must occupy a single slot.
			n := 0
			for i := 0; i < bucketWords; i += 2 {
				if d := tab.words[i+1].Load(); d != 0 && tab.words[i].Load()^d == key {
					n++
				}
			}
			if n != 1 {
				t.Errorf("key occupies %d slots", n)
			}
			// Written or kept, the entry belongs to the current search.
			for i := 0; i < bucketWords; i += 2 {
				if d := tab.words[i+1].Load(); d != 0 && tab.words[i].Load()^d == key && dataGen(d) != uint8(tab.gen.Load()) {
					t.Errorf("generation %d, the current is %d", dataGen(d), tab.gen.Load())
				}
			}
		})
	}
}

func TestReplacementKeepsDeepest(t *testing.T) {
	tab := newTable(1)
	depths := []int8{5, 12, 3, 9, 1, 15, 7, 2, 10, 4, 6}
	keys := sameBucket(tab, 3, len(depths))
	for i, k := range keys {
		tab.Store(k, Entry{Move: uint16(i + 1), Depth: depths[i], Bound: BoundLower})
	}
	// Every store lands, so the bucket holds the latest entry plus the
	// deepest of the others.
	survivors := map[int8]bool{15: true, 12: true, 10: true, 6: true}
	for i, k := range keys {
		e, ok := tab.Probe(k)
		if ok != survivors[depths[i]] {
			t.Errorf("depth %d: found=%v, want %v", depths[i], ok, survivors[depths[i]])
		}
		if ok && (e.Depth != depths[i] || e.Move != uint16(i+1)) {
			t.Errorf("depth %d: got %+v", depths[i], e)
		}
	}
}

func TestReplacementPrefersOldGenerations(t *testing.T) {
	tests := []struct {
		name         string
		oldDepth     int8
		searches     int
		newDepth     int8
		oldSurviving int
	}{
		{"same search keeps deeper", 5, 0, 2, bucketEntries - 1},
		{"one search old replaced", 5, 1, 2, 0},
		{"one search old equal depth replaced", 2, 1, 2, 0},
		{"much deeper old survives one search", 20, 1, 2, bucketEntries - 1},
		{"much deeper old replaced after three", 20, 3, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := newTable(1)
			keys := sameBucket(tab, 11, 2*bucketEntries)
			old, cur := keys[:bucketEntries], keys[bucketEntries:]
			for _, k := range old {
				tab.Store(k, Entry{Depth: tc.oldDepth, Bound: BoundExact})
			}
			for range tc.searches {
				tab.NewSearch()
			}
			for _, k := range cur {
				tab.Store(k, Entry{Depth: tc.newDepth, Bound: BoundExact})
			}
			n := 0
			for _, k := range old {
				if _, ok := tab.Probe(k); ok {
					n++
				}
			}
			if n != tc.oldSurviving {
				t.Errorf("%d old entries survive, want %d", n, tc.oldSurviving)
			}
			if _, ok := tab.Probe(cur[len(cur)-1]); !ok {
				t.Error("latest entry was not stored")
			}
		})
	}
}

func TestHashfull(t *testing.T) {
	tab := newTable(1)
	// Only the sampled buckets need filling.
	fill := func(perBucket int) {
		for b := uint64(0); b < hashfullSample/bucketEntries; b++ {
			for j := range perBucket {
				tab.Store(uint64(j+1)<<40|b, Entry{Depth: 1, Bound: BoundExact})
			}
		}
	}
	if got := tab.Hashfull(); got != 0 {
		t.Errorf("empty: Hashfull = %d", got)
	}
	fill(2)
	if got := tab.Hashfull(); got != 500 {
		t.Errorf("half full: Hashfull = %d, want 500", got)
	}
	fill(4)
	if got := tab.Hashfull(); got != 1000 {
		t.Errorf("full: Hashfull = %d, want 1000", got)
	}
	tab.NewSearch()
	if got := tab.Hashfull(); got != 0 {
		t.Errorf("after NewSearch: Hashfull = %d, want 0", got)
	}
	fill(4)
	tab.Clear()
	if got := tab.Hashfull(); got != 0 {
		t.Errorf("after Clear: Hashfull = %d, want 0", got)
	}

	tiny := newTable(0)
	tiny.Store(1, Entry{Bound: BoundExact})
	if got := tiny.Hashfull(); got != 250 {
		t.Errorf("one-bucket table with one entry: Hashfull = %d, want 250", got)
	}
}

func TestClearParallel(t *testing.T) {
	defer func(n int) { parallelClearWords = n }(parallelClearWords)
	parallelClearWords = 64
	tab := newTable(0)
	tab.alloc(1024)
	for i := range tab.words {
		tab.words[i].Store(uint64(i) + 1)
	}
	tab.Clear()
	for i := range tab.words {
		if tab.words[i].Load() != 0 {
			t.Fatalf("word %d not cleared", i)
		}
	}
}

// entryFor derives every field from the key, so a reader can check that a
// probe returned the data written for that very key.
func entryFor(key uint64) Entry {
	return Entry{
		Move:  uint16(key),
		Score: int16(key >> 20),
		Eval:  int16(key >> 36),
		Depth: int8(key >> 52),
		Bound: Bound(key>>62) & boundMask,
	}
}

func TestConcurrent(t *testing.T) {
	// A tiny table with few keys maximises collisions between writers, so
	// torn writes actually happen and must be rejected.
	tab := newTable(0)
	tab.alloc(4)
	pool := make([]uint64, 64)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range pool {
		pool[i] = r.Uint64()
	}
	const workers = 4
	deadline := time.Now().Add(400 * time.Millisecond)
	var wg sync.WaitGroup
	hits := make([]int, workers)
	bad := make([]int, workers)
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for i := 0; ; i++ {
				if i%256 == 0 && time.Now().After(deadline) {
					return
				}
				k := pool[r.IntN(len(pool))]
				if r.IntN(2) == 0 {
					tab.Store(k, entryFor(k))
					continue
				}
				if e, ok := tab.Probe(k); ok {
					hits[w]++
					if e != entryFor(k) {
						bad[w]++
					}
				}
			}
		})
	}
	wg.Wait()
	totalHits, totalBad := 0, 0
	for w := range workers {
		totalHits += hits[w]
		totalBad += bad[w]
	}
	if totalBad != 0 {
		t.Errorf("%d of %d hits returned another key's data", totalBad, totalHits)
	}
	if totalHits == 0 {
		t.Error("no probe hit; the test checked nothing")
	}
	t.Logf("%d hits checked", totalHits)
}

func TestNoAllocs(t *testing.T) {
	tab := newTable(1)
	e := Entry{Move: 3, Score: -7, Eval: 4, Depth: 6, Bound: BoundLower}
	key := uint64(0x1234567)
	tests := []struct {
		name string
		f    func()
	}{
		{"Store", func() { key += 0x9e3779b97f4a7c15; tab.Store(key, e) }},
		{"Probe", func() { tab.Probe(key) }},
		{"Prefetch", func() { tab.Prefetch(key) }},
	}
	for _, tc := range tests {
		if n := testing.AllocsPerRun(1000, tc.f); n != 0 {
			t.Errorf("%s: %v allocs per run", tc.name, n)
		}
	}
}

func benchKeys() []uint64 {
	keys := make([]uint64, 1<<16)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range keys {
		keys[i] = r.Uint64()
	}
	return keys
}

// BenchmarkProbeStore does one Probe and one Store per op on a 16 MiB table,
// large enough that most accesses miss the CPU caches as in a real search.
func BenchmarkProbeStore(b *testing.B) {
	tab := newTable(16)
	keys := benchKeys()
	for i := 0; b.Loop(); i++ {
		k := keys[i&(len(keys)-1)] + uint64(i>>16)*0x9e3779b97f4a7c15
		e, _ := tab.Probe(k)
		e.Depth++
		e.Bound = BoundLower
		tab.Store(k, e)
	}
}

func BenchmarkProbeStoreParallel(b *testing.B) {
	tab := newTable(16)
	keys := benchKeys()
	b.RunParallel(func(pb *testing.PB) {
		i := rand.IntN(len(keys))
		for pb.Next() {
			k := keys[i&(len(keys)-1)] + uint64(i>>16)*0x9e3779b97f4a7c15
			e, _ := tab.Probe(k)
			e.Depth++
			e.Bound = BoundLower
			tab.Store(k, e)
			i++
		}
	})
}

// newTable is New for the tests whose sizes always fit.
func newTable(megabytes int) *Table {
	t, err := New(megabytes)
	if err != nil {
		panic(err)
	}
	return t
}
