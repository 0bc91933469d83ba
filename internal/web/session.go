package web

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"damka/board"
	"damka/engine"
	"damka/engine/skill"
	"damka/format/pdn"
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
	// firstLen is the game's length when it was set up: the clocks run
	// from the first move played after it, not while the person is still
	// finding the board.
	firstLen int
	// lostOnTime is the side whose clock ran out, or -1; resigned the side
	// that resigned, or -1; agreed a draw agreed.
	lostOnTime int
	resigned   int
	agreed     bool
	// view is the position shown, as a ply of the game (walking the move
	// list, a review); -1 follows the game's end.
	view int
	// tags are a loaded game's PDN tags, written again on export; notes are
	// PDN comments after a ply (where the sides were swapped).
	tags  []pdn.Tag
	notes map[int]string
	// loadedResult is a loaded game's result until a move is played.
	loadedResult string
	// engScore is the engine's latest score of a move it played, from its
	// own side's view (engScored: there is one): it decides a draw offer.
	engScore  int
	engScored bool
	// hint is the engine's suggestion for the person's move, drawn on the
	// board until the position changes.
	hint *board.Move
	rev  *reviewJob // the game's review, running or done; nil for none
	// gen counts the changes of position; a search started for an older
	// one throws its result away.
	gen int
	seq uint64 // counts the states made (state.Seq)
	eng engine.Searcher
	// level is the engine's level in this game (skill; 0 counts as the
	// top), and seed its choices' seed, new for every game.
	level     int
	seed      uint64
	searching bool          // a search for the current gen is running
	kind      searchKind    // what the running search is for
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
	// open counts the event streams (pages) open on the session, read by
	// the server without mu when it chooses a game to drop.
	open atomic.Int32
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
	level int // the engine's level (skill), 1..20
}

func newSession(srv *Server, id string) *session {
	return &session{srv: srv, id: id, used: time.Now(), lostOnTime: -1, resigned: -1, view: -1, multiPV: 1, engMultiPV: 1, subs: map[chan event]struct{}{}}
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
	st.level = req.Level
	if st.level == 0 {
		st.level = skill.MaxLevel
	}
	if err := skill.CheckLevel(st.level); err != nil {
		return st, badf("%v", err)
	}
	st.tc, err = lookupTimeControl(req.Time)
	return st, err
}

// start replaces the session's game.
func (ss *session) start(st setup) state {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.human, ss.tc, ss.level = st.human, st.tc, st.level
	ss.seed = rand.Uint64() // a level's choices differ from game to game
	ss.flip = !st.human[board.White] && st.human[board.Black]
	ss.tags = nil
	ss.setGame(st.game)
	return ss.stateLocked()
}

// setGame installs g as the game and restarts the clocks (mu held).
func (ss *session) setGame(g *board.Game) {
	ss.game = g
	ss.lostOnTime, ss.resigned, ss.agreed = -1, -1, false
	ss.view, ss.firstLen, ss.notes, ss.engScored, ss.loadedResult = -1, g.Len(), nil, false, ""
	ss.cancelReview()
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
	ss.hint = nil
	if ss.searching && ss.eng != nil {
		ss.eng.Stop()
	}
	ss.searching = false
	if ss.flag != nil {
		ss.flag.Stop()
		ss.flag = nil
	}
	if ss.over() {
		// An ended game may still be analysed: that is its review.
		if ss.analysing && !ss.viewOver() {
			ss.search(searchAnalysis)
		}
		return
	}
	if ss.clockRunning() {
		side := ss.game.Position().Side
		gen := ss.gen
		ss.flag = time.AfterFunc(ss.clock[side], func() { ss.flagFell(gen) })
	}
	engineToMove := !ss.human[ss.game.Position().Side]
	switch {
	case engineToMove && ss.viewPly() == ss.game.Len():
		ss.search(searchMove)
	case ss.analysing && !ss.viewOver():
		ss.search(searchAnalysis)
	}
}

// clockRunning says whether the side to move's clock runs (mu held):
// with clocks, from the first move on, until the game ends.
func (ss *session) clockRunning() bool {
	return ss.tc.clocked() && ss.game.Len() > ss.firstLen && !ss.over()
}

// viewPly is the ply of the position shown (mu held).
func (ss *session) viewPly() int {
	if ss.view < 0 || ss.view > ss.game.Len() {
		return ss.game.Len()
	}
	return ss.view
}

// viewGame is the game up to the position shown (mu held): the game
// itself at its end, else a copy cut there.
func (ss *session) viewGame() *board.Game {
	n := ss.viewPly()
	if n == ss.game.Len() {
		return ss.game
	}
	g := ss.game.Clone()
	g.Truncate(n)
	return g
}

// viewOver says whether the position shown has no move to analyse.
func (ss *session) viewOver() bool { return ss.viewGame().Status().Over }

