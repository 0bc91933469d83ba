package board

import (
	"fmt"
	"strings"
)

// Game is one game: the rules, the start, the moves and, per position,
// what the draw rules need (Bashni's towers, the reversible plies in a row,
// the endgame counters). It is the one value that every follower of a game
// (protocols, match runner, text mode, openings generator, the search's
// root) keeps, so that history, towers and the draw rules are built once.
// The moves of a Game are legal by construction: Play refuses others.
// format/pdn reads and writes it, with the file's tags beside it.
type Game struct {
	v     *Variant
	moves []Move
	plies []gamePly // plies[i]: the position after i moves; plies[0] the start
}

// gamePly is what the game knows of one of its positions.
type gamePly struct {
	pos     Position
	tow     Towers         // Bashni: the pieces under pos's tops; zero elsewhere
	rev     int            // reversible plies in a row that led to pos
	endgame EndgameCounter // the endgame counters of pos
}

// NewGame starts a game of v from start, with no piece under any top
// (ParseGame reads a start with Bashni columns). The endgame counters
// start at 0 in start.
func NewGame(v *Variant, start Position) *Game {
	return newGameTowers(v, start, nil)
}

// newGameTowers is NewGame for a Bashni start whose columns are t (nil:
// none); other variants ignore t.
func newGameTowers(v *Variant, start Position, t *Towers) *Game {
	first := gamePly{pos: start, endgame: v.NewEndgameCounter(&start)}
	if t != nil && v.Columns {
		first.tow = *t
	}
	return &Game{v: v, plies: []gamePly{first}}
}

// GameOf plays moves from start: an illegal move is an error naming it.
func GameOf(v *Variant, start Position, moves []Move) (*Game, error) {
	g := NewGame(v, start)
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	return g, nil
}

// ParseGame starts a game of v from a FEN in v's notation, which for
// Bashni may give columns ("W:Wa1(wbb),Kc3:Bd6(bW)": after a square, the
// pieces under its top from the top down, w and b for men, W and B for
// kings; at most 12 pieces of a colour). An empty FEN is the initial
// position.
func ParseGame(v *Variant, fen string) (*Game, error) {
	if fen == "" {
		return NewGame(v, v.Start()), nil
	}
	p, t, err := v.parseFEN(fen)
	if err != nil {
		return nil, err
	}
	return newGameTowers(v, p, &t), nil
}

// Variant is the rules of the game.
func (g *Game) Variant() *Variant { return g.v }

// Len is the number of moves played.
func (g *Game) Len() int { return len(g.moves) }

// Moves are the moves played, the first from the start; the slice is the
// game's own and must not be changed.
func (g *Game) Moves() []Move { return g.moves }

// Start is the position before the first move.
func (g *Game) Start() Position { return g.plies[0].pos }

// Position is the current position.
func (g *Game) Position() *Position { return &g.plies[len(g.plies)-1].pos }

// Towers are Bashni's pieces under the tops of the current position (zero
// in every other variant).
func (g *Game) Towers() *Towers { return &g.plies[len(g.plies)-1].tow }

// At is the position after i moves (0: the start), i in 0..Len.
func (g *Game) At(i int) *Position { return &g.plies[i].pos }

// TowersAt are the towers of At(i).
func (g *Game) TowersAt(i int) *Towers { return &g.plies[i].tow }

// Reversible is the number of reversible plies in a row (Position.
// Reversible) that led to the current position: only the positions they
// join can repeat.
func (g *Game) Reversible() int { return g.plies[len(g.plies)-1].rev }

// EndgameCounter is the endgame draw counter of the current position.
func (g *Game) EndgameCounter() EndgameCounter { return g.plies[len(g.plies)-1].endgame }

// EndgameCounterAt is the endgame draw counter of At(i).
func (g *Game) EndgameCounterAt(i int) EndgameCounter { return g.plies[i].endgame }

// History returns a copy of the positions before the current one, oldest
// first.
func (g *Game) History() []Position {
	out := make([]Position, len(g.plies)-1)
	for i := range out {
		out[i] = g.plies[i].pos
	}
	return out
}

