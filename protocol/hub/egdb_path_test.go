package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTable copies the built-in table name into dir.
func copyTable(t *testing.T, dir, name string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "egdb", "tables", name))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// egdb-path adds to the built-in tables; a directory that holds nothing for
// the variant, or a damaged file, is named in an info line the GUI can read,
// and the parameter is still taken (it is not an error).
func TestEGDBPathTellsWhatIsLeftOut(t *testing.T) {
	foreign := t.TempDir()
	copyTable(t, foreign, "russian_2k-1k.egdb")
	russian, err := os.ReadFile(filepath.Join(foreign, "russian_2k-1k.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	damaged := t.TempDir()
	bad := filepath.Join(damaged, "russian_2k-1k.egdb")
	if err := os.WriteFile(bad, append([]byte("garbage="), russian[8:]...), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.send("hub")
	h.until("wait")
	cases := []struct {
		lines []string
		want  []string // one info line per entry, holding these words
	}{
		{[]string{"set-param name=egdb-path value=" + foreign}, []string{"no tables for international in " + foreign}},
		{[]string{"set-param name=variant value=russian", "set-param name=egdb-path value=" + foreign}, nil},
		{[]string{"set-param name=egdb-path value=" + damaged}, []string{bad + ": corrupt endgame table", "no tables for russian in " + damaged}},
	}
	for _, c := range cases {
		got := h.answer(c.lines...)
		if len(got) != len(c.want) {
			t.Fatalf("%q answered %q, want %d info lines", c.lines, got, len(c.want))
		}
		for i, l := range got {
			msg := pydraughtsSplit(t, l)["message"]
			if command(l) != "info" || !strings.Contains(msg, c.want[i]) {
				t.Errorf("%q answered %q, want an info message with %q", c.lines, l, c.want[i])
			}
		}
	}
	h.send("init")
	h.until("ready")
	h.fake.mu.Lock()
	defer h.fake.mu.Unlock()
	if n := len(h.fake.options); n == 0 || h.fake.options[n-1].EGDBPath != damaged {
		t.Errorf("egdb-path not passed on: %+v", h.fake.options)
	}
}
