package match

import (
	"errors"
	"fmt"
	"time"

	"damka/board"
	"damka/format/hubtext"
)

// play plays game idx to its end. It returns errAbandoned when the match
// ended first; every other outcome, engine failures included, is a result.
func (w *worker) play(idx int) (*Record, error) {
	r := w.r
	if r.dxp >= 0 {
		return w.playDXP(idx)
	}
	v := r.v
	wi, bi, oi := r.sched.at(idx)
	op := r.openings[oi]
	g := &Record{Index: idx, White: wi, Black: bi, Opening: oi, Start: op.Start,
		Moves: append([]board.Move(nil), op.Moves...)}
	players := [2]int{wi, bi} // by colour
	finish := func(white float64, reason string) (*Record, error) {
		g.Result, g.Reason, g.End = white, reason, now()
		return g, nil
	}
	// lose scores a failure of the engine playing colour c, and drops the
	// process so that its next game starts a fresh one.
	lose := func(c board.Color, err error) (*Record, error) {
		if errors.Is(err, errAbandoned) {
			return nil, errAbandoned
		}
		var ee *EngineError
		if !errors.As(err, &ee) {
			ee = &EngineError{Engine: r.cfg.Engines[players[c]].Name, Kind: Crashed, Detail: err.Error()}
		}
		if ee.Kind == Crashed && w.stoppedWithMatch(players[c]) {
			return nil, errAbandoned
		}
		g.Failure = ee
		// Even an engine that only overstepped its clock may still be
		// thinking: a fresh process is the one state known to be clean.
		w.drop(players[c])
		white := 1.0
		if c == board.White {
			white = 0
		}
		return finish(white, fmt.Sprintf("%s %s: %s", ee.Engine, ee.Kind, ee.Detail))
	}

	var eng [2]*HubEngine
	for c := board.White; c <= board.Black; c++ {
		e, err := w.engine(players[c])
		if err != nil {
			return lose(c, err)
		}
		if err := e.NewGame(); err != nil {
			return lose(c, err)
		}
		eng[c] = e
	}

	// The game applies the variant's goal and draw rules (board.Game.Status).
	game, err := board.GameOf(v, op.Start, op.Moves)
	if err != nil {
		return nil, fmt.Errorf("opening %d: %v", oi+1, err)
	}
	var hubMoves []string
	for _, m := range op.Moves {
		hubMoves = append(hubMoves, hubtext.FormatMove(v, m))
	}
	clocks := [2]clock{newClock(r.cfg.TC), newClock(r.cfg.TC)}
	scores := scoreTracker{a: r.cfg.Adjudicate}
	// The opening's own end is not checked: openings.ParseOpening leaves the side to
	// move a legal move, and draw rules count from the engines' moves on.
	for {
		pos := game.Position()
		if s := game.Status(); s.Over && (s.Draw == board.NotDrawn || game.Len() > len(op.Moves)) {
			if s.Draw != board.NotDrawn {
				return finish(0.5, "draw: "+s.Reason)
			}
			return finish(s.White(), s.Reason)
		}
		select {
		case <-r.abort:
			return nil, errAbandoned
		default:
		}
		if r.cfg.MaxPlies > 0 && len(g.Moves) >= r.cfg.MaxPlies {
			return finish(0.5, fmt.Sprintf("adjudication: maximum game length (%d plies)", r.cfg.MaxPlies))
		}

		side := pos.Side
		e := eng[side]
		c := &clocks[side]
		wait, kind := c.allowance(r.cfg.TimeMargin), TimeLoss
		if wait == 0 {
			kind = Hung
		}
		line := posLine(v, &op.Start, hubMoves)
		rep, err := e.Think(line, c.level(), wait, kind)
		if err != nil {
			return lose(side, err)
		}
		if rep.Stalled > 0 {
			r.logf("game %d, ply %d (%s): the machine stood still for %.3f s during the move; not charged to the clock (stall.go)\n",
				idx+1, len(g.Moves)+1, e.Spec.Name, rep.Stalled.Seconds())
		}
		due := c.allowance(0) // before spend moves the clock
		if c.spend(rep.Elapsed, r.cfg.TimeMargin) {
			return lose(side, e.fail(TimeLoss, fmt.Sprintf("took %.3f s, allowed %.3f s", rep.Elapsed.Seconds(), c.allowance(r.cfg.TimeMargin).Seconds())))
		}
		if due > 0 && rep.Elapsed > due {
			g.late(side, rep.Elapsed-due)
		}
		m, err := hubtext.ParseMove(v, pos, rep.Move)
		if err == nil {
			err = game.Play(m)
		}
		if err != nil {
			return lose(side, e.fail(Illegal, fmt.Sprintf("move=%q in %s: %v", rep.Move, v.FEN(pos), err)))
		}
		g.Moves = append(g.Moves, m)
		g.Thinks = append(g.Thinks, Think{Elapsed: rep.Elapsed, Left: c.timeLeft(), Depth: rep.Depth, Score: rep.Score, HasInfo: rep.HasInfo})
		hubMoves = append(hubMoves, hubtext.FormatMove(v, m))
		// A game over by rule is decided at the top of the loop, before
		// the score adjudication.
		if white, ok := scores.push(rep.Score, rep.HasInfo, side, len(g.Moves)); ok && !game.Status().Over {
			return finish(white, fmt.Sprintf("adjudication: scores over %d plies", r.cfg.Adjudicate.Plies))
		}
	}
}

// stoppedWithMatch reports whether engine i died of SIGTERM or SIGINT while
// the match itself is being stopped. A batch system's scancel or time limit
// (and Ctrl-C in a terminal) signals every process of the job at once; the
// game so cut short is no loss of the engine's and is played again on
// --resume. An engine killed so while the match goes on still loses.
func (w *worker) stoppedWithMatch(i int) bool {
	e := w.eng[i]
	if e == nil || !e.stoppedBySignal() {
		return false
	}
	select {
	case <-w.r.ctx.Done():
		return true
	case <-time.After(stopGrace):
		return false
	}
}

// stopGrace is how long a game whose engine was stopped by a signal waits
// for the match's own stop, which the same signal brings.
const stopGrace = 2 * time.Second
