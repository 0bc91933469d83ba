package dxp

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"damka/board"
	"damka/engine"
)

// ending is how and why a game ended, from damka's point of view.
type ending struct {
	outcome Outcome
	reason  string
}

// play runs one accepted game to its end; both roles share it. The error is
// not nil when the session cannot go on (connection closed, silent peer,
// cancelled context); the result is valid either way.
func (s *session) play(g *game) (GameResult, error) {
	s.game = g
	defer func() { s.game = nil }()
	s.cfg.Searcher.NewGame()
	g.turnStart = time.Now()
	var (
		done bool
		end  ending
		err  error
	)
	for !done && err == nil {
		if g.ourTurn() {
			done, end, err = s.ourTurn(g)
		} else {
			done, end, err = s.theirTurn(g)
		}
	}
	if end.reason == "" && err != nil {
		end.reason = "aborted: " + err.Error()
	}
	s.log("game %d: %s (%s) after %d plies", g.number, end.outcome, end.reason, g.plies())
	return GameResult{
		Number: g.number, Peer: g.peer, Color: fromBoardColor(g.us),
		StartFEN: g.g.StartFEN(), Minutes: g.minutes, MoveLimit: g.moveLimit,
		Outcome: end.outcome, Reason: end.reason, Moves: g.text,
		Start: g.g.Start(), Played: slices.Clone(g.g.Moves()), End: time.Now(),
	}, err
}

// ourTurn ends the game if the rules say so, else searches and sends our
// move. While the search runs, the peer's messages are still read, so a
// GAMEEND or a closed connection stops the search at once.
func (s *session) ourTurn(g *game) (bool, ending, error) {
	legal := g.legal()
	if len(legal) == 0 {
		return s.claim(g, EndILose, ending{Loss, "no legal move"})
	}
	if why := g.drawReason(); why != "" {
		return s.claim(g, EndDraw, ending{Draw, why})
	}
	lim := g.clock.limits(g.us, g.plies())
	// The search gets its own copy of the game: the loop below goes on
	// handling the peer's messages while it runs.
	searched := g.g.Clone()
	results := make(chan engine.Result, 1)
	go func() { results <- s.cfg.Searcher.Search(searched, lim, nil) }()
	abort := func() {
		s.cfg.Searcher.Stop()
		<-results
	}
	var res engine.Result
	for searching := true; searching; {
		var ev event
		var err error
		if s.pending != nil {
			ev, err = s.next(0)
		} else {
			select {
			case res = <-results:
				searching = false
				continue
			case e := <-s.events:
				ev, err = s.received(e)
			case <-s.ctx.Done():
				err = s.ctx.Err()
			}
		}
		if err != nil {
			abort()
			return true, ending{}, err
		}
		switch m := ev.msg.(type) {
		case nil:
			abort()
			return s.protocolError(g, fmt.Sprintf("garbled message: %v", ev.bad))
		case Move:
			abort()
			return s.protocolError(g, fmt.Sprintf("%s arrived while it was our move", msgName(m)))
		case GameEnd:
			abort()
			return s.peerEnded(g, m)
		case BackReq:
			// Only the side to move may ask, or our move could cross the
			// answer; refusing keeps the game going.
			s.log("game %d: refusing %s: it is our move", g.number, msgName(m))
			if err := s.send(BackAcc{Code: BackRefused}); err != nil {
				abort()
				return true, ending{}, err
			}
		default:
			if err := s.stray(ev.msg); err != nil {
				abort()
				return true, ending{}, err
			}
		}
	}
	spent := time.Since(g.turnStart)
	g.clock.spend(g.us, spent)
	best := s.checkBest(g, res, legal)
	if s.role == roleInitiator && g.limitReached() {
		return s.adjudicate(g, res)
	}
	secs := int(spent.Round(time.Second) / time.Second)
	if err := s.send(wireMove(best, secs)); err != nil {
		return true, ending{}, err
	}
	if err := g.play(best); err != nil {
		return true, ending{}, err
	}
	return false, ending{}, nil
}

// checkBest returns the searcher's move if it is legal, else (a searcher
// bug, logged) the first legal move, so one bad search cannot lose a game
// by an illegal move.
func (s *session) checkBest(g *game, res engine.Result, legal []board.Move) board.Move {
	if res.HasBest {
		b := res.Best
		for _, m := range legal {
			// From, to and captured set identify a move; the list's copy
			// carries the rules core's own Promote flag.
			if m.From == b.From && m.To == b.To && m.Captured == b.Captured {
				return m
			}
		}
	}
	s.log("game %d: searcher returned no legal move (has=%v, %+v) in %s; playing %s",
		g.number, res.HasBest, res.Best, variant.FEN(g.cur()), variant.FormatMove(g.cur(), legal[0]))
	return legal[0]
}

