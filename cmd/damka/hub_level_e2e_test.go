package main

import (
	"strings"
	"testing"
	"time"
)

// testHubLevelInForce: a GUI that sends level once and then only pos and
// go, or no level at all, still gets searches that end by themselves.
func testHubLevelInForce(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.answer("set-param name=hash value=8", "set-param name=book value=false", "init")
	search := func(lines ...string) time.Duration {
		t.Helper()
		start := time.Now()
		p.send(lines...)
		got := p.until("done") // fails after e2eTimeout
		if !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Fatalf("%q: %q", lines, got)
		}
		return time.Since(start)
	}
	// No level at all: the default move time (one second).
	if d := search("pos start", "go think"); d < 900*time.Millisecond {
		t.Errorf("go without any level took %v, want the default of about 1 s", d)
	}
	// Level once, then several pos and go.
	search("level move-time=0.05", `pos start moves="32-28"`, "go think")
	for _, moves := range []string{"32-28 19-23", "32-28 19-23 28x19", "34-29"} {
		if d := search(`pos start moves="`+moves+`"`, "go think"); d > 5*time.Second {
			t.Errorf("after %s: %v for a 0.05 s search", moves, d)
		}
	}
}
