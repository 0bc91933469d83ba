//go:build unix

package tt

import "golang.org/x/sys/unix"

// mapZeroed maps size bytes of fresh zero pages, or returns nil.
func mapZeroed(size uint64) []byte {
	b, err := unix.Mmap(-1, 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	adviseHugePages(b)
	return b
}

func unmap(b []byte) { _ = unix.Munmap(b) }
