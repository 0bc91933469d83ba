package engine

import (
	"testing"

	"damka/board"
)

// endgameHistory is n copies of q, a position in the same counter category as
// the root but with other men or another piece count, so that the history
// starts the root's counter n plies back without feeding the repetition
// check or the king-moves counter (reversibleStep fails at the root). The
// positions need not form a legal game: setup reads only their material
// and, for repetitions, their keys.
func endgameHistory(q board.Position, n int) []board.Position {
	h := make([]board.Position, n)
	for i := range h {
		h[i] = q
	}
	return h
}

// counterState is a frame's counter as {plies, limit, road plies}, {-1, 0, -1}
// when no counter runs.
func counterState(c *board.EndgameCounter) [3]int {
	if c.Endgame() == board.NoEndgame {
		return [3]int{-1, 0, -1}
	}
	return [3]int{c.Plies(), c.Endgame().Limit(), c.RoadPlies()}
}

// The root counter and its updates in play: quiet moves count on, a
// promotion or capture that stays in the category counts on, one that
// enters another category restarts, one that leaves them all stops. (The
// rules themselves are tested in board/endgame_test.go; these
// cases check that the search carries the counter from the history to the
// root and across its moves.)
func TestEndgameCounterTransitions(t *testing.T) {
	cases := []struct {
		name  string
		v     *board.Variant
		fen   string
		hist  []string // oldest first
		move  string
		root  [3]int // counter, limit, road counter at the root
		child [3]int // the same after move
	}{
		{name: "16-move rule: a quiet king move counts on", v: board.International,
			fen: "W:WK1,K2,33:BK50", hist: []string{"W:WK1,K2,39:BK50", "W:WK1,K2,39:BK50"},
			move: "1-7", root: [3]int{2, 32, -1}, child: [3]int{3, 32, -1}},
		{name: "history before the configuration does not count", v: board.International,
			fen: "W:WK1,K2,33:BK50", hist: []string{"W:WK1,K2,39:B45", "W:WK1,K2,39:BK50"},
			move: "1-7", root: [3]int{1, 32, -1}, child: [3]int{2, 32, -1}},
		{name: "promotion within the 16-move category counts on", v: board.International,
			fen: "W:WK46,7,33:BK50", hist: []string{"W:WK46,12,33:BK50"},
			move: "7-1", root: [3]int{1, 32, -1}, child: [3]int{2, 32, -1}},
		{name: "promotion creating the configuration starts the counter", v: board.International,
			fen: "W:W7,8,33:BK50", hist: []string{"W:W12,8,33:BK50"},
			move: "7-1", root: [3]int{-1, 0, -1}, child: [3]int{0, 32, -1}},
		{name: "capture turning 16-move into 5-move restarts", v: board.International,
			fen: "B:WK1,K2,39:BK50", hist: []string{"W:WK1,K2,39:BK44", "B:WK1,K2,39:BK44"},
			move: "50x28", root: [3]int{2, 32, -1}, child: [3]int{0, 10, -1}},
		{name: "capturing the lone king stops the counter", v: board.International,
			fen: "W:WK46,K3,35:BK37", move: "46x28", root: [3]int{0, 32, -1}, child: [3]int{-1, 0, -1}},
		{name: "5-move rule: promotion K+M -> 2K counts on", v: board.International,
			fen: "W:WK46,7:BK50", hist: []string{"W:WK46,12:BK50"},
			move: "7-1", root: [3]int{1, 10, -1}, child: [3]int{2, 10, -1}},
		{name: "lone man: no configuration", v: board.International,
			fen: "W:WK46,K47:B5", move: "46-41", root: [3]int{-1, 0, -1}, child: [3]int{-1, 0, -1}},
		{name: "Russian 3 kings v king", v: board.Russian,
			fen: "W:WKa1,Kc1,Ka3:BKh2", hist: []string{"B:WKa1,Kc1,Ka3:BKg1"},
			move: "a1-b2", root: [3]int{1, 30, -1}, child: [3]int{2, 30, -1}},
		{name: "Russian 4 kings to 3 by the lone king's capture counts on", v: board.Russian,
			fen: "B:WKa1,Kc1,Ka3,Kg3:BKh2", hist: []string{"W:WKa1,Kc1,Ka3,Kg3:BKh2"},
			move: "h2:f4", root: [3]int{1, 30, -1}, child: [3]int{2, 30, -1}},
		{name: "Russian 7.2.4 counts kings: 3K+M v K", v: board.Russian,
			fen: "W:WKa1,Kc1,Ka3,g3:BKh2", move: "g3-f4", root: [3]int{0, 30, -1}, child: [3]int{1, 30, -1}},
		{name: "Russian 2K+M off the road: 7.2.6", v: board.Russian,
			fen: "W:WKa1,Kc1,a3:BKh2", move: "a3-b4", root: [3]int{0, 60, -1}, child: [3]int{1, 60, -1}},
		{name: "Russian 7.2.6 restarts at a promotion", v: board.Russian,
			fen: "W:WKa1,b6,c7:BKh2,Kf8", hist: []string{"B:WKa1,b6,c7:BKh2,Kf8"},
			move: "c7-d8", root: [3]int{1, 60, -1}, child: [3]int{0, 60, -1}},
		{name: "Russian 7.2.7: the lone king steps onto the road", v: board.Russian,
			fen: "B:WKc1,Ke1,a3:BKh2", hist: []string{"W:WKc1,Ke1,e3:BKh2"},
			move: "h2-e5", root: [3]int{1, 60, -1}, child: [3]int{2, 60, 0}},
		{name: "Russian 7.2.7: the road counter runs from the history", v: board.Russian,
			fen: "B:WKc1,Ke1,g3:BKb2", hist: []string{"W:WKc1,Ke1,e3:BKa1", "B:WKc1,Ke1,e3:BKa1"},
			move: "b2-c3", root: [3]int{2, 60, 2}, child: [3]int{3, 60, 3}},
		{name: "Russian 7.2.7: leaving the road stops it", v: board.Russian,
			fen: "B:WKc1,Ke1,g3:BKb2", hist: []string{"W:WKc1,Ke1,e3:BKa1"},
			move: "b2-a3", root: [3]int{1, 60, 1}, child: [3]int{2, 60, -1}},
		{name: "Brazilian K+M v king", v: board.Brazilian,
			fen: "W:WKb8,e1:BKh2", move: "e1-d2", root: [3]int{0, 10, -1}, child: [3]int{1, 10, -1}},
		{name: "English: no counters", v: board.English,
			fen: "W:WK1,K2:BK32", move: "1-6", root: [3]int{-1, 0, -1}, child: [3]int{-1, 0, -1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := mustFEN(t, c.v, c.fen)
			var hist []board.Position
			for _, h := range c.hist {
				hist = append(hist, mustFEN(t, c.v, h))
			}
			th := New(Options{HashMB: 1, NoEGDB: true}).threads[0]
			game := testRootGame(c.v, root, hist)
			th.setup(c.v, &game)
			if got := counterState(&th.stack[0].endgame); got != c.root {
				t.Fatalf("root counter %v, want %v", got, c.root)
			}
			th.play(0, move(t, c.v, &root, c.move))
			if got := counterState(&th.stack[1].endgame); got != c.child {
				t.Errorf("after %s counter %v, want %v", c.move, got, c.child)
			}
		})
	}
}

