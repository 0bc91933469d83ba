package hub

import (
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// FuzzSessionHealth feeds random input to a Session and then checks that
// it is still a working engine: it answers ping with pong, and after a
// valid pos it answers go with a legal move (checked with the rules core).
// quit lines are taken out of the input, since after them there is no
// session to check. Every line the session writes must be well formed.
//
// Seeds: testdata/fuzz/FuzzSessionHealth (the races and traps of issues
// 14 and 15: ponder-hit right behind go ponder, go after a refused pos,
// book-path on special files, Scan's parameters, level given once) and
// every case of robustCases.
func FuzzSessionHealth(f *testing.F) {
	for _, tc := range robustCases {
		f.Add(tc.in + "\n")
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<16 {
			in = in[:1<<16]
		}
		checkHealthAfter(t, in)
	})
}

// checkHealthAfter runs in through a session, then the health check.
func checkHealthAfter(t *testing.T, in string) {
	t.Helper()
	h := newHarness(t)
	h.send(withoutQuit(in))
	// stop ends a search the input left running; the marker (an unknown
	// command) separates the input's answers from the check's. ping comes
	// after the marker's answer: sent earlier, it could be answered before
	// lines still waiting for a book file (load.go).
	h.send("", "stop", "health-mark-1")
	h.skipTo(ErrorLine("unknown command health-mark-1"))
	h.send("ping")
	h.skipTo("pong")
	h.send("set-param name=variant value=normal", `pos start moves="32-28 19-23"`, "level depth=1", "go think")
	v := board.International
	root := v.Start()
	for _, m := range []string{"32-28", "19-23"} {
		root = root.Play(mustHub(t, v, &root, m))
	}
	for {
		l := h.next()
		checkOutputLine(t, l)
		if command(l) != "done" {
			continue
		}
		pl, _ := ParseLine(l)
		text, ok := pl.Get("move")
		if !ok {
			t.Fatalf("go answered %q", l)
		}
		m, err := hubtext.ParseMove(v, &root, text)
		if err != nil || hubtext.FormatMove(v, m) != text {
			t.Fatalf("go answered %q, not a legal move of %s: %v", l, v.FEN(&root), err)
		}
		break
	}
	h.ping()
}

// skipTo reads output lines, each checked, up to the line want.
func (h *harness) skipTo(want string) {
	h.t.Helper()
	for {
		l := h.next()
		checkOutputLine(h.t, l)
		if l == want {
			return
		}
	}
}

// withoutQuit drops the lines that would end the session.
func withoutQuit(in string) string {
	lines := strings.Split(in, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if pl, err := ParseLine(strings.TrimSuffix(l, "\r")); err == nil && pl.Command == "quit" {
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}
