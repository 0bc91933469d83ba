//go:build unix

package tt

import "golang.org/x/sys/unix"

const canMap = true

// mapZeroed maps size bytes of fresh zero pages.
func mapZeroed(size uint64) ([]byte, error) {
	if size > uint64(^uint(0)>>1) {
		return nil, unix.ENOMEM
	}
	b, err := unix.Mmap(-1, 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	adviseHugePages(b)
	return b, nil
}

func unmap(b []byte) { _ = unix.Munmap(b) }
