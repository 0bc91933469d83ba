package dxp

import (
	"fmt"
	"strconv"

	"damka/board"
	"damka/format/pdn"
)

// PDN returns a played game as a pdn.Game, for the PDN writer:
// tags Event, Site, Date, Round (the game number on the connection),
// White, Black (us is damka's name, the peer's comes from the game),
// Result, TimeControl (seconds per player for the whole game, as the PGN
// form "N" means), Termination and, for a game with one, MoveLimit. A
// refused game has no moves and no result; it gives nil. Moves that are
// not legal from the start are an error.
func (r GameResult) PDN(event, site, us string) (*pdn.Game, error) {
	if r.Refused {
		return nil, nil
	}
	peer := r.Peer
	if peer == "" {
		peer = "?"
	}
	white, black := us, peer
	if r.Color == Black {
		white, black = peer, us
	}
	result := r.pdnResult()
	tags := []pdn.Tag{
		{Name: "Event", Value: event},
		{Name: "Site", Value: site},
		{Name: "Date", Value: pdn.Date(r.End)},
		{Name: "Round", Value: strconv.Itoa(r.Number)},
		{Name: "White", Value: white},
		{Name: "Black", Value: black},
		{Name: "Result", Value: result},
		{Name: "TimeControl", Value: strconv.FormatFloat(r.Minutes*60, 'f', -1, 64)},
		{Name: "Termination", Value: r.Reason},
	}
	if r.MoveLimit > 0 {
		tags = append(tags, pdn.Tag{Name: "MoveLimit", Value: strconv.Itoa(r.MoveLimit)})
	}
	g, err := board.GameOf(variant, r.Start, r.Played)
	if err != nil {
		return nil, fmt.Errorf("pdn: %v", err)
	}
	return &pdn.Game{Game: g, Tags: tags, Result: result}, nil
}

// pdnResult is the game's PDN result token (pdn.ResultToken: 2-0, 1-1 or
// 0-2 for International), or * for a game without a result.
func (r GameResult) pdnResult() string {
	var ours float64
	switch r.Outcome {
	case Win:
		ours = 1
	case Draw:
		ours = 0.5
	case Loss:
	default:
		return "*"
	}
	if r.Color == Black {
		return pdn.ResultToken(variant, 1-ours)
	}
	return pdn.ResultToken(variant, ours)
}

// Progress is the one-line account of a finished game for a person
// watching: number, opponent, our colour, result and why, length, and the
// running score t (which should already count r).
func (r GameResult) Progress(t Tally) string {
	peer := r.Peer
	if peer == "" {
		peer = "?"
	}
	if r.Refused {
		return fmt.Sprintf("game %d vs %s (damka %s): refused: %s; W-D-L %d-%d-%d",
			r.Number, peer, r.Color, r.Reason, t.Wins, t.Draws, t.Losses)
	}
	return fmt.Sprintf("game %d vs %s (damka %s): %s (%s), %d moves; W-D-L %d-%d-%d",
		r.Number, peer, r.Color, r.Outcome, r.Reason, (r.Plies()+1)/2, t.Wins, t.Draws, t.Losses)
}
