package egdb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"

	"damka/board"
)

// The Russian tables up to 3 pieces are built once and copied into each
// test that needs them (building them is the slow part under -race).
var russian3 struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if russian3.dir != "" {
		os.RemoveAll(russian3.dir)
	}
	os.Exit(code)
}

// smallDir returns a fresh directory holding the Russian tables up to 3
// pieces.
func smallDir(t *testing.T) string {
	t.Helper()
	russian3.once.Do(func() {
		russian3.dir, russian3.err = os.MkdirTemp("", "egdb-russian3-")
		if russian3.err == nil {
			_, russian3.err = Build(context.Background(), buildOpts(russian3.dir, 3))
		}
	})
	if russian3.err != nil {
		t.Fatal(russian3.err)
	}
	dir := t.TempDir()
	for _, n := range mustList(t, russian3.dir) {
		b, err := os.ReadFile(filepath.Join(russian3.dir, n))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, n), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func openSmall(t *testing.T) *DB {
	t.Helper()
	db, err := Open(smallDir(t), board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func mustFEN(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A position of slice 2k-1k without captures, and one of 1m-1m.
const (
	fen2k1k = "W:WKa1,Kb2:BKh2"
	fen1m1m = "W:Wa3:Bh6"
)

func probeOK(t *testing.T, db *DB, fen string) bool {
	t.Helper()
	p := mustFEN(t, board.Russian, fen)
	_, ok := db.Probe(&p)
	return ok
}

func flipByte(t *testing.T, path string, off int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if off < 0 {
		off += int64(len(b))
	}
	b[off] ^= 0x55
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCorruptBlockDetected(t *testing.T) {
	for _, noMmap := range []bool{false, true} {
		dir := smallDir(t)
		flipByte(t, filepath.Join(dir, "russian_2k-1k.egdb"), -1) // inside the last block
		db, err := OpenWith(dir, board.Russian, Options{NoMmap: noMmap})
		if err != nil {
			t.Fatalf("header and index are intact, yet: %v", err)
		}
		if probeOK(t, db, fen2k1k) {
			t.Fatal("probe of a damaged block succeeded")
		}
		if !probeOK(t, db, fen1m1m) {
			t.Fatal("an intact slice stopped working")
		}
		probs := db.Problems()
		if len(probs) != 1 || !errors.Is(probs[0], ErrCorrupt) || !strings.Contains(probs[0].Error(), "checksum") {
			t.Fatalf("problems: %v", probs)
		}
		if s := db.Stats(); s.Errors != 1 {
			t.Errorf("stats %+v", s)
		}
		if err := Verify(db, 2, nil); err == nil {
			t.Error("verify passed a damaged table")
		}
		db.Close()
	}
}

func TestCorruptHeaderTruncatedWrongVariant(t *testing.T) {
	cases := []struct {
		name   string
		damage func(t *testing.T, dir string)
		want   string
	}{
		{"header", func(t *testing.T, dir string) { flipByte(t, filepath.Join(dir, "russian_2k-1k.egdb"), 20) }, "header checksum"},
		{"index", func(t *testing.T, dir string) { flipByte(t, filepath.Join(dir, "russian_2k-1k.egdb"), headerSize+2) }, "index checksum"},
		{"truncated", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "russian_2k-1k.egdb")
			fi, _ := os.Stat(p)
			os.Truncate(p, fi.Size()-7)
		}, "truncated"},
		{"empty", func(t *testing.T, dir string) { os.Truncate(filepath.Join(dir, "russian_2k-1k.egdb"), 0) }, "truncated"},
		{"misnamed", func(t *testing.T, dir string) {
			os.Rename(filepath.Join(dir, "russian_2k-1k.egdb"), filepath.Join(dir, "russian_1k-2k.egdb"))
		}, "name says"},
		{"wrong variant", func(t *testing.T, dir string) {
			// A Russian file under a Brazilian name: same board, other rules.
			b, _ := os.ReadFile(filepath.Join(dir, "russian_2k-1k.egdb"))
			os.WriteFile(filepath.Join(dir, "brazilian_2k-1k.egdb"), b, 0o644)
		}, "variant"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := smallDir(t)
			c.damage(t, dir)
			v := board.Russian
			if c.name == "wrong variant" {
				v = board.Brazilian
			}
			db, err := Open(dir, v)
			if db == nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err == nil || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one about %q", err, c.want)
			}
			if v == board.Russian {
				if probeOK(t, db, fen2k1k) {
					t.Error("probe of a damaged slice succeeded")
				}
				if !probeOK(t, db, fen1m1m) {
					t.Error("an intact slice stopped working")
				}
			}
		})
	}
}

// Random damage anywhere never panics: every probe either answers or
// misses, and whatever answers from an intact slice is right.
func TestRandomDamageNeverPanics(t *testing.T) {
	dir := smallDir(t)
	good, err := Open(dir, board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	defer good.Close()
	path := filepath.Join(dir, "russian_1m1k-1k.egdb")
	orig, _ := os.ReadFile(path)
	var positions []board.Position
	enumerate(board.Russian, 3, func(p board.Position) {
		if p.PieceCount(0) != 0 && p.PieceCount(1) != 0 && len(positions) < 200000 {
			positions = append(positions, p)
		}
	})
	for k := 0; k < 40; k++ {
		b := append([]byte(nil), orig...)
		off := (k*7919 + k*k*104729) % len(b)
		b[off] ^= byte(1 + k)
		os.WriteFile(path, b, 0o644)
		db, _ := Open(dir, board.Russian)
		for i := k; i < len(positions); i += 97 {
			got, ok := db.Probe(&positions[i])
			if want, _ := good.Probe(&positions[i]); ok && got != want {
				t.Fatalf("damage at byte %d: %s probes %v, intact %v", off, board.Russian.FEN(&positions[i]), got, want)
			}
		}
		db.Close()
	}
}

// A table whose checksums are right but whose values are not fails
// verification.
func TestVerifyCatchesWrongValue(t *testing.T) {
	dir := smallDir(t)
	db, err := Open(dir, board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := ParseMaterial("2k-1k")
	tb := db.slice(m)
	enc := mustEncoder(t)
	var blocks [][]byte
	changed := false
	for b := range tb.refs {
		raw, err := tb.decode(uint32(b))
		if err != nil {
			t.Fatal(err)
		}
		raw = append([]byte(nil), raw...)
		for i := range raw {
			idx := uint64(b)*uint64(tb.hdr.blockPositions) + uint64(i)
			d, ok := tb.ix.position(idx)
			if p := db.x.position(d); !changed && ok && raw[i] == 0 && !db.v.HasCapture(&p) {
				raw[i] = 2 // a draw turned into a win in 1
				changed = true
			}
		}
		blocks = append(blocks, enc.EncodeAll(raw, nil))
	}
	db.Close()
	if !changed {
		t.Fatal("no drawn position found")
	}
	h := tb.hdr
	if _, err := writeFile(dir, fileName(board.Russian, m), &h, blocks); err != nil {
		t.Fatal(err)
	}
	db, err = Open(dir, board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = Verify(db, 2, nil)
	if err == nil || !strings.Contains(err.Error(), "1 positions disagree") {
		t.Fatalf("got %v", err)
	}
}

func mustEncoder(t *testing.T) *zstd.Encoder {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { enc.Close() })
	return enc
}
