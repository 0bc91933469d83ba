package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"damka/board"
	"damka/book"
	"damka/format/hubtext"
)

// bookJournal keeps the answers of book build's searches in OUT.part, one
// line a searched position, so that a stopped build (SIGINT, SIGTERM, a
// crash) resumes without searching them again, to the same book: each
// position is searched from a cleared table, so its answer depends only on
// the position, its history and the settings in the journal's first line.
type bookJournal struct {
	v       *board.Variant
	path    string
	f       *os.File
	w       *bufio.Writer
	answers map[uint64][]journalMove // by book.Key
}

type journalMove struct {
	move         string // Hub text
	score, depth int
}

// openBookJournal reads the journal at path if it was made with the same
// settings (another one is an error) and opens it for appending.
func openBookJournal(v *board.Variant, path, settings string) (*bookJournal, error) {
	j := &bookJournal{v: v, path: path, answers: map[uint64][]journalMove{}}
	head := "damka book build journal: " + settings
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		data = []byte(head + "\n")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	if lines[0] != head {
		return nil, fmt.Errorf("%s was made by another book build (%q); remove it or repeat that command", path, lines[0])
	}
	good := len(lines[0]) + 1
	for _, l := range lines[1:] {
		if !strings.HasSuffix(l, " .") { // a line cut short by a kill: searched again
			break
		}
		key, moves, ok := parseJournalLine(strings.TrimSuffix(l, " ."))
		if !ok {
			break
		}
		j.answers[key] = moves
		good += len(l) + 1
	}
	if j.f, err = os.OpenFile(path, os.O_RDWR, 0o644); err != nil {
		return nil, err
	}
	if err := j.f.Truncate(int64(good)); err != nil {
		j.f.Close()
		return nil, err
	}
	if _, err := j.f.Seek(int64(good), 0); err != nil {
		j.f.Close()
		return nil, err
	}
	j.w = bufio.NewWriter(j.f)
	return j, nil
}

// parseJournalLine reads "KEY MOVE SCORE DEPTH ...".
func parseJournalLine(l string) (uint64, []journalMove, bool) {
	f := strings.Fields(l)
	if len(f) == 0 || (len(f)-1)%3 != 0 {
		return 0, nil, false
	}
	key, err := strconv.ParseUint(f[0], 16, 64)
	if err != nil {
		return 0, nil, false
	}
	var out []journalMove
	for i := 1; i < len(f); i += 3 {
		s, err1 := strconv.Atoi(f[i+1])
		d, err2 := strconv.Atoi(f[i+2])
		if err1 != nil || err2 != nil {
			return 0, nil, false
		}
		out = append(out, journalMove{f[i], s, d})
	}
	return key, out, true
}

// lookup gives the kept answer for p, if any.
func (j *bookJournal) lookup(p *board.Position) ([]book.Scored, bool) {
	moves, ok := j.answers[book.Key(j.v, p)]
	if !ok {
		return nil, false
	}
	out := make([]book.Scored, 0, len(moves))
	for _, m := range moves {
		mv, err := hubtext.ParseMove(j.v, p, m.move)
		if err != nil {
			return nil, false // not this position's (a key collision): search it
		}
		out = append(out, book.Scored{Move: mv, Score: m.score, Depth: m.depth})
	}
	return out, true
}

// add appends p's answer; the line ends with " ." so that one cut short is
// known.
func (j *bookJournal) add(p *board.Position, lines []book.Scored) error {
	fmt.Fprintf(j.w, "%016x", book.Key(j.v, p))
	for _, s := range lines {
		fmt.Fprintf(j.w, " %s %d %d", hubtext.FormatMove(j.v, s.Move), s.Score, s.Depth)
	}
	j.w.WriteString(" .\n")
	return j.w.Flush()
}

// close closes the journal; remove, after the book is written, deletes it.
func (j *bookJournal) close() error { return j.f.Close() }

func (j *bookJournal) remove() error { return os.Remove(j.path) }
