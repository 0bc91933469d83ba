package egdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"damka/board"
)

// FuzzTable feeds arbitrary bytes to the table reader (openTable: header,
// index, file size) and to the block decoder and the probe of every block,
// read both with ReadAt and from memory. Nothing may panic, hang or
// allocate more than the file's size allows, and what is refused is
// refused with ErrCorrupt. Seeds live in testdata/fuzz/FuzzTable: real
// small tables of both encodings and truncations of them.
//
// With repair false, data is the file. Its checksums stop almost every
// mutation at the header, so with repair true the header, index and block
// checksums are rewritten to match first: that reaches the index checks,
// the zstd decoder and the value decoding with damaged contents.
func FuzzTable(f *testing.F) {
	for _, name := range []string{"international_1k-1k.egdb", "russian_1m-4k.egdb"} {
		if b, err := embedded.ReadFile("tables/" + name); err == nil {
			f.Add(b, false)
			f.Add(b, true)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, repair bool) {
		if repair {
			data = repairChecksums(append([]byte(nil), data...))
		}
		for _, v := range []*board.Variant{board.International, board.Russian} {
			fuzzOpen(t, v, data)
		}
	})
}

// fuzzDBs holds one DB per variant for the fuzzer: making one starts a
// zstd decoder, too slow to do per input. Close empties a DB for reuse.
var fuzzDBs struct {
	sync.Mutex
	dbs map[*board.Variant]*DB
}

func fuzzOpen(t *testing.T, v *board.Variant, data []byte) {
	fuzzDBs.Lock()
	defer fuzzDBs.Unlock()
	db := fuzzDBs.dbs[v]
	if db == nil {
		var err error
		if db, err = newDB(v, Options{CacheBytes: 1}); err != nil {
			t.Fatal(err)
		}
		if fuzzDBs.dbs == nil {
			fuzzDBs.dbs = map[*board.Variant]*DB{}
		}
		fuzzDBs.dbs[v] = db
	}
	defer db.Close()
	name := fileName(v, fuzzMaterial(v, data))
	if err := db.addReader(name, bytes.NewReader(data), int64(len(data))); err != nil {
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("refused without ErrCorrupt: %v", err)
		}
		return
	}
	tb := db.slice(fuzzMaterial(v, data))
	if tb == nil {
		t.Fatal("opened table not in use")
	}
	for pass := 0; pass < 2; pass++ {
		if pass == 1 {
			tb.data, tb.file = data, nil // the path of mapped files
		}
		for b := range tb.refs {
			if out, err := tb.decode(uint32(b)); err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("block %d refused without ErrCorrupt: %v", b, err)
				}
			} else if len(out) != tb.blockLen(uint32(b)) {
				t.Fatalf("block %d decoded to %d bytes, want %d", b, len(out), tb.blockLen(uint32(b)))
			}
		}
	}
	// Probe the first and last position of every block through the cache.
	bp := uint64(tb.hdr.blockPositions)
	for b := range tb.refs {
		lo := uint64(b) * bp
		for _, i := range []uint64{lo, min(lo+bp, tb.hdr.positions) - 1} {
			if _, err := db.stored(tb, i); err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("index %d: %v", i, err)
			}
		}
	}
}

// fuzzMaterial is the slice the header claims when it is one the variant
// can table with a cheap index, else 1k-1k: the file name must agree with
// the header for the reader to go past it.
func fuzzMaterial(v *board.Variant, data []byte) Material {
	if len(data) >= 16 {
		m := Material{int(data[12]), int(data[13]), int(data[14]), int(data[15])}
		if m.Pieces() <= 6 {
			if got, err := materialOf(v, fileName(v, m)); err == nil {
				return got
			}
		}
	}
	return Material{WK: 1, BK: 1}
}

