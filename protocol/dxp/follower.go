package dxp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"damka/board"
)

const (
	roleFollower  = "follower"
	roleInitiator = "initiator"
)

// Serve accepts connections on ln and plays as follower on each, one
// connection at a time (others wait in the listen backlog): it answers
// every GAMEREQ and plays the games the initiator starts. It returns nil
// once ctx is cancelled (closing ln and any open connection) or a peer
// asked to stop entirely (stop code 1; Scan and Moby Dam exit on it; ln is
// closed then too), unless Config.KeepServing; otherwise the listener's
// error.
func Serve(ctx context.Context, ln net.Listener, cfg Config) error {
	if cfg.Searcher == nil {
		return errors.New("dxp: Config.Searcher is nil")
	}
	cfg = cfg.withDefaults()
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	cfg.Logger.Printf("follower: listening on %s", ln.Addr())
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		stopped, err := serveConn(ctx, conn, cfg)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			cfg.Logger.Printf("follower %s: session ended: %v", conn.RemoteAddr(), err)
		}
		if stopped {
			if !cfg.KeepServing {
				cfg.Logger.Printf("follower: %s asked to stop entirely (stop code 1); no longer listening", conn.RemoteAddr())
				ln.Close()
				return nil
			}
			cfg.Logger.Printf("follower: %s asked to stop entirely (stop code 1); listening on for the next connection", conn.RemoteAddr())
		}
	}
}

// ServeConn plays as follower on one connection until the peer closes it,
// asks to stop (stop code 1), starts no game within the idle timeout, or
// ctx is cancelled. It closes conn. A clean end returns
// nil.
func ServeConn(ctx context.Context, conn net.Conn, cfg Config) error {
	if cfg.Searcher == nil {
		conn.Close()
		return errors.New("dxp: Config.Searcher is nil")
	}
	_, err := serveConn(ctx, conn, cfg.withDefaults())
	return err
}

// serveConn is ServeConn; stopped reports whether the peer asked to stop
// entirely.
func serveConn(ctx context.Context, conn net.Conn, cfg Config) (stopped bool, err error) {
	s := newSession(ctx, conn, cfg, roleFollower)
	defer s.close()
	s.log("connected")
	err = s.follow()
	switch {
	case ctx.Err() != nil:
		return s.peerStop, ctx.Err()
	case errors.Is(err, ErrPeerClosed):
		s.log("connection closed")
		return s.peerStop, nil
	}
	return s.peerStop, err
}

// follow is the follower's loop between games.
func (s *session) follow() error {
	// One deadline for the whole wait: a peer that chats or sends garbage
	// but never starts a game must not hold the follower for good.
	idleSince := time.Now()
	for {
		if s.peerStop {
			s.log("peer asked to stop; hanging up")
			return nil
		}
		wait := time.Duration(0)
		if s.cfg.IdleTimeout > 0 {
			if wait = s.cfg.IdleTimeout - time.Since(idleSince); wait <= 0 {
				s.log("no game started within %v; hanging up", s.cfg.IdleTimeout)
				return ErrTimeout
			}
		}
		ev, err := s.next(wait)
		if err != nil {
			if errors.Is(err, ErrTimeout) {
				s.log("no game started within %v; hanging up", s.cfg.IdleTimeout)
			}
			return err
		}
		switch m := ev.msg.(type) {
		case nil:
			s.log("garbled message between games: %v", ev.bad)
			if err := s.chat(fmt.Sprintf("error: %v", ev.bad)); err != nil {
				return err
			}
			if code, ok := garbledGameReq(ev.bad); ok {
				// Answer it anyway, or the initiator waits for a GAMEACC
				// that never comes.
				s.games++
				s.log("game %d: refusing the garbled GAMEREQ with code %d", s.games, code)
				if err := s.send(GameAcc{Follower: s.cfg.Name, Code: code}); err != nil {
					return err
				}
			}
		case GameReq:
			played, err := s.gameReq(m)
			if err != nil {
				return err
			}
			if played {
				idleSince = time.Now()
			}
		case GameEnd:
			// mm sends E00 on connecting to clear a leftover game; confirm
			// it like any GAMEEND.
			stop := StopContinue
			if m.Stop == StopAll {
				s.peerStop, stop = true, StopAll
			}
			s.log("%s outside a game; confirming", msgName(m))
			if err := s.send(GameEnd{Reason: EndNoReason, Stop: stop}); err != nil {
				return err
			}
		case BackReq:
			s.log("refusing %s: no game running", msgName(m))
			if err := s.send(BackAcc{Code: BackRefused}); err != nil {
				return err
			}
		case Chat:
			s.logChat(m)
		default:
			s.ignore(m, "between games")
		}
	}
}

