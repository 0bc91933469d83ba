package hub

// The pos command: pos [pos=<position>] [fen=<FEN>] [start] [moves="<m1> <m2> ..."].
//
// The base position is pos= (docs/protocols.md 1.6: 51 characters on 10x10, and
// the 33 characters of pydraughts on 8x8, 1.6a), fen= (damka's extension:
// a PDN FEN in the variant's notation, the only way to give Bashni columns,
// "W:Wa1(wbb),Kc3:Bd6(bW)") or, with the start flag or with none of them,
// the initial position; when several appear the last one wins, as in Scan. Then every move of moves= is read in Hub notation and played.
// The moves are there so that the engine sees repetitions: every position
// they pass through becomes the history given to Search.
//
// Bashni: the position string has no room for columns, so a base given
// by pos= has none (every column one piece); a base given by fen= may have
// them. The moves are replayed with their columns in a board.Game, which
// goes to Search whole.
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

	"damka/board"
	"damka/format/hubtext"
)

func (s *Session) cmdPos(l Line) {
	if err := s.setPos(l); err != nil {
		s.noPosition = true
		s.errorf("%v", err)
	}
}

// setPos reads pos into the game, or returns why it cannot, having changed
// nothing.
func (s *Session) setPos(l Line) error {
	v := s.variant
	g := board.NewGame(v, v.Start())
	moves := ""
	for _, a := range l.Args {
		switch a.Name {
		case "start":
			g = board.NewGame(v, v.Start())
		case "pos":
			p, err := parsePosition(v, a.Value)
			if err != nil {
				return fmt.Errorf("bad position: %v", err)
			}
			g = board.NewGame(v, p)
		case "fen":
			fg, err := parseFENArg(v, a.Value)
			if err != nil {
				return fmt.Errorf("bad fen: %v", err)
			}
			g = fg
		case "moves":
			moves = a.Value
		default:
			s.ignoreArg("pos", a)
		}
	}
	fields := strings.Fields(moves)
	for i, text := range fields {
		m, err := hubtext.ParseMoveIn(v, g.Position(), text, s.numbering)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("illegal move %s (move %d of %d in moves): %v", clip(text), i+1, len(fields), err)
		}
	}
	s.game, s.noPosition = g, false
	s.levelFresh = true
	return nil
}

// startPosition makes the variant's initial position the root, with no
// history (new-game, a new variant).
func (s *Session) startPosition() {
	s.game, s.noPosition = board.NewGame(s.variant, s.variant.Start()), false
}

// parsePosition reads a Hub position string and checks it as Scan does,
// beyond what the board package checks (length, characters, men on their
// promotion row): the side that is not to move must have pieces, since it
// cannot have lost them all by its own move. (It can in Stavropol
// draughts, by a forced capture with one of the opponent's pieces: the
// game is then over.)
func parsePosition(v *board.Variant, text string) (board.Position, error) {
	p, err := hubtext.ParsePosition(v, text)
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
// with columns for Bashni (board.ParseGame), checked as pos= is.
func parseFENArg(v *board.Variant, text string) (*board.Game, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("empty FEN")
	}
	g, err := board.ParseGame(v, text)
	if err != nil {
		return nil, err
	}
	return g, checkOpponent(v, g.Position())
}
