package engine

import (
	"testing"

	"damka/engine/board"
)

// clockHistory is n copies of q, a position in the same clock category as
// the root but with other men or another piece count, so that the history
// starts the root's clock n plies back without feeding the repetition
// check or the king-moves counter (reversibleStep fails at the root). The
// positions need not form a legal game: setup reads only their material
// and, for repetitions, their keys.
func clockHistory(q board.Position, n int) []board.Position {
	h := make([]board.Position, n)
	for i := range h {
		h[i] = q
	}
	return h
}

// The root clock and its updates in play: quiet moves count on, a
// promotion or capture that stays in the category counts on, one that
// enters another category restarts, one that leaves them all stops.
func TestClockTransitions(t *testing.T) {
	cases := []struct {
		name  string
		v     *board.Variant
		fen   string
		hist  []string // oldest first
		move  string
		root  [2]int // clock, limit at the root
		child [2]int // clock, limit after move
	}{
		{name: "16-move rule: a quiet king move counts on", v: board.International,
			fen: "W:WK1,K2,33:BK50", hist: []string{"W:WK1,K2,39:BK50", "W:WK1,K2,39:BK50"},
			move: "1-7", root: [2]int{2, 32}, child: [2]int{3, 32}},
		{name: "history before the configuration does not count", v: board.International,
			fen: "W:WK1,K2,33:BK50", hist: []string{"W:WK1,K2,39:B45", "W:WK1,K2,39:BK50"},
			move: "1-7", root: [2]int{1, 32}, child: [2]int{2, 32}},
		{name: "promotion within the 16-move category counts on", v: board.International,
			fen: "W:WK46,7,33:BK50", hist: []string{"W:WK46,12,33:BK50"},
			move: "7-1", root: [2]int{1, 32}, child: [2]int{2, 32}},
		{name: "promotion creating the configuration starts the clock", v: board.International,
			fen: "W:W7,8,33:BK50", hist: []string{"W:W12,8,33:BK50"},
			move: "7-1", root: [2]int{-1, 0}, child: [2]int{0, 32}},
		{name: "capture turning 16-move into 5-move restarts", v: board.International,
			fen: "B:WK1,K2,39:BK50", hist: []string{"W:WK1,K2,39:BK44", "B:WK1,K2,39:BK44"},
			move: "50x28", root: [2]int{2, 32}, child: [2]int{0, 10}},
		{name: "capturing the lone king stops the clock", v: board.International,
			fen: "W:WK46,K3,35:BK37", move: "46x28", root: [2]int{0, 32}, child: [2]int{-1, 0}},
		{name: "5-move rule: promotion K+M -> 2K counts on", v: board.International,
			fen: "W:WK46,7:BK50", hist: []string{"W:WK46,12:BK50"},
			move: "7-1", root: [2]int{1, 10}, child: [2]int{2, 10}},
		{name: "lone man: no configuration", v: board.International,
			fen: "W:WK46,K47:B5", move: "46-41", root: [2]int{-1, 0}, child: [2]int{-1, 0}},
		{name: "Russian 3 kings v king", v: board.Russian,
			fen: "W:WKa1,Kc1,Ka3:BKh2", hist: []string{"B:WKa1,Kc1,Ka3:BKg1"},
			move: "a1-b2", root: [2]int{1, 30}, child: [2]int{2, 30}},
		{name: "Russian 4 kings to 3 by the lone king's capture counts on", v: board.Russian,
			fen: "B:WKa1,Kc1,Ka3,Kg3:BKh2", hist: []string{"W:WKa1,Kc1,Ka3,Kg3:BKh2"},
			move: "h2:f4", root: [2]int{1, 30}, child: [2]int{2, 30}},
		{name: "Russian 2K+M: 7.2.7 not applied", v: board.Russian,
			fen: "W:WKa1,Kc1,a3:BKh2", move: "a3-b4", root: [2]int{-1, 0}, child: [2]int{-1, 0}},
		{name: "Brazilian K+M v king", v: board.Brazilian,
			fen: "W:WKb8,e1:BKh2", move: "e1-d2", root: [2]int{0, 10}, child: [2]int{1, 10}},
		{name: "English: no clocks", v: board.English,
			fen: "W:WK1,K2:BK32", move: "1-6", root: [2]int{-1, 0}, child: [2]int{-1, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := mustFEN(t, c.v, c.fen)
			var hist []board.Position
			for _, h := range c.hist {
				hist = append(hist, mustFEN(t, c.v, h))
			}
			th := New(Options{HashMB: 1, NoEGDB: true}).threads[0]
			th.setup(c.v, &root, hist)
			if f := &th.stack[0]; [2]int{f.clock, f.clockLim} != c.root {
				t.Fatalf("root clock %d/%d, want %d/%d", f.clock, f.clockLim, c.root[0], c.root[1])
			}
			th.play(0, move(t, c.v, &root, c.move))
			if f := &th.stack[1]; [2]int{f.clock, f.clockLim} != c.child {
				t.Errorf("after %s clock %d/%d, want %d/%d", c.move, f.clock, f.clockLim, c.child[0], c.child[1])
			}
		})
	}
}

