package dxp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"damka/board"
)

// Initiator plays a series of games as the DXP initiator: it sends every
// GAMEREQ, choosing colours (damka is White in odd games, Black in even
// ones), start positions and the time control, and ends each game.
type Initiator struct {
	Config
	Games   int     // number of games, at least 1
	Minutes float64 // thinking time per player for the whole game
	Moves   int     // game length in moves (0: none); at the limit the game is adjudicated
	// Positions are start positions as FENs. Each is played twice, colours
	// reversed (as Moby Dam's mm does), and the list is cycled; empty means
	// the standard start.
	Positions []string
	StopPeer  bool // ask the follower to stop entirely (stop code 1) after the last game
}

// Run connects to addr and plays the series; see RunConn.
func (in *Initiator) Run(ctx context.Context, addr string) ([]GameResult, error) {
	if _, err := in.starts(); err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return in.RunConn(ctx, conn)
}

// RunConn plays the series on conn and closes it. It returns the results
// so far and a non-nil error if the series could not be completed: the
// follower hung up, stayed silent, refused every game (codes 1 and 3) or
// asked to stop (then the error is nil and fewer results come back).
func (in *Initiator) RunConn(ctx context.Context, conn net.Conn) ([]GameResult, error) {
	starts, err := in.starts()
	if err != nil {
		conn.Close()
		return nil, err
	}
	cfg := in.Config.withDefaults()
	s := newSession(ctx, conn, cfg, roleInitiator)
	defer s.close()
	s.log("connected; %d games, %v min, move limit %d", in.Games, in.Minutes, in.Moves)
	var results []GameResult
	for i := 0; i < in.Games; i++ {
		if i == in.Games-1 && in.StopPeer {
			s.ourStop = StopAll
		}
		res, err := s.initiate(in, starts[(i/2)%len(starts)], i%2 == 1)
		results = append(results, res)
		s.report(res)
		if err != nil {
			if ctx.Err() != nil {
				return results, ctx.Err()
			}
			return results, err
		}
		if s.peerStop && i < in.Games-1 {
			s.log("follower asked to stop after game %d of %d", i+1, in.Games)
			return results, nil
		}
	}
	return results, nil
}

// starts checks the series settings and returns the start positions.
func (in *Initiator) starts() ([]board.Position, error) {
	switch {
	case in.Searcher == nil:
		return nil, errors.New("dxp: Initiator.Searcher is nil")
	case in.Games < 1:
		return nil, fmt.Errorf("dxp: %d games, want at least 1", in.Games)
	case in.Moves < 0 || in.Moves > 999:
		return nil, fmt.Errorf("dxp: move limit %d out of range 0..999", in.Moves)
	case in.Minutes <= 0:
		return nil, fmt.Errorf("dxp: thinking time %v minutes, want more than 0", in.Minutes)
	}
	if _, ok := formatMinutes(in.Minutes); !ok {
		return nil, fmt.Errorf("dxp: thinking time %v minutes does not fit the 3-character GAMEREQ field", in.Minutes)
	}
	if len(in.Positions) == 0 {
		return []board.Position{variant.Start()}, nil
	}
	out := make([]board.Position, len(in.Positions))
	for i, fen := range in.Positions {
		p, err := variant.ParseFEN(fen)
		if err == nil {
			err = checkPlayable(&p)
		}
		if err != nil {
			return nil, fmt.Errorf("dxp: start position %d: %v", i+1, err)
		}
		out[i] = p
	}
	return out, nil
}

// initiate sends one GAMEREQ and plays the game if it is accepted. damka
// plays White unless swap.
func (s *session) initiate(in *Initiator, start board.Position, swap bool) (GameResult, error) {
	s.games++
	us := board.White
	if swap {
		us = board.Black
	}
	req := GameReq{
		Version: Version, Initiator: s.cfg.Name, FollowerColor: fromBoardColor(us.Opponent()),
		Minutes: in.Minutes, Moves: in.Moves,
	}
	// Form A (standard start, White to move) is understood by every tool;
	// form B only where the position needs it.
	if start != variant.Start() {
		p := fromBoardPosition(&start)
		req.Position = &p
	}
	res := GameResult{Number: s.games, Color: fromBoardColor(us), StartFEN: variant.FEN(&start),
		Minutes: in.Minutes, MoveLimit: in.Moves}
	if err := s.send(req); err != nil {
		return res, err
	}
	acc, err := s.awaitAcc()
	if err != nil {
		res.Reason = "no GAMEACC: " + err.Error()
		return res, err
	}
	res.Peer = acc.Follower
	if acc.Code != AccAccepted {
		res.Refused = true
		res.Reason = fmt.Sprintf("code %d", acc.Code)
		s.log("game %d: %q refused the game with code %d", s.games, acc.Follower, acc.Code)
		if acc.Code == AccBadVersion || acc.Code == AccRefuseAll {
			return res, fmt.Errorf("dxp: follower %q refuses any game (GAMEACC code %d)", acc.Follower, acc.Code)
		}
		return res, nil
	}
	g := newGame(s.games, acc.Follower, start, us, in.Minutes, in.Moves)
	s.log("game %d: %q accepted; we play %s, start %s", g.number, acc.Follower, us, res.StartFEN)
	return s.play(g)
}

// awaitAcc reads until the follower's GAMEACC.
func (s *session) awaitAcc() (GameAcc, error) {
	since := time.Now()
	for {
		ev, err := s.next(remainingWait(s.cfg.ReadTimeout, since))
		if err != nil {
			if errors.Is(err, ErrTimeout) {
				s.log("game %d: no GAMEACC within %v; hanging up", s.games, s.cfg.ReadTimeout)
			}
			return GameAcc{}, err
		}
		switch m := ev.msg.(type) {
		case nil:
			s.log("game %d: ignoring garbled message while awaiting GAMEACC: %v", s.games, ev.bad)
		case GameAcc:
			return m, nil
		case GameEnd:
			s.log("%s outside a game; confirming", msgName(m))
			if m.Stop == StopAll {
				s.peerStop = true
			}
			if err := s.send(GameEnd{Reason: EndNoReason, Stop: m.Stop}); err != nil {
				return GameAcc{}, err
			}
		case Chat:
			s.logChat(m)
		default:
			s.ignore(m, "while awaiting GAMEACC")
		}
	}
}
