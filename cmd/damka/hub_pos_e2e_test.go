package main

import (
	"strings"
	"testing"
)

// testHubRefusedPos: after a refused pos, go must not play a move for the
// previous position (it may be for the other side); it answers an error
// and a bare done, until a valid pos.
func testHubRefusedPos(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.answer("set-param name=hash value=8", "init")
	// White has moved: Black is to move in the session's position.
	p.send(`pos start moves="32-28"`, "level depth=2", "go think")
	if got := p.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("first search: %q", got)
	}
	for _, bad := range []string{`pos start moves="32-28 32-28"`, "pos pos=Wxyz"} {
		a := p.answer(bad, "level depth=2", "go think")
		if len(a) != 3 || !strings.HasPrefix(a[0], `error message="`) ||
			!strings.HasPrefix(a[1], `error message="go: no valid position`) || a[2] != "done" {
			t.Errorf("%s then go: %q", bad, a)
		}
	}
	p.send("pos start", "level depth=2", "go think")
	got := p.until("done")
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("after a valid pos: %q", got)
	}
}
