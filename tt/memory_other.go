//go:build !unix

package tt

// mapZeroed has no mapping to offer here: tables stay on the Go heap.
func mapZeroed(size uint64) []byte { return nil }

func unmap(b []byte) {}
