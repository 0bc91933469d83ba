package egdb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"damka/board"
)

// copyEmbedded writes the embedded table name into dir, with the byte at
// off (counted from the end when negative) flipped unless off is nil.
func copyEmbedded(t *testing.T, dir, name string, off *int) string {
	t.Helper()
	b, err := embedded.ReadFile("tables/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if off != nil {
		i := *off
		if i < 0 {
			i += len(b)
		}
		b[i] ^= 0x55
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func at(i int) *int { return &i }

// International positions of the embedded slices 2k-1k and 1k-1k.
var layeredFENs = []string{"W:WK1,K2:BK28", "W:WK46,K40:BK5", "B:WK46,K40:BK5", "W:WK41:BK5", "W:WK46:BK5"}

// sameAsEmbedded checks that db answers every layeredFENs position as the
// embedded tables do.
func sameAsEmbedded(t *testing.T, db *DB) {
	t.Helper()
	ref, err := OpenEmbedded(board.International)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	for _, fen := range layeredFENs {
		p := mustFEN(t, board.International, fen)
		want, wok := ref.Probe(&p)
		got, ok := db.Probe(&p)
		if !wok || !ok || got != want {
			t.Errorf("%s: probes %v (ok %v), embedded %v (ok %v)", fen, got, ok, want, wok)
		}
	}
}

func TestLayeredKeepsEmbeddedUnderDamagedFile(t *testing.T) {
	dir := t.TempDir()
	bad := copyEmbedded(t, dir, "international_2k-1k.egdb", at(20)) // header
	copyEmbedded(t, dir, "international_1k-1k.egdb", nil)
	db, err := OpenLayered(dir, board.International, Options{})
	if db == nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "header checksum") {
		t.Errorf("damage not named: %v", err)
	}
	if errors.Is(err, ErrNoTables) {
		t.Errorf("the intact 1k-1k of dir was not counted: %v", err)
	}
	sameAsEmbedded(t, db)
	if got := db.slice(Material{WK: 1, BK: 1}).name; got != filepath.Join(dir, "international_1k-1k.egdb") {
		t.Errorf("1k-1k served by %s, not by the file of dir", got)
	}
	if n, want := len(db.Info()), len(embeddedNames(board.International)); n != want {
		t.Errorf("Info lists %d slices, want %d (a replaced slice listed twice?)", n, want)
	}
	if got := Check(dir, board.International); len(got) != 1 || !strings.Contains(got[0].Error(), bad) {
		t.Errorf("Check: %v", got)
	}
}

func TestLayeredForeignDirKeepsEmbedded(t *testing.T) {
	dir := t.TempDir()
	b, err := embedded.ReadFile("tables/russian_2k-1k.egdb")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "russian_2k-1k.egdb"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := OpenLayered(dir, board.International, Options{})
	if db == nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !errors.Is(err, ErrNoTables) || !strings.Contains(err.Error(), "no tables for international in "+dir) {
		t.Errorf("no note for a foreign dir: %v", err)
	}
	sameAsEmbedded(t, db)
	for _, d := range []string{dir, filepath.Join(dir, "missing")} {
		got := Check(d, board.International)
		if len(got) != 1 || !strings.Contains(got[0].Error(), d) {
			t.Errorf("Check(%s): %v", d, got)
		}
	}
	// The same directory serves Russian without a word.
	if got := Check(dir, board.Russian); got != nil {
		t.Errorf("Check of a good Russian dir: %v", got)
	}
}

func TestLayeredWithoutDirIsEmbedded(t *testing.T) {
	db, err := OpenLayered("", board.International, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sameAsEmbedded(t, db)
}

// A table reached through a symbolic link is used; a name that leads to a
// FIFO, a directory or nothing is left out and named, without blocking.
func TestTablesThroughLinks(t *testing.T) {
	store, dir := t.TempDir(), t.TempDir()
	target := copyEmbedded(t, store, "international_2k-1k.egdb", nil)
	if err := os.Symlink(target, filepath.Join(dir, "international_2k-1k.egdb")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	odd := map[string]string{
		"international_1k-1k.egdb": "not a regular file but a FIFO",
		"international_1k-2k.egdb": "not a regular file but a directory",
		"international_2k-2k.egdb": "no such file",
	}
	if err := mkfifo(filepath.Join(dir, "international_1k-1k.egdb")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "international_1k-2k.egdb"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(store, "gone"), filepath.Join(dir, "international_2k-2k.egdb")); err != nil {
		t.Fatal(err)
	}
	db, err := Open(dir, board.International)
	if db == nil {
		t.Fatal(err)
	}
	defer db.Close()
	if info := db.Info(); len(info) != 1 || info[0].Material != (Material{WK: 2, BK: 1}) {
		t.Errorf("opened %v, want the linked 2k-1k only", info)
	}
	p := mustFEN(t, board.International, "W:WK46,K40:BK5")
	if _, ok := db.Probe(&p); !ok {
		t.Error("the linked table does not answer")
	}
	for name, why := range odd {
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, name)+": ") || !strings.Contains(err.Error(), why) {
			t.Errorf("%s not named with %q in: %v", name, why, err)
		}
	}
}

// damageBlockOf writes into dir the embedded table of p's slice with a byte
// flipped in the block that holds p, and returns its path and the block.
func damageBlockOf(t *testing.T, dir string, v *board.Variant, p board.Position) (string, uint32) {
	t.Helper()
	ref, err := OpenEmbedded(v)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	d := ref.x.canonical(&p)
	tb := ref.slice(d.material())
	i, ok := tb.ix.index(d)
	if !ok {
		t.Fatalf("%s has no index", v.FEN(&p))
	}
	blk := uint32(i / uint64(tb.hdr.blockPositions))
	off := int(tb.refs[blk].off) + int(tb.refs[blk].size)/2
	return copyEmbedded(t, dir, filepath.Base(tb.name), &off), blk
}

// A probe into a damaged block names the file and the block, every time;
// the damage is recorded once, and a built-in table under the damaged one
// answers instead.
func TestProbeNamesDamage(t *testing.T) {
	v := board.International
	p := mustFEN(t, v, "W:WK46,K40:BK5")
	dir := t.TempDir()
	path, blk := damageBlockOf(t, dir, v, p)
	want := fmt.Sprintf("%s: block %d checksum mismatch", path, blk)

	db, err := Open(dir, v)
	if err != nil {
		t.Fatalf("header and index are intact, yet: %v", err)
	}
	defer db.Close()
	for k := 0; k < 3; k++ {
		_, err := db.Lookup(&p)
		if !errors.Is(err, ErrCorrupt) || errors.Is(err, ErrNotInTables) || !strings.Contains(err.Error(), want) {
			t.Fatalf("probe %d: %v, want the damage %q", k, err, want)
		}
		if _, ok := db.Probe(&p); ok {
			t.Fatal("a damaged block gave a value")
		}
	}
	if probs := db.Problems(); len(probs) != 1 || !strings.Contains(probs[0].Error(), want) {
		t.Errorf("damage recorded as %v, want once", probs)
	}
	if st := db.Stats(); st.Errors != 1 {
		t.Errorf("%d failed reads counted, want 1", st.Errors)
	}
	other := mustFEN(t, v, "W:WK46:BK5") // slice 1k-1k: not in dir
	if _, err := db.Lookup(&other); err != ErrNotInTables {
		t.Errorf("a missing slice probes as %v, want ErrNotInTables", err)
	}

	layered, err := OpenLayered(dir, v, Options{})
	if err != nil {
		t.Fatalf("header and index are intact, yet: %v", err)
	}
	defer layered.Close()
	sameAsEmbedded(t, layered)
	if probs := layered.Problems(); len(probs) != 1 || !strings.Contains(probs[0].Error(), want) {
		t.Errorf("damage under the built-in tables recorded as %v, want once", probs)
	}
}

// Probing allocates nothing, intact or damaged, once the damage is known.
func TestLookupDoesNotAllocate(t *testing.T) {
	v := board.International
	p := mustFEN(t, v, "W:WK46,K40:BK5")
	dir := t.TempDir()
	damageBlockOf(t, dir, v, p)
	bad, _ := Open(dir, v)
	defer bad.Close()
	good, _ := OpenEmbedded(v)
	defer good.Close()
	for _, db := range []*DB{good, bad} {
		db.Lookup(&p)
		if n := testing.AllocsPerRun(100, func() { db.Lookup(&p) }); n != 0 {
			t.Errorf("%v allocations per probe", n)
		}
	}
}

// Goroutines that find the same damage at once record it once, and each
// gets either the damage or, under a built-in table, the right value (run
// with -race: the damage is published to probes without a lock).
func TestDamageFoundConcurrently(t *testing.T) {
	v := board.International
	p := mustFEN(t, v, "W:WK46,K40:BK5")
	dir := t.TempDir()
	damageBlockOf(t, dir, v, p)
	ref, _ := OpenEmbedded(v)
	defer ref.Close()
	want, _ := ref.Probe(&p)
	for _, layered := range []bool{false, true} {
		db, _ := Open(dir, v)
		if layered {
			db, _ = OpenLayered(dir, v, Options{})
		}
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for g := 0; g < 8; g++ {
			wg.Go(func() {
				for k := 0; k < 50; k++ {
					r, err := db.Lookup(&p)
					switch {
					case layered && (err != nil || r != want):
						errs <- fmt.Errorf("layered: %v %v, want %v", r, err, want)
						return
					case !layered && !errors.Is(err, ErrCorrupt):
						errs <- fmt.Errorf("dir only: %v", err)
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := len(db.Problems()); n != 1 {
			t.Errorf("layered %v: damage recorded %d times", layered, n)
		}
		db.Close()
	}
}
