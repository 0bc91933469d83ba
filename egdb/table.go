package egdb

import (
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// table is one opened slice file.
type table struct {
	id     uint32
	name   string // file name, for messages
	hdr    header
	ix     indexer
	refs   []blockRef
	data   []byte      // the whole file when mapped or embedded
	mapped bool        // data is a memory mapping (may fault if the file shrinks)
	file   io.ReaderAt // for ReadAt when data is nil (a file, or an embedded one)
	dec    *zstd.Decoder
	bad    atomic.Bool              // a block failed its checksum: the table is ignored
	damage error                    // why bad was set; written once, before bad
	under  *table                   // the table of the same slice this one replaced
	once   sync.Once                // closes the file or mapping
	cached []atomic.Pointer[cblock] // per block, set while it is in the cache
}

// readBuffers recycles the read buffers of unmapped files.
var readBuffers sync.Pool

// openTable validates a table held in r (size bytes) and returns it. The
// header, the index and the file size are checked here; blocks are checked
// when first read.
func openTable(name string, r io.ReaderAt, size int64, db *DB, m Material) (*table, error) {
	hb := make([]byte, headerSize)
	if size < headerSize {
		return nil, corruptf("%s: truncated (%d bytes)", name, size)
	}
	if _, err := r.ReadAt(hb, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	h, err := parseHeader(hb)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := checkHeader(&h, db.v, m, db.x); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	refs, err := parseIndex(&h, r, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &table{name: name, hdr: h, ix: newIndexer(db.x, m), refs: refs, dec: db.dec,
		cached: make([]atomic.Pointer[cblock], len(refs))}, nil
}

// blockLen is the decoded length of block b.
func (t *table) blockLen(b uint32) int {
	bp := uint64(t.hdr.blockPositions)
	n := min(bp, t.hdr.positions-uint64(b)*bp)
	if t.hdr.encoding == encWDL {
		return int((n + 4) / 5)
	}
	return int(n)
}

// decode decompresses block b into a new buffer after checking its
// checksum. A damaged block is an error, never a panic, even when a mapped
// file was truncated under us (the fault becomes a recovered panic).
func (t *table) decode(b uint32) (out []byte, err error) {
	if t.bad.Load() {
		return nil, corruptf("%s: disabled after an earlier error", t.name)
	}
	ref := t.refs[b]
	var src []byte
	if t.data != nil {
		src = t.data[ref.off : ref.off+int64(ref.size)]
		if t.mapped {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if r := recover(); r != nil {
					out, err = nil, corruptf("%s: block %d unreadable: %v", t.name, b, r)
				}
			}()
		}
	} else {
		bp, _ := readBuffers.Get().(*[]byte)
		if bp == nil || cap(*bp) < int(ref.size) {
			bp = new([]byte)
			*bp = make([]byte, ref.size)
		}
		defer readBuffers.Put(bp)
		src = (*bp)[:ref.size]
		if _, err := t.file.ReadAt(src, ref.off); err != nil {
			return nil, fmt.Errorf("%s: block %d: %w", t.name, b, err)
		}
	}
	if crc(src) != ref.crc {
		return nil, corruptf("%s: block %d checksum mismatch", t.name, b)
	}
	// The capacity bounds what a damaged frame can make the decoder write.
	out, err = t.dec.DecodeAll(src, make([]byte, 0, t.hdr.blockBytes()))
	if err != nil {
		return nil, corruptf("%s: block %d: %v", t.name, b, err)
	}
	if len(out) != t.blockLen(b) {
		return nil, corruptf("%s: block %d decodes to %d bytes, want %d", t.name, b, len(out), t.blockLen(b))
	}
	return out, nil
}

// checkBlocks compares every block with its checksum, without decoding:
// what a resumed build does before trusting a finished file.
func (t *table) checkBlocks() (err error) {
	var buf []byte
	if t.mapped {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				err = corruptf("%s unreadable: %v", t.name, r)
			}
		}()
	}
	for b, ref := range t.refs {
		var src []byte
		if t.data != nil {
			src = t.data[ref.off : ref.off+int64(ref.size)]
		} else {
			if cap(buf) < int(ref.size) {
				buf = make([]byte, ref.size)
			}
			src = buf[:ref.size]
			if _, err := t.file.ReadAt(src, ref.off); err != nil {
				return fmt.Errorf("%s: block %d: %w", t.name, b, err)
			}
		}
		if crc(src) != ref.crc {
			return corruptf("%s: block %d checksum mismatch", t.name, b)
		}
	}
	return nil
}

func (t *table) close() {
	t.once.Do(func() {
		if t.mapped {
			unmapFile(t.data)
		}
		if c, ok := t.file.(io.Closer); ok {
			c.Close()
		}
	})
}
