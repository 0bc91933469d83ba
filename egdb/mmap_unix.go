//go:build unix

package egdb

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps a table file read-only. Blocks are then decompressed
// straight from the page cache, with no read call and no copy per miss,
// and the kernel, not the process, decides which parts stay in memory.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size == 0 || int64(int(size)) != size {
		return nil, os.ErrInvalid
	}
	return unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
}

func unmapFile(b []byte) error { return unix.Munmap(b) }

// openNonBlock keeps an open of a FIFO from waiting for a writer.
const openNonBlock = unix.O_NONBLOCK
