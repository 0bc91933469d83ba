package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func writeFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

// rawFile assembles a file from its parts with correct checksums (unless
// the caller damages them afterwards): the header fields as given.
type rawFile struct {
	magic    string
	version  uint16
	name     string
	nameLen  int // -1: len(name)
	count    uint32
	plSize   uint32 // 0 with pl set: len(pl)
	pl       []byte // the uncompressed payload
	comp     []byte // nil: pl compressed
	compSize uint32 // 0: len(comp)
	trailer  []byte
}

// testEncoder compresses the test files (EncodeAll is safe for
// concurrent use).
var testEncoder = sync.OnceValue(func() *zstd.Encoder {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err)
	}
	return enc
})

func compress(_ testing.TB, pl []byte) []byte { return testEncoder().EncodeAll(pl, nil) }

func (f rawFile) bytes(t testing.TB) []byte {
	le := binary.LittleEndian
	if f.magic == "" {
		f.magic = fileMagic
	}
	if f.version == 0 {
		f.version = formatVersion
	}
	if f.nameLen < 0 {
		f.nameLen = len(f.name)
	}
	if f.plSize == 0 {
		f.plSize = uint32(len(f.pl))
	}
	if f.comp == nil {
		f.comp = compress(t, f.pl)
	}
	if f.compSize == 0 {
		f.compSize = uint32(len(f.comp))
	}
	h := []byte(f.magic)
	h = le.AppendUint16(h, f.version)
	h = append(h, byte(f.nameLen))
	h = append(h, f.name...)
	h = le.AppendUint32(h, f.count)
	h = le.AppendUint32(h, f.plSize)
	h = le.AppendUint32(h, crc(f.pl))
	h = le.AppendUint32(h, f.compSize)
	h = le.AppendUint32(h, crc(h))
	h = append(h, f.comp...)
	return append(h, f.trailer...)
}

// entryBytes encodes entries as the payload does, in the order given.
func entryBytes(es ...Entry) []byte {
	var out []byte
	le := binary.LittleEndian
	for _, e := range es {
		out = le.AppendUint64(out, e.Key)
		out = le.AppendUint16(out, uint16(e.Score))
		out = append(out, e.Depth, byte(len(e.Move)))
		out = append(out, e.Move...)
	}
	return out
}

