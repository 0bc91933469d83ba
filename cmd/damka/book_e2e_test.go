package main

// End-to-end tests of "damka book": build a small book, read it back with
// info and probe, and the errors (exit status 2, one clear line).

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
)

func TestBookE2E(t *testing.T) {
	bin := buildDamka(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "r.dbk")

	out, stderr := runDamka(t, bin, "book", "build", "--variant", "russian", "--plies", "3", "--depth", "3",
		"--margin", "0.2", "--width", "2", "--threads", "1", "--hash", "8", "--out", file)
	sum := regexp.MustCompile(`book build summary: variant=russian positions=(\d+) searched=(\d+) entries=(\d+) bytes=(\d+) nodes=\d+ time=`).FindStringSubmatch(out)
	if sum == nil {
		t.Fatalf("no summary:\n%s\nstderr:\n%s", out, stderr)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bytes=" + strconv.FormatInt(fi.Size(), 10); !strings.Contains(out, want) {
		t.Errorf("summary does not give the file size (%s):\n%s", want, out)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}

	out, _ = runDamka(t, bin, "book", "info", file)
	if want := "book variant=russian positions=" + sum[1] + " entries=" + sum[3] + " bytes=" + sum[4] + "\n"; out != want {
		t.Errorf("info: %q, want %q", out, want)
	}

	// Probe the start (two moves, best first) and a position after the
	// first book move; the file's variant is used without --variant.
	out, _ = runDamka(t, bin, "book", "probe", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "book probe variant=russian fen=W:W") ||
		!regexp.MustCompile(`^move=[a-h][1-8]-[a-h][1-8] +score=[+-]\d+\.\d\d depth=3$`).MatchString(lines[1]) {
		t.Fatalf("probe of the start:\n%s", out)
	}
	first := strings.Fields(strings.TrimPrefix(lines[1], "move="))[0]
	p := board.Russian.Start()
	m, err := board.Russian.ParseMove(&p, first)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Play(m)
	out, _ = runDamka(t, bin, "book", "probe", "--fen", board.Russian.FEN(&q), file, "--variant", "russian")
	if strings.Count(out, "move=") != 2 {
		t.Errorf("probe after %s:\n%s", first, out)
	}
	out, _ = runDamka(t, bin, "book", "probe", file, "--fen", "W:Wa1:Bh8")
	if !strings.Contains(out, "no book moves") {
		t.Errorf("probe out of the book:\n%s", out)
	}

	// The books built into damka.
	out, _ = runDamka(t, bin, "book", "info")
	if !regexp.MustCompile(`(?m)^book variant=international positions=\d+ entries=\d+ bytes=\d+\nbook variant=russian positions=\d+ entries=\d+ bytes=\d+\n$`).MatchString(out) {
		t.Errorf("info of the embedded books:\n%s", out)
	}
	out, _ = runDamka(t, bin, "book", "probe")
	if !strings.Contains(out, "variant=international") || !strings.Contains(out, "move=3") {
		t.Errorf("probe of the embedded International book:\n%s", out)
	}
	out, _ = runDamka(t, bin, "book", "probe", "--variant", "russian")
	if !strings.Contains(out, "variant=russian") || !strings.Contains(out, "move=") {
		t.Errorf("probe of the embedded Russian book:\n%s", out)
	}

	garbage := filepath.Join(dir, "garbage.dbk")
	os.WriteFile(garbage, []byte("W:W31-50:B1-20\n"), 0o644)
	data, _ := os.ReadFile(file)
	truncated := filepath.Join(dir, "truncated.dbk")
	os.WriteFile(truncated, data[:len(data)-4], 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"book"}, "usage: damka book"},
		{[]string{"book", "burn"}, `unknown book sub-command "burn"`},
		{[]string{"book", "build", "--variant", "russian"}, "--out is required"},
		{[]string{"book", "build", "--plies", "0", "--out", file}, "--plies must be between 1 and 64"},
		{[]string{"book", "build", "--width", "0", "--out", file}, "--width must be between 1 and 64"},
		{[]string{"book", "build", "--margin", "-1", "--out", file}, "--margin must be between 0 and 100"},
		{[]string{"book", "build", "--variant", "bashni", "--out", file}, "columns"},
		{[]string{"book", "build", "--variant", "nosuch", "--out", file}, `unknown variant "nosuch"`},
		{[]string{"book", "build", "--out", filepath.Join(dir, "no", "such", "dir.dbk")}, "no such directory"},
		{[]string{"book", "info", filepath.Join(dir, "missing.dbk")}, "missing.dbk"},
		{[]string{"book", "info", garbage}, "corrupt opening book: not a damka opening book"},
		{[]string{"book", "info", truncated}, "corrupt opening book: truncated"},
		{[]string{"book", "info", file, file}, "unexpected argument"},
		{[]string{"book", "probe", file, "--variant", "international"}, "is a book for russian, not international"},
		{[]string{"book", "probe", "--variant", "brazilian"}, "no book for brazilian is built into damka"},
		{[]string{"book", "probe", file, "--fen", "W:Wz9"}, "not a playing square"},
	} {
		cmd := exec.Command(bin, c.args...)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 {
			t.Errorf("damka %s: %v, want exit status 2\n%s", strings.Join(c.args, " "), err, out)
			continue
		}
		if !strings.Contains(string(out), c.want) || !strings.HasPrefix(string(out), "damka book: ") {
			t.Errorf("damka %s: %q, want one line about %q", strings.Join(c.args, " "), out, c.want)
		}
	}
}

// searchLines returns one line per multi-PV line of the last iteration,
// best first, distinct moves, all at the depth asked.
func TestSearchLines(t *testing.T) {
	e := engine.New(engine.Options{MultiPV: 3, Threads: 1, HashMB: 8})
	v := board.International
	lines, nodes := searchLines(e, board.NewGame(v, v.Start()), 5)
	if len(lines) != 3 || nodes == 0 {
		t.Fatalf("%d lines, %d nodes", len(lines), nodes)
	}
	var moves []string
	for i, l := range lines {
		if l.Depth != 5 || (i > 0 && l.Score > lines[i-1].Score) {
			t.Errorf("line %d: %+v", i, l)
		}
		moves = append(moves, hubtext.FormatMove(v, l.Move))
	}
	slices.Sort(moves)
	if len(slices.Compact(moves)) != 3 {
		t.Errorf("moves %v", moves)
	}
	// A position with one legal move gives that move.
	p, _ := v.ParseFEN("W:W28:B23,5")
	lines, _ = searchLines(e, board.NewGame(v, p), 3)
	if len(lines) != 1 || hubtext.FormatMove(v, lines[0].Move) != "28x19x23" {
		t.Errorf("forced: %+v", lines)
	}
}
