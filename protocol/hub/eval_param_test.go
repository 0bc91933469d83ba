package hub

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"damka/board"
	"damka/eval"
)

// The eval parameter: hand and learned switch the evaluation, a weights
// file is read and handed to the searcher, and a damaged file, a missing
// one or a directory is an error that leaves the setting as it was.
func TestEvalParam(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := eval.NewWeights(board.International).Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "int.dwt")
	bad := filepath.Join(dir, "bad.dwt")
	if err := os.WriteFile(good, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, buf.Bytes()[:buf.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	for _, tc := range []struct{ value, want string }{
		{bad, "not a valid damka weights file"},
		{dir, "is not a regular file (a directory)"},
		{filepath.Join(dir, "missing"), "no such file or directory"},
	} {
		a := h.answer("set-param name=eval value=" + tc.value)
		if len(a) != 1 || !strings.HasPrefix(a[0], errPrefix+"set-param: eval ") || !strings.Contains(a[0], tc.want) {
			t.Errorf("%s: %q, want %q", tc.value, a, tc.want)
		}
	}
	check := func(value string, hand, file bool) {
		t.Helper()
		h.send("set-param name=eval value="+value, "init")
		h.until("ready")
		h.fake.mu.Lock()
		o := h.fake.options[len(h.fake.options)-1]
		h.fake.mu.Unlock()
		if o.HandEval != hand || (o.Eval != nil) != file {
			t.Errorf("eval=%s: HandEval %v, weights %v", value, o.HandEval, o.Eval != nil)
		}
	}
	check("hand", true, false)
	check(good, false, true)
	check("learned", false, false)
}
