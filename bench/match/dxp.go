package match

// DXP engines. An engine given as proto=dxp,addr=HOST:PORT is a DXP
// follower that already runs (Kingsrow, Scan, "damka dxp"); the runner
// does not start it. For every game the runner is the DXP initiator on
// behalf of the other engine, a Hub engine: it sends the GAMEREQ (colours
// and start position from the runner's schedule and openings) and lets the
// protocol/dxp game loop play the Hub engine's moves through a HubSearcher
// and carry the peer's moves, validated by the dxp package with damka's
// rules core. The finished game comes back as a runner Game: statistics,
// PDN and progress line treat it like any other.
//
// Restrictions (Config.check reports them as usage errors):
//   - variant international only (DXP carries no other rules);
//   - exactly two engines, at most one of them DXP;
//   - one game at a time (concurrency 1): a follower usually serves one
//     connection, and every game of the match is played on it in turn;
//   - a sudden-death clock only (--tc SECONDS): DXP carries a thinking
//     time per player for the whole game and nothing else, so increments,
//     moves per period, depth, nodes and movetime cannot be expressed;
//     the time must fit the 3-character GAMEREQ minutes field;
//   - openings as FEN start positions (GAMEREQ form B) or none (form A):
//     a move-line opening is refused;
//   - no --adjudicate: at the runner's --maxplies the game reaches the
//     GAMEREQ move limit (maxplies/2 moves, at most 999) and the dxp
//     initiator adjudicates it by the Hub engine's score (±3 men).
//
// Clocks: DXP has no flag fall and no clock on the wire. The dxp package's
// own clock (GAMEREQ minutes per side) gives the Hub engine its time left
// for every search; neither side is ever forfeited on time. The Hub engine
// is only bound by --hangtimeout per move; the DXP peer by the dxp
// package's wait for its move: its estimated time left plus
// --hangtimeout, after which the game is a hang loss for it. The draw
// rules are the dxp package's (threefold repetition and 25 king moves),
// not the runner's fuller set.
//
// Failures: a Hub engine failure (crash, hang, illegal or no move) loses
// the game for it and hangs up on the peer (the next game reconnects); a
// DXP peer that hangs up, stays silent, plays an illegal move or ends a
// game without a result loses it, and the runner reconnects for the next
// game. A refused GAMEREQ ends the match with an error.

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"damka/board"
	"damka/engine"
	"damka/protocol/dxp"
)

// dxpIndex returns the index of the DXP engine, -1 if none.
func dxpIndex(specs []EngineSpec) int {
	for i, e := range specs {
		if e.DXP {
			return i
		}
	}
	return -1
}

// dxpTimeControl is the GAMEREQ's thinking time and move limit.
func (c *Config) dxpTimeControl() (minutes float64, moves int) {
	minutes = c.TC.Base.Minutes()
	if c.MaxPlies > 0 {
		moves = min((c.MaxPlies+1)/2, 999)
	}
	return minutes, moves
}

