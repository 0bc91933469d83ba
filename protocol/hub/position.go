package hub

// The pos command: pos [pos=<position>] [fen=<FEN>] [start] [moves="<m1> <m2> ..."].
//
// The base position is pos= (protocols.md 1.6: 51 characters on 10x10, and
// the 33 characters of pydraughts on 8x8, 1.6a), fen= (damka's extension:
// a PDN FEN in the variant's notation, the only way to give Bashni columns,
// "W:Wa1(wbb),Kc3:Bd6(bW)") or, with the start flag or with none of them,
// the initial position; when several appear the last one wins, as in Scan. Then every move of moves= is read in Hub notation and played.
// The moves are there so that the engine sees repetitions: every position
// they pass through becomes the history given to Search.
//
// Bashni: the position string has no room for columns, so a base given
// by pos= has none (every column one piece); a base given by fen= may have
// them. The moves are replayed with their columns and passed to Search as
// engine.Limits.Columns.
//
// The command is all or nothing: a bad position or any illegal move answers
// an error and sets nothing. The session then has no valid position: the
// GUI meant another one than the one it had, so the old one must not be
// searched. Until a valid pos, a new-game or a set-param variant, go answers
// an error and a bare done (every go gets its done; searching the old
// position would play a move for the wrong position, maybe the wrong side).
// After a valid pos, the next level line starts a new set of limits
// (level.go), so that level applies to the search right after it.

import (
	"fmt"
	"strings"

	"damka/engine/board"
)

func (s *Session) cmdPos(l Line) {
	if err := s.setPos(l); err != nil {
		s.noPosition = true
		s.errorf("%v", err)
	}
}

// setPos reads pos into the root, the history and the columns, or returns
// why it cannot, having changed nothing.
func (s *Session) setPos(l Line) error {
	v := s.variant
	base := v.Start()
	var tw board.Towers // Bashni: the columns of base, then of cur
	moves := ""
	for _, a := range l.Args {
		switch a.Name {
		case "start":
			base, tw = v.Start(), board.Towers{}
		case "pos":
			p, err := parsePosition(v, a.Value)
			if err != nil {
				return fmt.Errorf("bad position: %v", err)
			}
			base, tw = p, board.Towers{}
		case "fen":
			p, t, err := parseFENArg(v, a.Value)
			if err != nil {
				return fmt.Errorf("bad fen: %v", err)
			}
			base, tw = p, t
		case "moves":
			moves = a.Value
		default:
			s.ignoreArg("pos", a)
		}
	}
	var history []board.Position
	var towers []board.Towers // Bashni: each position's columns
	cur := base
	fields := strings.Fields(moves)
	for i, text := range fields {
		m, err := v.ParseHubMoveIn(&cur, text, s.numbering)
		if err != nil {
			return fmt.Errorf("illegal move %s (move %d of %d in moves): %v", clip(text), i+1, len(fields), err)
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
	s.root, s.history, s.towers, s.noPosition = cur, history, towers, false
	s.levelFresh = true
	return nil
}

// startPosition makes the variant's initial position the root, with no
// history (new-game, a new variant).
func (s *Session) startPosition() {
	s.root, s.history, s.towers, s.noPosition = s.variant.Start(), nil, nil, false
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
	return p, checkOpponent(v, &p)
}

// checkOpponent refuses a position whose side not to move has no pieces:
// it cannot have lost them all by its own move. (It can in Stavropol
// draughts, by a forced capture with one of the opponent's pieces: the
// game is then over.)
func checkOpponent(v *board.Variant, p *board.Position) error {
	if p.PieceCount(p.Side.Opponent()) == 0 && !v.ForeignMoves {
		return fmt.Errorf("%s is not to move and has no pieces", p.Side.Opponent())
	}
	return nil
}

// parseFENArg reads the fen= argument: a FEN in the variant's notation,
// with columns for Bashni (board.Variant.ParseTowersFEN) and without for
// the others, checked as pos= is.
func parseFENArg(v *board.Variant, text string) (board.Position, board.Towers, error) {
	var p board.Position
	var t board.Towers
	var err error
	if v.Columns {
		p, t, err = v.ParseTowersFEN(text)
	} else {
		p, err = v.ParseFEN(text)
	}
	if err != nil {
		return p, t, err
	}
	return p, t, checkOpponent(v, &p)
}
