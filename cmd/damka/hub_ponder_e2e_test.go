package main

import (
	"strings"
	"testing"
	"time"
)

// testHubPonderHitRace sends go ponder and ponder-hit in one write, as
// lidraughts-bot does when the opponent replies at once: the ponder-hit may
// reach the session before the search has begun, and must not be lost.
// Every search must then end by itself (a lost ponder-hit leaves it
// pondering until stop).
func testHubPonderHitRace(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	if a := p.answer("set-param name=hash value=8", "init"); len(a) != 1 || a[0] != "ready" {
		t.Fatalf("init: %q", a)
	}
	// A generous bound: a 5 ms search that takes a second is a lost
	// ponder-hit, not a loaded machine.
	const bound = 10 * time.Second
	for i := range 300 {
		// Off the book sometimes, so that both the book answer (hit before
		// the search began) and a real ponder search are exercised.
		pos := "pos start"
		if i%2 == 1 {
			pos = `pos start moves="32-28 18-23"`
		}
		p.send(pos + "\nlevel move-time=0.005\ngo ponder\nponder-hit")
		start := time.Now()
		deadline := time.After(bound)
		for done := false; !done; {
			select {
			case l, ok := <-p.lines:
				if !ok {
					t.Fatalf("round %d: damka closed its output (stderr %s)", i, p.stderr.String())
				}
				if strings.HasPrefix(l, "done") {
					if !strings.HasPrefix(l, "done move=") {
						t.Fatalf("round %d: %q", i, l)
					}
					done = true
				}
			case <-deadline:
				t.Fatalf("round %d: no done %v after go ponder + ponder-hit: the ponder-hit was lost", i, time.Since(start))
			}
		}
	}
}
