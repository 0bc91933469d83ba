//go:build !amd64 && !arm64

package tt

import "unsafe"

// prefetch is a no-op where no assembly version exists.
func prefetch(addr unsafe.Pointer) {}
