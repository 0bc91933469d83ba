//go:build !unix

package tt

import "errors"

// canMap is false: without a mapping tables stay on the Go heap, and a
// size that the system refuses there ends the process.
const canMap = false

func mapZeroed(size uint64) ([]byte, error) { return nil, errors.New("no memory mapping") }

func unmap(b []byte) {}

// tableLimit is unknown here: no cap.
func tableLimit() uint64 { return 0 }
