package train

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"damka/board"
	"damka/engine"
)

// TestShotCandidates prints what fraction of the positions of a data file
// each candidate definition of a pending shot drops (the table of
// docs/learned-evaluation.md): DAMKA_SHOT_DATA=FILE go test -run
// TestShotCandidates -v ./train/. It reads 3,000 positions spread evenly
// over the file.
func TestShotCandidates(t *testing.T) {
	path := os.Getenv("DAMKA_SHOT_DATA")
	if path == "" {
		t.Skip("set DAMKA_SHOT_DATA to a data file")
	}
	d, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := board.Lookup(d.Header.Variant)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := newProbe(v, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		static, d1, d2, d3, recorded int
		flipStatic, flip2            int
		flipMoves, flipCapture       bool
	}
	const n = 3000
	var rows []row
	var ml board.MoveList
	for i := 0; i < len(d.Samples) && len(rows) < n; i += max(1, len(d.Samples)/n) {
		s := d.Samples[i]
		p := board.FromBoard64(board.Board64{Pieces: [2]board.Bitboard{board.Bitboard(s.White), board.Bitboard(s.Black)}, Kings: board.Bitboard(s.Kings)}, board.Color(s.Side))
		r := row{static: pr.static(&p), recorded: int(s.Score)}
		r.d1, _ = pr.search(&p, 1)
		r.d2, _ = pr.search(&p, 2)
		r.d3, _ = pr.search(&p, 3)
		q := p
		q.Side = q.Side.Opponent()
		r.flipCapture = v.GenerateCaptures(&q, &ml)
		r.flipStatic = pr.static(&q)
		r.flip2, r.flipMoves = pr.search(&q, 2)
		rows = append(rows, r)
	}
	frac := func(name string, f func(r row) bool) {
		c := 0
		for _, r := range rows {
			if f(r) {
				c++
			}
		}
		fmt.Printf("%-52s %5.1f%%\n", name, 100*float64(c)/float64(len(rows)))
	}
	fmt.Printf("%s: %d positions\n", path, len(rows))
	for _, m := range []int{50, 75, 100, 150} {
		frac(fmt.Sprintf("|depth 1 - static| > %d", m), func(r row) bool { return abs(r.d1-r.static) > m })
		frac(fmt.Sprintf("|depth 2 - static| > %d", m), func(r row) bool { return abs(r.d2-r.static) > m })
		frac(fmt.Sprintf("|depth 3 - static| > %d", m), func(r row) bool { return abs(r.d3-r.static) > m })
		frac(fmt.Sprintf("side flipped: depth 2 - static > %d", m), func(r row) bool { return r.flipMoves && r.flip2-r.flipStatic > m })
		frac(fmt.Sprintf("|depth 2 - static| > %d or side flipped", m), func(r row) bool {
			return abs(r.d2-r.static) > m || r.flipMoves && r.flip2-r.flipStatic > m
		})
	}
	frac("side flipped: the opponent has a capture", func(r row) bool { return r.flipCapture })
	var swing []int
	for _, r := range rows {
		swing = append(swing, r.d2-r.static)
	}
	slices.Sort(swing)
	q := func(f float64) int { return swing[int(f*float64(len(swing)-1))] }
	fmt.Printf("depth 2 - static: quartiles %d %d %d, 5%% %d, 95%% %d\n", q(0.25), q(0.5), q(0.75), q(0.05), q(0.95))
	var kept, dropped, nk, nd float64
	for _, r := range rows {
		if abs(r.d2-r.static) > DefaultShotMargin {
			dropped += float64(abs(r.recorded - r.static))
			nd++
		} else {
			kept += float64(abs(r.recorded - r.static))
			nk++
		}
	}
	fmt.Printf("mean |recorded - static|: kept %.0f, dropped %.0f\n", kept/max(nk, 1), dropped/max(nd, 1))
}