// Table wins under the counters. Each root is a win in dist plies by the
// embedded tables (distance to the end of the game). With the counter
// leaving dist plies or more it stays that win; a win on the last allowed
// ply counts. With one ply less the table's win does not fit: the search
// must not take it, and a depth-8 search finds no other. (Deeper searches
// can: in the 2K+M position a line where the lone king captures a piece
// starts a fresh 5-move counter, which TestEndgameCounterRestartInSearch covers.)
func TestEndgameCounterTableWins(t *testing.T) {
	cases := []struct {
		name string
		v    *board.Variant
		fen  string
		q    string // same category, other men or piece count
		lim  int
		dist int
	}{
		{"16-move rule 2K+M v K", board.International, "W:WK43,K23,34:BK2", "W:WK43,K23,39:BK2", 32, 13},
		{"5-move rule K+M v K", board.International, "W:WK6,29:BK50", "W:WK6,33:BK50", 10, 5},
		{"5-move rule 2K v K", board.International, "W:WK2,K10:BK35", "W:WK2,33:BK35", 10, 3},
		{"Russian 7.2.4 3K v K", board.Russian, "W:WKa1,Kf2,Kg5:BKh2", "W:WKa1,Kf2,Kg5,Kc1:BKh2", 30, 21},
		{"Russian 7.2.8 K+M v K", board.Russian, "W:WKb8,e1:BKh2", "W:WKb8,c1:BKh2", 10, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := mustFEN(t, c.v, c.fen)
			q := mustFEN(t, c.v, c.q)
			want := WinScore - c.dist
			for _, k := range []struct {
				what string
				hist []board.Position
				win  bool
			}{
				{"no history", nil, true},
				{"dist plies left", endgameHistory(q, c.lim-c.dist), true},
				{"dist-1 plies left", endgameHistory(q, c.lim-c.dist+1), false},
			} {
				e := New(Options{HashMB: 1})
				r := searchHistory(e, c.v, root, k.hist, Limits{Depth: 8}, nil)
				if k.win && r.Score != want {
					t.Errorf("%s: score %d, want %d", k.what, r.Score, want)
				}
				if !k.win && (r.Score >= WinBound || r.Score <= -WinBound) {
					t.Errorf("%s: score %d, want no forced result", k.what, r.Score)
				}
			}
		})
	}
}

