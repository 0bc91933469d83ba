package main

// analyse --pdn: every move of a PDN game annotated with the engine's
// verdict on the position before it, at a fixed budget per position, with
// a live progress line on stderr.

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
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
	comments, err := annotate(e, g.Game, lim, newProgress())
	if err != nil {
		return err
	}
	out := &pdn.Game{Game: g.Clone(), Tags: g.Tags, Result: g.Result, Comments: comments}
	out.Tags = append(out.Tags[:len(out.Tags):len(out.Tags)], pdn.Tag{Name: "Annotator", Value: "damka " + version + " " + budget})
	var buf bytes.Buffer
	if err := out.Write(&buf); err != nil {
		return err
	}
	if job.output == "" {
		_, err = os.Stdout.Write(buf.Bytes())
		return err
	}
	return os.WriteFile(job.output, buf.Bytes(), 0o644)
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// annotate searches the position before every move of g and returns one
// comment per move: the score from White's side on the Hub scale (1.00 a
// man, +99.xx a win in 100-xx plies) and the engine's best move there.
func annotate(e engine.Searcher, g *board.Game, lim engine.Limits, pr *progress) ([]string, error) {
	v := g.Variant()
	line := g.Clone()
	line.Truncate(0)
	comments := make([]string, g.Len())
	var nodes uint64
	e.NewGame()
	for i, m := range g.Moves() {
		pr.update(i, g.Len(), nodes, "nodes")
		p := *line.Position()
		r := e.Search(line, lim, nil)
		nodes += r.Nodes
		if r.HasBest {
			score := r.Score
			if p.Side == board.Black {
				score = -score
			}
			comments[i] = signed(score) + " " + v.FormatMove(&p, r.Best)
		}
		if err := line.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err) // pdn.Read replayed it: cannot happen
		}
	}
	pr.update(g.Len(), g.Len(), nodes, "nodes")
	pr.finish()
	return comments, nil
}

// signed writes a score in hundredths as "+0.12" or "-99.95".
func signed(s int) string {
	return fmt.Sprintf("%+.2f", float64(s)/100)
}
