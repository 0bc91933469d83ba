//go:build unix

package main

// SIGTERM (what scancel and a Slurm time limit send) in the middle of each
// long command, then the same command again: the final output equals an
// uninterrupted run's.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// termHalfway starts bin with args, waits until started says the command
// is under way, sends SIGTERM and requires it to exit, with an error
// saying it was stopped, within a few seconds.
func termHalfway(t *testing.T, bin string, args []string, started func(out string) bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(e2eTimeout)
	for !started(out.String()) {
		select {
		case err := <-done:
			t.Fatalf("damka %s ended (%v) before it could be stopped; make the work larger:\n%s", strings.Join(args, " "), err, out.String())
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("damka %s never started its work:\n%s", strings.Join(args, " "), out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		if err == nil {
			t.Fatalf("damka %s: exit status 0 after SIGTERM: finished before the signal?\n%s", strings.Join(args, " "), out.String())
		}
		if d := time.Since(sent); d > 5*time.Second {
			t.Errorf("damka %s took %v to stop", strings.Join(args, " "), d)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("damka %s did not stop within 10 s of SIGTERM:\n%s", strings.Join(args, " "), out.String())
	}
}

func fileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func grows(path string, min int64) func(string) bool {
	return func(string) bool {
		st, err := os.Stat(path)
		return err == nil && st.Size() >= min
	}
}

func TestSIGTERMThenResume(t *testing.T) {
	bin := buildDamka(t)
	dir := t.TempDir()
	t.Run("selfplay", func(t *testing.T) {
		args := func(out string) []string {
			return []string{"selfplay", "--variant", "russian", "--games", "300", "--nodes", "200", "--workers", "2", "--shard", "1/2", "--out", out}
		}
		whole, cut := filepath.Join(dir, "whole.dat"), filepath.Join(dir, "cut.dat")
		// Stopped after a header and a first block of games in the part file.
		wholeStopResumed(t, bin, args, whole, cut, grows(cut+".part", 200))
		if !bytes.Equal(fileBytes(t, whole), fileBytes(t, cut)) {
			t.Error("the resumed selfplay differs from the uninterrupted one")
		}
	})
	t.Run("match", func(t *testing.T) {
		args := func(pdn string, resume bool) []string {
			a := []string{"match", "--engine", "cmd=" + bin + " hub,name=A", "--engine", "cmd=" + bin + " hub --eval hand,name=B",
				"--nodes", "500", "--games", "8", "--shard", "0/2", "--quiet", "--pdn", pdn}
			if resume {
				a = append(a, "--resume")
			}
			return a
		}
		whole, cut := filepath.Join(dir, "whole.pdn"), filepath.Join(dir, "cut.pdn")
		runDamka(t, bin, args(whole, false)...)
		termHalfway(t, bin, args(cut, false), grows(cut, 100))
		runDamka(t, bin, args(cut, true)...)
		a, _ := runDamka(t, bin, "match", "stats", "--first", "A", whole)
		b, _ := runDamka(t, bin, "match", "stats", "--first", "A", cut)
		if results(a) != results(b) || !strings.Contains(a, "games 4,") {
			t.Errorf("resumed match:\n%s\nuninterrupted:\n%s", b, a)
		}
	})
	t.Run("egdb", func(t *testing.T) {
		// Two slices of four kings on the tables up to three pieces,
		// built once and copied: a second or so of work to stop.
		base := filepath.Join(dir, "eg-base")
		runDamka(t, bin, "egdb", "build", "--variant", "russian", "--pieces", "3", "--threads", "2", "--dir", base)
		args := func(d string) []string {
			return []string{"egdb", "build", "--variant", "russian", "--slice", "2k-2k,3k-1k", "--threads", "1", "--dir", d}
		}
		whole, cut := filepath.Join(dir, "eg-whole"), filepath.Join(dir, "eg-cut")
		copyDir(t, base, whole)
		copyDir(t, base, cut)
		wholeStopResumed(t, bin, args, whole, cut, func(out string) bool {
			return strings.Contains(out, "egdb build variant=")
		})
		sameDirs(t, whole, cut)
	})
	t.Run("book", func(t *testing.T) {
		args := func(out string) []string {
			return []string{"book", "build", "--variant", "russian", "--plies", "6", "--depth", "8", "--threads", "1", "--out", out}
		}
		whole, cut := filepath.Join(dir, "whole.dbk"), filepath.Join(dir, "cut.dbk")
		wholeStopResumed(t, bin, args, whole, cut, grows(cut+".part", 600))
		if !bytes.Equal(fileBytes(t, whole), fileBytes(t, cut)) {
			t.Error("the resumed book differs from the uninterrupted one")
		}
		if _, err := os.Stat(cut + ".part"); err == nil {
			t.Error("the journal is left behind")
		}
	})
}

// wholeStopResumed runs the command args(whole) to its end, then
// args(cut) stopped by SIGTERM once started says so, then args(cut) again
// to its end: the caller compares whole with cut.
func wholeStopResumed(t *testing.T, bin string, args func(string) []string, whole, cut string, started func(out string) bool) {
	t.Helper()
	runDamka(t, bin, args(whole)...)
	termHalfway(t, bin, args(cut), started)
	runDamka(t, bin, args(cut)...)
}

// results keeps the lines of match stats that say who won what (not the
// clock use, which varies from run to run).
func results(stats string) string {
	var keep []string
	for _, l := range strings.Split(stats, "\n") {
		if !strings.Contains(l, "ms/move") && !strings.Contains(l, "clock use") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// copyDir copies the files of from into a new folder to.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if err := os.WriteFile(filepath.Join(to, e.Name()), fileBytes(t, filepath.Join(from, e.Name())), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// sameDirs requires two directories to hold the same files, byte for byte.
func sameDirs(t *testing.T, a, b string) {
	t.Helper()
	ea, _ := os.ReadDir(a)
	eb, _ := os.ReadDir(b)
	if len(ea) != len(eb) || len(ea) == 0 {
		t.Fatalf("%d files in %s, %d in %s", len(ea), a, len(eb), b)
	}
	for i, e := range ea {
		if e.Name() != eb[i].Name() || !bytes.Equal(fileBytes(t, filepath.Join(a, e.Name())), fileBytes(t, filepath.Join(b, e.Name()))) {
			t.Errorf("%s differs", e.Name())
		}
	}
}
