//go:build unix && !linux

package tt

func adviseHugePages(b []byte) {}

// tableLimit is not known on this system: mapping errors are the only
// limit.
func tableLimit() uint64 { return 0 }
