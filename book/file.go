package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"
)

// The file format is described in the package documentation (book.go).
const (
	fileMagic     = "DAMKABOK"
	formatVersion = 1
	entryFixed    = 12 // key, score, depth, move length
	maxWindow     = 1 << 22
	headerFixed   = 31 // header bytes besides the name
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// ErrCorrupt marks damaged, truncated, oversized or foreign files:
// errors.Is(err, ErrCorrupt).
var ErrCorrupt = errors.New("corrupt opening book")

func corruptf(format string, a ...any) error {
	return fmt.Errorf("book: %w: %s", ErrCorrupt, fmt.Sprintf(format, a...))
}

// payload encodes the entries.
func (b *Book) payload() ([]byte, error) {
	var out []byte
	le := binary.LittleEndian
	for i, e := range b.entries {
		if err := checkMove(e.Move); err != nil {
			return nil, fmt.Errorf("book: entry %d: %v", i, err)
		}
		out = le.AppendUint64(out, e.Key)
		out = le.AppendUint16(out, uint16(e.Score))
		out = append(out, e.Depth, byte(len(e.Move)))
		out = append(out, e.Move...)
	}
	if len(out) > MaxPayload {
		return nil, fmt.Errorf("book: %d bytes of entries, more than the %d a file may hold", len(out), MaxPayload)
	}
	return out, nil
}

// Write writes b in the file format of the package documentation. The
// output depends only on the entries and the variant.
func (b *Book) Write(w io.Writer) error {
	if err := checkName(b.variant); err != nil {
		return err
	}
	pl, err := b.payload()
	if err != nil {
		return err
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(maxWindow))
	if err != nil {
		return err
	}
	comp := enc.EncodeAll(pl, nil)
	enc.Close()
	if len(comp) > MaxCompressed {
		return fmt.Errorf("book: %d compressed bytes, more than the %d a file may hold", len(comp), MaxCompressed)
	}
	le := binary.LittleEndian
	h := make([]byte, 0, headerFixed+len(b.variant))
	h = append(h, fileMagic...)
	h = le.AppendUint16(h, formatVersion)
	h = append(h, byte(len(b.variant)))
	h = append(h, b.variant...)
	h = le.AppendUint32(h, uint32(len(b.entries)))
	h = le.AppendUint32(h, uint32(len(pl)))
	h = le.AppendUint32(h, crc(pl))
	h = le.AppendUint32(h, uint32(len(comp)))
	h = le.AppendUint32(h, crc(h))
	if _, err := w.Write(h); err != nil {
		return err
	}
	_, err = w.Write(comp)
	return err
}

// Bytes returns b in the file format (Write to memory).
func (b *Book) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Open reads the book file at path.
func Open(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	b, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Read reads a book in the file format of the package documentation. Every
// malformed, truncated, oversized or damaged input gives an error wrapping
// ErrCorrupt (or the reader's own error) and no book; memory grows only
// with the bytes actually read and decoded, never with what a header
// claims.
func Read(r io.Reader) (*Book, error) {
	le := binary.LittleEndian
	head := make([]byte, 11, headerFixed+MaxNameLen)
	if err := readFull(r, head, "header"); err != nil {
		return nil, err
	}
	if string(head[:8]) != fileMagic {
		return nil, corruptf("not a damka opening book (bad magic)")
	}
	if v := le.Uint16(head[8:]); v != formatVersion {
		return nil, corruptf("format version %d, this damka reads %d", v, formatVersion)
	}
	n := int(head[10])
	if n < 1 || n > MaxNameLen {
		return nil, corruptf("variant name of %d bytes (1..%d)", n, MaxNameLen)
	}
	head = head[:headerFixed+n]
	if err := readFull(r, head[11:], "header"); err != nil {
		return nil, err
	}
	rest := head[11+n:]
	if got, want := le.Uint32(rest[16:]), crc(head[:len(head)-4]); got != want {
		return nil, corruptf("header checksum mismatch")
	}
	variant := string(head[11 : 11+n])
	if err := checkName(variant); err != nil {
		return nil, corruptf("%v", err)
	}
	count := uint64(le.Uint32(rest[0:]))
	plSize := uint64(le.Uint32(rest[4:]))
	plCRC := le.Uint32(rest[8:])
	compSize := uint64(le.Uint32(rest[12:]))
	switch {
	case plSize > MaxPayload:
		return nil, corruptf("payload of %d bytes, more than the limit of %d", plSize, MaxPayload)
	case compSize > MaxCompressed:
		return nil, corruptf("compressed payload of %d bytes, more than the limit of %d", compSize, MaxCompressed)
	case count*(entryFixed+1) > plSize:
		return nil, corruptf("%d entries cannot fit in %d bytes", count, plSize)
	}
	// Grow with the bytes that really arrive: a lying size costs nothing.
	comp, err := io.ReadAll(io.LimitReader(r, int64(compSize)+1))
	if err != nil {
		return nil, fmt.Errorf("book: reading the payload: %w", err)
	}
	switch {
	case uint64(len(comp)) < compSize:
		return nil, corruptf("truncated: %d of %d compressed payload bytes", len(comp), compSize)
	case uint64(len(comp)) > compSize:
		return nil, corruptf("data after the %d compressed payload bytes", compSize)
	}
	pl, err := decompress(comp, plSize)
	if err != nil {
		return nil, err
	}
	if crc(pl) != plCRC {
		return nil, corruptf("payload checksum mismatch")
	}
	es := make([]Entry, 0, count)
	for off := 0; off < len(pl); {
		if len(pl)-off < entryFixed {
			return nil, corruptf("entry %d cut short", len(es))
		}
		e := Entry{Key: le.Uint64(pl[off:]), Score: int16(le.Uint16(pl[off+8:])), Depth: pl[off+10]}
		ml := int(pl[off+11])
		off += entryFixed
		if ml > len(pl)-off {
			return nil, corruptf("entry %d cut short", len(es))
		}
		e.Move = string(pl[off : off+ml])
		off += ml
		if uint64(len(es)) == count {
			return nil, corruptf("more entries than the %d the header says", count)
		}
		es = append(es, e)
	}
	if uint64(len(es)) != count {
		return nil, corruptf("%d entries, the header says %d", len(es), count)
	}
	b := &Book{variant: variant, entries: es}
	if err := b.check(); err != nil {
		return nil, corruptf("%v", err)
	}
	return b, nil
}

func readFull(r io.Reader, b []byte, what string) error {
	if _, err := io.ReadFull(r, b); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return corruptf("truncated %s", what)
		}
		return fmt.Errorf("book: reading the %s: %w", what, err)
	}
	return nil
}

// decompress decodes one zstd frame of exactly size bytes.
func decompress(comp []byte, size uint64) ([]byte, error) {
	dec, err := zstd.NewReader(bytes.NewReader(comp), zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxWindow(maxWindow), zstd.WithDecoderMaxMemory(MaxPayload))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	pl, err := io.ReadAll(io.LimitReader(dec, int64(size)+1))
	if err != nil {
		return nil, corruptf("payload does not decompress: %v", err)
	}
	switch {
	case uint64(len(pl)) > size:
		return nil, corruptf("payload decompresses to more than the %d bytes the header says", size)
	case uint64(len(pl)) < size:
		return nil, corruptf("payload decompresses to %d bytes, the header says %d", len(pl), size)
	}
	return pl, nil
}
