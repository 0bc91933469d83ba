// Package tt is a lock-free transposition table shared by the search
// goroutines of a Lazy SMP search.
//
// Entries are two 64-bit words, key^data and data (Hyatt's lockless
// hashing). Writers store the two words with independent atomic stores and
// readers load them the same way, so a reader racing a writer may see one
// word of the old entry and one of the new. Such a torn pair fails the
// key^data check and is treated as a miss, so probes never return data that
// belongs to another position, and no locks are needed.
package tt

import (
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

const (
	bucketEntries = 4
	bucketWords   = 2 * bucketEntries // 8 words = 64 bytes = one cache line
	bucketBytes   = 8 * bucketWords
	cacheLine     = 64

	// ageWeight is how many plies of depth one generation of age is worth
	// when choosing a victim, so entries of earlier searches go first
	// unless they are far deeper.
	ageWeight = 8

	// hashfullSample is the number of entries Hashfull looks at.
	hashfullSample = 1000
)

// parallelClearWords is the table size from which Clear uses several
// goroutines; a variable so that tests can reach that path cheaply.
var parallelClearWords = 1 << 20

// Table is safe for concurrent Probe, Store, Prefetch and Hashfull calls.
// New, Resize, Clear and NewSearch must not run concurrently with searches.
type Table struct {
	words []atomic.Uint64 // numBuckets*bucketWords words, 64-byte aligned
	mem   *region         // owns words
	mask  uint64          // numBuckets-1
	gen   atomic.Uint32   // current generation, 1..63
}

// New returns a table of at most megabytes MiB: the number of 64-byte
// buckets is rounded down to a power of two. megabytes <= 0 (or a size
// below one bucket) yields a one-bucket table of 64 bytes, which is only
// useful for tests. When the memory for that size cannot be had, the table
// is halved until it can: the table is always usable, and the error, a
// *SizeError, says how much smaller it is than asked.
func New(megabytes int) (*Table, error) {
	t := &Table{}
	t.mem = newRegion(t)
	t.gen.Store(1)
	return t, t.alloc(megabytes)
}

func bucketsFor(megabytes int) uint64 {
	if megabytes <= 0 {
		return 1
	}
	n := uint64(megabytes) << 20 / bucketBytes
	if n == 0 {
		return 1
	}
	return 1 << (bits.Len64(n) - 1)
}

// alloc gives t an empty table of megabytes, or of the largest halving of
// it that fits under memoryLimit and that the system grants. Halving ends
// at the small sizes kept on the Go heap, which cannot fail.
func (t *Table) alloc(megabytes int) error {
	want := bucketsFor(megabytes)
	n := want
	if limit := memoryLimit(); limit > 0 {
		for n > 1 && n*bucketBytes > limit {
			n >>= 1
		}
	}
	for t.mem.alloc(n*bucketWords) != nil {
		n >>= 1
	}
	t.words = t.mem.words
	t.mask = n - 1
	if n < want {
		return &SizeError{AskedMB: megabytes, GotMB: t.SizeMB()}
	}
	return nil
}

// Resize replaces the table by an empty one of the new size. When the size
// does not change the table is only cleared, avoiding a reallocation. The
// old table is released first, so that its memory serves the new one; the
// error is New's.
func (t *Table) Resize(megabytes int) error {
	if bucketsFor(megabytes) == t.mask+1 {
		t.Clear()
		return nil
	}
	t.words = nil
	return t.alloc(megabytes)
}

// Clear empties the table. Large tables are cleared by several goroutines
// because clearing gigabytes on one core takes a noticeable time between
// games.
func (t *Table) Clear() {
	words := t.words
	workers := runtime.GOMAXPROCS(0)
	if len(words) < parallelClearWords || workers < 2 {
		clearWords(words)
		return
	}
	chunk := (len(words) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(words); lo += chunk {
		hi := min(lo+chunk, len(words))
		wg.Go(func() { clearWords(words[lo:hi]) })
	}
	wg.Wait()
}

// clearWords zeroes w with the runtime's memclr, which is many times faster
// than one atomic store per word; Clear is documented as not concurrent
// with Probe or Store, so plain stores are safe here.
func clearWords(w []atomic.Uint64) {
	clear(w)
}

// NewSearch starts a new generation so that entries of earlier searches
// become preferred victims. Generations cycle through 1..63; 0 is skipped
// because a zero data word marks an empty slot.
func (t *Table) NewSearch() {
	g := t.gen.Load()
	t.gen.Store(g%numGenerations + 1)
}

// bucket returns the key's bucket as a fixed-size array so that indexing it
// with constants needs no bounds checks. The low key bits pick the bucket;
// the whole key is still verified, so these bits are not wasted.
func (t *Table) bucket(key uint64) *[bucketWords]atomic.Uint64 {
	i := (key & t.mask) * bucketWords
	return (*[bucketWords]atomic.Uint64)(t.words[i : i+bucketWords])
}

// Probe returns the entry stored for key, if any.
func (t *Table) Probe(key uint64) (Entry, bool) {
	b := t.bucket(key)
	for i := 0; i < bucketWords; i += 2 {
		d := b[i+1].Load()
		if d != 0 && b[i].Load()^d == key {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Store records e for key.
//
// Replacement policy:
//   - If the bucket already holds key, that slot is the one written, so a
//     position never occupies two slots. A result shallower than the
//     stored one does not replace it (Scan's rule: the deeper result
//     answers more probes); the entry only joins the current generation.
//     Otherwise e replaces it, and a zero e.Move keeps the stored move,
//     because a fail-low search finds no best move but the old one is still
//     the best ordering guess.
//   - Otherwise an empty slot is used if there is one; failing that, the
//     slot with the lowest depth - ageWeight*age is replaced, where age is
//     the number of NewSearch calls since it was written. Stale and shallow
//     entries go first. The new entry is always written: the latest result
//     is the one most likely to be probed again soon.
func (t *Table) Store(key uint64, e Entry) {
	b := t.bucket(key)
	gen := uint8(t.gen.Load())
	victim, victimVal := 0, math.MaxInt
	for i := 0; i < bucketWords; i += 2 {
		d := b[i+1].Load()
		if d == 0 {
			if victimVal != math.MinInt {
				victim, victimVal = i, math.MinInt
			}
			continue
		}
		if b[i].Load()^d == key {
			t.overwrite(b, i, d, key, e, gen)
			return
		}
		if v := int(dataDepth(d)) - ageWeight*ageDiff(gen, dataGen(d)); v < victimVal {
			victim, victimVal = i, v
		}
	}
	nd := pack(e, gen)
	b[victim].Store(key ^ nd)
	b[victim+1].Store(nd)
}

func (t *Table) overwrite(b *[bucketWords]atomic.Uint64, i int, old, key uint64, e Entry, gen uint8) {
	if int(e.Depth) < int(dataDepth(old)) {
		// A shallower result never replaces a deeper one (Scan's rule):
		// the entry only becomes current again, so that replacement
		// keeps it.
		if dataGen(old) != gen {
			nd := withGen(old, gen)
			b[i].Store(key ^ nd)
			b[i+1].Store(nd)
		}
		return
	}
	if e.Move == 0 {
		e.Move = dataMove(old)
	}
	nd := pack(e, gen)
	if nd == old {
		return // identical: spare the other cores a cache-line invalidation
	}
	b[i].Store(key ^ nd)
	b[i+1].Store(nd)
}

// Prefetch starts loading key's bucket into the cache, so that a Probe
// soon after (in the child node) finds it there instead of waiting for
// memory. It does not wait for the line.
func (t *Table) Prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.words[(key&t.mask)*bucketWords]))
}

// Hashfull returns the permille of entries written during the current
// search, estimated from the first 1000 entries (all of them in smaller
// tables), as UCI's "info hashfull" expects.
func (t *Table) Hashfull() int {
	n := min(hashfullSample, len(t.words)/2)
	gen := uint8(t.gen.Load())
	used := 0
	for i := 0; i < n; i++ {
		d := t.words[2*i+1].Load()
		if d != 0 && dataGen(d) == gen {
			used++
		}
	}
	return used * 1000 / n
}

// SizeMB returns the table size in whole MiB; the one-bucket table of
// New(0) reports 0.
func (t *Table) SizeMB() int {
	return len(t.words) * 8 >> 20
}
