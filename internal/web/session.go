package web

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"damka/board"
	"damka/engine"
)

// session is one game on the page: the game, who plays which side, the
// clocks and the engine that plays or analyses it. Every field is guarded
// by mu; the engine's search runs in its own goroutine and takes mu only to
// report and to play its move.
type session struct {
	srv  *Server
	id   string
	used time.Time // guarded by srv.mu

	mu     sync.Mutex
	game   *board.Game
	human  [2]bool // the sides a person plays (by board.Color)
	flip   bool
	tc     timeControl
	clock  [2]time.Duration // time left, as of turnAt
	turnAt time.Time        // when the side to move started thinking
	flag   *time.Timer      // fires when the side to move's clock runs out
	// lostOnTime is the side whose clock ran out, or -1.
	lostOnTime int
	// gen counts the changes of position; a search started for an older
	// one throws its result away.
	gen       int
	eng       engine.Searcher
	searching bool          // a search for the current gen is running
	done      chan struct{} // closed when the last search started has returned
	analysing bool
	multiPV   int
	// forget: the next search that runs starts with eng.NewGame (a new
	// game); atomic because that search reads it without mu.
	forget atomic.Bool
	// engMultiPV is the engine's multi-PV setting, read and written only
	// by the search goroutines, which run one after another.
	engMultiPV int
	lines      []infoLine // the latest line per multi-PV number
	subs       map[chan event]struct{}
}

type event struct {
	name string
	data any
}

// setup is a new game as the page asks for it.
type setup struct {
	game  *board.Game
	human [2]bool
	tc    timeControl
}

func newSession(srv *Server, id string) *session {
	return &session{srv: srv, id: id, used: time.Now(), lostOnTime: -1, multiPV: 1, engMultiPV: 1, subs: map[chan event]struct{}{}}
}

// parseSetup reads variant, FEN, sides and time control of a new game.
func parseSetup(req request) (setup, error) {
	var st setup
	name := req.Variant
	if name == "" {
		name = "international"
	}
	v, err := board.Lookup(name)
	if err != nil {
		return st, badf("%v", err)
	}
	fen := strings.TrimSpace(req.FEN)
	if fen == "" || fen == "start" {
		st.game = board.NewGame(v, v.Start())
	} else if st.game, err = board.ParseGame(v, fen); err != nil {
		return st, badf("bad FEN for %s: %v", v.Title, err)
	}
	switch req.Human {
	case "", "white":
		st.human[board.White] = true
	case "black":
		st.human[board.Black] = true
	case "both":
		st.human = [2]bool{true, true}
	default:
		return st, badf("unknown side %q (white, black or both)", req.Human)
	}
	st.tc, err = lookupTimeControl(req.Time)
	return st, err
}

// start replaces the session's game.
func (ss *session) start(st setup) state {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.human, ss.tc = st.human, st.tc
	ss.flip = !st.human[board.White] && st.human[board.Black]
	ss.setGame(st.game)
	return ss.stateLocked()
}

// setGame installs g as the game and restarts the clocks (mu held).
func (ss *session) setGame(g *board.Game) {
	ss.game = g
	ss.lostOnTime = -1
	ss.clock = [2]time.Duration{ss.tc.Base, ss.tc.Base}
	ss.turnAt = time.Now()
	// Not eng.NewGame here: it waits for the running search, which may
	// be waiting for mu to report. The next search starts with it.
	ss.forget.Store(true)
	ss.changed()
}

// changed follows every change of position (mu held): stop the search
// of the old one, arm the flag of the side to move, and start the engine
// if it is to move or analysing.
func (ss *session) changed() {
	ss.gen++
	ss.lines = nil
	if ss.searching && ss.eng != nil {
		ss.eng.Stop()
	}
	ss.searching = false
	if ss.flag != nil {
		ss.flag.Stop()
		ss.flag = nil
	}
	if ss.over() {
		return
	}
	if ss.tc.clocked() {
		side := ss.game.Position().Side
		gen := ss.gen
		ss.flag = time.AfterFunc(ss.clock[side], func() { ss.flagFell(gen) })
	}
	if !ss.human[ss.game.Position().Side] || ss.analysing {
		ss.search(!ss.human[ss.game.Position().Side])
	}
}

// over says whether the game has ended, by the rules or on time (mu held).
func (ss *session) over() bool {
	return ss.lostOnTime >= 0 || ss.game.Status().Over
}

// flagFell ends the game when the side to move's clock runs out.
func (ss *session) flagFell(gen int) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen || ss.over() {
		return
	}
	side := ss.game.Position().Side
	ss.clock[side] = 0
	ss.lostOnTime = int(side)
	ss.gen++
	if ss.searching && ss.eng != nil {
		ss.eng.Stop()
	}
	ss.searching = false
	ss.publish(event{"state", ss.stateLocked()})
}