func TestRawFileMatchesWrite(t *testing.T) {
	// The test's assembler writes what Write writes (but for the zstd
	// level), so the damaged files below differ from a real one only
	// where they are meant to.
	b := sample(t)
	f := rawFile{name: b.Variant(), nameLen: -1, count: uint32(b.Len()), pl: entryBytes(b.entries...)}
	got, err := Read(bytes.NewReader(f.bytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != b.Len() {
		t.Fatalf("%d entries, want %d", got.Len(), b.Len())
	}
}

func TestReadRejects(t *testing.T) {
	good, err := sample(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	flip := func(off int) []byte {
		b := bytes.Clone(good)
		if off < 0 {
			off += len(b)
		}
		b[off] ^= 0x55
		return b
	}
	e1 := Entry{Key: 1, Move: "32-28", Score: 5, Depth: 3}
	e2 := Entry{Key: 1, Move: "33-28", Score: 7, Depth: 3}
	e3 := Entry{Key: 0, Move: "33-28", Score: 7, Depth: 3}
	raw := func(f rawFile) []byte {
		if f.name == "" {
			f.name = "international"
		}
		if f.nameLen == 0 {
			f.nameLen = -1
		}
		return f.bytes(t)
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated header"},
		{"short header", good[:10], "truncated header"},
		{"header without its checksum", good[:30], "truncated header"},
		{"no payload", good[:headerFixed+len("international")], "truncated: 0 of"},
		{"half the payload", good[:headerFixed+len("international")+5], "truncated: 5 of"},
		{"one byte short", good[:len(good)-1], "truncated"},
		{"trailing byte", append(bytes.Clone(good), 0), "data after"},
		{"bad magic", flip(0), "bad magic"},
		{"text file", []byte("W:W31-50:B1-20\n32-28 19-23\n"), "bad magic"},
		{"version", raw(rawFile{version: 9, pl: entryBytes(e1), count: 1}), "format version 9"},
		{"header checksum", flip(12), "header checksum"},
		{"entry count in header", flip(headerFixed + len("international") - 20), "header checksum"},
		{"payload checksum", raw(rawFile{pl: entryBytes(e1), count: 1, comp: compress(t, entryBytes(e2))}), "payload checksum"},
		{"damaged frame", flip(-2), "payload"},
		{"zero name", rawFile{pl: entryBytes(e1), count: 1}.bytes(t), "variant name of 0 bytes"},
		{"long name", raw(rawFile{name: strings.Repeat("n", 65), pl: entryBytes(e1), count: 1}), "variant name of 65 bytes"},
		{"name not printable", raw(rawFile{name: "inter\x00", pl: entryBytes(e1), count: 1}), "printable"},
		{"oversized payload", raw(rawFile{plSize: MaxPayload + 1, pl: entryBytes(e1), count: 1}), "more than the limit"},
		{"oversized compressed", raw(rawFile{compSize: MaxCompressed + 1, pl: entryBytes(e1), count: 1}), "more than the limit"},
		{"huge compressed claim", raw(rawFile{compSize: MaxCompressed, pl: entryBytes(e1), count: 1}), "truncated"},
		{"too many entries for the size", raw(rawFile{pl: entryBytes(e1), count: 2}), "cannot fit"},
		{"fewer entries than said", raw(rawFile{pl: entryBytes(Entry{Key: 1, Move: "1x2x3x4x5x6x7x8x9x10"}), count: 2}), "1 entries, the header says 2"},
		{"empty move", raw(rawFile{pl: append(entryBytes(e1), make([]byte, 12)...), count: 2}), "move text of 0 bytes"},
		{"more entries than said", raw(rawFile{pl: entryBytes(e2, e1), count: 1}), "more entries than"},
		{"entry cut short", raw(rawFile{pl: append(entryBytes(e1), 1, 2, 3), count: 1}), "entry 1 cut short"},
		{"move cut short", raw(rawFile{pl: entryBytes(e1)[:12+3], count: 1}), "cut short"},
		{"payload size differs from frame", raw(rawFile{plSize: 40, pl: entryBytes(e1), count: 1}), "decompresses to 17 bytes, the header says 40"},
		{"frame longer than said", raw(rawFile{plSize: 13, pl: entryBytes(e1), count: 1}), "more than the 13 bytes"},
		{"keys out of order", raw(rawFile{pl: entryBytes(e1, e3), count: 2}), "out of order"},
		{"scores out of order", raw(rawFile{pl: entryBytes(e1, e2), count: 2}), "out of order"},
		{"same move twice", raw(rawFile{pl: entryBytes(e1, Entry{Key: 1, Move: "32-28", Score: 1}), count: 2}), "repeats move"},
		{"bad move text", raw(rawFile{pl: entryBytes(Entry{Key: 1, Move: "32\n28"}), count: 1}), "not a digit"},
		{"not zstd", raw(rawFile{pl: entryBytes(e1), count: 1, comp: []byte("this is not a zstd frame")}), "does not decompress"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := Read(bytes.NewReader(c.data))
			if err == nil {
				t.Fatalf("accepted, %d entries", b.Len())
			}
			if b != nil {
				t.Error("a book came with the error")
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want ErrCorrupt about %q", err, c.want)
			}
		})
	}
}

// Every prefix of a good file and every single-byte change is refused
// with ErrCorrupt, and a reader's own errors come through.
func TestReadDamageEverywhere(t *testing.T) {
	good, err := sample(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(good); n++ {
		if _, err := Read(bytes.NewReader(good[:n])); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("prefix of %d bytes: %v", n, err)
		}
	}
	want := sample(t).Entries()
	for i := range good {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			b := bytes.Clone(good)
			b[i] ^= x
			// A change that zstd cannot see (padding bits) may only
			// give the same book back.
			got, err := Read(bytes.NewReader(b))
			if err == nil && !slices.Equal(got.Entries(), want) || err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("byte %d ^ %#x: %v", i, x, err)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		b := make([]byte, r.IntN(200))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		if i%2 == 0 && len(b) >= 8 {
			copy(b, fileMagic)
		}
		if _, err := Read(bytes.NewReader(b)); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("garbage %x: %v", b, err)
		}
	}
	boom := errors.New("disk on fire")
	if _, err := Read(io.MultiReader(bytes.NewReader(good[:20]), errReader{boom})); !errors.Is(err, boom) {
		t.Errorf("reader error: %v", err)
	}
	if _, err := Read(io.MultiReader(bytes.NewReader(good[:50]), errReader{boom})); !errors.Is(err, boom) {
		t.Errorf("reader error in the payload: %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func TestWriteRefuses(t *testing.T) {
	b := &Book{variant: "international", entries: []Entry{{Key: 1, Move: strings.Repeat("1", 70)}}}
	if err := b.Write(io.Discard); err == nil || !strings.Contains(err.Error(), "move text") {
		t.Errorf("long move written: %v", err)
	}
	b = &Book{variant: ""}
	if err := b.Write(io.Discard); err == nil {
		t.Error("book without a variant written")
	}
	boom := errors.New("full")
	if err := sample(t).Write(failWriter{boom}); !errors.Is(err, boom) {
		t.Errorf("writer error: %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
