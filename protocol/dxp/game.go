package dxp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"damka/board"
)

// variant is the only rule set DXP carries (50 squares, 10x10).
var variant = board.International

// game is one game as either role sees it: the board.Game (every position
// since the start, for legality, the draw rules and take-backs), the moves
// in notation, both clocks and which side is damka's.
type game struct {
	number    int
	peer      string
	us        board.Color
	minutes   float64
	moveLimit int // game length in moves; 0: none
	clock     clock

	g    *board.Game
	text []string // moves in notation, for the result

	turnStart time.Time // when the side to move got the move, for the clocks
}

func newGame(number int, peer string, start board.Position, us board.Color, minutes float64, moveLimit int) *game {
	return &game{
		number: number, peer: peer, us: us, minutes: minutes, moveLimit: moveLimit,
		clock:     newClock(minutes, moveLimit),
		g:         board.NewGame(variant, start),
		turnStart: time.Now(),
	}
}

func (g *game) cur() *board.Position { return g.g.Position() }
func (g *game) plies() int           { return g.g.Len() }
func (g *game) ourTurn() bool        { return g.cur().Side == g.us }

// legal returns the legal moves of the current position.
func (g *game) legal() []board.Move {
	var ml board.MoveList
	variant.Generate(g.cur(), &ml)
	return slices.Clone(ml.Slice())
}

// play appends m, which must be legal in the current position (the
// callers take it from legal or match, so an error is damka's bug).
func (g *game) play(m board.Move) error {
	text := variant.FormatMove(g.cur(), m)
	if err := g.g.Play(m); err != nil {
		return err
	}
	g.text = append(g.text, text)
	g.turnStart = time.Now()
	return nil
}

// history returns a copy of the positions before the current one, oldest
// first, as engine.Searcher wants them; a copy because the search runs in
// its own goroutine.
func (g *game) history() []board.Position { return g.g.History() }

// drawReason reports whether the game has been drawn by the rules of
// International draughts: the same position for the third time with the
// same side to move, 25 moves by each side of kings only without a
// capture, or the endgame rules (a lone king against three pieces with a
// king for 16 moves, against one or two for 5; board.EndgameCounter). The
// caller has checked that the side to move has a move. Both the current position and the one before it are checked,
// because a draw reached by our own move is claimed at our next turn if the
// peer plays on.
func (g *game) drawReason() string {
	for i := g.plies(); i >= 0 && i >= g.plies()-1; i-- {
		switch rule, n := g.g.DrawAt(i); rule {
		case board.Repetition:
			return fmt.Sprintf("position repeated %d times", n)
		case board.KingMoves:
			return fmt.Sprintf("%d moves of kings only without capture", variant.Draw.KingMovesLimit/2)
		case board.EndgameLimit:
			c := g.g.EndgameCounterAt(i)
			return c.Reason()
		}
	}
	return ""
}

// limitReached reports whether the game has reached its move limit: both
// sides have made moveLimit moves.
func (g *game) limitReached() bool {
	return g.moveLimit > 0 && g.plies() >= 2*g.moveLimit
}

