package engine

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

var testVariants = []*board.Variant{board.International, board.Russian, board.Brazilian, board.English}

// randomGame plays a seeded random game of at most plies plies and returns
// every position met, the start included.
func randomGame(v *board.Variant, plies int, seed uint64) []board.Position {
	r := rand.New(rand.NewPCG(seed, 11))
	var ml board.MoveList
	p := v.Start()
	out := []board.Position{p}
	for i := 0; i < plies; i++ {
		v.Generate(&p, &ml)
		if over, _ := v.Outcome(&p, &ml); over {
			break
		}
		p = p.Play(ml.Moves[r.IntN(ml.N)])
		out = append(out, p)
	}
	return out
}

func mustFEN(t testing.TB, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func legal(v *board.Variant, p *board.Position, m board.Move) bool {
	var ml board.MoveList
	v.Generate(p, &ml)
	return findMove(&ml, m) >= 0
}

// depthFor keeps -short runs (and -race, which is run with -short) quick.
func depthFor(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// searchPos searches p as the start of a game (no history, no columns).
func searchPos(e *Engine, v *board.Variant, p board.Position, lim Limits, info func(Info)) Result {
	return e.Search(board.NewGame(v, p), lim, info)
}

// searchHistory searches root after the positions of history, which need
// not be joined by legal moves (the draw-rule tests build counters from
// copies of one position); a real game goes through Search.
func searchHistory(e *Engine, v *board.Variant, root board.Position, history []board.Position, lim Limits, info func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.game = testRootGame(v, root, history)
	return e.search(v, &e.game, lim, info)
}

// testRootGame is the rootGame of root after history, whose positions need
// not be joined by legal moves: the reversible plies are those back to the
// first step that is not a king move without capture (reversibleStep), and
// the endgame counters start in the oldest position, as a game's would.
func testRootGame(v *board.Variant, root board.Position, history []board.Position) rootGame {
	g := rootGame{root: root, history: append([]board.Position(nil), history...)}
	next := &g.root
	for i := len(history) - 1; i >= 0 && reversibleStep(&history[i], next); i-- {
		g.rev++
		next = &history[i]
	}
	g.endgame = v.EndgameCounterAfter(history, &root)
	return g
}

// reversibleStep reports whether a king move without capture leads from a
// to b: the men and the number of pieces are unchanged.
func reversibleStep(a, b *board.Position) bool {
	if a.IsWide() {
		p, q := a.Board128(), b.Board128()
		men := func(x *board.Position128, c int) board.Bitboard128 {
			return board.Bitboard128{Lo: x.Pieces[c].Lo &^ x.Kings.Lo, Hi: x.Pieces[c].Hi &^ x.Kings.Hi}
		}
		return a.Side != b.Side && a.PieceCount(0)+a.PieceCount(1) == b.PieceCount(0)+b.PieceCount(1) &&
			men(&p, 0) == men(&q, 0) && men(&p, 1) == men(&q, 1)
	}
	return a.Side != b.Side &&
		a.Board64().Men(0) == b.Board64().Men(0) && a.Board64().Men(1) == b.Board64().Men(1) &&
		a.TotalCount() == b.TotalCount()
}
