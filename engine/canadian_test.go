package engine

import (
	"testing"

	"damka/board"
)

// Canadian positions keep squares 64-76 outside the word (board's wide
// layout): the incremental key must still equal the key from scratch, and
// moves from and to those squares must occur in the games checked.
func TestCanadianHashIncremental(t *testing.T) {
	v := board.Canadian
	var ml board.MoveList
	high := 0
	for seed := uint64(1); seed <= uint64(depthFor(12, 4)); seed++ {
		for _, p := range randomGame(v, 400, seed) {
			h := hashPosition(&p)
			v.Generate(&p, &ml)
			for _, m := range ml.Slice() {
				q := p.Play(m)
				if got, want := hashMoveWide(h, &p, m), hashPosition(&q); got != want {
					t.Fatalf("%s move %s: incremental %x, scratch %x", v.FEN(&p), v.FormatMove(&p, m), got, want)
				}
				if m.From >= 64 || m.To >= 64 {
					high++
				}
			}
		}
	}
	if high < 100 {
		t.Errorf("only %d moves touched the squares above the word", high)
	}
}

// Rule-decided positions on the edge rows (squares 61-72 and 1-6, above the
// word): a man blocked by two men on the last row has lost, and a king
// move from the last row is reversible (it counts for the 25-move rule).
func TestCanadianRules(t *testing.T) {
	v := board.Canadian
	e := New(Options{HashMB: 1})
	// Black's man on 61 steps to 67 or 68, both taken, and cannot jump
	// them off the board: Black to move has lost, and White to move wins
	// with any move that keeps them there.
	if r := searchPos(e, v, mustFEN(t, v, "B:W67,68:B61"), Limits{Depth: 3}, nil); r.HasBest || r.Score != -WinScore {
		t.Errorf("blocked man: %+v, want no move and score %d", r, -WinScore)
	}
	if r := searchPos(e, v, mustFEN(t, v, "W:W40,67,68:B61"), Limits{Depth: 3}, nil); r.Score != WinScore-1 {
		t.Errorf("win in one: score %d, want %d", r.Score, WinScore-1)
	}
	p := mustFEN(t, v, "W:WK67:BK1")
	var ml board.MoveList
	v.Generate(&p, &ml)
	for _, m := range ml.Slice() {
		if m.From < 64 {
			t.Fatalf("K67 is not above the word (frame square %d)", m.From)
		}
		if !p.Reversible(m) {
			t.Errorf("king move %s is not reversible", v.FormatMove(&p, m))
		}
	}
	// Two kings each: no side can win, and the king-moves rule or a
	// repetition ends the line as a draw.
	if r := searchPos(e, v, mustFEN(t, v, "W:WK67,K72:BK1,K6"), Limits{Depth: depthFor(10, 6)}, nil); r.Score != DrawScore {
		t.Errorf("two kings each: score %d, want a draw", r.Score)
	}
	if e.tablesFor(v) != nil {
		t.Error("endgame tables opened for canadian")
	}
}

// Self-play: engine searches play Canadian games; every move must be legal
// and the game ends by the rules or the ply cap.
func TestCanadianSelfPlay(t *testing.T) {
	v := board.Canadian
	e := New(Options{HashMB: 4})
	g := board.NewGame(v, v.Start())
	var ml board.MoveList
	result := "ply cap"
	for ply := 0; ply < depthFor(160, 40); ply++ {
		p := *g.Position()
		v.Generate(&p, &ml)
		r := e.Search(g, Limits{Nodes: 4000}, nil)
		if over, _ := v.Outcome(&p, &ml); over {
			if r.HasBest || r.Score != -WinScore {
				t.Fatalf("%s: the game is over, search %+v", v.FEN(&p), r)
			}
			result = v.FEN(&p) + ": " + p.Side.String() + " to move has lost"
			break
		}
		if !r.HasBest || findMove(&ml, r.Best) < 0 {
			t.Fatalf("%s: illegal move %+v", v.FEN(&p), r.Best)
		}
		if why := playDrawn(g, r.Best); why != "" {
			result = "draw by " + why
			break
		}
	}
	t.Logf("%d plies: %s", g.Len(), result)
}

// Canadian squares reach frame bit 76: the history of a move from above
// the word must not be read for the move from the square 64 bits lower
// (the table once masked squares to 6 bits).
func TestCanadianHistorySquares(t *testing.T) {
	v := board.Canadian
	e := &Engine{knobs: defaultKnobs}
	th := newThread(e, 0)
	th.useVariant(v)
	f := &th.stack[0]
	f.pos = mustFEN(t, v, "W:WK67:BK1")
	v.Generate(&f.pos, &f.ml)
	high := f.ml.Moves[0]
	if high.From < 64 || high.Captured != 0 {
		t.Fatalf("first move %+v is not a quiet move from above the word", high)
	}
	addHistory(&th.history[board.White], high, 1000)
	alias := board.Move{From: high.From - 64, To: high.To}
	f.ml.Moves[f.ml.N] = alias
	f.ml.N++
	th.order(0, 0)
	if got := f.order[0]; got <= 0 {
		t.Errorf("move from square %d scored %d after a cutoff", high.From, got)
	}
	if got := f.order[f.ml.N-1]; got != 0 {
		t.Errorf("move from square %d scored %d: it shares the history of square %d", alias.From, got, high.From)
	}
}