// match finds the legal move that m describes: same origin, destination
// and set of captured squares (in any order). Any mismatch is an error that
// says what was wrong, for the log and the peer.
func (g *game) match(m Move) (board.Move, error) {
	geo := variant.Geo
	from, ok1 := geo.Bit(m.From)
	to, ok2 := geo.Bit(m.To)
	if !ok1 || !ok2 {
		return board.Move{}, fmt.Errorf("square out of range")
	}
	var caps board.Bitboard
	for _, n := range m.Captured {
		sq, ok := geo.Bit(n)
		if !ok {
			return board.Move{}, fmt.Errorf("captured square %d out of range", n)
		}
		caps |= sq.Bit()
	}
	var found []board.Move
	for _, l := range g.legal() {
		if l.From == from && l.To == to && l.Captured == caps {
			found = append(found, l)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return board.Move{}, fmt.Errorf("%s is not legal in %s (legal: %s)", describe(m), variant.FEN(g.cur()), g.legalText())
	}
	// The generator merges routes with equal from, to and captured set, so
	// this cannot happen; refuse rather than guess.
	return board.Move{}, fmt.Errorf("%s matches %d legal moves", describe(m), len(found))
}

func (g *game) legalText() string {
	p := g.cur()
	var names []string
	for _, m := range g.legal() {
		names = append(names, variant.FormatMove(p, m))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}

// describe writes a DXP move as "32x23 capturing 28" for log lines.
func describe(m Move) string {
	if len(m.Captured) == 0 {
		return fmt.Sprintf("%d-%d", m.From, m.To)
	}
	caps := make([]string, len(m.Captured))
	for i, c := range m.Captured {
		caps[i] = strconv.Itoa(c)
	}
	return fmt.Sprintf("%dx%d capturing %s", m.From, m.To, strings.Join(caps, ","))
}

// wireMove converts a board move to DXP, captured squares ascending as the
// spec recommends.
func wireMove(m board.Move, seconds int) Move {
	geo := variant.Geo
	w := Move{Time: min(max(seconds, 0), 9999), From: geo.Number(m.From), To: geo.Number(m.To)}
	for b := m.Captured; b != 0; b &= b - 1 {
		w.Captured = append(w.Captured, geo.Number(b.First()))
	}
	slices.Sort(w.Captured)
	return w
}

// backIndex converts a BACKREQ target (move number and side to move) into
// an index into g.pos. The first position of a game is move 1 whoever is
// to move, so when Black starts, White's move 1 does not exist.
func (g *game) backIndex(number int, toMove Color) (int, bool) {
	off := func(c board.Color) int {
		if c == board.White {
			return 0
		}
		return 1
	}
	idx := 2*(number-1) + off(toBoardColor(toMove)) - off(g.g.At(0).Side)
	if idx < 0 || idx > g.plies() {
		return 0, false
	}
	return idx, true
}

// takeBack returns the game to the position after idx moves.
func (g *game) takeBack(idx int) {
	g.g.Truncate(idx)
	g.text = g.text[:idx]
	g.turnStart = time.Now()
}

// toBoardColor and fromBoardColor convert colours; DXP's are W and Z.
func toBoardColor(c Color) board.Color {
	if c == Black {
		return board.Black
	}
	return board.White
}

func fromBoardColor(c board.Color) Color {
	if c == board.Black {
		return Black
	}
	return White
}

// toBoardPosition converts and checks a GAMEREQ start position: men on
// their own promotion row cannot occur in a game, and a side without
// pieces or a side to move without a legal move has no game to play.
func toBoardPosition(p *Position) (board.Position, error) {
	var b board.Position
	geo := variant.Geo
	for i, pc := range p.Squares {
		sq, _ := geo.Bit(i + 1)
		var bp board.Piece
		switch pc {
		case Empty:
			continue
		case WhiteMan:
			bp = board.WhiteMan
		case BlackMan:
			bp = board.BlackMan
		case WhiteKing:
			bp = board.WhiteKing
		case BlackKing:
			bp = board.BlackKing
		default:
			return b, fmt.Errorf("invalid piece %q on square %d", byte(pc), i+1)
		}
		if (bp == board.WhiteMan && geo.Promotion[board.White].Has(sq)) ||
			(bp == board.BlackMan && geo.Promotion[board.Black].Has(sq)) {
			return b, fmt.Errorf("man on its promotion row at square %d", i+1)
		}
		b.Put(sq, bp)
	}
	b.Side = toBoardColor(p.ToMove)
	return b, checkPlayable(&b)
}

// checkPlayable rejects positions in which no game can be played.
func checkPlayable(p *board.Position) error {
	for c := board.White; c <= board.Black; c++ {
		if p.PieceCount(c) == 0 {
			return fmt.Errorf("%s has no pieces", c)
		}
	}
	var ml board.MoveList
	variant.Generate(p, &ml)
	if ml.N == 0 {
		return fmt.Errorf("%s to move has no legal move", p.Side)
	}
	return nil
}

// fromBoardPosition converts a position for a GAMEREQ.
func fromBoardPosition(b *board.Position) Position {
	p := Position{ToMove: fromBoardColor(b.Side)}
	geo := variant.Geo
	for i := range p.Squares {
		sq, _ := geo.Bit(i + 1)
		switch b.At(sq) {
		case board.WhiteMan:
			p.Squares[i] = WhiteMan
		case board.BlackMan:
			p.Squares[i] = BlackMan
		case board.WhiteKing:
			p.Squares[i] = WhiteKing
		case board.BlackKing:
			p.Squares[i] = BlackKing
		default:
			p.Squares[i] = Empty
		}
	}
	return p
}
