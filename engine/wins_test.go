package engine

import (
	"testing"

	"damka/board"
)

// Positions with a known answer, each derived from the rules in its
// comment. best is the only right move ("" when several moves win); the
// score must reach min (and stay at most max, when max is not 0).
var solved = []struct {
	name     string
	v        *board.Variant
	fen      string
	depth    int
	best     string
	min, max int
}{
	{
		// Two kings against a man. The man on 25 (j6) stands on the edge:
		// no line crosses it, so it cannot be taken now, and its only move
		// is 25-30 (its other diagonal leaves the board). 5-19 puts a king
		// on the line g7-h6-i5-j4: after the forced 25-30, 19x35 takes
		// Black's last piece. Nothing wins faster, because no capture is
		// possible on the first move; so the score is exactly a win in 3
		// plies.
		name: "2K v man", v: board.International, fen: "W:WK46,K5:B25",
		depth: 6, min: WinScore - 3, max: WinScore - 3,
	},
	{
		// The shot. 32-28 offers a man; capturing is compulsory and 23x32
		// is Black's only capture (22 cannot take 28: 33 stands behind it;
		// the capturing man stops on 32 because 41 and 43 guard 37 and 38).
		// Then 37x6 takes 32, 22 and 11 (c3-e5-c7-a9), and the majority
		// rule makes it compulsory over the two-piece 38x18. White ends two
		// men up with nothing hanging.
		name: "shot 32-28", v: board.International,
		fen:   "W:W32,33,37,38,41,43,47,48:B1,2,3,4,11,15,22,23",
		depth: 8, best: "32-28", min: 180,
	},
	{
		// Breakthrough by sacrifice. g5-f6 forces e5:g7 (Black's only
		// capture), and h6:f8 crowns on the far row. The new king and the
		// man on a1 (which stops a3 from crowning: a3-b2 is met by a1:c3)
		// then catch Black's two men. (At depth 16 the best quiet move,
		// h6-g7, scores about +0.3: only the sacrifice wins.)
		name: "breakthrough g5-f6", v: board.Russian, fen: "W:Wa1,g5,h6:Ba3,a7,e5",
		depth: 16, best: "g5-f6", min: WinBound,
	},
	{
		// Promotion during a capture (Russian rule): b6 takes c7 and lands
		// on d8, the far row, is crowned at once and goes on as a king
		// along d8-h4, taking g5. Black has no piece left: a win in 1 ply.
		name: "crowned mid-capture", v: board.Russian, fen: "W:Wb6:Bc7,g5",
		depth: 4, best: "b6:h4", min: WinScore - 1,
	},
	{
		// The same position under Brazilian (International) rules: the man
		// crosses the far row as a man, cannot take g5 from d8, and is only
		// crowned where it stops. King against man: good, but no forced win
		// in sight.
		name: "no crowning mid-capture", v: board.Brazilian, fen: "W:Wb6:Bc7,g5",
		depth: 4, best: "b6xd8", min: 100, max: WinBound - 1,
	},
	{
		// English two-for-one. 17-14 (b4-c5) offers a man: 9x18 (b6xd4) is
		// Black's only jump, and it stops on d4 since b2 (25) is guarded.
		// 22x8 (c3xe5xg7) then jumps d4 and f6; nothing can jump back at
		// g7 (men jump forward only and f8, h8 are empty), and g7 crowns
		// next move.
		name: "english 2 for 1", v: board.English, fen: "W:W17,22,24,25:B2,5,9,11",
		depth: 10, best: "17-14", min: 150,
	},
	{
		// Stavropol: White's c3 can take d4, Black's last piece, and
		// Black's d4 (moved by White) can take c3, White's last. Free
		// choice: the own capture wins in 1 ply, the foreign one loses.
		name: "stavropol own capture", v: board.Stavropol, fen: "W:Wc3:Bd4",
		depth: 3, best: "c3:e5", min: WinScore - 1, max: WinScore - 1,
	},
	{
		// Stavropol: the only capture is Black's d4 taking e3, White's
		// last piece; compulsory, so White has lost in 1 ply.
		name: "stavropol forced foreign capture", v: board.Stavropol, fen: "W:We3:Bc5,d4",
		depth: 3, best: "d4:f2", min: -(WinScore - 1), max: -(WinScore - 1),
	},
}

func TestSolvedPositions(t *testing.T) {
	e := New(Options{HashMB: 16})
	for _, c := range solved {
		p := mustFEN(t, c.v, c.fen)
		e.NewGame()
		r := searchPos(e, c.v, p, Limits{Depth: c.depth}, nil)
		got := c.v.FormatMove(&p, r.Best)
		if c.best != "" && got != c.best {
			t.Errorf("%s: best %s (score %d), want %s", c.name, got, r.Score, c.best)
		}
		if r.Score < c.min || (c.max != 0 && r.Score > c.max) {
			t.Errorf("%s: score %d after %s, want %d..%d", c.name, r.Score, got, c.min, c.max)
		}
	}
}

// With the embedded endgame tables the search plays the table's answer at
// once: three kings holding the main road against a lone king off it win in
// Russian draughts (Petrov's triangle), which no shallow search can see.
func TestTablesInSearch(t *testing.T) {
	v := board.Russian
	root := mustFEN(t, v, "W:WKa1,Kc1,Ka3:BKh2")
	var hits uint64
	r := searchPos(New(Options{HashMB: 1}), v, root, Limits{Depth: 4}, func(in Info) { hits = in.TBHits })
	if r.Score < WinBound {
		t.Errorf("score %d, want a win from the tables", r.Score)
	}
	if hits == 0 {
		t.Error("no table hits reported")
	}
	r = searchPos(New(Options{HashMB: 1, NoEGDB: true}), v, root, Limits{Depth: 4}, nil)
	if r.Score >= WinBound {
		t.Errorf("without tables a depth-4 search already scores %d", r.Score)
	}
}