// Clone returns a copy that shares nothing with g, for a search running in
// another goroutine while g goes on.
func (g *Game) Clone() *Game {
	c := *g
	c.moves = append([]Move(nil), g.moves...)
	c.plies = append([]gamePly(nil), g.plies...)
	return &c
}

// Reversible reports whether m, played in p, can be undone: a king move
// without capture (on every board: Canadian's kings above the word too).
// Only positions joined by such moves can repeat, and the king-move draw
// rules count them. The search calls it at every node: the origin holds a
// piece, so the king bit alone tells.
func (p *Position) Reversible(m Move) bool {
	if m.From >= 64 {
		return m.Captured == 0 && p.high[2]&(1<<uint(m.From-64)) != 0
	}
	return m.Captured == 0 && p.kings.Has(m.From)
}

// Play plays m, which must be legal in the current position: an illegal
// move is an error and leaves the game unchanged.
func (g *Game) Play(m Move) error {
	p := g.Position()
	var ml MoveList
	g.v.Generate(p, &ml)
	for _, o := range ml.Slice() {
		if o == m {
			g.play(m)
			return nil
		}
	}
	return fmt.Errorf("(%s) is not legal in %s", g.v.FormatMove(nil, m), g.FEN())
}

// play appends m, known to be legal.
func (g *Game) play(m Move) {
	last := &g.plies[len(g.plies)-1]
	next := gamePly{}
	if g.v.Columns {
		g.v.SearchStepTowers(&last.pos, &last.tow, m, &next.pos, &next.tow)
	} else {
		next.pos = last.pos.Play(m)
	}
	if last.pos.Reversible(m) {
		next.rev = last.rev + 1
	}
	next.endgame = g.v.NextEndgameCounter(last.endgame, &next.pos, m.IsCapture() || m.Promote)
	g.moves = append(g.moves, m)
	g.plies = append(g.plies, next)
}

// Undo takes back the last move; false when there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.plies = g.plies[:len(g.plies)-1]
	return true
}

// Truncate takes back moves until n are left (0 <= n <= Len).
func (g *Game) Truncate(n int) {
	g.moves = g.moves[:n]
	g.plies = g.plies[:n+1]
}

// StartFEN is the FEN of the start, with Bashni's columns.
func (g *Game) StartFEN() string { return g.v.formatFEN(&g.plies[0].pos, &g.plies[0].tow) }

// FEN is the FEN of the current position, with Bashni's columns.
func (g *Game) FEN() string { return g.v.formatFEN(g.Position(), g.Towers()) }

