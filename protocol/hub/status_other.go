//go:build !unix

package hub

// StatusOnSignal does nothing where there is no user signal.
func (s *Session) StatusOnSignal() (stop func()) { return func() {} }
