package tt

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// region owns the memory of a table's words. Large tables live outside the
// Go heap (mapped from the operating system where it can, see
// memory_unix.go): a table of N MB on the heap would let the garbage
// collector grow the heap to about 2N MB before collecting anything else,
// so the process would hold far more than the size the user asked for.
// Off the heap the rest of the engine's heap stays small and the resident
// memory is the table plus a few MB. One region serves a Table for its
// whole life; Resize swaps the mapping inside it, and the cleanup
// registered in New returns the last mapping when the Table is collected.
type region struct {
	words  []atomic.Uint64
	mapped []byte // the mapping behind words, nil when words is on the heap
}

// offHeapMin is the size from which tables are mapped: small tables (tests,
// tiny hash settings) are not worth a system call and a page of waste.
const offHeapMin = 1 << 20

// mapMemory and memoryLimit are variables so that tests can make memory
// short without exhausting the machine.
var (
	mapMemory   = mapZeroed
	memoryLimit = tableLimit
)

// SizeError says that a table is smaller than asked because the memory
// for the asked size could not be had. The smaller table works.
type SizeError struct {
	AskedMB, GotMB int
}

func (e *SizeError) Error() string {
	if e.GotMB == 0 {
		return fmt.Sprintf("hash %d MB not available, using less than 1 MB", e.AskedMB)
	}
	return fmt.Sprintf("hash %d MB not available, using %d MB", e.AskedMB, e.GotMB)
}

// alloc makes r hold n zeroed words starting on a cache-line boundary,
// releasing what it held before. Only a mapping can fail: a Go heap
// allocation that the system refuses is a fatal error, not an error
// value, so large tables never go to the heap where mapping exists.
func (r *region) alloc(n uint64) error {
	r.release()
	if n*8 >= offHeapMin && canMap {
		b, err := mapMemory(n * 8)
		if err != nil {
			return err
		}
		// Mappings start on a page boundary, so on a cache line too.
		r.mapped = b
		r.words = unsafe.Slice((*atomic.Uint64)(unsafe.Pointer(&b[0])), n)
		return nil
	}
	// On the heap: over-allocate by one cache line so that every bucket can
	// start on a boundary and a probe touches a single line. The Go heap
	// does not move objects, so the alignment found here stays valid.
	const slack = cacheLine/8 - 1
	buf := make([]atomic.Uint64, n+slack)
	addr := uintptr(unsafe.Pointer(&buf[0]))
	off := (cacheLine - addr%cacheLine) % cacheLine / 8
	r.words = buf[off : off+uintptr(n)]
	return nil
}

// release returns the memory of r.
func (r *region) release() {
	r.words = nil
	if r.mapped != nil {
		unmap(r.mapped)
		r.mapped = nil
	}
}

// newRegion returns a region for owner that is released when owner is
// collected.
func newRegion(owner *Table) *region {
	r := &region{}
	runtime.AddCleanup(owner, func(r *region) { r.release() }, r)
	return r
}
