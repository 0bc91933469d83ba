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

// tableLimit is the largest table worth mapping: three quarters of the
// physical memory. The kernel grants a mapping larger than what it can
// back (pages come only when touched), and the process is then killed
// while the table fills; a table that pushes the rest of the system out
// of memory is slower than a smaller one anyway. 0: no limit known.
func tableLimit() uint64 {
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit) / 4 * 3
}
