//go:build unix

package perm

import (
	"os"
	"syscall"
)

// umask reads the mask by setting it and putting it back. That is not
// safe while other goroutines create files, so it runs once, when the
// package is initialised, before main starts any.
func umask() os.FileMode {
	m := syscall.Umask(0o022)
	syscall.Umask(m)
	return os.FileMode(m)
}