// FormatLine writes moves played on from the current position (a
// principal variation) in the variant's notation, each in the position it
// is played from, separated by spaces, stopping at the first move that is
// not legal there (a line from an older search iteration). g is unchanged.
func (g *Game) FormatLine(moves []Move) string {
	line := g.Clone()
	parts := make([]string, 0, len(moves))
	for _, m := range moves {
		text := g.v.FormatMove(line.Position(), m)
		if line.Play(m) != nil {
			break
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, " ")
}

// DrawRule names the rule that has drawn a game.
type DrawRule uint8

const (
	NotDrawn     DrawRule = iota
	Repetition            // Variant.Draw.Repetitions times the same position
	KingMoves             // Variant.Draw.KingMovesLimit reversible plies in a row
	EndgameLimit          // an endgame counter has reached its rule's limit (endgame.go)
)

// Status is where a game stands.
type Status struct {
	Over   bool
	Draw   DrawRule // the rule that drew the game (Over), or NotDrawn
	Winner Color    // when Over and Draw is NotDrawn
	// Reason says why the game is over: "White has no move", "3-fold
	// repetition", an endgame rule, ...
	Reason string
}

// White is the result for White: 1 for a win, 0.5 for a draw, 0 for a loss
// (0.5 too while the game goes on).
func (s Status) White() float64 {
	switch {
	case !s.Over || s.Draw != NotDrawn:
		return 0.5
	case s.Winner == White:
		return 1
	}
	return 0
}

// Status applies the variant's goal (Variant.Outcome) to the current
// position and then its draw rules. A position without a move is decided by
// the goal first, so that a move that leaves the opponent without a move
// wins even when it also completes a draw counter (docs/variants.md 7.4). When
// several draw rules end the game on the same move, the most specific one is
// named: repetition, then an endgame rule, then the king-move count.
func (g *Game) Status() Status {
	p := g.Position()
	var ml MoveList
	g.v.Generate(p, &ml)
	if over, moverWins := g.v.Outcome(p, &ml); over {
		loser := p.Side
		if moverWins {
			loser = loser.Opponent()
		}
		s := Status{Over: true, Winner: loser.Opponent(), Reason: fmt.Sprintf("%s has no move", p.Side)}
		switch {
		case g.v.Goal == Breakthrough && p.KingCount(White)+p.KingCount(Black) > 0:
			s.Reason = fmt.Sprintf("%s crowned a king", s.Winner)
		case g.v.ForeignMoves && p.PieceCount(loser) == 0:
			s.Reason = fmt.Sprintf("%s has no pieces", loser)
		}
		return s
	}
	if rule, n := g.DrawAt(g.Len()); rule != NotDrawn {
		return Status{Over: true, Draw: rule, Reason: g.drawText(rule, n, len(g.plies)-1)}
	}
	return Status{}
}

// Outcome is the result for White (1, 0.5 or 0) and whether the game is
// over: Status().White() and Status().Over.
func (g *Game) Outcome() (white float64, over bool) {
	s := g.Status()
	return s.White(), s.Over
}

// DrawAt reports the draw rule that holds in the position after i moves
// (0 <= i <= Len), whether or not the side to move there has a move (the
// caller checks that: a position without a move is decided by the goal),
// and for a repetition how many times the position has occurred.
func (g *Game) DrawAt(i int) (DrawRule, int) {
	rules := g.v.Draw
	pl := &g.plies[i]
	if rules.Repetitions > 0 {
		n := g.repeats(i)
		if n >= rules.Repetitions {
			return Repetition, n
		}
	}
	if pl.endgame.AtLimit() {
		return EndgameLimit, 0
	}
	if rules.KingMovesLimit > 0 && pl.rev >= rules.KingMovesLimit {
		return KingMoves, 0
	}
	return NotDrawn, 0
}

// repeats counts the occurrences of the position after i moves among the
// positions that reversible moves join to it (itself included). Positions
// with the other side to move differ, so only every second one is compared.
func (g *Game) repeats(i int) int {
	pl := &g.plies[i]
	n := 1
	for j := i - 2; j >= i-pl.rev && j >= 0; j -= 2 {
		if g.plies[j].pos == pl.pos && (!g.v.Columns || g.plies[j].tow == pl.tow) {
			n++
		}
	}
	return n
}

// drawText is Status.Reason of a draw by rule after i moves (n: the
// repetitions).
func (g *Game) drawText(rule DrawRule, n, i int) string {
	switch rule {
	case Repetition:
		return fmt.Sprintf("%d-fold repetition", g.v.Draw.Repetitions)
	case EndgameLimit:
		return g.plies[i].endgame.Reason()
	case KingMoves:
		return fmt.Sprintf("%d plies of king moves without capture", g.v.Draw.KingMovesLimit)
	}
	return ""
}

// LinkGame makes a game of positions that follow each other (the first the
// start): it finds the legal move between each two; false when some pair is
// not joined by a legal move. Bashni's columns are built from none in the
// first position, and towers, if not nil, must then match too (two orders of
// the same captures can leave the same tops over other pieces).
func LinkGame(v *Variant, chain []Position, towers []Towers) (*Game, bool) {
	if len(chain) == 0 {
		return nil, false
	}
	g := NewGame(v, chain[0])
	if towers != nil && towers[0] != (Towers{}) {
		return nil, false
	}
	var ml MoveList
	for i := 0; i+1 < len(chain); i++ {
		v.Generate(g.Position(), &ml)
		found := false
		for _, m := range ml.Slice() {
			g.play(m)
			if *g.Position() == chain[i+1] && (towers == nil || *g.Towers() == towers[i+1]) {
				found = true
				break
			}
			g.Undo()
		}
		if !found {
			return nil, false
		}
	}
	return g, true
}