// repairChecksums makes the header's, the index's and the blocks' CRCs
// match data, as far as data holds them.
func repairChecksums(data []byte) []byte {
	if len(data) < headerSize {
		return data
	}
	le := binary.LittleEndian
	le.PutUint32(data[104:], crc(data[:104]))
	n := int(le.Uint32(data[28:]))
	if n > (len(data)-headerSize-4)/8 {
		return data
	}
	idx := data[headerSize : headerSize+8*n+4]
	off := headerSize + len(idx)
	for i := 0; i < n; i++ {
		size := int(le.Uint32(idx[8*i:]))
		if size > len(data)-off {
			break
		}
		le.PutUint32(idx[8*i+4:], crc(data[off:off+size]))
		off += size
	}
	le.PutUint32(idx[8*n:], crc(idx[:8*n]))
	return data
}

// Every single flipped byte and every truncation of a real table is
// refused: when the file is opened, or when the block is read.
func TestEveryDamageRefused(t *testing.T) {
	for _, name := range []string{"international_1k-1k.egdb", "russian_1m-4k.egdb"} {
		orig, err := embedded.ReadFile("tables/" + name)
		if err != nil {
			t.Fatal(err)
		}
		v := board.International
		if name[0] == 'r' {
			v = board.Russian
		}
		refused := func(b []byte) error {
			db, err := newDB(v, Options{CacheBytes: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			m, _ := materialOf(v, name)
			tb, err := openTable(name, bytes.NewReader(b), int64(len(b)), db, m)
			if err != nil {
				return err
			}
			tb.file = bytes.NewReader(b)
			for blk := range tb.refs {
				if _, err := tb.decode(uint32(blk)); err != nil {
					return err
				}
			}
			return fmt.Errorf("accepted")
		}
		if err := refused(orig); err.Error() != "accepted" {
			t.Fatalf("%s intact: %v", name, err)
		}
		// Under -short (the race run of make test) every 7th byte, with
		// the header's bytes all kept: the race detector makes each
		// decode many times slower.
		stride := 1
		if testing.Short() {
			stride = 7
		}
		for i := range orig {
			if i >= 128 && i%stride != 0 {
				continue
			}
			b := append([]byte(nil), orig...)
			b[i] ^= 0x20
			if err := refused(b); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s with byte %d flipped: %v", name, i, err)
			}
			if err := refused(orig[:i]); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s cut to %d bytes: %v", name, i, err)
			}
		}
	}
}

// A header whose sizes are consistent but far larger than the file is
// refused before anything of that size is allocated.
func TestHugeClaimsRefusedCheaply(t *testing.T) {
	v := board.International
	db, err := newDB(v, Options{CacheBytes: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := Material{WK: 3, BK: 3}
	ix := newIndexer(db.x, m)
	cases := map[string]header{
		// One position per block: an index of 8 bytes per position.
		"index": {encoding: encDist, material: m, positions: ix.size, blockPositions: 1, blocks: uint32(ix.size)},
		// One block for everything: a decoded block of the whole slice.
		"block": {encoding: encDist, material: m, positions: ix.size, blockPositions: uint32(ix.size), blocks: 1},
	}
	for what, h := range cases {
		h.fingerprint, h.variant = rulesFingerprint(v), v.Name
		// A file that agrees with the header where it can: one block of
		// 8 bytes with its checksum after an index of the claimed length,
		// cut at 4 KiB.
		block := []byte("\x28\xb5\x2f\xfd\x00\x58\x00\x00")
		idx := make([]byte, 12)
		binary.LittleEndian.PutUint32(idx, uint32(len(block)))
		binary.LittleEndian.PutUint32(idx[4:], crc(block))
		binary.LittleEndian.PutUint32(idx[8:], crc(idx[:8]))
		file := append(append(h.marshal(), idx...), block...)
		if h.blocks > 1 {
			file = append(h.marshal(), make([]byte, 4096)...)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tb, err := openTable(fileName(v, m), bytes.NewReader(file), int64(len(file)), db, m)
		if err == nil {
			tb.file = bytes.NewReader(file)
			_, err = tb.decode(0)
		}
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s claim of %d positions accepted: %v", what, ix.size, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%s claim: %d bytes allocated to refuse it", what, n)
		}
	}
}
