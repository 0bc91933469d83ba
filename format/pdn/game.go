// Package pdn reads and writes Portable Draughts Notation (docs/variants.md
// 4): the tags, the move text in each variant's notation, and the result.
// It sits beside the rules core and imports only board.
//
// A PDN game is a board.Game with what only the file knows: its tags, its
// result token and the comments after its moves. They live here, in Game,
// and not in board.Game, because no other follower of a game (the Hub
// session, the DXP game, the search) has any use for them: a game played
// over a protocol gets its tags when it is written out (the match runner,
// dxp, play, analyse and the web page build a Game for that), and a game
// read from a file goes on as its board.Game.
package pdn

import (
	"strings"
	"time"

	"damka/board"
)

// Tag is one PDN tag pair, [Name "Value"].
type Tag struct{ Name, Value string }

// Game is one PDN game: the game itself (rules, start, moves) and the
// file's own data about it.
type Game struct {
	*board.Game
	Tags   []Tag  // the tag pairs, in order
	Result string // the result token ("2-0", "1/2-1/2", "*", ...); "" is "*"
	// Comments[i], when set, is written by Write as a {comment} after move
	// i (analyse --pdn puts the engine's verdict there, the match runner
	// the time and clock of the move) and read back by Read, white space
	// folded; it may be shorter than the moves, and nil.
	Comments []string
}

// TagValue returns the value of the first tag called name
// (case-insensitive).
func (g *Game) TagValue(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// Date writes t as the value of a Date tag, "2026.12.01".
func Date(t time.Time) string { return t.Format("2006.01.02") }

// results are the result tokens of both PDN result types.
var results = map[string]bool{
	"2-0": true, "0-2": true, "1-1": true, "0-0": true,
	"1-0": true, "0-1": true, "1/2-1/2": true, "*": true,
}

// ResultToken writes White's score (1, 0.5 or 0) as a PDN result token:
// the International result type ("2-0", "1-1", "0-2") for the 10x10
// International rules' GameType, the default type ("1-0", "1/2-1/2",
// "0-1") otherwise (docs/variants.md 4.2).
func ResultToken(v *board.Variant, white float64) string {
	intl := GameType(v) == GameType(board.International)
	switch {
	case white == 1 && intl:
		return "2-0"
	case white == 1:
		return "1-0"
	case white == 0 && intl:
		return "0-2"
	case white == 0:
		return "0-1"
	case intl:
		return "1-1"
	}
	return "1/2-1/2"
}

// ResultScore reads a result token of either type back to White's score;
// false for "*" and anything else.
func ResultScore(token string) (white float64, ok bool) {
	switch token {
	case "2-0", "1-0":
		return 1, true
	case "0-2", "0-1":
		return 0, true
	case "1-1", "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}
