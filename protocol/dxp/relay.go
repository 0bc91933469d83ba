package dxp

import (
	"context"
	"fmt"
	"net"
	"time"

	"damka/board"
)

// Relay is one initiator connection on which the caller starts the games
// one at a time, choosing each game's start position and our colour: what a
// match runner needs when the series (its schedule, its openings) is its
// own rather than the Initiator's. Config, Minutes and Moves come from the
// Initiator; Games, Positions and StopPeer are not used. A Relay is used by
// one goroutine at a time.
type Relay struct {
	in Initiator
	s  *session
}

// CheckRelay validates the settings a Relay uses (Searcher, Minutes, Moves)
// without connecting.
func (in *Initiator) CheckRelay() error {
	c := *in
	c.Games, c.Positions = 1, nil
	_, err := c.starts()
	return err
}

// DialRelay connects to addr and returns a Relay on the connection. The
// connection lives until Close, ctx's cancellation or a Play error.
func (in *Initiator) DialRelay(ctx context.Context, addr string) (*Relay, error) {
	if err := in.CheckRelay(); err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return in.OpenRelay(ctx, conn)
}

// OpenRelay returns a Relay on conn, which it then owns.
func (in *Initiator) OpenRelay(ctx context.Context, conn net.Conn) (*Relay, error) {
	if err := in.CheckRelay(); err != nil {
		conn.Close()
		return nil, err
	}
	r := &Relay{in: *in}
	r.s = newSession(ctx, conn, in.Config.withDefaults(), roleInitiator)
	r.s.log("connected (relay); %v min, move limit %d", in.Minutes, in.Moves)
	return r, nil
}

// Play sends one GAMEREQ for a game from start (form A for the standard
// start, form B otherwise) in which the Searcher plays us, and plays the
// game if the follower accepts it. A refused game comes back with Refused
// set; the error is then not nil when the follower refuses every game. A
// non-nil error means the connection cannot be used again: Close the Relay.
func (r *Relay) Play(start board.Position, us board.Color) (GameResult, error) {
	if err := checkPlayable(&start); err != nil {
		return GameResult{}, fmt.Errorf("dxp: start position: %v", err)
	}
	res, err := r.s.initiate(&r.in, start, us == board.Black)
	r.s.report(res)
	return res, err
}

// PeerStopped reports whether the follower asked to stop (stop code 1):
// it will hang up, and no further game can be played on this Relay.
func (r *Relay) PeerStopped() bool { return r.s.peerStop }

// Close hangs up.
func (r *Relay) Close() { r.s.close() }
