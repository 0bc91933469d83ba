//go:build unix

package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"damka/board"
)

// An engine killed by SIGTERM as the match is being stopped (scancel
// signals every process of the job) does not lose the game: it is not
// written, and --resume plays it. Killed while the match goes on, it loses.
func TestEngineStoppedWithTheMatch(t *testing.T) {
	v := board.International
	for _, stopMatch := range []bool{true, false} {
		pdnPath := filepath.Join(t.TempDir(), "m.pdn")
		cfg := Config{
			Variant: v, Engines: []EngineSpec{fakeSpec("Term", "-mode", "term", "-think", "0.5"), fakeSpec("Other")},
			Games: 2, TC: TimeControl{Depth: 1}, MaxPlies: 40, PDN: pdnPath,
		}
		ctx, cancel := context.WithCancel(context.Background())
		if stopMatch {
			// Half a second after the engine's death, within the grace.
			time.AfterFunc(time.Second, cancel)
		}
		sum, err := Run(ctx, cfg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(pdnPath)
		crashes := strings.Count(string(data), "Term crash:")
		if stopMatch && (crashes != 0 || sum.Stopped != "interrupted") {
			t.Errorf("stopped with the match: %d crash losses written, stopped %q:\n%s", crashes, sum.Stopped, data)
		}
		if !stopMatch && crashes == 0 {
			t.Errorf("killed while the match went on: no crash loss written:\n%s", data)
		}
	}
}
