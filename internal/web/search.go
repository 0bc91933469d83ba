package web

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
	"damka/engine/skill"
	"damka/internal/review"
)

// infoLine is one principal variation as the page shows it: the score
// from White's side (whoever is to move, as on every draughts site), the
// line cut to pvMoves moves, nodes for people.
type infoLine struct {
	MultiPV int      `json:"multipv"`
	Depth   int      `json:"depth"`
	Score   string   `json:"score"` // White's view: "+0.35", "White wins in 7"
	White   int      `json:"white"` // the score from White's view, engine units
	Nodes   string   `json:"nodes"` // "17.9 M"
	NPS     string   `json:"nps"`
	Seconds float64  `json:"seconds"`
	PV      string   `json:"pv"`
	Moves   []string `json:"moves"` // the line's moves, each in notation
	Book    bool     `json:"book,omitempty"`
	mover   int      // the score from the side to move's view, for sorting
	pv      []board.Move
}

// pvMoves is how much of a line the page shows: beyond it a line is more
// guess than analysis, and a long one wraps.
const pvMoves = 8

// searchKind is what a search is for.
type searchKind int

const (
	searchMove     searchKind = iota // the engine's move in the game
	searchAnalysis                   // analysis of the position shown, until it changes
	searchHint                       // a suggestion for the person's move
)

// hintTime is the engine's time for a hint.
const hintTime = time.Second

// humanCount writes a count for people: 950, 17.9 k, 17.9 M.
func humanCount(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f G", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", n/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f k", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

// sortedLines orders lines best first for the side to move; the engine
// reports each as its iteration completes, so they arrive in any order.
func sortedLines(lines []infoLine) []infoLine {
	out := make([]infoLine, 0, len(lines))
	for _, l := range lines {
		if l.Depth > 0 || l.Book {
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].mover > out[j].mover })
	return out
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
func (ss *session) search(kind searchKind) {
	if ss.eng == nil {
		ss.eng = ss.srv.engineFor(ss)
	}
	eng, gen := ss.eng, ss.gen
	if w, ok := eng.(*skill.Searcher); ok {
		// The game's level plays the engine's moves; hints and analysis
		// are at full strength. A level takes a person's time on a clock.
		level := skill.MaxLevel
		if kind == searchMove && ss.level != 0 {
			level = ss.level
		}
		_ = w.SetLevel(level) // in range: parseSetup checked it
		w.SetSeed(ss.seed)
		w.SetPace(kind == searchMove && ss.tc.clocked())
	}
	g := ss.viewGame().Clone()
	side := g.Position().Side
	multiPV := 1
	var lim engine.Limits
	switch {
	case kind == searchAnalysis:
		lim = engine.Limits{Infinite: true, NoBook: true}
		multiPV = ss.multiPV
	case kind == searchHint:
		lim = engine.Limits{MoveTime: min(hintTime, max(ss.tc.PerMove, quickMove)), NoBook: true}
	case ss.tc.clocked():
		left := ss.clock[side] - time.Since(ss.turnAt)
		lim = engine.Limits{Time: max(left, time.Millisecond), Inc: ss.tc.Inc}
	default:
		lim = engine.Limits{MoveTime: ss.tc.PerMove}
	}
	prev := ss.done
	done := make(chan struct{})
	ss.done, ss.searching, ss.kind = done, true, kind
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
		r := eng.Search(g, lim, func(in engine.Info) { ss.report(gen, kind, g, in) })
		ss.finish(gen, kind, r)
	}()
}

func (ss *session) stale(gen int) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return gen != ss.gen
}

// report passes one iteration to the page. The engine's thinking about
// its own move is shown only with analysis on: a person playing against
// it is not told its score unasked.
func (ss *session) report(gen int, kind searchKind, g *board.Game, in engine.Info) {
	white := in.Score
	if g.Position().Side == board.Black {
		white = -white
	}
	pv := in.PV
	if len(pv) > pvMoves {
		pv = pv[:pvMoves]
	}
	line := infoLine{
		MultiPV: max(in.MultiPV, 1), Depth: in.Depth, Score: review.FormatWhite(white), White: white,
		Nodes: humanCount(float64(in.Nodes)), NPS: humanCount(float64(in.Nodes)/max(in.Time.Seconds(), 1e-9)) + "/s",
		Seconds: in.Time.Seconds(), PV: g.FormatLine(pv), Moves: strings.Fields(g.FormatLine(pv)), Book: in.FromBook,
		mover: in.Score, pv: append([]board.Move(nil), pv...),
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen || kind == searchMove && !ss.analysing || kind == searchHint {
		return
	}
	for len(ss.lines) < line.MultiPV {
		ss.lines = append(ss.lines, infoLine{})
	}
	ss.lines[line.MultiPV-1] = line
	ss.publish(event{"info", infoEvent{Gen: gen, ForMove: kind == searchMove, Lines: sortedLines(ss.lines)}})
}

// finish plays the engine's move when the search was for one, or shows
// the hint.
func (ss *session) finish(gen int, kind searchKind, r engine.Result) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen {
		return
	}
	ss.searching = false
	switch {
	case kind == searchHint && r.HasBest:
		m := r.Best
		ss.hint = &m
	case kind == searchMove && r.HasBest:
		ss.engScore, ss.engScored = r.Score, true
		if err := ss.play(r.Best); err != nil {
			// The engine searched this very position: a refused move is a
			// bug, shown rather than hidden.
			ss.publish(event{"failure", errorReply{"engine move refused: " + err.Error()}})
			return
		}
	}
	ss.publish(event{"state", ss.stateLocked()})
}
