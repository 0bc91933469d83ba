package web

import (
	"time"

	"damka/board"
	"damka/engine"
)

// infoLine is one principal variation as the page shows it.
type infoLine struct {
	MultiPV int     `json:"multipv"`
	Depth   int     `json:"depth"`
	Score   string  `json:"score"` // Hub scale, from the side to move's view
	Nodes   uint64  `json:"nodes"`
	NPS     float64 `json:"nps"`
	Seconds float64 `json:"seconds"`
	PV      string  `json:"pv"`
	Book    bool    `json:"book,omitempty"`
}

// infoEvent is the "info" event: the engine's current lines.
type infoEvent struct {
	Gen     int        `json:"gen"`
	ForMove bool       `json:"formove"`
	Lines   []infoLine `json:"lines"`
}

// watchEvery is how often a running search checks that its position is
// still the session's: a Stop that came before the search began is a
// no-op for the engine, so the watch repeats it.
const watchEvery = 20 * time.Millisecond

// search starts the engine on the current position (mu held): to play its
// move (forMove) or to analyse until the position changes. It runs after
// the previous search has returned, because an engine searches one
// position at a time.
func (ss *session) search(forMove bool) {
	if ss.eng == nil {
		ss.eng = ss.srv.cfg.NewSearcher(ss.srv.cfg.Engine)
	}
	eng, gen := ss.eng, ss.gen
	g := ss.game.Clone()
	side := g.Position().Side
	multiPV := 1
	var lim engine.Limits
	switch {
	case !forMove:
		lim = engine.Limits{Infinite: true, NoBook: true}
		multiPV = ss.multiPV
	case ss.tc.clocked():
		left := ss.clock[side] - time.Since(ss.turnAt)
		lim = engine.Limits{Time: max(left, time.Millisecond), Inc: ss.tc.Inc}
	default:
		lim = engine.Limits{MoveTime: ss.tc.PerMove}
	}
	prev := ss.done
	done := make(chan struct{})
	ss.done, ss.searching = done, true
	ss.publish(event{"state", ss.stateLocked()})
	go func() {
		defer close(done)
		if prev != nil {
			<-prev
		}
		if ss.stale(gen) {
			return
		}
		if ss.forget.Swap(false) {
			eng.NewGame()
		}
		// Searches run one after another, so engMultiPV needs no lock.
		// SetOptions rebuilds the threads: only when the lines change.
		if ss.engMultiPV != multiPV {
			opts := ss.srv.cfg.Engine
			opts.MultiPV = multiPV
			eng.SetOptions(opts)
			ss.engMultiPV = multiPV
		}
		watching := make(chan struct{})
		defer close(watching)
		go func() {
			t := time.NewTicker(watchEvery)
			defer t.Stop()
			for {
				select {
				case <-watching:
					return
				case <-t.C:
					if ss.stale(gen) {
						eng.Stop()
					}
				}
			}
		}()
		r := eng.Search(g, lim, func(in engine.Info) { ss.report(gen, forMove, g, in) })
		ss.finish(gen, forMove, r)
	}()
}

func (ss *session) stale(gen int) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return gen != ss.gen
}

// report passes one iteration to the page.
func (ss *session) report(gen int, forMove bool, g *board.Game, in engine.Info) {
	line := infoLine{
		MultiPV: max(in.MultiPV, 1), Depth: in.Depth, Score: engine.FormatScore(in.Score),
		Nodes: in.Nodes, NPS: float64(in.Nodes) / max(in.Time.Seconds(), 1e-9), Seconds: in.Time.Seconds(),
		PV: g.FormatLine(in.PV), Book: in.FromBook,
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen {
		return
	}
	for len(ss.lines) < line.MultiPV {
		ss.lines = append(ss.lines, infoLine{})
	}
	ss.lines[line.MultiPV-1] = line
	ss.publish(event{"info", infoEvent{Gen: gen, ForMove: forMove, Lines: append([]infoLine(nil), ss.lines...)}})
}

// finish plays the engine's move when the search was for one.
func (ss *session) finish(gen int, forMove bool, r engine.Result) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen {
		return
	}
	ss.searching = false
	if forMove && r.HasBest {
		if err := ss.play(r.Best); err != nil {
			// The engine searched this very position: a refused move is a
			// bug, shown rather than hidden.
			ss.publish(event{"failure", errorReply{"engine move refused: " + err.Error()}})
			return
		}
	}
	ss.publish(event{"state", ss.stateLocked()})
}