// Without tables: a lone king against stronger forces is not a draw to a
// shallow search, but with a history that leaves the counter two plies every
// line is a draw at the second ply. The positions are chosen so that no line
// wins in one ply and the lone king cannot capture in those two plies (a
// capture that enters the 5-move category would restart the counter); where
// that needed it, the lone king is to move.
func TestEndgameCounterDrawInSearch(t *testing.T) {
	cases := []struct {
		name string
		v    *board.Variant
		fen  string
		q    string
		lim  int
	}{
		{"16-move rule K+2M v K", board.International, "W:WK1,31,36:BK50", "W:WK1,26,36:BK50", 32},
		{"16-move rule 2K+M v K", board.International, "B:WK1,K2,36:BK50", "B:WK1,K2,41:BK50", 32},
		{"5-move rule K+M v K", board.International, "W:WK1,33:BK50", "W:WK1,39:BK50", 10},
		{"Russian 3K v K", board.Russian, "B:WKa3,Kc1,Ke1:BKh8", "B:WKa3,Kc1,Ke1,Kg1:BKh8", 30},
		{"Brazilian 2K v K", board.Brazilian, "W:WKa1,Kc1:BKh2", "W:WKa1,c3:BKh2", 10},
		// The lone king in the corner of the main road cannot leave it.
		{"Russian 7.2.7 2K+M v K on the road", board.Russian, "B:WKc1,Ke1,g3:BKa1", "B:WKc1,Ke1,e3:BKa1", 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := mustFEN(t, c.v, c.fen)
			q := mustFEN(t, c.v, c.q)
			// The hand-made evaluation: the learned one scores K+2M v K
			// about 0, and a leaf worth exactly 0 would pass for a stored
			// draw below.
			e := New(Options{HashMB: 1, NoEGDB: true, HandEval: true})
			r := searchHistory(e, c.v, root, endgameHistory(q, c.lim-2), Limits{Depth: 6}, nil)
			if r.Score != DrawScore {
				t.Errorf("counter 2 plies from the limit: score %d, want a draw", r.Score)
			}
			// Same engine and table: the counter draws were not stored.
			r = searchPos(e, c.v, root, Limits{Depth: 6}, nil)
			if r.Score == DrawScore {
				t.Errorf("fresh counter: score %d, want no draw", r.Score)
			}
		})
	}
}

