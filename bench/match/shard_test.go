package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"damka/board"
	"damka/format/pdn"
)

// Shards split the match by game pairs: every game in exactly one shard,
// both colours of an opening in the same one.
func TestScheduleShards(t *testing.T) {
	for _, shards := range []int{1, 2, 3, 5} {
		owner := map[int]int{}
		planned := 0
		for s := range shards {
			sc := newSchedule(3, 10, 4)
			sc.shard, sc.shards = s, shards
			planned += sc.planned()
			for i := 0; i < sc.total(); i++ {
				if sc.mine(i) {
					if o, ok := owner[i]; ok {
						t.Fatalf("%d shards: game %d in shards %d and %d", shards, i, o, s)
					}
					owner[i] = s
				}
			}
		}
		total := newSchedule(3, 10, 4).total()
		if len(owner) != total || planned != total {
			t.Fatalf("%d shards: %d games owned, %d planned, of %d", shards, len(owner), planned, total)
		}
		for i := 0; i < total; i += 2 {
			if owner[i] != owner[i+1] {
				t.Errorf("%d shards: the colours of pair %d are in shards %d and %d", shards, i/2, owner[i], owner[i+1])
			}
		}
	}
}

// The statistics of N shards' PDN files pooled are the one match's, for
// any N; a resume refuses another shard's games.
func TestShardsPoolToTheMatch(t *testing.T) {
	v := board.Russian
	dir := t.TempDir()
	cfg := Config{
		Variant: v, Engines: []EngineSpec{fakeSpec("Alpha", "-seed", "11"), fakeSpec("Beta", "-seed", "22")},
		Games: 12, TC: TimeControl{Depth: 1}, Openings: openingSuite(t, v, 6), MaxPlies: 200, Concurrency: 2,
	}
	summary := func(paths ...string) string {
		var files []PDNFile
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			games, err := pdn.Read(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, PDNFile{Name: p, Games: games})
		}
		s, err := SummarizePDN(files, "Alpha")
		if err != nil {
			t.Fatal(err)
		}
		// Results only: the thinking times differ from run to run.
		out := fmt.Sprint(s.Played, s.Pairings)
		for _, st := range s.Standings {
			out += fmt.Sprintf(" %s %d-%d-%d", st.Name, st.W, st.D, st.L)
		}
		return out
	}
	one := cfg
	one.PDN = filepath.Join(dir, "one.pdn")
	if _, err := Run(context.Background(), one); err != nil {
		t.Fatal(err)
	}
	want := summary(one.PDN)
	for _, n := range []int{2, 3} {
		var parts []string
		for s := range n {
			c := cfg
			c.Shard, c.Shards, c.PDN = s, n, filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.pdn", s, n))
			sum, err := Run(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Total != sum.Played || sum.Total >= 12 {
				t.Fatalf("shard %d/%d played %d of %d", s, n, sum.Played, sum.Total)
			}
			parts = append(parts, c.PDN)
		}
		if got := summary(parts...); got != want {
			t.Errorf("%d shards pooled: %s\nthe match: %s", n, got, want)
		}
	}
	other := cfg
	other.Shard, other.Shards, other.PDN, other.Resume = 1, 2, filepath.Join(dir, "part-0-of-2.pdn"), true
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "another shard") {
		t.Errorf("resuming shard 1/2 from shard 0's file: %v", err)
	}
	bad := cfg
	bad.Shard, bad.Shards = 2, 2
	if err := bad.Check(); err == nil {
		t.Error("shard 2/2 accepted")
	}
}
