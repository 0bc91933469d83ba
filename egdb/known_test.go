package egdb

import (
	"testing"

	"damka/board"
)

// Known results, each justified from the rules or classical theory.

// longDiagonal is the main diagonal in dense squares (International: 46 to
// 5; Russian: the main road a1-h8), and its two corners.
func longDiagonal(v *board.Variant) (line, corners uint64) {
	g := v.Geo
	for f := 0; f < g.Width; f++ {
		if s, ok := g.At(f, f); ok {
			line |= 1 << uint(g.Number(s)-1)
			if f == 0 || f == g.Width-1 {
				corners |= 1 << uint(g.Number(s)-1)
			}
		}
	}
	return line, corners
}

func TestKnownResults(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		db := embeddedOrSkip(t, v, Options{})
		checkFENs(t, db)
		checkKingVsKing(t, db)
		checkLoneKingOnDiagonal(t, db)
	}
	checkPetrov(t, embeddedOrSkip(t, board.Russian, Options{}))
}

func checkFENs(t *testing.T, db *DB) {
	cases := map[*board.Variant][]struct {
		fen  string
		want Result
	}{
		board.International: {
			// A king in the corner 46 has the long diagonal only: every move
			// along it lands in front of the king on 5 and is taken.
			{"W:WK46:BK5", Result{Loss, 2}},
			{"B:WK46:BK5", Result{Loss, 2}},
			// ... so stepping into the corner traps the other king.
			{"W:WK41:BK5", Result{Win, 3}},
			{"W:WK28:BK3", Result{Draw, -1}},
			// Two kings cannot take a king that holds the long diagonal.
			{"W:WK1,K2:BK28", Result{Draw, -1}},
			{"W:WK1,K2,K3:BK28", Result{Draw, -1}},
		},
		board.Russian: {
			{"W:WKa1:BKh8", Result{Loss, 2}},
			{"W:WKb2:BKh8", Result{Win, 3}},
			{"W:WKa1,Kb2:BKh2", Result{Draw, -1}},
			// Three kings holding the main road win (Petrov's triangle).
			{"W:WKa1,Kc1,Ka3:BKh2", Result{Win, 23}},
			{"B:WKa1,Kc1,Ka3:BKh2", Result{Loss, 24}},
		},
	}
	for _, c := range cases[db.v] {
		p := mustFEN(t, db.v, c.fen)
		if got, ok := db.Probe(&p); !ok || got != c.want {
			t.Errorf("%s %s: got %v (ok=%v), want %v", db.v.Name, c.fen, got, ok, c.want)
		}
	}
}

// One king against one: a piece on the edge can never be taken (there is
// no square behind it), and a king off the corners of the long diagonal
// always has a move to the edge or along a second line, so the only
// decided positions without a capture pending have both kings on the long
// diagonal, one of them in its corner.
func checkKingVsKing(t *testing.T, db *DB) {
	line, corners := longDiagonal(db.v)
	m := Material{WK: 1, BK: 1}
	ix := newIndexer(db.x, m)
	decided := 0
	for i := uint64(0); i < ix.size; i++ {
		d, _ := ix.position(i)
		p := db.x.position(d)
		if db.v.HasCapture(&p) {
			continue
		}
		r, ok := db.Probe(&p)
		if !ok {
			t.Fatalf("%s: %s not found", db.v.Name, db.v.FEN(&p))
		}
		if r.Value == Draw {
			continue
		}
		decided++
		kings := d.wk | d.bk
		if kings&line != kings || kings&corners == 0 {
			t.Errorf("%s %s: %v, but not a corner trap on the long diagonal", db.v.Name, db.v.FEN(&p), r)
		}
	}
	if decided == 0 {
		t.Errorf("%s: no corner trap found", db.v.Name)
	}
}

// A lone king alone on the long diagonal draws against two kings always,
// and against three kings except for immediate combinations (forced
// sacrifices): at least 95% of the positions.
func checkLoneKingOnDiagonal(t *testing.T, db *DB) {
	line, _ := longDiagonal(db.v)
	for _, wk := range []int{2, 3} {
		ix := newIndexer(db.x, Material{WK: wk, BK: 1})
		var n, draws int
		for i := uint64(0); i < ix.size; i++ {
			d, _ := ix.position(i)
			if d.bk&line == 0 || d.wk&line != 0 {
				continue
			}
			p := db.x.position(d)
			if db.v.HasCapture(&p) {
				continue
			}
			n++
			if r, _ := db.Probe(&p); r.Value == Draw {
				draws++
			}
		}
		if wk == 2 && draws != n || wk == 3 && draws*100 < 95*n {
			t.Errorf("%s: %d kings against a king alone on the long diagonal: %d draws of %d", db.v.Name, wk, draws, n)
		}
	}
}

// Russian: three kings that hold the main road against a king off it win
// (Petrov's triangle), in all but a few positions where the lone king
// escapes by an immediate attack.
func checkPetrov(t *testing.T, db *DB) {
	line, _ := longDiagonal(db.v)
	ix := newIndexer(db.x, Material{WK: 3, BK: 1})
	var n, wins int
	for i := uint64(0); i < ix.size; i++ {
		d, _ := ix.position(i)
		if d.wk&line == 0 || d.bk&line != 0 {
			continue
		}
		p := db.x.position(d)
		if db.v.HasCapture(&p) {
			continue
		}
		n++
		if r, _ := db.Probe(&p); r.Value == Win {
			wins++
		}
	}
	if wins*100 < 98*n {
		t.Errorf("Petrov's triangle: %d wins of %d", wins, n)
	}
}