// gameReq answers a GAMEREQ and, if accepted, plays the game; played says
// whether it was.
func (s *session) gameReq(req GameReq) (played bool, err error) {
	s.games++
	code, start, why := s.consider(req)
	us := toBoardColor(req.FollowerColor)
	if err := s.send(GameAcc{Follower: s.cfg.Name, Code: code}); err != nil {
		return false, err
	}
	if code != AccAccepted {
		s.log("game %d: refused %s with code %d: %s", s.games, msgName(req), code, why)
		s.report(GameResult{Number: s.games, Peer: req.Initiator, Color: req.FollowerColor,
			Minutes: req.Minutes, MoveLimit: req.Moves, Refused: true,
			Reason: fmt.Sprintf("code %d: %s", code, why)})
		return false, nil
	}
	s.ourStop = StopContinue
	minutes := req.Minutes
	if limit := s.cfg.MaxMinutes; limit > 0 && minutes > limit {
		s.log("game %d: GAMEREQ asks for %v minutes a side; playing it at the cap of %v minutes (our clock, and how long we wait for the peer)",
			s.games, minutes, limit)
		minutes = limit
	}
	g := newGame(s.games, req.Initiator, start, us, minutes, req.Moves)
	s.log("game %d: accepted: %q plays %s, we play %s, %v min, move limit %d, start %s",
		g.number, req.Initiator, us.Opponent(), us, minutes, req.Moves, variant.FEN(&start))
	res, err := s.play(g)
	s.report(res)
	return true, err
}

// consider decides on a GAMEREQ: the acceptance code, the start position
// and, when refusing, why.
func (s *session) consider(req GameReq) (int, board.Position, string) {
	if req.Version != Version {
		return AccBadVersion, board.Position{}, fmt.Sprintf("protocol version %d, only %d is supported", req.Version, Version)
	}
	if req.Minutes <= 0 {
		return AccRefuseGame, board.Position{}, "no thinking time"
	}
	if req.Position == nil {
		return AccAccepted, variant.Start(), ""
	}
	start, err := toBoardPosition(req.Position)
	if err != nil {
		return AccRefuseGame, board.Position{}, "start position: " + err.Error()
	}
	return AccAccepted, start, ""
}

// garbledGameReq reports whether an undecodable frame was meant as a
// GAMEREQ, and the refusal code for it: 1 when its version field names
// another version (a later protocol may well change the layout), else 2.
func garbledGameReq(bad error) (int, bool) {
	var se *SyntaxError
	if !errors.As(bad, &se) || len(se.Msg) == 0 || se.Msg[0] != TypeGameReq {
		return 0, false
	}
	if v := se.Msg[1:min(3, len(se.Msg))]; len(v) == 2 && v != "01" && v[0] >= '0' && v[0] <= '9' && v[1] >= '0' && v[1] <= '9' {
		return AccBadVersion, true
	}
	return AccRefuseGame, true
}

func (s *session) report(r GameResult) {
	if s.cfg.OnResult != nil {
		s.cfg.OnResult(r)
	}
}
