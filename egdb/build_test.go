package egdb

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"damka/board"
)

func buildOpts(dir string, n int) BuildOptions {
	return BuildOptions{Variant: board.Russian, Dir: dir, Pieces: n, Threads: 2, MemoryMB: 256}
}

// sameValues checks that two DBs agree on every position with at most n
// pieces (every 7th in short mode).
func sameValues(t *testing.T, a, b *DB, n int) {
	t.Helper()
	count, k := 0, 0
	enumerate(a.v, n, func(p board.Position) {
		if k++; p.PieceCount(0) == 0 || p.PieceCount(1) == 0 || testing.Short() && k%7 != 0 {
			return
		}
		ra, oka := a.Probe(&p)
		rb, okb := b.Probe(&p)
		if ra != rb || !oka || !okb {
			if count++; count < 5 {
				t.Errorf("%s: %v (%v) vs %v (%v)", a.v.FEN(&p), ra, oka, rb, okb)
			}
		}
	})
}

func modTimes(t *testing.T, dir string) map[string]time.Time {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]time.Time{}
	for _, e := range ents {
		fi, _ := e.Info()
		out[e.Name()] = fi.ModTime()
	}
	return out
}

// An interrupted build leaves a temporary file and no final file for the
// slice it was solving; the next run removes the temporary file, keeps the
// finished slices, rebuilds the missing and the damaged ones.
func TestResume(t *testing.T) {
	refDB := openSmall(t)
	dir := smallDir(t)
	os.Remove(filepath.Join(dir, "russian_1m1k-1k.egdb"))
	os.Remove(filepath.Join(dir, "russian_1k-1m1k.egdb"))
	temp := filepath.Join(dir, "russian_1m1k-1k.egdb"+tempMarker+"4242")
	os.WriteFile(temp, []byte("half a table"), 0o644)
	os.Truncate(filepath.Join(dir, "russian_2m-1k.egdb"), 100)
	flipByte(t, filepath.Join(dir, "russian_1k-1m.egdb"), -1) // a block only
	before := modTimes(t, dir)
	time.Sleep(10 * time.Millisecond) // let rewritten files get a new time

	opt := buildOpts(dir, 3)
	var warned []string
	opt.Warn = func(err error) { warned = append(warned, err.Error()) }
	reports, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(warned) != 2 || !strings.Contains(warned[0], "2m-1k") || !strings.Contains(warned[1], "1k-1m") {
		t.Errorf("warnings: %q", warned)
	}
	if _, err := os.Stat(temp); !os.IsNotExist(err) {
		t.Error("the interrupted build's temporary file is still there")
	}
	rebuilt := map[string]bool{"1m1k-1k": true, "1k-1m1k": true, "2m-1k": true, "1k-2m": true, "1m-1k": true, "1k-1m": true}
	after := modTimes(t, dir)
	for _, r := range reports {
		name := fileName(board.Russian, r.Material)
		if r.Skipped == rebuilt[r.Material.String()] {
			t.Errorf("%s: skipped=%v", r.Material, r.Skipped)
		}
		if r.Skipped && !after[name].Equal(before[name]) {
			t.Errorf("%s was rewritten although finished", name)
		}
	}
	db, err := Open(dir, board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sameValues(t, db, refDB, 3)
}

// Cancelling stops between chunks of work; what was finished stays, and
// no file of the interrupted slice looks finished.
func TestCancelThenResume(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	opt := buildOpts(dir, 3)
	finished := 0
	opt.Progress = func(p Progress) {
		if p.Report != nil {
			if finished++; finished == 3 {
				cancel()
			}
		}
	}
	reports, err := Build(ctx, opt)
	if err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("got %v after %d slices", err, len(reports))
	}
	for _, n := range mustList(t, dir) {
		if strings.Contains(n, tempMarker) {
			t.Errorf("temporary file %s left", n)
		}
	}
	opt.Progress = nil
	reports2, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	skipped := 0
	for _, r := range reports2 {
		if r.Skipped {
			skipped++
		}
	}
	if skipped != len(reports) {
		t.Errorf("%d slices finished before the cancel, %d skipped after", len(reports), skipped)
	}
	db, err := Open(dir, board.Russian)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := Verify(db, 2, nil); err != nil {
		t.Error(err)
	}
}

func mustList(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// The 2- and 3-piece slices fit in 16 MB; the first 4-piece pair (2k-2k,
// 1.4 million positions) does not.
func TestMemoryBoundRefused(t *testing.T) {
	opt := buildOpts(t.TempDir(), 4)
	opt.Variant = board.International
	opt.MemoryMB = 16
	_, err := Build(context.Background(), opt)
	if err == nil || !strings.Contains(err.Error(), "needs about") || !strings.Contains(err.Error(), "--memory 16") {
		t.Fatalf("got %v", err)
	}
}

// --slice builds one pair when what it depends on is there, and names what
// is missing otherwise.
func TestSingleSlice(t *testing.T) {
	dir := t.TempDir()
	m, _ := ParseMaterial("2k-1k")
	opt := BuildOptions{Variant: board.Russian, Dir: dir, Slices: []Material{m}, Threads: 2, MemoryMB: 64}
	_, err := Build(context.Background(), opt)
	if err == nil || !strings.Contains(err.Error(), "1k-1k") {
		t.Fatalf("got %v, want a complaint about the missing 1k-1k", err)
	}
	if _, err := Build(context.Background(), buildOpts(dir, 2)); err != nil {
		t.Fatal(err)
	}
	reports, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || reports[0].Material != m.canonical() || reports[1].Material != m.canonical().Mirror() {
		t.Fatalf("reports %+v", reports)
	}
	for _, n := range []string{"russian_2k-1k.egdb", "russian_1k-2k.egdb"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Error(err)
		}
	}
}
