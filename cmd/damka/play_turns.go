package main

// The turns of a play session: the person's moves (checked, with the reason
// when one is refused), the engine's answers and hints, take-backs and the
// end of the game.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
)

func (g *game) legal() []board.Move {
	var ml board.MoveList
	g.v.Generate(g.pos, &ml)
	return append([]board.Move(nil), ml.Slice()...)
}

func (g *game) moveNames(moves []board.Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = g.v.FormatMove(g.pos, m)
	}
	return strings.Join(names, " ")
}

func (g *game) listMoves() {
	moves := g.legal()
	if len(moves) == 0 {
		g.printf("no legal moves\n")
		return
	}
	g.printf("legal moves (%d): %s\n", len(moves), g.moveNames(moves))
}

// status is where the game stands: the variant's goal, then its draw rules
// (board.Game.Status).
func (g *game) status() board.Status { return g.game.Status() }

// overText says how the game ended and its PDN result, e.g. "Black has no
// legal move: White wins (2-0)"; "" while it goes on.
func (g *game) overText() string {
	s := g.status()
	if !s.Over {
		return ""
	}
	result := pdn.ResultToken(g.v, s.White())
	if s.Draw != board.NotDrawn {
		return fmt.Sprintf("Draw by %s (%s)", s.Reason, result)
	}
	w := title(s.Winner)
	switch {
	case g.v.Goal == board.Breakthrough && g.pos.KingCount(board.White)+g.pos.KingCount(board.Black) != 0:
		return fmt.Sprintf("%s has a king: %s wins (%s)", w, w, result)
	case g.v.ForeignMoves && g.pos.PieceCount(s.Winner.Opponent()) == 0:
		// Stavropol: the side to move may have foreign moves, or the
		// side that has just moved may have lost its last piece.
		return fmt.Sprintf("%s has no pieces: %s wins (%s)", title(s.Winner.Opponent()), w, result)
	}
	return fmt.Sprintf("%s has no legal move: %s wins (%s)", title(g.pos.Side), w, result)
}

// over reports (and announces) whether the game is over.
func (g *game) over() bool {
	line := g.overLine()
	if line != "" {
		g.printf("%s\n", line)
	}
	return line != ""
}

// overLine is the announcement of the end of the game, "" while it goes on.
func (g *game) overLine() string {
	if text := g.overText(); text != "" {
		return "Game over. " + text + ". (new, undo, save FILE or quit)"
	}
	return ""
}

func title(c board.Color) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// play plays m, legal in the current position (the callers take it from
// ParseMove or the legal moves).
func (g *game) play(m board.Move, answer bool) {
	if err := g.game.Play(m); err != nil {
		g.printf("%v\n", err)
		return
	}
	g.answer = append(g.answer, answer)
	g.pos = g.game.Position()
}

func (g *game) humanMove(text string) {
	if g.over() {
		return
	}
	m, err := g.v.ParseMove(g.pos, text)
	if err != nil {
		g.printf("%s (type help for the commands, moves for the legal moves)\n", g.refusal(text, err))
		return
	}
	g.printf("you play %s\n", g.v.FormatMove(g.pos, m))
	g.play(m, false)
	if g.pos.Side == g.you || g.overText() != "" {
		// The person moves for both sides after a take-back or a set-up
		// with the engine's side to move; or the game has ended.
		g.show()
		return
	}
	g.engineMove(true)
}

// refusal says why text is not a move here. When the legal moves are all
// captures (a capture is compulsory), it says so and lists them: a person
// who types a quiet move has most likely missed the capture.
func (g *game) refusal(text string, err error) string {
	msg := err.Error()
	if len(msg) > 200 {
		return "that is not a move"
	}
	legal := g.legal()
	if strings.HasPrefix(msg, "illegal move") && len(legal) > 0 && legal[0].IsCapture() {
		rule := "a capture is compulsory"
		switch g.v.Capture {
		case board.Majority, board.MostThenKings, board.ItalianOrder, board.MostValue:
			rule += ", and the one that takes the most"
		case board.KingPriority:
			rule += ", with a king if a king can"
		}
		return fmt.Sprintf("%s: %s; legal: %s", msg, rule, g.moveNames(legal))
	}
	return msg
}

// engineTurn lets the engine move when the side to move is not the
// person's (at the start, after new, variant or side).
func (g *game) engineTurn() {
	if g.pos.Side != g.you && g.overText() == "" {
		g.engineMove(false)
	}
}

// think searches the current position at the session's level.
func (g *game) think() (engine.Result, engine.Info, time.Duration) {
	var last engine.Info
	start := g.now()
	res := g.eng.Search(g.game, g.lim, func(in engine.Info) {
		if in.MultiPV <= 1 {
			last = in
		}
	})
	legal := g.legal()
	if !res.HasBest || !slices.Contains(legal, res.Best) {
		res.Best = legal[0] // the engine contract says this cannot happen
	}
	return res, last, g.now().Sub(start)
}

// thought describes a search result: book, or depth, score, time and PV.
func (g *game) thought(res engine.Result, last engine.Info, took time.Duration) string {
	if res.FromBook {
		return fmt.Sprintf("  (book, score %s at depth %d)", scoreText(res.Score), res.Depth)
	}
	if last.Depth > 0 {
		return fmt.Sprintf("  (depth %d, score %s, %.1fs, pv %s)", last.Depth, scoreText(last.Score),
			took.Seconds(), g.game.FormatLine(last.PV))
	}
	return ""
}

// engineMove searches the position and plays the engine's move; answer says
// it replies to the person's move.
func (g *game) engineMove(answer bool) {
	res, last, took := g.think()
	g.printf("damka plays %s%s\n", g.v.FormatMove(g.pos, res.Best), g.thought(res, last, took))
	g.play(res.Best, answer)
	g.show()
}

// hint shows the move the engine would play, without playing it.
func (g *game) hint() {
	if g.over() {
		return
	}
	res, last, took := g.think()
	g.printf("hint: %s%s\n", g.v.FormatMove(g.pos, res.Best), g.thought(res, last, took))
}

// scoreText shows a score in men from the engine's side, or a win in plies.
func scoreText(s int) string {
	plies := func(n int) string {
		if n == 1 {
			return "1 ply"
		}
		return strconv.Itoa(n) + " plies"
	}
	if s >= engine.WinBound {
		return "win in " + plies(engine.WinScore-s)
	}
	if s <= -engine.WinBound {
		return "loss in " + plies(engine.WinScore+s)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

func (g *game) undo() {
	n := len(g.answer)
	if n == 0 {
		g.printf("nothing to undo\n")
		return
	}
	back := 1
	if g.answer[n-1] && n > 1 {
		back = 2
	}
	g.game.Truncate(n - back)
	g.answer = g.answer[:n-back]
	g.pos = g.game.Position()
	g.printf("took back %s\n", moveCount(back))
	g.show()
}

// moveCount is "1 move" or "n moves".
func moveCount(n int) string {
	if n == 1 {
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}
