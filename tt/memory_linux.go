package tt

import "golang.org/x/sys/unix"

// adviseHugePages asks for transparent huge pages: probes land at random in
// the table, and 2 MB pages spare most of the TLB misses that 4 KB pages
// cost. Where the kernel refuses, the table works with normal pages.
func adviseHugePages(b []byte) {
	if len(b) >= 2<<20 {
		_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
	}
}