// Table wins under the clocks. Each root is a win in dist plies by the
// embedded tables (distance to the end of the game). With the clock
// leaving dist plies or more it stays that win; a win on the last allowed
// ply counts. With one ply less the table's win does not fit: the search
// must not take it, and a depth-8 search finds no other. (Deeper searches
// can: in the 2K+M position a line where the lone king captures a piece
// starts a fresh 5-move clock, which TestClockRestartInSearch covers.)
func TestClockTableWins(t *testing.T) {
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
				{"dist plies left", clockHistory(q, c.lim-c.dist), true},
				{"dist-1 plies left", clockHistory(q, c.lim-c.dist+1), false},
			} {
				e := New(Options{HashMB: 1})
				r := e.Search(c.v, root, k.hist, Limits{Depth: 8}, nil)
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
// shallow search, but with a history that leaves the clock two plies every
// line is a draw at the second ply. The positions are chosen so that no line
// wins in one ply and the lone king cannot capture in those two plies (a
// capture that enters the 5-move category would restart the clock); where
// that needed it, the lone king is to move.
func TestClockDrawInSearch(t *testing.T) {
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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := mustFEN(t, c.v, c.fen)
			q := mustFEN(t, c.v, c.q)
			e := New(Options{HashMB: 1, NoEGDB: true})
			r := e.Search(c.v, root, clockHistory(q, c.lim-2), Limits{Depth: 6}, nil)
			if r.Score != DrawScore {
				t.Errorf("clock 2 plies from the limit: score %d, want a draw", r.Score)
			}
			// Same engine and table: the clock draws were not stored.
			r = e.Search(c.v, root, nil, Limits{Depth: 6}, nil)
			if r.Score == DrawScore {
				t.Errorf("fresh clock: score %d, want no draw", r.Score)
			}
		})
	}
}

// A capture by the lone king that turns the 16-move configuration into a
// 5-move one restarts the clock in the search too. With two plies left on
// the 16-move clock, 1-6 forces Black's king to take the man on 33 (K+2M v
// K becomes K+M v K: a fresh 10-ply clock), and the king on 6 then takes
// the lone king (PV 1-6 50x11 6x17): a win in 3 plies that the old clock
// would have cut at ply 2.
func TestClockRestartInSearch(t *testing.T) {
	v := board.International
	root := mustFEN(t, v, "W:WK1,33,34:BK50")
	q := mustFEN(t, v, "W:WK1,38,34:BK50")
	e := New(Options{HashMB: 1, NoEGDB: true})
	r := e.Search(v, root, clockHistory(q, 32-2), Limits{Depth: 6}, nil)
	if r.Score != WinScore-3 {
		t.Errorf("score %d (best %s), want a win in 3 plies", r.Score, v.FormatMove(&root, r.Best))
	}
}
