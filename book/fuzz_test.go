package book

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// FuzzRead checks that Read never panics, that whatever it refuses it
// refuses with ErrCorrupt, and that whatever it accepts survives
// Write/Read unchanged, with Write reaching a fixed point. Seeds live in
// testdata/fuzz/FuzzRead (real books, damaged ones, crafted headers).
//
// With wrap false, data is the file. The checksums stop almost every
// mutation at the header, so with wrap true data is the payload instead
// (after a little-endian u16 entry count), put in a file with the right
// sizes and checksums: that reaches the entry parser and its checks.
func FuzzRead(f *testing.F) {
	if data, err := sample(f).Bytes(); err == nil {
		f.Add(data, false)
	}
	f.Fuzz(func(t *testing.T, data []byte, wrap bool) {
		if wrap {
			if len(data) < 2 {
				return
			}
			count := uint32(data[0]) | uint32(data[1])<<8
			data = rawFile{name: "international", nameLen: -1, count: count, pl: data[2:]}.bytes(t)
		}
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			if b != nil || !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Read(%q) = %v, %v", data, b, err)
			}
			return
		}
		enc, err := b.Bytes()
		if err != nil {
			t.Fatalf("accepted book does not write: %v", err)
		}
		c, err := Read(bytes.NewReader(enc))
		if err != nil {
			t.Fatalf("re-read of a written book: %v", err)
		}
		if c.Variant() != b.Variant() || c.Positions() != b.Positions() || !slices.Equal(c.Entries(), b.Entries()) {
			t.Fatal("round trip changed the book")
		}
		enc2, err := c.Bytes()
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("writing is not stable (%v)", err)
		}
	})
}