// A capture by the lone king that turns the 16-move configuration into a
// 5-move one restarts the counter in the search too. With two plies left on
// the 16-move counter, 1-6 forces Black's king to take the man on 33 (K+2M v
// K becomes K+M v K: a fresh 10-ply counter), and the king on 6 then takes
// the lone king (PV 1-6 50x11 6x17): a win in 3 plies that the old counter
// would have cut at ply 2.
func TestEndgameCounterRestartInSearch(t *testing.T) {
	v := board.International
	root := mustFEN(t, v, "W:WK1,33,34:BK50")
	q := mustFEN(t, v, "W:WK1,38,34:BK50")
	e := New(Options{HashMB: 1, NoEGDB: true})
	r := searchHistory(e, v, root, endgameHistory(q, 32-2), Limits{Depth: 6}, nil)
	if r.Score != WinScore-3 {
		t.Errorf("score %d (best %s), want a win in 3 plies", r.Score, v.FormatMove(&root, r.Best))
	}
}

// Russian 7.2.7 in the search, with the tables: 2K+M against a lone king
// on the main road, a table win in 5 plies. After 1.g3-f2 the lone king
// must take the king on f2 and so leaves the road (and the 7.2.7
// configuration): with two plies left on the road counter the win stands,
// the counter having stopped before it ran out. With one ply left every
// White move reaches a position drawn by 7.2.7.
func TestEndgameCounterRoadInSearch(t *testing.T) {
	v := board.Russian
	root := mustFEN(t, v, "W:WKb8,Kg3,h2:BKd4")
	q := mustFEN(t, v, "W:WKb8,Kg3,e1:BKd4") // the same configuration, another man
	for _, c := range []struct {
		left int
		want int
	}{
		{10, WinScore - 5},
		{2, WinScore - 5},
		{1, DrawScore},
	} {
		e := New(Options{HashMB: 1})
		r := searchHistory(e, v, root, endgameHistory(q, board.RoadLimit-c.left), Limits{Depth: 8}, nil)
		if r.Score != c.want {
			t.Errorf("%d plies left on the road counter: score %d (best %s), want %d", c.left, r.Score, v.FormatMove(&root, r.Best), c.want)
		}
	}
}

// A draw by an endgame counter below a capture of the quiescence rests on
// this path's counter, and the quiescence says so (drawFlag), so that the
// search above does not store it as the position's value: Black's lone
// king must take a king, White keeps three (Russian 7.2.4 still counts),
// and the capture lands on the limit. Before, the quiescence dropped its
// children's flags.
func TestQuiescenceKeepsDrawFlag(t *testing.T) {
	v := board.Russian
	root := mustFEN(t, v, "B:WKa1,Kc1,Ke1,Kf6:BKg7")
	q := mustFEN(t, v, "B:WKa1,Kc1,Ke1,Kh2:BKh8")
	for _, c := range []struct {
		plies int
		draw  bool
	}{{29, true}, {10, false}} {
		e := New(Options{HashMB: 1, NoEGDB: true})
		g := testRootGame(v, root, endgameHistory(q, c.plies))
		th := e.threads[0]
		th.setup(v, &g)
		if th.endgameDraw(0) {
			t.Fatalf("history %d: the root is at the limit already", c.plies)
		}
		s := th.qsearch(-inf, inf, 0)
		if th.drawFlag != c.draw || c.draw && s != DrawScore {
			t.Errorf("history %d: qsearch %d, draw flag %v; want a draw %v", c.plies, s, th.drawFlag, c.draw)
		}
	}
}
