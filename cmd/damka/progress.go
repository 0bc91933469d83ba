package main

import (
	"fmt"
	"os"
	"time"
)

// progress prints a live status line for long jobs on stderr: rewritten in
// place on a terminal, and at most every few seconds otherwise, so that logs
// stay readable.
type progress struct {
	start    time.Time
	last     time.Time
	terminal bool
	every    time.Duration
	printed  bool
	base     int // items done before this run (a resumed job)
}

// from says that done items were finished before this run began (a
// resumed job), so that the rate and the time left count only this run's.
func (pr *progress) from(done int) { pr.base = done }

func newProgress() *progress {
	fi, err := os.Stderr.Stat()
	term := err == nil && fi.Mode()&os.ModeCharDevice != 0
	every := 5 * time.Second
	if term {
		every = 200 * time.Millisecond
	}
	now := time.Now()
	return &progress{start: now, last: now, terminal: term, every: every}
}

// update shows done/total with the rate of units per second and the time
// left, estimated from the fraction done.
func (pr *progress) update(done, total int, units uint64, unit string) {
	now := time.Now()
	if now.Sub(pr.last) < pr.every && done < total {
		return
	}
	pr.last = now
	el := now.Sub(pr.start).Seconds()
	left := "?"
	if n := done - pr.base; n > 0 {
		left = fmt.Sprintf("%.1fs", el*float64(total-done)/float64(n))
	}
	pr.show(fmt.Sprintf("%d/%d done, %d %s, %.0f %s/s, %.1fs elapsed, ~%s left",
		done, total, units, unit, float64(units)/max(el, 1e-9), unit, el, left))
}

// count shows the progress of a job whose total is not known in advance:
// items done and queued, the rate and the elapsed time, and the nodes
// searched so far.
func (pr *progress) count(done, queued int, nodes uint64) {
	now := time.Now()
	if now.Sub(pr.last) < pr.every && queued > 0 {
		return
	}
	pr.last = now
	el := now.Sub(pr.start).Seconds()
	pr.show(fmt.Sprintf("%d positions done, %d queued, %.1f positions/s, %d nodes, %.1fs elapsed",
		done, queued, float64(done)/max(el, 1e-9), nodes, el))
}

// show prints line: in place on a terminal, otherwise as a line of its
// own once the job has run for a while.
func (pr *progress) show(line string) {
	if pr.terminal {
		fmt.Fprintf(os.Stderr, "\r\033[K%s", line)
		pr.printed = true
	} else if time.Since(pr.start) >= pr.every {
		fmt.Fprintln(os.Stderr, line)
	}
}

// finish clears the live line.
func (pr *progress) finish() {
	if pr.terminal && pr.printed {
		fmt.Fprint(os.Stderr, "\r\033[K")
	}
}