// over says whether the game has ended: by the rules, on time, by
// resignation or by agreement (mu held).
func (ss *session) over() bool {
	return ss.lostOnTime >= 0 || ss.resigned >= 0 || ss.agreed || ss.game.Status().Over
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
	if !ss.clockRunning() {
		ss.turnAt = now // the first move is free
		return true
	}
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
	ss.view, ss.loadedResult = -1, ""
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
	case ss.viewPly() < ss.game.Len() && !ss.bothHuman():
		return state{}, badf("you are looking at an earlier position: go to the end of the game (End) to play")
	}
	if ss.viewPly() < ss.game.Len() {
		// Both sides played here (analysis, a loaded game): a move from an
		// earlier position starts a new line from there.
		g := ss.viewGame()
		v, p := g.Variant(), g.Position()
		m, err := v.ParseMove(p, text)
		if err != nil {
			return state{}, badf("%s", illegalMessage(v, p, text, err))
		}
		ss.game = g
		ss.cancelReview()
		if err := ss.play(m); err != nil {
			return state{}, badf("illegal move %q: %v", text, err)
		}
		return ss.stateLocked(), nil
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
	ss.lostOnTime, ss.resigned, ss.agreed = -1, -1, false
	ss.game.Undo()
	for ss.game.Len() > 0 && !ss.human[ss.game.Position().Side] {
		ss.game.Undo()
	}
	ss.view = -1
	ss.cancelReview()
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

// switchSides makes the engine play the side to move: at once when it is
// already searching for a move. On the person's turn the sides are
// swapped, openly: the person plays the other side from now on, the board
// turns to it, the PDN names the players of now and notes the swap. (It
// once played the person's move and then waited, with the page still
// saying the person played the first side.)
func (ss *session) switchSides() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.over() {
		return state{}, badf("the game is over")
	}
	if ss.viewPly() < ss.game.Len() {
		return state{}, badf("you are looking at an earlier position: go to the end of the game (End) first")
	}
	side := ss.game.Position().Side
	if !ss.human[side] {
		if ss.searching {
			ss.eng.Stop()
		}
		return ss.stateLocked(), nil
	}
	ss.human[side], ss.human[1-side] = false, true
	ss.flip = side == board.White
	if ss.notes == nil {
		ss.notes = map[int]string{}
	}
	ss.notes[ss.game.Len()] = fmt.Sprintf("damka takes %s from here", colourName(side))
	ss.changed()
	return ss.stateLocked(), nil
}

// bothHuman says whether a person plays both sides (mu held).
func (ss *session) bothHuman() bool { return ss.human[board.White] && ss.human[board.Black] }

// setView shows the position after ply moves (walking the move list or
// the review graph); analysis follows it.
func (ss *session) setView(ply int) (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ply < 0 || ply > ss.game.Len() {
		return state{}, badf("no position %d in a game of %d moves", ply, ss.game.Len())
	}
	if ply == ss.game.Len() {
		ply = -1
	}
	if ply == ss.view {
		return ss.stateLocked(), nil
	}
	if ss.searching && ss.kind == searchMove {
		// The engine's move is not interrupted by looking back.
		ss.view = ply
		return ss.stateLocked(), nil
	}
	ss.view = ply
	ss.changed()
	return ss.stateLocked(), nil
}

// resign ends the game, lost by the person's side (the side to move when
// a person plays both).
func (ss *session) resign() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.over() {
		return state{}, badf("the game is over")
	}
	side := ss.game.Position().Side
	if !ss.bothHuman() && !ss.human[side] {
		side = side.Opponent()
	}
	ss.tick()
	ss.resigned = int(side)
	ss.changed()
	return ss.stateLocked(), nil
}

// drawAccept is the engine's score, from its own side, up to which it
// accepts a draw: it takes a draw unless it is clearly better.
const drawAccept = 10

// offerDraw offers the engine a draw; it accepts when its latest score of
// the game says it is not better, and says why not otherwise.
func (ss *session) offerDraw() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.over():
		return state{}, badf("the game is over")
	case ss.bothHuman():
		ss.agreed = true
	case !ss.engScored:
		return state{}, badf("damka declines: it has not yet played a move of this game")
	case ss.engScore > drawAccept:
		return state{}, badf("damka declines the draw: it thinks it is better (%s from its side)", engine.FormatScore(ss.engScore))
	default:
		ss.agreed = true
	}
	ss.tick()
	ss.changed()
	return ss.stateLocked(), nil
}

// askHint searches the person's position for a suggestion, drawn on the
// board when found; with analysis on, the first line is the hint at once.
func (ss *session) askHint() (state, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	g := ss.viewGame()
	switch {
	case ss.over() && g == ss.game || g.Status().Over:
		return state{}, badf("the game is over")
	case g == ss.game && !ss.human[g.Position().Side]:
		return state{}, badf("it is the engine's turn")
	}
	if ss.analysing {
		if len(ss.lines) > 0 && len(ss.lines[0].pv) > 0 {
			m := ss.lines[0].pv[0]
			ss.hint = &m
			return ss.stateLocked(), nil
		}
		return state{}, badf("the analysis has no line yet: ask again in a moment")
	}
	ss.gen++ // a new search of the same position, for the hint
	ss.search(searchHint)
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
	ss.cancelReview()
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
	ss.open.Add(1)
	return ch
}

func (ss *session) unsubscribe(ch chan event) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, ok := ss.subs[ch]; ok {
		delete(ss.subs, ch)
		close(ch)
		ss.open.Add(-1)
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
	switch {
	case ss.lostOnTime >= 0:
		return fmt.Sprintf("%s lost on time", colourName(board.Color(ss.lostOnTime)))
	case ss.resigned >= 0:
		loser := board.Color(ss.resigned)
		return fmt.Sprintf("%s wins: %s resigned", colourName(loser.Opponent()), colourName(loser))
	case ss.agreed:
		return "draw: agreed"
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
