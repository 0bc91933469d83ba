package main

// The documents' output blocks: every block of README.md, ARCHITECTURE.md
// and docs/*.md marked
//
//	<!-- BEGIN output: CMD -->
//	```text
//	$ CMD
//	...what CMD prints...
//	```
//	<!-- END output -->
//
// holds what the shell command CMD prints on stdout, run in the repository
// root with this package's binary first in PATH as damka. TestReadmeOutputs
// fails when a block is stale; scripts/readme-outputs.sh (make readme) runs
// it with -update-readme to rewrite the blocks. Timings (time=, nps=,
// total-time=, a match's wall and CPU time) vary from run to run and are
// not compared. The commands run in every make test: keep them cheap.

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the output blocks of README.md, ARCHITECTURE.md and docs/*.md (scripts/readme-outputs.sh)")

var (
	// A marker starts a line and names its command on that line, so that
	// prose quoting a marker is not a block.
	readmeBlock = regexp.MustCompile("(?ms)^<!-- BEGIN output: ([^\n]*?) -->\n(.*?)^<!-- END output -->")
	// timings are the parts of an output that vary from run to run:
	// perft's and bench's time= and nps=, a match's wall time, the
	// runner's CPU line and the engines' clock use.
	timings = []*regexp.Regexp{
		regexp.MustCompile(`\b(time|total-time|nps)=[0-9.]+`),
		regexp.MustCompile(`(?m)^(Match: .*, )[0-9.]+s$`),
		regexp.MustCompile(`(?m)^(Runner CPU: ).*$`),
		regexp.MustCompile(`(?m)^(.*: clock use over [0-9]+ games: ).*$`),
		regexp.MustCompile(`(?m)^(  ms/move by move number:).*$`),
	}
)

// withoutTimings is s with every timing replaced by a placeholder.
func withoutTimings(s string) string {
	for _, re := range timings {
		s = re.ReplaceAllString(s, "${1}?")
	}
	return s
}

// renderBlock is the body of the block for cmd and its output.
func renderBlock(cmd, out string) string {
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return "```text\n$ " + cmd + "\n" + out + "```\n"
}

// refreshReadme runs the command of every output block of text (one
// document) and returns the text with each block rewritten, and the
// commands whose block was stale (differs beyond timings).
func refreshReadme(text string, run func(cmd string) (string, error)) (string, []string, error) {
	var stale []string
	var failed error
	updated := readmeBlock.ReplaceAllStringFunc(text, func(block string) string {
		m := readmeBlock.FindStringSubmatch(block)
		cmd, body := m[1], m[2]
		out, err := run(cmd)
		if err != nil {
			failed = fmt.Errorf("output block %q: %v", cmd, err)
			return block
		}
		fresh := renderBlock(cmd, out)
		if withoutTimings(fresh) != withoutTimings(body) {
			stale = append(stale, cmd)
		}
		return "<!-- BEGIN output: " + cmd + " -->\n" + fresh + "<!-- END output -->"
	})
	return updated, stale, failed
}

// outputDocs are the documents whose output blocks TestReadmeOutputs
// checks, relative to the repository root: the README, ARCHITECTURE.md and
// every docs/*.md (so that a block moved out of the README stays checked).
func outputDocs(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	files := []string{"README.md", "ARCHITECTURE.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			return nil, err
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files, nil
}

func TestReadmeOutputs(t *testing.T) {
	bin := buildDamka(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := outputDocs(root)
	if err != nil {
		t.Fatal(err)
	}
	run := func(cmd string) (string, error) {
		c := exec.Command("sh", "-c", cmd)
		c.Dir = root
		c.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
		var stderr strings.Builder
		c.Stderr = &stderr
		timer := time.AfterFunc(time.Minute, func() { c.Process.Kill() })
		defer timer.Stop()
		out, err := c.Output()
		if err != nil {
			return "", fmt.Errorf("%v\n%s", err, stderr.String())
		}
		return string(out), nil
	}
	for _, name := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err) // README.md and ARCHITECTURE.md must exist
		}
		if n := len(readmeBlock.FindAllString(string(data), -1)); n == 0 {
			if name == "README.md" {
				t.Fatal("README.md has no output block")
			}
			continue
		}
		updated, stale, err := refreshReadme(string(data), run)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if *updateReadme {
			if updated != string(data) {
				if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s: %d stale block(s) rewritten", name, len(stale))
			continue
		}
		for _, cmd := range stale {
			t.Errorf("%s: the output of %q is stale: run scripts/readme-outputs.sh (make readme)", name, cmd)
		}
	}
}

// TestRefreshReadme checks the block machinery on a made-up README: a
// fresh block passes (timings aside), a stale one is named and rewritten,
// text outside blocks is kept.
func TestRefreshReadme(t *testing.T) {
	outputs := map[string]string{"damka a": "one\ntwo\n", "damka b": "depth=1 nodes=7 time=0.002 nps=3500\n",
		"damka m": "Match: russian, depth=6, 18 of 100 games, 11s\nA: clock use over 18 games: 12 ms/move (longest 40 ms)\n  ms/move by move number: 1-10:15\nRunner CPU: 0.30 s user+sys over 8.1 s wall\n"}
	run := func(cmd string) (string, error) {
		out, ok := outputs[cmd]
		if !ok {
			return "", fmt.Errorf("unknown command")
		}
		return out, nil
	}
	block := func(cmd, body string) string {
		return "<!-- BEGIN output: " + cmd + " -->\n```text\n$ " + cmd + "\n" + body + "```\n<!-- END output -->"
	}
	for _, tc := range []struct {
		name, text string
		stale      []string
		err        bool
	}{
		{"fresh", "intro\n" + block("damka a", "one\ntwo\n") + "\nmore\n", nil, false},
		{"timings differ", block("damka b", "depth=1 nodes=7 time=0.100 nps=70\n"), nil, false},
		{"match timings differ", block("damka m", "Match: russian, depth=6, 18 of 100 games, 3s\nA: clock use over 18 games: 9 ms/move (longest 31 ms)\n  ms/move by move number: 1-10:11\nRunner CPU: 0.1 s\n"), nil, false},
		{"stale", "x\n" + block("damka a", "one\n") + "\n" + block("damka b", "depth=1 nodes=8 time=0.002 nps=3500\n"), []string{"damka a", "damka b"}, false},
		{"failing command", block("damka c", ""), nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			updated, stale, err := refreshReadme(tc.text, run)
			if (err != nil) != tc.err {
				t.Fatalf("error %v, want one: %v", err, tc.err)
			}
			if strings.Join(stale, "|") != strings.Join(tc.stale, "|") {
				t.Errorf("stale %q, want %q", stale, tc.stale)
			}
			if tc.err {
				return
			}
			// Rewritten once, nothing is stale any more.
			if _, again, _ := refreshReadme(updated, run); len(again) != 0 {
				t.Errorf("still stale after the rewrite: %q\n%s", again, updated)
			}
			if !strings.HasPrefix(updated, tc.text[:2]) {
				t.Errorf("text outside the blocks changed:\n%s", updated)
			}
		})
	}
}
