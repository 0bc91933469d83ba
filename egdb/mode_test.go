package egdb

import (
	"os"
	"path/filepath"
	"testing"

	"damka/internal/perm"
)

// TestTableFileMode: a written table is readable by other accounts (the
// umask permitting), not CreateTemp's owner-only 0600.
func TestTableFileMode(t *testing.T) {
	dir := t.TempDir()
	if _, err := writeFile(dir, "mode.egdb", &header{}, [][]byte{{1, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "mode.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != perm.Public {
		t.Errorf("table file mode %v, want %v", got, perm.Public)
	}
}
