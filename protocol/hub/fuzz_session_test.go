package hub

import (
	"strings"
	"testing"
	"time"
)

// FuzzSession feeds random input to a whole Session with the fake searcher
// and checks that it never panics, always ends (within a bound) at the end
// of input, and only ever writes well-formed protocol lines.
//
// Seeds: testdata/fuzz/FuzzSession (typical GUI conversations and broken
// ones) plus every case of robustCases.
func FuzzSession(f *testing.F) {
	for _, tc := range robustCases {
		f.Add(tc.in + "\n")
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<16 {
			in = in[:1<<16]
		}
		var out syncBuffer
		s := NewSession(&fakeSearcher{}, strings.NewReader(in), &out, WithLog(&syncBuffer{}))
		done := make(chan error, 1)
		go func() { done <- s.Run() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Run did not end on input %.200q", in)
		}
		text := out.String()
		if text != "" && !strings.HasSuffix(text, "\n") {
			t.Fatalf("output does not end with a newline: %.200q", text)
		}
		if text == "" {
			return
		}
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			checkOutputLine(t, l)
		}
	})
}

// checkOutputLine checks one line the engine wrote.
func checkOutputLine(t *testing.T, l string) {
	t.Helper()
	pl, err := ParseLine(l)
	if err != nil {
		t.Fatalf("output line %.200q does not parse: %v", l, err)
	}
	if pl.String() != l {
		t.Fatalf("output line %.200q is not in canonical form %.200q", l, pl.String())
	}
	switch pl.Command {
	case "id", "param", "info":
		for _, a := range pl.Args {
			if a.Flag || strings.Contains(a.Value, "=") {
				t.Fatalf("%.200q: argument %q breaks pydraughts", l, a.Name)
			}
		}
	case "done":
		// Bare, or move= first and ponder= second, unquoted.
		if len(pl.Args) > 0 && (pl.Args[0].Name != "move" || !isName(pl.Args[0].Value)) ||
			len(pl.Args) > 1 && (pl.Args[1].Name != "ponder" || !isName(pl.Args[1].Value)) ||
			len(pl.Args) > 2 {
			t.Fatalf("bad done line %q", l)
		}
	case "error":
		if len(pl.Args) != 1 || pl.Args[0].Name != "message" || len(l) > 2*maxMessage {
			t.Fatalf("bad error line %.200q", l)
		}
	case "wait", "ready", "pong":
		if len(pl.Args) != 0 {
			t.Fatalf("bad line %q", l)
		}
	default:
		t.Fatalf("unexpected output line %.200q", l)
	}
}
