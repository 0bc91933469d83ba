package tt

import (
	"errors"
	"syscall"
	"testing"
)

// shortMemory makes mappings above maxBytes fail and caps tables at limit
// bytes (0: no cap) for the duration of the test.
func shortMemory(t *testing.T, maxBytes, limit uint64) {
	t.Helper()
	oldMap, oldLimit := mapMemory, memoryLimit
	mapMemory = func(size uint64) ([]byte, error) {
		if size > maxBytes {
			return nil, syscall.ENOMEM
		}
		return oldMap(size)
	}
	memoryLimit = func() uint64 { return limit }
	t.Cleanup(func() { mapMemory, memoryLimit = oldMap, oldLimit })
}

// usable checks that a table stores and finds an entry.
func usable(t *testing.T, tab *Table) {
	t.Helper()
	tab.Store(12345, Entry{Move: 7, Bound: BoundExact, Depth: 3})
	if e, ok := tab.Probe(12345); !ok || e.Move != 7 {
		t.Errorf("table of %d MB lost an entry: %+v %v", tab.SizeMB(), e, ok)
	}
}

func TestNewHalvesWhenMemoryIsShort(t *testing.T) {
	if !canMap {
		t.Skip("no memory mapping on this system")
	}
	tests := []struct {
		name            string
		askMB           int
		maxMapMB, limMB uint64
		wantMB          int
		wantErr         bool
	}{
		{"fits", 8, 64, 0, 8, false},
		{"mapping refused", 64, 4, 0, 4, true},
		{"over the memory limit", 64, 1 << 20, 16, 16, true},
		{"limit not a power of two", 64, 1 << 20, 24, 16, true},
		{"every mapping refused", 64, 0, 0, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			shortMemory(t, tc.maxMapMB<<20, tc.limMB<<20)
			tab, err := New(tc.askMB)
			if got := tab.SizeMB(); got != tc.wantMB {
				t.Errorf("New(%d) under %d MB mappings, limit %d MB: %d MB, want %d", tc.askMB, tc.maxMapMB, tc.limMB, got, tc.wantMB)
			}
			var se *SizeError
			if tc.wantErr != errors.As(err, &se) {
				t.Fatalf("New(%d): error %v, want a SizeError: %v", tc.askMB, err, tc.wantErr)
			}
			if se != nil && (se.AskedMB != tc.askMB || se.GotMB != tc.wantMB) {
				t.Errorf("SizeError %+v, want asked %d got %d", *se, tc.askMB, tc.wantMB)
			}
			usable(t, tab)
		})
	}
}

func TestResizeWhenMemoryIsShort(t *testing.T) {
	if !canMap {
		t.Skip("no memory mapping on this system")
	}
	tab := newTable(2)
	shortMemory(t, 8<<20, 0)
	err := tab.Resize(64)
	if err == nil || err.Error() != "hash 64 MB not available, using 8 MB" {
		t.Errorf("Resize(64) under 8 MB mappings: %v", err)
	}
	usable(t, tab)
	if err := tab.Resize(4); err != nil || tab.SizeMB() != 4 {
		t.Errorf("Resize(4) afterwards: %v, %d MB", err, tab.SizeMB())
	}
}

// TestNewAbsurdSize asks the real system for a terabyte: the process must
// survive with a smaller, working table (before, the failed mapping fell
// back to a heap allocation that ended the process with "out of memory").
func TestNewAbsurdSize(t *testing.T) {
	tab, err := New(1 << 20)
	defer tab.Resize(0) // give the mapping back now, not at collection
	var se *SizeError
	if !errors.As(err, &se) {
		t.Fatalf("New(1 TB) gave %d MB without a SizeError (%v)", tab.SizeMB(), err)
	}
	if lim := memoryLimit(); lim > 0 && uint64(tab.SizeMB())<<20 > lim {
		t.Errorf("New(1 TB): %d MB, more than the limit of %d MB", tab.SizeMB(), lim>>20)
	}
	t.Logf("New(1 TB): %v", err)
	usable(t, tab)
}
