// Package review judges every move of a game against the engine's best
// move: the evaluation of each position, what each move lost, its mark in
// PDN's symbols (?! ? ??), the better move and the line that refutes the
// move played. "damka analyse --pdn" and the Review of "damka serve" both
// use it, so that a game gets the same verdict on the command line and in
// the browser.
package review

import (
	"context"
	"fmt"

	"damka/board"
	"damka/engine"
)

// The thresholds, in hundredths of a man (the engine's unit), of what a
// move lost against the best move, from the mover's view. They are wider
// than chess's pawn thresholds because a man in draughts is a smaller part
// of the material, and the depth-limited scores of two consecutive
// positions differ by a tenth or two even after the best move.
const (
	Inaccuracy = 30  // ?! : a third of a man
	Mistake    = 70  // ?  : most of a man
	Blunder    = 150 // ?? : a man and a half, or a won game thrown away
	// Cap bounds a score before the loss is taken, so that a forced win
	// counts as five men: going from "win in 9" to "win in 15" loses
	// nothing, from a win to a draw is a blunder.
	Cap = 500
)

// Move is the verdict on one move of the game.
type Move struct {
	Ply  int         // 0-based index of the move in the game
	Side board.Color // the side that played it
	Text string      // the move, in the variant's notation
	// Loss is what the move lost, in hundredths of a man, from the mover's
	// view (capped scores, never negative).
	Loss int
	Mark string // "", "?!", "?" or "??"
	// Best is the engine's move in the position before, when the move
	// played was not it; BestLine its line from that position.
	Best     string
	BestLine string
	// Refutation is the engine's line after the move played: how the
	// opponent punishes it (for a marked move).
	Refutation string
}

// Sum counts one side's marked moves.
type Sum struct {
	Inaccuracies, Mistakes, Blunders int
	// Loss is the side's total loss in hundredths of a man; AverageLoss
	// divides it by the side's moves.
	Loss  int
	Moves int
}

// AverageLoss is the mean loss per move in hundredths of a man.
func (s Sum) AverageLoss() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.Loss) / float64(s.Moves)
}

// Review is a whole game's verdict.
type Review struct {
	// Scores are the evaluations from White's side of the position before
	// every move and of the final position: len(Moves)+1 scores on the
	// engine's scale (100 a man, beyond engine.WinBound a forced win).
	Scores []int
	Moves  []Move
	Sums   [2]Sum // by board.Color
}

// Mark is the PDN symbol for a loss in hundredths of a man.
func Mark(loss int) string {
	switch {
	case loss >= Blunder:
		return "??"
	case loss >= Mistake:
		return "?"
	case loss >= Inaccuracy:
		return "?!"
	}
	return ""
}

// Capped bounds a score to ±Cap, a forced win or loss to its bound.
func Capped(s int) int { return max(-Cap, min(Cap, s)) }

// Game reviews g: it searches the position before every move and the one
// after the last (len(g.Moves())+1 searches at lim; an ended position is
// scored by the rules), calling progress after each. It stops with
// ctx.Err() when ctx is done, stopping the running search.
func Game(ctx context.Context, e engine.Searcher, g *board.Game, lim engine.Limits, progress func(done, total int)) (*Review, error) {
	v := g.Variant()
	n := g.Len()
	line := g.Clone()
	line.Truncate(0)
	type verdict struct {
		score int // White's view
		best  board.Move
		has   bool
		pv    []board.Move
	}
	verdicts := make([]verdict, n+1)
	stop := context.AfterFunc(ctx, e.Stop)
	defer stop()
	e.NewGame()
	for i := 0; i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(i, n+1)
		}
		p := line.Position()
		if st := line.Status(); st.Over {
			verdicts[i] = verdict{score: terminalScore(st)}
		} else {
			var pv []board.Move
			r := e.Search(line, lim, func(in engine.Info) {
				if in.MultiPV <= 1 {
					pv = in.PV
				}
			})
			if err := ctx.Err(); err != nil {
				return nil, err // a stopped search's score is not a verdict
			}
			s := r.Score
			if p.Side == board.Black {
				s = -s
			}
			verdicts[i] = verdict{score: s, best: r.Best, has: r.HasBest, pv: pv}
		}
		if i < n {
			if err := line.Play(g.Moves()[i]); err != nil {
				return nil, fmt.Errorf("move %d: %v", i+1, err)
			}
		}
	}
	if progress != nil {
		progress(n+1, n+1)
	}
	rv := &Review{Scores: make([]int, n+1), Moves: make([]Move, n)}
	for i, vd := range verdicts {
		rv.Scores[i] = vd.score
	}
	line.Truncate(0)
	for i, m := range g.Moves() {
		p := line.Position()
		side := p.Side
		sign := 1
		if side == board.Black {
			sign = -1
		}
		mv := Move{Ply: i, Side: side, Text: v.FormatMove(p, m)}
		before, after := verdicts[i], verdicts[i+1]
		if before.has && before.best != m {
			mv.Loss = max(0, Capped(sign*before.score)-Capped(sign*after.score))
			mv.Best = v.FormatMove(p, before.best)
			mv.BestLine = formatLine(line, before.pv, 8)
		}
		mv.Mark = Mark(mv.Loss)
		if err := line.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		if mv.Mark != "" {
			mv.Refutation = formatLine(line, after.pv, 8)
		}
		sum := &rv.Sums[side]
		sum.Moves++
		sum.Loss += mv.Loss
		switch mv.Mark {
		case "??":
			sum.Blunders++
		case "?":
			sum.Mistakes++
		case "?!":
			sum.Inaccuracies++
		}
		rv.Moves[i] = mv
	}
	return rv, nil
}

// terminalScore is the score from White's side of an ended game.
func terminalScore(st board.Status) int {
	switch {
	case st.Draw != board.NotDrawn:
		return 0
	case st.Winner == board.White:
		return engine.WinScore
	}
	return -engine.WinScore
}

// formatLine writes at most max moves of pv from g's position, in the
// game's notation; the moves must be legal there (a PV is).
func formatLine(g *board.Game, pv []board.Move, most int) string {
	if len(pv) > most {
		pv = pv[:most]
	}
	return g.FormatLine(pv)
}

// FormatWhite writes a score from White's side for people: "+0.35" in men,
// or who wins a forced game and in how many of the winner's moves.
func FormatWhite(s int) string {
	switch {
	case s >= engine.WinBound:
		return fmt.Sprintf("White wins in %d", (engine.WinScore-s+1)/2)
	case s <= -engine.WinBound:
		return fmt.Sprintf("Black wins in %d", (engine.WinScore+s+1)/2)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// Summary is one side's line of the review: "White: 1 ??, 0 ?, 2 ?!,
// average loss 0.21".
func (s Sum) Summary() string {
	return fmt.Sprintf("%d ??, %d ?, %d ?!, average loss %.2f men a move", s.Blunders, s.Mistakes, s.Inaccuracies, s.AverageLoss()/100)
}
