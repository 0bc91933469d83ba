//go:build !unix

package egdb

import (
	"errors"
	"os"
)

// mapFile is not available here: tables are read with ReadAt instead.
func mapFile(f *os.File, size int64) ([]byte, error) {
	return nil, errors.New("memory mapping not supported on this system")
}

func unmapFile(b []byte) error { return nil }

// openNonBlock: the check that a table is a regular file must do here.
const openNonBlock = 0