// tick charges the side to move for its thinking time (mu held); false
// when its clock ran out.
func (ss *session) tick() bool {
	if !ss.tc.clocked() {
		return true
	}
	side := ss.game.Position().Side
	now := time.Now()
	ss.clock[side] -= now.Sub(ss.turnAt)
	ss.turnAt = now
	if ss.clock[side] <= 0 {
		ss.clock[side] = 0
		ss.lostOnTime = int(side)
		return false
	}
	ss.clock[side] += ss.tc.Inc
	return true
}

// play makes m, legal in the current position, charging the clock (mu
// held).
func (ss *session) play(m board.Move) error {
	if !ss.tick() {
		ss.changed()
		return nil
	}
	if err := ss.game.Play(m); err != nil {
		return err
	}
	ss.changed()
	return nil
}

// move plays a move the person entered (in the variant's notation, as the
// page's move list gives it or as typed).
func (ss *session) move(text string) (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	text = strings.TrimSpace(text)
	switch {
	case ss.over():
		return state{}, badf("the game is over (%s): start a new game or take back", ss.statusText())
	case !ss.human[ss.game.Position().Side]:
		return state{}, badf("it is the engine's turn")
	case text == "":
		return state{}, badf("no move given")
	}
	v, p := ss.game.Variant(), ss.game.Position()
	m, err := v.ParseMove(p, text)
	if err != nil {
		return state{}, badf("%s", illegalMessage(v, p, text, err))
	}
	if err := ss.play(m); err != nil {
		return state{}, badf("illegal move %q: %v", text, err)
	}
	return ss.stateLocked(), nil
}

// illegalMessage explains a refused move, saying when a capture is
// compulsory, since that is what a newcomer most often misses.
func illegalMessage(v *board.Variant, p *board.Position, text string, err error) string {
	msg := err.Error()
	if v.HasCapture(p) && !strings.Contains(text, "x") && !strings.Contains(text, ":") {
		msg += " (a capture is compulsory here)"
	}
	return msg
}

// undo takes back the last move, and the engine's reply before it so
// that the person is to move again.
func (ss *session) undo() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.game.Len() == 0 {
		return state{}, badf("no move to take back")
	}
	ss.lostOnTime = -1
	ss.game.Undo()
	for ss.game.Len() > 0 && !ss.human[ss.game.Position().Side] {
		ss.game.Undo()
	}
	ss.turnAt = time.Now()
	ss.changed()
	return ss.stateLocked(), nil
}

func (ss *session) toggleFlip() state {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.flip = !ss.flip
	return ss.stateLocked()
}

// setAnalysis turns the engine's analysis of the person's positions on or
// off, with multiPV lines.
func (ss *session) setAnalysis(on bool, multiPV int) (state, error) {
	if multiPV < 0 || multiPV > 10 {
		return state{}, badf("multi-PV must be from 1 to 10, not %d", multiPV)
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.analysing = on
	if multiPV > 0 {
		ss.multiPV = multiPV
	}
	ss.changed()
	return ss.stateLocked(), nil
}

// engineMoveNow makes the engine play the side to move: at once when it
// is already searching for a move, else from now on for that side.
func (ss *session) engineMoveNow() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.over() {
		return state{}, badf("the game is over")
	}
	side := ss.game.Position().Side
	if !ss.human[side] && ss.searching {
		ss.eng.Stop()
		return ss.stateLocked(), nil
	}
	ss.human[side] = false
	ss.human[1-side] = true
	ss.changed()
	return ss.stateLocked(), nil
}

// close stops the session's search and its streams.
func (ss *session) close() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.gen++
	if ss.searching && ss.eng != nil {
		ss.eng.Stop()
	}
	if ss.flag != nil {
		ss.flag.Stop()
	}
	for ch := range ss.subs {
		close(ch)
		delete(ss.subs, ch)
	}
}

func (ss *session) subscribe() chan event {
	ch := make(chan event, 64)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.subs[ch] = struct{}{}
	return ch
}

func (ss *session) unsubscribe(ch chan event) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, ok := ss.subs[ch]; ok {
		delete(ss.subs, ch)
		close(ch)
	}
	if len(ss.subs) == 0 && ss.analysing {
		time.AfterFunc(ss.srv.idleAnalysis, func() {
			ss.mu.Lock()
			defer ss.mu.Unlock()
			if len(ss.subs) == 0 && ss.analysing {
				ss.analysing = false
				ss.changed()
			}
		})
	}
}

// publish sends ev to every stream (mu held); a stream too slow to take it
// misses it rather than stalling the engine.
func (ss *session) publish(ev event) {
	for ch := range ss.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

// statusText says where the game stands (mu held).
func (ss *session) statusText() string {
	if ss.lostOnTime >= 0 {
		return fmt.Sprintf("%s lost on time", colourName(board.Color(ss.lostOnTime)))
	}
	st := ss.game.Status()
	if !st.Over {
		return colourName(ss.game.Position().Side) + " to move"
	}
	if st.Draw != board.NotDrawn {
		return "draw: " + st.Reason
	}
	return fmt.Sprintf("%s wins: %s", colourName(st.Winner), st.Reason)
}

func colourName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
