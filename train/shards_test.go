package train

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"damka/board"
)

func shardConfig() SelfplayConfig {
	return SelfplayConfig{Variant: board.Russian, Games: 23, Depth: 2, Seed: 5, RandomPlies: 6, Workers: 2, MaxPlies: 120}
}

// shardConfigs are the runs the shard tests split: the old way, and with
// balanced random starts and the shot filter.
func shardConfigs() map[string]SelfplayConfig {
	balanced := shardConfig()
	balanced.RandomMin, balanced.RandomPlies, balanced.RandomMargin = 4, 12, 30
	balanced.ShotMargin, balanced.ShotDepth = DefaultShotMargin, DefaultShotDepth
	return map[string]SelfplayConfig{"plain": shardConfig(), "balanced": balanced}
}

// runShards plays the run in n shards with the given workers and merges
// them as 'damka selfplay merge' does; it returns the merged file's bytes.
func runShards(t *testing.T, dir string, cfg SelfplayConfig, n, workers int) []byte {
	t.Helper()
	var parts []*Data
	var names []string
	for i := range n {
		c := cfg
		c.Shard, c.Shards, c.Workers = i, n, workers
		name := filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.dat", i, n))
		if _, err := Selfplay(context.Background(), name, c, "meta"); err != nil {
			t.Fatal(err)
		}
		d, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		parts, names = append(parts, d), append(names, name)
	}
	d, err := MergeShards(parts, names)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, fmt.Sprintf("merged-%d.dat", n))
	if err := WriteFile(out, d); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// N shards of a run, merged, are the file of the one run, byte for byte,
// whatever N and the workers of each shard.
func TestSelfplayShardsEqualOneRun(t *testing.T) {
	for name, cfg := range shardConfigs() {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			one := filepath.Join(dir, "one.dat")
			var games []int
			cfg.Report = func(g GameStats) { games = append(games, g.Index) }
			if _, err := Selfplay(context.Background(), one, cfg, "meta"); err != nil {
				t.Fatal(err)
			}
			for i, g := range games {
				if g != i || len(games) != cfg.Games {
					t.Fatalf("reported games %v, want 0..%d in order", games, cfg.Games-1)
				}
			}
			cfg.Report = nil
			want, _ := os.ReadFile(one)
			for _, c := range []struct{ shards, workers int }{{1, 1}, {2, 3}, {3, 1}} {
				if got := runShards(t, dir, cfg, c.shards, c.workers); !bytes.Equal(got, want) {
					t.Errorf("%d shards with %d workers: %d bytes, the one run %d bytes; they differ", c.shards, c.workers, len(got), len(want))
				}
			}
			// Another seed, other games.
			cfg.Seed++
			other := filepath.Join(dir, "other.dat")
			if _, err := Selfplay(context.Background(), other, cfg, "meta"); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(other); bytes.Equal(b, want) {
				t.Error("seeds 5 and 6 gave the same file")
			}
		})
	}
}

func TestMergeShardsRefuses(t *testing.T) {
	mk := func(meta string, merged bool) *Data {
		return &Data{Header: Header{Variant: "russian", Meta: meta, Merged: merged}, Samples: someSamples(3), Games: 1}
	}
	for _, c := range []struct {
		name  string
		parts []*Data
	}{
		{"missing", []*Data{mk("m --shard 0/3", false), mk("m --shard 2/3", false)}},
		{"twice", []*Data{mk("m --shard 0/2", false), mk("m --shard 0/2", false)}},
		{"other run", []*Data{mk("m --shard 0/2", false), mk("n --shard 1/2", false)}},
		{"other count", []*Data{mk("m --shard 0/2", false), mk("m --shard 1/3", false)}},
		{"not a shard", []*Data{mk("m", true)}},
	} {
		names := make([]string, len(c.parts))
		for i := range names {
			names[i] = fmt.Sprintf("f%d", i)
		}
		if _, err := MergeShards(c.parts, names); err == nil {
			t.Errorf("%s: merged", c.name)
		}
	}
	for _, bad := range []string{"", "1", "2/2", "-1/2", "0/0", "a/b", "1/2/3"} {
		if _, _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// A run stopped half-way (as SIGTERM stops it) keeps the games finished
// in order, and the same call resumes it to the uninterrupted file.
func TestSelfplayStopAndResume(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		cfg    string
		shards int
	}{{"plain", 0}, {"plain", 2}, {"balanced", 0}, {"balanced", 2}} {
		name, shards := tc.cfg, tc.shards
		cfg := shardConfigs()[name]
		cfg.Shards, cfg.Shard = shards, min(shards, 1)
		whole := filepath.Join(dir, fmt.Sprintf("whole-%s-%d.dat", name, shards))
		if _, err := Selfplay(context.Background(), whole, cfg, "meta"); err != nil {
			t.Fatal(err)
		}
		stopped := filepath.Join(dir, fmt.Sprintf("stopped-%s-%d.dat", name, shards))
		ctx, cancel := context.WithCancel(context.Background())
		c := cfg
		c.Workers = 1 // games end in order: three done are three kept
		c.Progress = func(done, total, samples int) {
			if done >= 3 {
				cancel()
			}
		}
		_, err := Selfplay(ctx, stopped, c, "meta")
		cancel()
		if !errors.Is(err, ErrInterrupted) {
			t.Fatalf("%s, shards %d: stopped run: %v, want ErrInterrupted", name, shards, err)
		}
		part, err := readPart(stopped + ".part")
		if err != nil || part.Games < 3 || part.Games >= c.shardGames() {
			t.Fatalf("%s, shards %d: the stopped run kept %v games (%v)", name, shards, part, err)
		}
		// The resumed run says first how many games it already holds, so
		// that its rate and time left count only its own games.
		r := cfg
		first := -1
		r.Progress = func(done, total, samples int) {
			if first < 0 {
				first = done
			}
		}
		if _, err := Selfplay(context.Background(), stopped, r, "meta"); err != nil {
			t.Fatal(err)
		}
		if first != part.Games {
			t.Errorf("%s, shards %d: the resumed run's first progress said %d games done, the file held %d", name, shards, first, part.Games)
		}
		a, _ := os.ReadFile(whole)
		b, _ := os.ReadFile(stopped)
		if !bytes.Equal(a, b) {
			t.Errorf("%s, shards %d: resumed run %d bytes, uninterrupted %d; they differ", name, shards, len(b), len(a))
		}
	}
}
