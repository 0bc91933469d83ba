package main

// End-to-end tests of "damka match": an opening suite made by "damka match
// openings", then a short match between two "damka hub" processes on it,
// its PDN read back and every move checked against the rules.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"damka/bench/openings"
	"damka/board"
	"damka/format/pdn"
)

// runDamka runs bin with args and returns stdout and stderr; it fails the
// test on a non-zero exit.
func runDamka(t *testing.T, bin string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("damka %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
	case <-time.After(3 * e2eTimeout):
		cmd.Process.Kill()
		<-done
		t.Fatalf("damka %s did not finish\nstderr:\n%s", strings.Join(args, " "), stderr.String())
	}
	return stdout.String(), stderr.String()
}

func TestMatchE2E(t *testing.T) {
	bin := buildDamka(t)
	for _, v := range []*board.Variant{board.Russian, board.Canadian} {
		t.Run(v.Name, func(t *testing.T) { testMatchE2E(t, bin, v) })
	}
	t.Run("skill", func(t *testing.T) { testMatchSkill(t, bin) })
}

// testMatchSkill: an engine given option.skill=1 plays at level 1, whose
// horizon is one ply, where the match asks for depth 4.
func testMatchSkill(t *testing.T, bin string) {
	stdout, stderr := runDamka(t, bin, "match", "--variant", "russian",
		"--engine", "cmd="+bin+" hub,name=S1,option.skill=1", "--engine", "cmd="+bin+" hub,name=F",
		"--games", "2", "--depth", "4", "--maxplies", "160", "--quiet")
	depth := map[string]string{}
	for _, l := range strings.Split(stdout, "\n") {
		if name, rest, ok := strings.Cut(l, ": clock use over 2 games"); ok {
			depth[name] = rest[strings.LastIndex(rest, " ")+1:]
		}
	}
	if depth["S1"] != "1.0" || depth["F"] == "" || depth["F"] == "1.0" {
		t.Errorf("match output:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// testMatchE2E makes a suite of 3 openings and plays the first one with
// both colours, depth 2 against depth 1.
func testMatchE2E(t *testing.T, bin string, v *board.Variant) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "openings.txt")
	_, stderr := runDamka(t, bin, "match", "openings", "--variant", v.Name, "--plies", "2", "--depth", "2",
		"--count", "3", "--out", suite)
	if !strings.Contains(stderr, "match openings: 3 openings (scored by damka at depth 2") {
		t.Errorf("match openings said %q", stderr)
	}
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "# damka match openings: "+v.Name+", 2 plies, scored by damka at depth 2") {
		t.Errorf("openings file starts %q", strings.SplitN(string(data), "\n", 2)[0])
	}
	ops, err := openings.ReadOpenings(bytes.NewReader(data), v)
	if err != nil || len(ops) != 3 {
		t.Fatalf("openings file: %d openings, %v:\n%s", len(ops), err, data)
	}
	for _, o := range ops {
		if len(o.Moves) != 2 || o.Start != v.Start() {
			t.Errorf("opening %q: %d moves from another start", o.Text, len(o.Moves))
		}
	}

	pdnPath := filepath.Join(dir, "games.pdn")
	stdout, stderr := runDamka(t, bin, "match", "--variant", v.Name,
		"--engine", "cmd="+bin+" hub,name=A", "--engine", "cmd="+bin+" hub --weaken depth=1,name=B",
		"--games", "2", "--depth", "2", "--openings", suite, "--maxplies", "160", "--pdn", pdnPath, "--quiet")
	if !strings.Contains(stdout, "Match: "+v.Name+", depth=2, 2 of 2 games") || !strings.Contains(stdout, "A vs B: games 2,") {
		t.Errorf("match output:\n%s\nstderr:\n%s", stdout, stderr)
	}
	data, err = os.ReadFile(pdnPath)
	if err != nil {
		t.Fatal(err)
	}
	read, err := pdn.Read(bytes.NewReader(data))
	if err != nil || len(read) != 2 {
		t.Fatalf("%d games in the PDN, want 2: %v", len(read), err)
	}
	for i, g := range read {
		if g.Variant() != v {
			t.Errorf("game %d is %s", i+1, g.Variant().Name)
		}
		// The engines' moves: every one legal, the opening's first.
		p := g.Start()
		for j, m := range g.Moves() {
			var ml board.MoveList
			v.Generate(&p, &ml)
			if !slices.Contains(ml.Slice(), m) {
				t.Fatalf("game %d, move %d is not legal in %s", i+1, j+1, v.FEN(&p))
			}
			p = p.Play(m)
		}
		op := ops[0]
		if g.Len() < len(op.Moves) || !slices.Equal(g.Moves()[:len(op.Moves)], op.Moves) {
			t.Errorf("game %d does not start with the opening %q", i+1, op.Text)
		}
		if g.Len() <= len(op.Moves) {
			t.Errorf("game %d: the engines played no move", i+1)
		}
		t.Logf("%s game %d: %d plies, %s", v.Name, i+1, g.Len(), g.Result)
	}
	for _, bad := range []string{"illegal", "crash", "hang", "time forfeit", "garbage", "failed", "panic"} {
		if strings.Contains(strings.ToLower(stderr), bad) {
			t.Errorf("the runner reported %q:\n%s", bad, stderr)
		}
	}
}