// adjudicate ends a game that reached its move limit, on our turn, by the
// score of the search just made: beyond ±AdjudicateScore a win or loss,
// otherwise a draw.
func (s *session) adjudicate(g *game, res engine.Result) (bool, ending, error) {
	reason := fmt.Sprintf("move limit %d reached, score %+.2f", g.moveLimit, float64(res.Score)/100)
	switch {
	case res.Score >= AdjudicateScore:
		return s.claim(g, EndIWin, ending{Win, reason})
	case res.Score <= -AdjudicateScore:
		return s.claim(g, EndILose, ending{Loss, reason})
	}
	return s.claim(g, EndDraw, ending{Draw, reason})
}

// theirTurn waits for the peer's move, at most its remaining time (as we
// reckon it) plus the read timeout, counted from when it got the move:
// chats and other stray messages do not restart the wait.
func (s *session) theirTurn(g *game) (bool, ending, error) {
	them := g.us.Opponent()
	timeout := s.cfg.ReadTimeout
	if left := g.clock.remaining(them); timeout > 0 && left > 0 {
		timeout += left
	}
	ev, err := s.next(remainingWait(timeout, g.turnStart))
	if err != nil {
		if errors.Is(err, ErrTimeout) {
			s.log("game %d: no move from the peer for %v; ending the game and hanging up", g.number, timeout)
			s.send(GameEnd{Reason: EndNoReason, Stop: s.ourStop}) // best effort: we hang up anyway
			return true, ending{NoResult, fmt.Sprintf("peer silent for %v", timeout)}, err
		}
		return true, ending{}, err
	}
	switch m := ev.msg.(type) {
	case nil:
		return s.protocolError(g, fmt.Sprintf("garbled message: %v", ev.bad))
	case Move:
		bm, err := g.match(m)
		if err != nil {
			return s.illegal(g, m, err)
		}
		g.clock.spend(them, time.Since(g.turnStart))
		if err := g.play(bm); err != nil {
			return true, ending{}, err
		}
	case GameEnd:
		return s.peerEnded(g, m)
	case BackReq:
		return false, ending{}, s.backReq(g, m)
	default:
		return false, ending{}, s.stray(ev.msg)
	}
	return false, ending{}, nil
}

// stray handles the messages that neither move the game nor end it.
func (s *session) stray(m Message) error {
	switch m := m.(type) {
	case Chat:
		s.logChat(m)
	case GameReq:
		if s.role == roleFollower {
			// Moby Dam answers code 2 when already playing; the initiator
			// must end this game with GAMEEND before starting another.
			s.log("refusing %s: game %d is still running", msgName(m), s.game.number)
			return s.send(GameAcc{Follower: s.cfg.Name, Code: AccRefuseGame})
		}
		s.ignore(m, "during a game")
	default:
		s.ignore(m, "during a game")
	}
	return nil
}

// backReq answers a take-back request received while the peer is to move.
func (s *session) backReq(g *game, m BackReq) error {
	if s.cfg.RefuseTakeBack {
		s.log("game %d: %s: take-backs not supported", g.number, msgName(m))
		return s.send(BackAcc{Code: BackUnsupported})
	}
	idx, ok := g.backIndex(m.MoveNumber, m.ToMove)
	if !ok {
		s.log("game %d: refusing %s: no such point in this game (%d plies played)", g.number, msgName(m), g.plies())
		return s.send(BackAcc{Code: BackRefused})
	}
	// The time the peer spent before asking is its own: charged, and once
	// its clock has run out it gets no more take-backs, so that they
	// cannot stretch the game without limit.
	them, thought := g.us.Opponent(), time.Since(g.turnStart)
	if g.clock.remaining(them) <= thought {
		s.log("game %d: refusing %s: the peer's clock has run out", g.number, msgName(m))
		return s.send(BackAcc{Code: BackRefused})
	}
	s.log("game %d: %s: taking back %d plies", g.number, msgName(m), g.plies()-idx)
	g.clock.spend(them, thought)
	g.takeBack(idx)
	return s.send(BackAcc{Code: BackAccepted})
}

