package hub

// The pos command: pos [pos=<position>] [start] [moves="<m1> <m2> ..."].
//
// The base position is pos= (protocols.md 1.6: 51 characters on 10x10, and
// the 33 characters of pydraughts on 8x8, 1.6a) or, with the start flag or
// with neither, the initial position; when both appear the last one wins,
// as in Scan. Then every move of moves= is read in Hub notation and played.
// The moves are there so that the engine sees repetitions: every position
// they pass through becomes the history given to Search.
//
// Bashni: the position string has no room for columns, so the base has
// none (every column one piece: the initial position, or a position set up
// without columns), and the moves build them: they are replayed with their
// columns and passed to Search as engine.Limits.Towers.
//
// The command is all or nothing: a bad position or any illegal move answers
// an error and leaves the position, the history and the limits as they were.
// A valid pos resets the limits, as Scan does, so that level applies to the
// search right after it.

import (
	"fmt"
	"strings"

	"damka/engine/board"
)

func (s *Session) cmdPos(l Line) {
	v := s.variant
	base := v.Start()
	moves := ""
	for _, a := range l.Args {
		switch a.Name {
		case "start":
			base = v.Start()
		case "pos":
			p, err := parsePosition(v, a.Value)
			if err != nil {
				s.errorf("bad position: %v", err)
				return
			}
			base = p
		case "moves":
			moves = a.Value
		default:
			s.ignoreArg("pos", a)
		}
	}
	var history []board.Position
	var towers []board.Towers // Bashni: each position's columns
	var tw board.Towers
	cur := base
	fields := strings.Fields(moves)
	for i, text := range fields {
		m, err := v.ParseHubMove(&cur, text)
		if err != nil {
			s.errorf("illegal move %s (move %d of %d in moves): %v", clip(text), i+1, len(fields), err)
			return
		}
		history = append(history, cur)
		if v.Columns {
			towers = append(towers, tw)
		}
		cur, tw = v.Next(&cur, &tw, m)
	}
	if v.Columns {
		towers = append(towers, tw)
	}
	s.root, s.history, s.towers = cur, history, towers
	s.resetLimits()
}

// parsePosition reads a Hub position string and checks it as Scan does,
// beyond what the board package checks (length, characters, men on their
// promotion row): the side that is not to move must have pieces, since it
// cannot have lost them all by its own move. (It can in Stavropol
// draughts, by a forced capture with one of the opponent's pieces: the
// game is then over.)
func parsePosition(v *board.Variant, text string) (board.Position, error) {
	p, err := v.ParseHubPosition(text)
	if err != nil {
		return p, err
	}
	if p.PieceCount(p.Side.Opponent()) == 0 && !v.ForeignMoves {
		return p, fmt.Errorf("%s is not to move and has no pieces", p.Side.Opponent())
	}
	return p, nil
}
