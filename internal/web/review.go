package web

import (
	"context"
	"fmt"
	"time"

	"damka/board"
	"damka/engine"
	"damka/internal/diagram"
	"damka/internal/review"
)

// reviewLimits bound the search of each position of a review in the
// page: about half a minute for a game of sixty moves.
var reviewLimits = engine.Limits{Depth: 14, MoveTime: 250 * time.Millisecond, NoBook: true}

// reviewHashMB is the table of a review's own engine: each position gets
// a short search, and the game's engine keeps its own table.
const reviewHashMB = 16

// reviewJob is the review of the session's game: running (done of total
// positions searched) or finished (result).
type reviewJob struct {
	cancel      context.CancelFunc
	done, total int
	result      *review.Review
	err         string
}

// reviewView is what the page shows of a review.
type reviewView struct {
	Running bool   `json:"running"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Error   string `json:"error,omitempty"`
	Graph   string `json:"graph,omitempty"` // the evaluation graph, SVG, points with data-ply
	// Marks are the moves' marks, one per move ("" for a good one).
	Marks []string `json:"marks,omitempty"`
	// Scores are the positions' evaluations from White's side, for people.
	Scores  []string     `json:"scores,omitempty"`
	White   string       `json:"white,omitempty"` // White's sums
	Black   string       `json:"black,omitempty"`
	Notes   []reviewNote `json:"notes,omitempty"` // the marked moves
	Current string       `json:"current,omitempty"`
}

// reviewNote is a marked move with what was better.
type reviewNote struct {
	Ply        int    `json:"ply"` // the position after the move
	Move       string `json:"move"`
	Mark       string `json:"mark"`
	Lost       string `json:"lost"`
	Best       string `json:"best"`
	Refutation string `json:"refutation"`
}

// view is the review as the page shows it with position ply on the board.
func (j *reviewJob) view(ply int) *reviewView {
	rv := &reviewView{Running: j.result == nil && j.err == "", Done: j.done, Total: j.total, Error: j.err}
	r := j.result
	if r == nil {
		return rv
	}
	for i, m := range r.Moves {
		rv.Marks = append(rv.Marks, m.Mark)
		if m.Mark != "" {
			rv.Notes = append(rv.Notes, reviewNote{Ply: i + 1, Move: m.Text, Mark: m.Mark, Lost: fmt.Sprintf("%.2f", float64(m.Loss)/100), Best: m.Best, Refutation: m.Refutation})
		}
		if i+1 == ply && m.Mark != "" {
			rv.Current = fmt.Sprintf("%s%s lost %.2f: better %s; refutation %s", m.Text, m.Mark, float64(m.Loss)/100, m.Best, m.Refutation)
		}
	}
	for _, s := range r.Scores {
		rv.Scores = append(rv.Scores, review.FormatWhite(s))
	}
	rv.Graph = diagram.GraphString(r.Scores, diagram.GraphOptions{Width: 600, Height: 120, Marks: rv.Marks, Current: ply})
	rv.White, rv.Black = r.Sums[board.White].Summary(), r.Sums[board.Black].Summary()
	return rv
}

// better is the better move of the move that led to the position after
// ply moves, when the review marked it.
func (j *reviewJob) better(ply int) string {
	if j.result == nil || ply < 1 || ply > len(j.result.Moves) {
		return ""
	}
	if m := j.result.Moves[ply-1]; m.Mark != "" {
		return m.Best
	}
	return ""
}

// startReview reviews the game on an engine of its own, reporting
// progress on the event stream; a new game, a take-back or another line
// cancels it.
func (ss *session) startReview() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.game.Len() == 0 {
		return state{}, badf("no move to review yet")
	}
	if ss.rev != nil && ss.rev.err == "" && (ss.rev.result == nil || len(ss.rev.result.Moves) == ss.game.Len()) {
		return ss.stateLocked(), nil // running, or done for this game
	}
	ss.cancelReview()
	ctx, cancel := context.WithCancel(context.Background())
	job := &reviewJob{cancel: cancel, total: ss.game.Len() + 1}
	ss.rev = job
	g := ss.game.Clone()
	opts := ss.srv.cfg.Engine
	opts.HashMB = min(max(opts.HashMB, 1), reviewHashMB)
	opts.MultiPV = 1
	lim := ss.srv.cfg.ReviewLimits
	if lim == (engine.Limits{}) {
		lim = reviewLimits
	}
	newEngine := ss.srv.cfg.NewSearcher
	go func() {
		defer cancel()
		e := newEngine(opts)
		r, err := review.Game(ctx, e, g, lim, func(done, total int) {
			ss.mu.Lock()
			defer ss.mu.Unlock()
			if ss.rev == job {
				job.done, job.total = done, total
				ss.publish(event{"review", job.view(-1)})
			}
		})
		ss.mu.Lock()
		defer ss.mu.Unlock()
		if ss.rev != job {
			return
		}
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			job.err = err.Error()
		}
		job.result = r
		ss.publish(event{"state", ss.stateLocked()})
	}()
	return ss.stateLocked(), nil
}

// cancelReview stops and forgets the review (mu held): the game it
// judged is not the game any more.
func (ss *session) cancelReview() {
	if ss.rev != nil {
		ss.rev.cancel()
		ss.rev = nil
	}
}
