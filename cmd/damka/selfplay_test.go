package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"damka/train"
)

// The header records the settings that decide the games: the new ones
// where they are on, so that the old way's command keeps its old header
// (and a resumed run of either is refused by the other).
func TestSelfplayMetaAndJoin(t *testing.T) {
	dir := t.TempDir()
	base := []string{"--variant", "russian", "--games", "4", "--nodes", "300", "--workers", "1", "--max-plies", "60"}
	runs := []struct {
		name string
		args []string
		has  []string
		not  []string
	}{
		{"defaults", nil, []string{"--random-plies 16", " --random-min 6 --random-margin 30 --shot-margin 75 --shot-depth 2"}, nil},
		{"old way", []string{"--random-plies", "6", "--random-min", "0", "--random-margin", "0", "--shot-margin", "0"},
			[]string{`--max-plies 60 --eval "learned"`}, []string{"--random-min", "--random-margin", "--shot-"}},
		{"shot depth", []string{"--seed", "2", "--shot-depth", "3"}, []string{"--shot-margin 75 --shot-depth 3"}, nil},
	}
	var files []string
	for _, r := range runs {
		out := filepath.Join(dir, strings.ReplaceAll(r.name, " ", "-")+".dat")
		if err := selfplayCmd(append(append(append([]string{}, base...), r.args...), "--out", out)); err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		d, err := train.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range r.has {
			if !strings.Contains(d.Header.Meta, s) {
				t.Errorf("%s: meta %q lacks %q", r.name, d.Header.Meta, s)
			}
		}
		if r.not != nil && !strings.HasSuffix(d.Header.Meta, `--eval "learned"`) {
			t.Errorf("%s: meta %q goes on after --eval", r.name, d.Header.Meta)
		}
		for _, s := range r.not {
			if strings.Contains(d.Header.Meta, s) {
				t.Errorf("%s: meta %q has %q", r.name, d.Header.Meta, s)
			}
		}
		files = append(files, out)
	}
	if err := selfplayStats(append([]string{"--old", files[0]}, files[1:]...)); err != nil {
		t.Fatal(err)
	}
	joined := filepath.Join(dir, "joined.dat")
	if err := selfplayMerge([]string{"--out", joined, files[0], files[1]}); err == nil || !strings.Contains(err.Error(), "--join") {
		t.Errorf("merged two runs as shards (%v)", err)
	}
	if err := selfplayMerge(append([]string{"--join", "--out", joined}, files...)); err != nil {
		t.Fatal(err)
	}
	j, err := train.ReadFile(joined)
	if err != nil {
		t.Fatal(err)
	}
	var ds []*train.Data
	visits := 0
	for _, f := range files {
		d, _ := train.ReadFile(f)
		ds = append(ds, d)
		visits += train.Stats(d, 24).Visits
	}
	if st := train.Stats(j, 24); j.Games != 12 || st.Visits != visits {
		t.Errorf("joined: %d games, %d visits; want 12, %d", j.Games, st.Visits, visits)
	}
	if fresh, _ := train.Fresh(j, ds); fresh != 0 {
		t.Errorf("the join holds %d positions none of its files has", fresh)
	}
	if _, err := os.Stat(joined + ".tmp"); err == nil {
		t.Error("a temporary file is left")
	}
}

func TestSelfplayFlagsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"--random-plies", "4", "--random-min", "5"},
		{"--random-margin", "-1"},
		{"--shot-margin", "-1"},
		{"--shot-depth", "0"},
	} {
		err := selfplayCmd(append(args, "--out", filepath.Join(t.TempDir(), "x.dat")))
		if _, usage := err.(usageError); !usage {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	if _, usage := selfplayStats(nil).(usageError); !usage {
		t.Error("selfplay stats without files: no usage error")
	}
}
