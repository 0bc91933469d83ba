//go:build unix

package hub

import (
	"path/filepath"
	"syscall"
	"testing"
)

// specialFiles returns a FIFO in dir: opening it blocks until a writer
// comes, which never does.
func specialFiles(t *testing.T, dir string) []string {
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Logf("mkfifo: %v; the stress test runs without a FIFO", err)
		return nil
	}
	return []string{fifo}
}