// checkDXP checks the restrictions on matches with a DXP engine.
func (c *Config) checkDXP() error {
	n := 0
	for _, e := range c.Engines {
		if e.DXP {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	tc := c.TC
	switch {
	case n > 1:
		return fmt.Errorf("at most one DXP engine: the runner plays a DXP engine against a Hub engine, have %d DXP engines", n)
	case len(c.Engines) != 2:
		return fmt.Errorf("a DXP engine plays only in a two-engine match, have %d engines", len(c.Engines))
	case c.Variant != board.International:
		return fmt.Errorf("a DXP engine plays only variant international (DXP carries no other rules), not %s", c.Variant.Name)
	case c.Concurrency > 1:
		return fmt.Errorf("a DXP engine plays one game at a time: concurrency must be 1, not %d", c.Concurrency)
	case tc.Base <= 0 || tc.Moves > 0 || tc.Inc > 0 || tc.MoveTime > 0 || tc.Depth > 0 || tc.Nodes > 0:
		return fmt.Errorf("DXP carries only a thinking time per player for the whole game: give a sudden-death clock (--tc SECONDS) and no increment, moves per period, depth, nodes or movetime, not %s", tc)
	case c.Adjudicate != (Adjudication{}):
		return fmt.Errorf("score adjudication is not available with a DXP engine (the game is adjudicated by score at --maxplies instead)")
	}
	for i, op := range c.Openings {
		if len(op.Moves) > 0 {
			return fmt.Errorf("a DXP engine takes openings as FEN start positions only: opening %d (%s) is a move line", i+1, op.Text)
		}
	}
	minutes, moves := c.dxpTimeControl()
	in := dxp.Initiator{Config: dxp.Config{Searcher: &relaySearcher{}}, Minutes: minutes, Moves: moves}
	if err := in.CheckRelay(); err != nil {
		return fmt.Errorf("DXP engine: --tc %s: %v", tc, err)
	}
	return nil
}

// dxpRelay is one connection to the DXP engine.
type dxpRelay struct {
	rel    *dxp.Relay
	cancel context.CancelFunc // hangs up at once (a Hub engine failure)
	srch   *relaySearcher
	tail   *ring // the dxp package's log lines, for failure reports
}

func (d *dxpRelay) close() {
	d.rel.Close()
	d.cancel()
}

// relaySearcher is the Searcher of a dxpRelay: the current game's Hub
// engine. When it fails the connection is cut, so that the dxp game loop
// does not go on with stand-in moves.
type relaySearcher struct {
	cur     *HubSearcher
	cancel  context.CancelFunc
	failPly int // plies played when cur failed
}

func (s *relaySearcher) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	res := s.cur.Search(g, lim, info)
	if s.cur.Err() != nil {
		// The dxp loop may still send a stand-in move before the
		// connection closes: the game ends before it.
		s.failPly = g.Len()
		s.cancel()
	}
	return res
}

func (s *relaySearcher) Stop()                     { s.cur.Stop() }
func (s *relaySearcher) PonderHit()                {}
func (s *relaySearcher) SetOptions(engine.Options) {}
func (s *relaySearcher) NewGame() {
	s.cur.NewGame()
	if s.cur.Err() != nil {
		s.failPly = 0
		s.cancel()
	}
}

// ringWriter feeds log lines into a ring.
type ringWriter struct{ r *ring }

func (w ringWriter) Write(p []byte) (int, error) {
	for _, l := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		w.r.add("dxp: " + l)
	}
	return len(p), nil
}

// dialDXP connects to the DXP engine.
func (r *runner) dialDXP() (*dxpRelay, error) {
	spec := r.cfg.Engines[r.dxp]
	ctx, cancel := context.WithCancel(r.ctx)
	d := &dxpRelay{cancel: cancel, tail: &ring{}, srch: &relaySearcher{cancel: cancel}}
	minutes, moves := r.cfg.dxpTimeControl()
	in := dxp.Initiator{
		Config: dxp.Config{
			Name:           r.cfg.Engines[1-r.dxp].Name,
			Searcher:       d.srch,
			Logger:         log.New(ringWriter{d.tail}, "", 0),
			ReadTimeout:    r.cfg.Timeouts.hang(),
			RefuseTakeBack: true,
		},
		Minutes: minutes, Moves: moves,
	}
	rel, err := in.DialRelay(ctx, spec.Addr)
	if err != nil {
		cancel()
		return nil, &EngineError{Engine: spec.Name, Kind: NoStart, Detail: fmt.Sprintf("DXP %s: %v", spec.Addr, err), Tail: d.tail.snapshot()}
	}
	d.rel = rel
	return d, nil
}

// dxpRelay returns the worker's connection to the DXP engine, connecting
// again after a failure.
func (w *worker) dxpRelay() (*dxpRelay, error) {
	if w.relay != nil {
		return w.relay, nil
	}
	d := w.r.dxp
	if w.started[d] {
		w.r.mu.Lock()
		w.r.restarts[d]++
		w.r.mu.Unlock()
	}
	w.started[d] = true
	rel, err := w.r.dialDXP()
	if err != nil {
		return nil, err
	}
	w.relay = rel
	return rel, nil
}

func (w *worker) dropRelay() {
	if w.relay != nil {
		w.relay.close()
		w.relay = nil
	}
}

// setFatal ends the match with err.
func (r *runner) setFatal(err error) {
	r.mu.Lock()
	if r.fatal == nil {
		r.fatal = err
	}
	r.mu.Unlock()
	r.stop()
}

