//go:build !unix

package perm

import "os"

// umask: no such mask here.
func umask() os.FileMode { return 0 }
