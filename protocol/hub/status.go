package hub

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// A session's trace: the last line its reader took from the input, and the
// last line its loop began and finished handling, each with when. Status
// reads it from any goroutine (a signal handler), so a session that stopped
// answering tells from outside whether its input never came, sits unread
// in the loop's channel, or is being handled.
type trace struct {
	read, begun, ended traceMark
}

// traceMark is one line and the time it was seen.
type traceMark struct {
	line atomic.Pointer[string]
	at   atomic.Int64 // UnixNano
}

func (m *traceMark) set(line string) {
	line = clipTo(line, 60)
	m.line.Store(&line)
	m.at.Store(time.Now().UnixNano())
}

// describe is the mark as `"line" 0.123 s ago`, or "none".
func (m *traceMark) describe(now time.Time) string {
	p := m.line.Load()
	if p == nil {
		return "none"
	}
	return fmt.Sprintf("%q %.3f s ago", *p, now.Sub(time.Unix(0, m.at.Load())).Seconds())
}

// Status is one line on what the session is doing: the trace and the
// stacks of all goroutines (compacted). It is safe from any goroutine.
func (s *Session) Status() string {
	now := time.Now()
	return fmt.Sprintf("status: last read %s; last begun %s; last handled %s; goroutines: %s",
		s.trace.read.describe(now), s.trace.begun.describe(now), s.trace.ended.describe(now),
		strings.Join(compactStacks(goroutineDump()), " | "))
}

// LogStatus writes Status to the session's log (stderr by default).
func (s *Session) LogStatus() { s.log.Printf("%s", s.Status()) }
