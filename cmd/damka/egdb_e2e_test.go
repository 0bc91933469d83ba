package main

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tableDir makes a directory holding the built-in table name, with the
// byte at off flipped when off >= 0.
func tableDir(t *testing.T, name string, off int) (dir, path string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "egdb", "tables", name))
	if err != nil {
		t.Fatal(err)
	}
	if off >= 0 {
		b[off] ^= 0x55
	}
	dir = t.TempDir()
	path = filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// bestLine is the last line of analyse, less its time.
func bestLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if i := strings.Index(last, " time="); i >= 0 {
		last = last[:i]
	}
	return last
}

// --egdb DIR adds to the built-in tables: a directory of Russian tables,
// or one whose only International table is damaged, leaves the score of a
// tabled ending as it is without --egdb, and stderr says what was left out.
func TestEGDBFlagKeepsBuiltInTables(t *testing.T) {
	bin := buildDamka(t)
	const fen = "W:WK46,K40:BK5,10" // a 2k-2k win the built-in tables know
	analyse := func(extra ...string) (string, string) {
		out, errOut := runDamka(t, bin, append([]string{"analyse", "--variant", "international", "--fen", fen, "--depth", "3"}, extra...)...)
		return bestLine(out), errOut
	}
	want, _ := analyse()
	if off, _ := analyse("--no-egdb"); off == want {
		t.Fatalf("the ending scores %q with and without tables: it tests nothing", want)
	}
	foreign, _ := tableDir(t, "russian_2k-1k.egdb", -1)
	damaged, bad := tableDir(t, "international_2k-2k.egdb", 20) // in the header
	cases := []struct {
		dir  string
		note []string
	}{
		{foreign, []string{"no tables for international in " + foreign}},
		{damaged, []string{bad + ": corrupt endgame table: header checksum mismatch", "no tables for international in " + damaged}},
	}
	for _, c := range cases {
		got, errOut := analyse("--egdb", c.dir)
		if got != want {
			t.Errorf("--egdb %s: %q, without: %q", c.dir, got, want)
		}
		for _, n := range c.note {
			if !strings.Contains(errOut, "damka analyse: endgame tables: "+n) {
				t.Errorf("--egdb %s: stderr %q does not say %q", c.dir, errOut, n)
			}
		}
	}
}

// egdb probe into a damaged block names the file and the block instead of
// calling the position untabled.
func TestEGDBProbeNamesDamage(t *testing.T) {
	bin := buildDamka(t)
	dir, path := tableDir(t, "international_2k-1k.egdb", -1)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damageBlocks(b)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "egdb", "probe", "--variant", "international", "--fen", "W:WK46,K40:BK5", "--dir", dir)
	out, err := cmd.CombinedOutput()
	if err == nil || !regexp.MustCompile(regexp.QuoteMeta(path)+`: block \d+ checksum mismatch`).Match(out) {
		t.Errorf("probe of a damaged block: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "not in the tables") {
		t.Errorf("damage called a miss:\n%s", out)
	}

}

// TestAnalyseNamesTableDamage: a search that meets damaged blocks in --egdb
// tables names each damaged file once on stderr, and answers as it does
// with the built-in tables, which serve the damaged slices again.
func TestAnalyseNamesTableDamage(t *testing.T) {
	bin := buildDamka(t)
	dir := t.TempDir()
	names, err := filepath.Glob(filepath.Join("..", "..", "egdb", "tables", "international_*.egdb"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no built-in tables: %v", err)
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		damageBlocks(b)
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(n)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	analyse := func(extra ...string) (string, string) {
		args := append([]string{"analyse", "--variant", "international", "--fen", "W:W28,33,K46:B3,12,K20", "--depth", "6"}, extra...)
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("analyse %v: %v\n%s%s", extra, err, out, stderr.String())
		}
		return string(out), stderr.String()
	}
	want, _ := analyse()
	got, stderr := analyse("--egdb", dir)
	damage := regexp.MustCompile(`endgame tables: corrupt endgame table: (\S+): block \d+ checksum mismatch`).FindAllStringSubmatch(stderr, -1)
	if len(damage) == 0 {
		t.Errorf("no damage named on stderr:\n%s", stderr)
	}
	seen := map[string]bool{}
	for _, d := range damage {
		if seen[d[1]] {
			t.Errorf("%s named more than once:\n%s", d[1], stderr)
		}
		seen[d[1]] = true
	}
	if bestLine(got) != bestLine(want) {
		t.Errorf("over damaged tables: %q, with the built-in ones: %q", bestLine(got), bestLine(want))
	}
}

// damageBlocks flips a byte in the middle of every block of a table file
// (the layout of egdb/store.go: a 108-byte header, then size and CRC per
// block), so that every block fails its checksum.
func damageBlocks(b []byte) {
	const header = 108
	blocks := int(binary.LittleEndian.Uint32(b[28:]))
	off := header + 8*blocks + 4
	for i := 0; i < blocks; i++ {
		size := int(binary.LittleEndian.Uint32(b[header+8*i:]))
		b[off+size/2] ^= 0x55
		off += size
	}
}
