package match

import (
	"strings"
	"testing"
	"time"

	"damka/bench/stats"
)

func TestProgressLine(t *testing.T) {
	s := &Summary{Engines: []string{"A", "B"}, Played: 10, Total: 40,
		Pairings: []PairStats{{WDL: stats.WDL{W: 5, D: 3, L: 2}}}}
	var buf strings.Builder
	p := progress{w: &buf, tty: true, start: time.Now().Add(-time.Minute)}
	p.update(s, 10, false)
	out := buf.String()
	if !strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, "\x1b[K") ||
		!strings.Contains(out, "games 10/40  W-D-L 5-3-2  Elo ") || !strings.Contains(out, "games/min  left ") {
		t.Errorf("terminal line %q", out)
	}
	p.note(&buf, "failure\n")
	if !strings.HasSuffix(buf.String(), "\r\x1b[Kfailure\n") {
		t.Errorf("note does not clear the line: %q", buf.String())
	}
	buf.Reset()
	p = progress{w: &buf, start: time.Now()}
	for i := 1; i <= 25; i++ {
		s.Played = i
		p.update(s, i, false)
	}
	p.update(s, 25, true)
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Errorf("plain output: %d lines, want 3 (at 10, 20 and the end):\n%s", n, buf.String())
	}
}
