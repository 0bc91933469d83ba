package match

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress prints the live status line. On a terminal it is redrawn in
// place ("\r" and erase to end of line) after every game and every second;
// otherwise one line is printed every progressEvery games, so that logs stay
// readable.
type progress struct {
	w     io.Writer
	tty   bool
	start time.Time
	last  int // games at the last non-terminal print
	shown bool
}

const progressEvery = 10

// IsTerminal reports whether f is a character device (a terminal), without
// anything beyond the standard library.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// line formats the status: games done/total, W-D-L and Elo of the first
// pairing (or the leader in a round robin), games per minute of this run,
// and the estimated time left.
func (p *progress) line(s *Summary, doneThisRun int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "games %d/%d", s.Played, s.Total)
	if len(s.Engines) == 2 {
		r := s.Pairings[0].WDL
		elo, m := r.Elo()
		fmt.Fprintf(&sb, "  W-D-L %d-%d-%d  Elo %s +/- %s", r.W, r.D, r.L, eloText(elo), eloText(m))
	} else if len(s.Standings) > 0 {
		best := s.Standings[0]
		for _, x := range s.Standings[1:] {
			if x.Score() > best.Score() {
				best = x
			}
		}
		fmt.Fprintf(&sb, "  leader %s %.1f%%", best.Name, 100*best.Score())
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		fmt.Fprintf(&sb, "  LLR %.2f [%.2f, %.2f]", s.LLR, lo, hi)
	}
	el := time.Since(p.start)
	if doneThisRun > 0 && el > 0 {
		rate := float64(doneThisRun) / el.Minutes()
		left := time.Duration(float64(s.Total-s.Played) / rate * float64(time.Minute))
		fmt.Fprintf(&sb, "  %.1f games/min  left %s", rate, left.Round(time.Second))
	}
	return sb.String()
}

// update prints after a game; force prints in any case (the final line).
func (p *progress) update(s *Summary, doneThisRun int, force bool) {
	if p.w == nil {
		return
	}
	if p.tty {
		fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(s, doneThisRun))
		p.shown = true
		return
	}
	if (force && s.Played != p.last) || s.Played-p.last >= progressEvery {
		p.last = s.Played
		fmt.Fprintln(p.w, p.line(s, doneThisRun))
	}
}

// tick redraws the terminal line (time left moves on between games).
func (p *progress) tick(s *Summary, doneThisRun int) {
	if p.w != nil && p.tty {
		p.update(s, doneThisRun, false)
	}
}

// finish ends the in-place line so that what follows starts on a new line.
func (p *progress) finish() {
	if p.w != nil && p.tty && p.shown {
		fmt.Fprintln(p.w)
		p.shown = false
	}
}

// note prints a message (a failure report) without garbling the
// in-place line.
func (p *progress) note(w io.Writer, msg string) {
	if w == nil {
		return
	}
	if p.tty && p.shown && w == p.w {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
	fmt.Fprint(w, msg)
}
