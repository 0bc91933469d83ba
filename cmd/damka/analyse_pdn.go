package main

// analyse --pdn: every move of a PDN game annotated with the engine's
// verdict on the position before it, at a fixed budget per position, with
// a live progress line on stderr.

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
	"damka/internal/diagram"
	"damka/internal/review"
)

// pdnJob is what analyse --pdn was asked to do.
type pdnJob struct {
	path string
	game int // 1-based
	// variant, when given, must be the game's: the file's tags decide the
	// rules, and a mismatch is more likely a wrong file than a wish.
	variant  string
	depth    int
	movetime float64 // seconds
	output   string
	svg      string // the evaluation graph's file, or ""
	threads  int
	hash     int
	tables   func(*engine.Options) error
	evals    func(*engine.Options) error
}

// defaultPDNDepth is the budget per position without --depth or
// --movetime, the default of a single analysis too: on this project's
// 2-core machines the 40 positions of an International opening took 7.6 s
// at depth 12 on one thread (2.6 s at depth 10).
const defaultPDNDepth = 12

// readPDNGame reads game n (1-based) of the PDN file at path.
func readPDNGame(path string, n int) (*pdn.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := pdn.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	switch {
	case len(games) == 0:
		return nil, fmt.Errorf("%s holds no PDN game", path)
	case n < 1 || n > len(games):
		return nil, usagef("--game %d: %s holds %d game(s)", n, path, len(games))
	}
	return games[n-1], nil
}

func analysePDN(job pdnJob) error {
	switch {
	case job.depth < 0 || job.depth > 100:
		return usagef("depth must be between 1 and 100, not %d", job.depth)
	}
	for _, err := range []error{checkTime("movetime", job.movetime, 0, 1e6, false, "seconds"), checkThreads(job.threads), checkHash(job.hash)} {
		if err != nil {
			return err
		}
	}
	g, err := readPDNGame(job.path, job.game)
	if err != nil {
		return err
	}
	if job.variant != "" {
		v, err := board.Lookup(job.variant)
		if err != nil {
			return usagef("%v", err)
		}
		if v != g.Variant() {
			return usagef("game %d of %s is %s by its tags (GameType, Variant), not %s", job.game, job.path, g.Variant().Name, v.Name)
		}
	}
	opts := engine.Options{Threads: job.threads, HashMB: job.hash}
	if err := cmp.Or(job.tables(&opts), job.evals(&opts)); err != nil {
		return err
	}
	e := newEngine("analyse", opts)
	// A depth cap also keeps the engine from answering a forced move at
	// once without a score, which it does in timed play.
	lim := engine.Limits{Depth: defaultPDNDepth, NoBook: true}
	budget := fmt.Sprintf("depth=%d", defaultPDNDepth)
	switch {
	case job.movetime > 0 && job.depth > 0:
		lim = engine.Limits{Depth: job.depth, MoveTime: seconds(job.movetime), NoBook: true}
		budget = fmt.Sprintf("depth=%d movetime=%g", job.depth, job.movetime)
	case job.movetime > 0:
		lim = engine.Limits{Depth: 100, MoveTime: seconds(job.movetime), NoBook: true}
		budget = fmt.Sprintf("movetime=%g", job.movetime)
	case job.depth > 0:
		lim.Depth = job.depth
		budget = fmt.Sprintf("depth=%d", job.depth)
	}
	pr := newProgress()
	rv, err := review.Game(context.Background(), e, g.Game, lim, func(done, total int) { pr.update(done, total, uint64(done), "positions") })
	pr.finish()
	if err != nil {
		return err
	}
	out := &pdn.Game{Game: g.Clone(), Tags: g.Tags, Result: g.Result, Comments: reviewComments(g.Game, rv)}
	out.Tags = append(out.Tags[:len(out.Tags):len(out.Tags)], pdn.Tag{Name: "Annotator", Value: "damka " + version + " " + budget})
	var buf bytes.Buffer
	if err := out.Write(&buf); err != nil {
		return err
	}
	text := markMoves(buf.String())
	fmt.Fprint(os.Stderr, reviewSummary(g.Game, rv))
	if job.svg != "" {
		marks := make([]string, len(rv.Moves))
		for i, m := range rv.Moves {
			marks[i] = m.Mark
		}
		title := fmt.Sprintf("%s: evaluation from White's side, %s", g.Variant().Title, budget)
		graph := diagram.GraphString(rv.Scores, diagram.GraphOptions{Marks: marks, Current: -1, Title: title})
		if err := os.WriteFile(job.svg, []byte(graph), 0o644); err != nil {
			return err
		}
	}
	if job.output == "" {
		_, err = io.WriteString(os.Stdout, text)
		return err
	}
	return os.WriteFile(job.output, []byte(text), 0o644)
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// reviewComments is one comment per move: the score of the position before
// it from White's side on the Hub scale (1.00 a man, +99.xx a win in
// 100-xx plies) and the engine's best move there; a marked move's comment
// starts with its mark (markMoves moves it onto the move) and adds what it
// lost and the line that refutes it.
func reviewComments(g *board.Game, rv *review.Review) []string {
	comments := make([]string, g.Len())
	for i, m := range rv.Moves {
		best := m.Best
		if best == "" {
			best = m.Text // the move played was the engine's
		}
		c := signed(rv.Scores[i]) + " " + best
		if m.Mark != "" {
			c = fmt.Sprintf("%s %s lost %.2f, refutation %s", m.Mark, c, float64(m.Loss)/100, m.Refutation)
		}
		comments[i] = c
	}
	return comments
}

// markedComment is a comment written by reviewComments for a marked move,
// with the white space before it (a move and its comment are two words of
// pdn.Write, so a line break may fall between them).
var markedComment = regexp.MustCompile(`(\s)\{(\?\?|\?!|\?) `)

// markMoves moves each mark from the start of its comment onto the move
// before it ("32-28 {?? ...}" becomes "32-28?? {...}"), where PDN puts it
// and every reader skips it.
func markMoves(text string) string {
	return markedComment.ReplaceAllString(text, "$2$1{")
}

// reviewSummary lists the marked moves with the better move and the
// refutation, and each side's sums.
func reviewSummary(g *board.Game, rv *review.Review) string {
	var sb strings.Builder
	first := 0
	if g.Start().Side != g.Variant().FirstMover {
		first = 1
	}
	for _, m := range rv.Moves {
		if m.Mark == "" {
			continue
		}
		n := (m.Ply+first)/2 + 1
		dots := "."
		if (m.Ply+first)%2 == 1 {
			dots = "..."
		}
		fmt.Fprintf(&sb, "%d%s %s%s lost %.2f: better %s (%s); refutation %s\n", n, dots, m.Text, m.Mark,
			float64(m.Loss)/100, m.Best, m.BestLine, m.Refutation)
	}
	fmt.Fprintf(&sb, "White: %s\nBlack: %s\n", rv.Sums[board.White].Summary(), rv.Sums[board.Black].Summary())
	return sb.String()
}

// signed writes a score in hundredths as "+0.12" or "-99.95".
func signed(s int) string {
	return fmt.Sprintf("%+.2f", float64(s)/100)
}