// claim ends the game on our turn, as the dialogue rules want, and waits
// for the peer's confirming GAMEEND.
func (s *session) claim(g *game, reason int, end ending) (bool, ending, error) {
	s.log("game %d: sending GAMEEND reason %d: %s", g.number, reason, end.reason)
	if err := s.send(GameEnd{Reason: reason, Stop: s.ourStop}); err != nil {
		return true, end, err
	}
	return true, end, s.awaitConfirm(g)
}

// awaitConfirm reads until the peer confirms our GAMEEND. A GAMEREQ in its
// place is taken as the confirmation and kept for the follower's loop:
// some initiators skip the confirmation and go straight to the next game.
func (s *session) awaitConfirm(g *game) error {
	since := time.Now()
	for {
		ev, err := s.next(remainingWait(s.cfg.ReadTimeout, since))
		if err != nil {
			if errors.Is(err, ErrTimeout) {
				s.log("game %d: no GAMEEND confirmation within %v; hanging up", g.number, s.cfg.ReadTimeout)
			}
			return err
		}
		switch m := ev.msg.(type) {
		case nil:
			s.log("game %d: ignoring garbled message while awaiting GAMEEND: %v", g.number, ev.bad)
		case GameEnd:
			if m.Stop == StopAll {
				s.peerStop = true
			}
			return nil
		case GameReq:
			s.log("game %d: GAMEREQ before the GAMEEND confirmation; taking it as one", g.number)
			s.unread(ev)
			return nil
		case Chat:
			s.logChat(m)
		default:
			s.ignore(m, "after the game ended")
		}
	}
}

// peerEnded confirms the peer's GAMEEND and works out the result: the
// peer's claim, or for reason 0 whatever the position shows.
func (s *session) peerEnded(g *game, m GameEnd) (bool, ending, error) {
	noMove := len(g.legal()) == 0
	var end ending
	switch m.Reason {
	case EndILose:
		end = ending{Win, "peer gives up"}
		if noMove && !g.ourTurn() {
			end.reason = "peer has no legal move"
		}
	case EndIWin:
		end = ending{Loss, "peer claims a win"}
		if noMove && g.ourTurn() {
			end.reason = "no legal move"
		}
	case EndDraw:
		end = ending{Draw, "peer claims a draw"}
		if why := g.drawReason(); why != "" {
			end.reason += ": " + why
		}
	default:
		switch {
		case noMove && g.ourTurn():
			end = ending{Loss, "no legal move"}
		case noMove:
			end = ending{Win, "peer has no legal move"}
		default:
			end = ending{NoResult, "peer ended the game without a result"}
		}
	}
	stop := s.ourStop
	if m.Stop == StopAll {
		s.peerStop = true
		stop = StopAll
	}
	s.log("game %d: peer sent %s: %s", g.number, msgName(m), end.reason)
	return true, end, s.send(GameEnd{Reason: EndNoReason, Stop: stop})
}

// protocolError ends the game after a message that makes no sense where it
// arrived: an error chat (as Scan sends), then GAMEEND without a result,
// since a garbled message cannot be blamed on anyone's play.
func (s *session) protocolError(g *game, why string) (bool, ending, error) {
	s.log("game %d: protocol error: %s; ending the game", g.number, why)
	end := ending{NoResult, "protocol error: " + why}
	if err := s.chat("error: " + why); err != nil {
		return true, end, err
	}
	return s.claim(g, EndNoReason, end)
}

// illegal ends the game after a well-formed but illegal move: the player
// who makes it forfeits, so we claim the win (reason 3).
func (s *session) illegal(g *game, m Move, why error) (bool, ending, error) {
	s.log("game %d: illegal %s at ply %d: %v; ending the game", g.number, msgName(m), g.plies()+1, why)
	end := ending{Win, "peer's illegal move " + describe(m)}
	if err := s.chat("error: illegal move " + describe(m)); err != nil {
		return true, end, err
	}
	return s.claim(g, EndIWin, end)
}

// remainingWait is what is left of a wait of timeout begun at since, for
// session.next: one deadline for a whole exchange, however many stray
// messages arrive meanwhile. A timeout <= 0 means none (0); an expired one
// comes back as a nanosecond, which next reports as a timeout at once
// unless a message is already there.
func remainingWait(timeout time.Duration, since time.Time) time.Duration {
	if timeout <= 0 {
		return 0
	}
	return max(timeout-time.Since(since), time.Nanosecond)
}
