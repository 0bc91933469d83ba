package pdn

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/.

// maxFuzz bounds the input of FuzzRead so that every run is quick;
// reading is linear in the input apart from the move generation per move.
const maxFuzz = 4096

func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxFuzz {
			return
		}
		games, err := Read(strings.NewReader(s))
		if err != nil {
			return
		}
		// Whatever was read must write and read back the same.
		var buf bytes.Buffer
		for _, g := range games {
			if err := g.Write(&buf); err != nil {
				t.Fatalf("Write of a game read from %q: %v", s, err)
			}
		}
		again, err := Read(&buf)
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		if len(again) != len(games) {
			t.Fatalf("%d games read back, %d written", len(again), len(games))
		}
		for i, g := range again {
			w := games[i]
			if g.Variant() != w.Variant() || g.Start() != w.Start() || !reflect.DeepEqual(g.Moves(), w.Moves()) || g.Result != w.Result {
				t.Fatalf("game %d of %q changed on a round trip through\n%s", i+1, s, buf.String())
			}
		}
	})
}
