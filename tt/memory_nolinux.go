//go:build unix && !linux

package tt

func adviseHugePages(b []byte) {}