// playDXP plays game idx between the Hub engine and the DXP engine.
func (w *worker) playDXP(idx int) (*Record, error) {
	r := w.r
	v := r.v
	wi, bi, oi := r.sched.at(idx)
	op := r.openings[oi]
	g := &Record{Index: idx, White: wi, Black: bi, Opening: oi, Start: op.Start}
	d, h := r.dxp, 1-r.dxp
	dName, hName := r.cfg.Engines[d].Name, r.cfg.Engines[h].Name
	hubColor := board.White
	if bi == h {
		hubColor = board.Black
	}
	lose := func(loser int, err error) (*Record, error) {
		if errors.Is(err, errAbandoned) {
			w.dropRelay()
			return nil, errAbandoned
		}
		var ee *EngineError
		if !errors.As(err, &ee) {
			ee = &EngineError{Engine: r.cfg.Engines[loser].Name, Kind: Crashed, Detail: err.Error()}
		}
		g.Failure = ee
		if loser == h {
			w.drop(h)
		} else {
			w.dropRelay()
		}
		g.Result = 1
		if loser == wi {
			g.Result = 0
		}
		g.Reason, g.End = fmt.Sprintf("%s %s: %s", ee.Engine, ee.Kind, ee.Detail), now()
		return g, nil
	}
	select {
	case <-r.abort:
		return nil, errAbandoned
	default:
	}
	e, err := w.engine(h)
	if err != nil {
		return lose(h, err)
	}
	rel, err := w.dxpRelay()
	if err != nil {
		return lose(d, err)
	}
	hs := NewHubSearcher(e)
	rel.srch.cur = hs
	res, err := rel.rel.Play(op.Start, hubColor)
	rel.srch.cur = nil
	peerFail := func(kind FailKind, detail string) (*Record, error) {
		return lose(d, &EngineError{Engine: dName, Kind: kind, Detail: detail, Tail: rel.tail.snapshot()})
	}
	if r.ctx.Err() != nil {
		return lose(d, errAbandoned)
	}
	// The moves as played, for the PDN, whatever the outcome. The dxp
	// package checked each against the rules core.
	pos := op.Start
	var badMove error
	for _, t := range res.Moves {
		m, perr := v.ParseMove(&pos, t)
		if perr != nil {
			badMove = fmt.Errorf("move %q in %s: %v", t, v.FEN(&pos), perr)
			break
		}
		g.Moves = append(g.Moves, m)
		pos = pos.Play(m)
	}
	if herr := hs.Err(); herr != nil {
		// The connection was cut on purpose: the next game reconnects.
		g.Moves = g.Moves[:min(len(g.Moves), rel.srch.failPly)]
		w.dropRelay()
		return lose(h, herr)
	}
	if badMove != nil {
		return peerFail(Garbage, badMove.Error())
	}
	switch {
	case res.Refused:
		w.dropRelay()
		r.setFatal(fmt.Errorf("DXP engine %s refused game %d (GAMEACC %s)", dName, idx+1, res.Reason))
		return nil, errAbandoned
	case err != nil:
		kind := Crashed
		if errors.Is(err, dxp.ErrTimeout) {
			kind = Hung
		}
		detail := err.Error()
		if res.Reason != "" && !strings.Contains(res.Reason, detail) {
			detail = res.Reason + ": " + detail
		}
		return peerFail(kind, detail)
	case res.Outcome == dxp.NoResult:
		return peerFail(Garbage, res.Reason)
	case strings.HasPrefix(res.Reason, "peer's illegal move"):
		return peerFail(Illegal, strings.TrimPrefix(res.Reason, "peer's "))
	}
	if rel.rel.PeerStopped() {
		// The follower hangs up after this game; the next one reconnects.
		w.dropRelay()
	}
	hub := 0.5
	switch res.Outcome {
	case dxp.Win:
		hub = 1
	case dxp.Loss:
		hub = 0
	}
	g.Result = hub
	if hubColor == board.Black {
		g.Result = 1 - hub
	}
	g.Reason, g.End = dxpReason(res.Reason, dName, hName), now()
	return g, nil
}

// dxpReason rewrites the dxp package's reason, told from the Hub engine's
// side ("peer gives up", "no legal move"), with the engines' names.
func dxpReason(reason, peer, us string) string {
	switch {
	case reason == "no legal move":
		return us + " has no legal move"
	case strings.HasPrefix(reason, "move limit"):
		return "adjudication: " + strings.Replace(reason, "score", us+"'s score", 1)
	}
	reason = strings.ReplaceAll(reason, "peer's", peer+"'s")
	return strings.ReplaceAll(reason, "peer", peer)
}
