package hub

import (
	"strings"
	"testing"

	"damka/engine"
)

// TestScanParams sends the set-param lines of a Scan configuration
// (lidraughts-bot's default, draughtsnet's, scan.ini): none may answer or
// log anything, and the ones that mean something for damka must change
// its setting.
func TestScanParams(t *testing.T) {
	tests := []struct {
		line string
		want func(engine.Options) bool // nil: the options stay the defaults
	}{
		{"set-param name=tt-size value=23", func(o engine.Options) bool { return o.HashMB == 128 }},
		{"set-param name=tt-size value=16", func(o engine.Options) bool { return o.HashMB == 1 }},
		{"set-param name=tt-size value=30", func(o engine.Options) bool { return o.HashMB == 16384 }},
		{"set-param name=TT-Size value=24", func(o engine.Options) bool { return o.HashMB == 256 }},
		{"set-param name=book value=false", func(o engine.Options) bool { return !o.Book }},
		{"set-param name=threads value=4", func(o engine.Options) bool { return o.Threads == 4 }},
		{"set-param name=book-margin value=4", func(o engine.Options) bool { return o.BookMargin == 4 }},
		{"set-param name=variant value=normal", nil},
		{"set-param name=ponder value=true", nil},
		{"set-param name=book-ply value=20", nil},
		{"set-param name=book-ply value=4", nil},
		{"set-param name=bb-size value=0", nil},
		{"set-param name=bb-size value=auto", nil},
		{"set-param name=bb-size value=6", nil},
		{"set-param name=initial-time value=60", nil},
		{"set-param name=initial-time value=0.5", nil},
		{"set-param name=dxp-port value=27531", nil},
		{"set-param name=dxp-server value=true", nil},
	}
	defaults := NewSession(&fakeSearcher{}, strings.NewReader(""), &strings.Builder{}).engineOpts
	for _, tc := range tests {
		h := newHarness(t)
		if a := h.answer(tc.line, "init"); len(a) != 1 || a[0] != "ready" {
			t.Errorf("%s: answered %q", tc.line, a)
		}
		if log := h.log.String(); log != "" {
			t.Errorf("%s: logged %q", tc.line, log)
		}
		h.fake.mu.Lock()
		opts := h.fake.options
		h.fake.mu.Unlock()
		if len(opts) == 0 {
			t.Fatalf("%s: no options given to the searcher", tc.line)
		}
		got := opts[len(opts)-1]
		if tc.want == nil && got != defaults || tc.want != nil && !tc.want(got) {
			t.Errorf("%s: options %+v", tc.line, got)
		}
	}
	// A tt-size outside Scan's range is an error and changes nothing.
	h := newHarness(t)
	for _, v := range []string{"15", "31", "abc", `""`} {
		a := h.answer("set-param name=tt-size value=" + v)
		if len(a) != 1 || !strings.HasPrefix(a[0], errPrefix+"set-param: tt-size (log2 of the table entries) must be an integer from 16 to 30") {
			t.Errorf("tt-size %s: %q", v, a)
		}
	}
	// Scan's names are accepted, not declared: hub lists damka's own.
	for _, l := range h.answer("hub") {
		for _, p := range scanParams {
			if strings.HasPrefix(l, "param name="+p.name+" ") {
				t.Errorf("hub declares %s: %q", p.name, l)
			}
		}
	}
	if !HasParam("tt-size") || !HasParam("initial-time") || HasParam("tt") {
		t.Error("HasParam does not know Scan's names")
	}
}
