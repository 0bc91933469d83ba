//go:build amd64 || arm64

package tt

import "unsafe"

// prefetch asks the CPU to start loading the cache line at addr. Go has no
// portable prefetch intrinsic; one instruction in assembly is the cheapest
// way to get it (the call costs far less than the miss it hides).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
