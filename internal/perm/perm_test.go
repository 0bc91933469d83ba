package perm

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestPublicIsWhatCreateGives: Public matches the mode os.Create gives a
// new file under the process's umask, and lets the group and others read
// under the usual masks.
func TestPublicIsWhatCreateGives(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no umask")
	}
	f, err := os.OpenFile(filepath.Join(t.TempDir(), "x"), os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != Public {
		t.Errorf("Public = %v, a created file has %v", Public, got)
	}
	if Public&0o600 != 0o600 {
		t.Errorf("Public = %v: the owner cannot read and write", Public)
	}
}
