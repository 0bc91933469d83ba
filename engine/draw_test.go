package engine

import (
	"testing"

	"damka/board"
)

// lineScores searches p to depth with one line per root move and returns
// the score of each move, keyed by the move. It uses the hand-made
// evaluation: the tests that call it are about the draw rules, and some
// need three kings against one scored above zero, which the learned
// evaluation (fitted on too few king endings) does not do.
func lineScores(t *testing.T, v *board.Variant, p board.Position, history []board.Position, depth int) (map[board.Move]int, Result) {
	t.Helper()
	var ml board.MoveList
	v.Generate(&p, &ml)
	e := New(Options{HashMB: 1, MultiPV: ml.N, HandEval: true})
	scores := map[board.Move]int{}
	r := searchHistory(e, v, p, history, Limits{Depth: depth}, func(in Info) {
		if in.Depth == depth {
			scores[in.PV[0]] = in.Score
		}
	})
	if len(scores) != ml.N {
		t.Fatalf("%d lines reported for %d moves", len(scores), ml.N)
	}
	return scores, r
}

func move(t *testing.T, v *board.Variant, p *board.Position, text string) board.Move {
	t.Helper()
	m, err := v.ParseMove(p, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A move back into a position of the game history is a draw in the search
// (2-fold, as Scan counts it), even though three kings against one are
// otherwise scored above zero.
func TestRepetitionOfHistory(t *testing.T) {
	v := board.International
	root := mustFEN(t, v, "W:WK1,K2,K3:BK50")
	m := move(t, v, &root, "1-6")
	// The game went: child (Black to move), Black 50-45, White 6-1,
	// Black 45-50, reaching root; 1-6 now repeats child.
	child := root.Play(m)
	x := child.Play(move(t, v, &child, "50-45"))
	y := x.Play(move(t, v, &x, "6-1"))
	if y.Play(move(t, v, &y, "45-50")) != root {
		t.Fatal("history does not lead to root")
	}
	scores, _ := lineScores(t, v, root, []board.Position{child, x, y}, 1)
	for mv, s := range scores {
		if mv == m && s != DrawScore {
			t.Errorf("repeating move scored %d, want a draw", s)
		}
		if mv != m && s <= DrawScore {
			t.Errorf("move %v scored %d, want above zero", mv, s)
		}
	}
	// Without the history nothing repeats.
	scores, _ = lineScores(t, v, root, nil, 1)
	if scores[m] <= DrawScore {
		t.Errorf("without history 1-6 scored %d", scores[m])
	}
}

// kingMoveHistory builds n positions of king moves only (same men and
// piece count) that lead to root: what reversibleStep accepts. The white
// king stands on square k in all of them, so none equals a position the
// search reaches after White moves that king.
func kingMoveHistory(root board.Position, n int) []board.Position {
	h := make([]board.Position, n)
	for i := range h {
		h[i] = root
		h[i].Side = root.Side ^ board.Color((n-i)%2)
	}
	return h
}

// The king-moves counter: after 49 plies of king moves in International,
// the 50th ends the game in a draw, unless it leaves the opponent without
// a move (a win on the last allowed move counts).
func TestKingMovesLimit(t *testing.T) {
	v := board.International
	// White: king 32 (d4), man 47 (c1). Black: a lone man on 36 (a3),
	// whose only step is to 41 (b2). 32-41 blocks it: the jump over 41 would
	// land on 47, which White holds. Black then cannot move and loses. Every
	// other king move is the 50th reversible ply: a draw. (Man moves restart
	// the counter; 47-41 even loses the man to 36x47.)
	root := mustFEN(t, v, "W:WK32,47:B36")
	hist := kingMoveHistory(root, v.Draw.KingMovesLimit-1)
	for i := 0; i+1 < len(hist); i++ {
		if !reversibleStep(&hist[i], &hist[i+1]) {
			t.Fatal("history is not reversible")
		}
	}
	win := move(t, v, &root, "32-41")
	scores, r := lineScores(t, v, root, hist, 1)
	if r.Best != win || r.Score < WinBound {
		t.Errorf("best %v score %d, want 32-41 winning", r.Best, r.Score)
	}
	for mv, s := range scores {
		kingMove := root.IsKing(mv.From)
		if kingMove && mv != win && s != DrawScore {
			t.Errorf("king move %v scored %d, want the counter draw", mv, s)
		}
	}
}

// Draw scores are not stored: after a search with a history that makes a
// line a draw, the same position searched without history (same engine,
// same table) must not inherit the draw.
func TestDrawsNotStored(t *testing.T) {
	v := board.International
	root := mustFEN(t, v, "W:WK1,K2,K3:BK50")
	// Without tables: they know this ending is drawn, and the test is about
	// what the transposition table keeps, which needs a non-zero score.
	e := New(Options{HashMB: 1, NoEGDB: true})
	hist := kingMoveHistory(root, v.Draw.KingMovesLimit-1)
	r := searchHistory(e, v, root, hist, Limits{Depth: 6}, nil)
	if r.Score != DrawScore {
		t.Fatalf("with the counter at 49 the score is %d, want a draw", r.Score)
	}
	r = searchPos(e, v, root, Limits{Depth: 6}, nil)
	if r.Score <= DrawScore {
		t.Errorf("after a counter-draw search, the fresh position scores %d", r.Score)
	}
}
