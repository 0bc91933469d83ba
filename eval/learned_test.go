package eval

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"damka/board"
)

// randomWeights gives every weight a random value (windows within ±50,
// scalars within ±300), so that every feature matters in the tests.
func randomWeights(t *testing.T, v *board.Variant, seed uint64) *Weights {
	t.Helper()
	return randomWeightsOf(t, v, LayoutBands, seed)
}

// layouts are both layouts, for the tests that hold for each.
var bothLayouts = []string{LayoutBands, LayoutWindows}

// allLayouts are both layouts and their options: each option alone and
// both, on one base or the other.
var allLayouts = []string{LayoutBands, LayoutWindows,
	LayoutName(LayoutBands, KingSquares), LayoutName(LayoutWindows, Edges),
	LayoutName(LayoutBands, optionsEnd-1), LayoutName(LayoutWindows, optionsEnd-1)}

func randomWeightsOf(t *testing.T, v *board.Variant, layout string, seed uint64) *Weights {
	t.Helper()
	w := NewWeightsOf(v, layout)
	if w == nil {
		t.Fatalf("%s: no window layout %s", v.Name, layout)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for i := range w.MG {
		s := float32(50)
		if i >= w.Scalar(0) {
			s = 300
		}
		w.MG[i], w.EG[i] = s*(2*r.Float32()-1), s*(2*r.Float32()-1)
	}
	w.Pack()
	return w
}

var learnedVariants = []*board.Variant{board.International, board.Russian, board.Brazilian, board.English}

// The windows of both main boards: 16 on 10x10, 9 on 8x8, each the image of
// another under the half turn.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		g       *board.Geometry
		windows int
	}{{board.Board10x10, 16}, {board.Board8x8, 9}} {
		l := layoutFor(c.g, LayoutBands)
		if l == nil || l.windows != c.windows {
			t.Fatalf("%s: layout %+v, want %d windows", c.g.Name, l, c.windows)
		}
		for w := range l.windows {
			if int(l.turned[l.turned[w]]) != w {
				t.Errorf("%s: window %d turns to %d, which turns to %d", c.g.Name, w, l.turned[w], l.turned[l.turned[w]])
			}
		}
	}
	if layoutFor(board.Board8x8Full, LayoutBands) != nil {
		t.Error("the full 8x8 board (Turkish) has no window layout, but got one")
	}
}

// readings agrees with the plain definition: the base-3 number of a
// window's squares, taken in order of rank then file as White sees them,
// and for Black's reading of the turned window in order of Black's ranks
// and files, with own and opponent's swapped.
func TestReadingsAgainstSquares(t *testing.T) {
	for _, v := range learnedVariants {
		g := v.Geo
		l := layoutFor(g, LayoutBands)
		for _, p := range randomPositions(v, 20, 100, 3) {
			white, black, _ := p.Words()
			var wv, bv [maxWindows]uint16
			l.readings(uint64(white), uint64(black), &wv, &bv)
			w := 0
			for r := 0; r+4 <= g.Height; r += 2 {
				for f := 0; f+4 <= g.Width; f += 2 {
					var a, b, pw int
					pw = 1
					for rr := r; rr < r+4; rr++ {
						for ff := f; ff < f+4; ff++ {
							if s, ok := g.At(ff, rr); ok {
								a += pw * state(&p, s, board.White)
								pw *= 3
							}
						}
					}
					// Black sees the turned window: its own rank 0 is
					// White's last, its file 0 White's last.
					pw = 1
					tr, tf := g.Height-4-r, g.Width-4-f
					for rr := tr + 3; rr >= tr; rr-- {
						for ff := tf + 3; ff >= tf; ff-- {
							if s, ok := g.At(ff, rr); ok {
								b += pw * state(&p, s, board.Black)
								pw *= 3
							}
						}
					}
					if int(wv[w]) != a || int(bv[w]) != b {
						t.Fatalf("%s %s window %d: readings %d/%d, want %d/%d", v.Name, v.FEN(&p), w, wv[w], bv[w], a, b)
					}
					w++
				}
			}
		}
	}
}

// state is square s's digit as side c sees it: 0 empty, 1 own, 2 opponent's.
func state(p *board.Position, s board.Square, c board.Color) int {
	switch {
	case p.Has(c, s):
		return 1
	case p.Has(c.Opponent(), s):
		return 2
	}
	return 0
}

// The learned evaluation is colour-symmetric by construction: the
// colour-reversed mirror scores the same from its side to move's view.
func TestLearnedMirrorSymmetry(t *testing.T) {
	for _, lay := range allLayouts {
		for _, v := range learnedVariants {
			w := randomWeightsOf(t, v, lay, 5)
			for _, p := range randomPositions(v, 40, 120, 1) {
				q := p.Mirror(v.Geo)
				if a, b := w.Evaluate(&p), w.Evaluate(&q); a != b {
					t.Fatalf("%s %s %s: %d, mirrored %s: %d", lay, v.Name, v.FEN(&p), a, v.FEN(&q), b)
				}
			}
		}
	}
}

// A per-window layout holds what a bands one does: the bands' weights
// reshaped score every position the same, and cannot be reshaped back.
// The per-window tables really are per window: two windows of one band
// with different tables score differently.
func TestReshape(t *testing.T) {
	for _, v := range learnedVariants {
		w := randomWeights(t, v, 7)
		r := w.Reshape(LayoutWindows)
		if r == nil || r.Layout() != LayoutWindows || r.Features() <= w.Features() {
			t.Fatalf("%s: reshaped to %+v", v.Name, r)
		}
		if r.Reshape(LayoutBands) != nil || w.Reshape("no such layout") != nil {
			t.Fatalf("%s: reshaped per-window weights to bands, or to an unknown layout", v.Name)
		}
		ps := randomPositions(v, 30, 120, 3)
		for _, p := range ps {
			if a, b := w.Evaluate(&p), r.Evaluate(&p); a != b {
				t.Fatalf("%s %s: bands %d, reshaped %d", v.Name, v.FEN(&p), a, b)
			}
		}
		for i := range windowStates { // change window 0's table only
			r.MG[i] += 10
			r.EG[i] += 10
		}
		r.Pack()
		differ := 0
		for _, p := range ps {
			if w.Evaluate(&p) != r.Evaluate(&p) {
				differ++
			}
		}
		if differ == 0 {
			t.Fatalf("%s: window 0's own table changed no score", v.Name)
		}
	}
}

// Evaluate (integer weights, packed phases) is the model that tune fits
// (Float: the features in floating point), up to the rounding of weights
// to 1/8.
func TestEvaluateIsTheModel(t *testing.T) {
	var buf []Feature
	for _, lay := range allLayouts {
		for _, v := range learnedVariants {
			w := randomWeightsOf(t, v, lay, 9)
			for _, p := range randomPositions(v, 30, 120, 2) {
				f := w.Float(&p, buf)
				want := math.Max(-Limit, math.Min(Limit, f))
				// 37 features at most (with the edge shapes and the kings
				// a few more), each rounded by up to 1/16, and the final
				// truncation to a whole unit.
				if got := float64(w.Evaluate(&p)); math.Abs(got-want) > 5 {
					t.Fatalf("%s %s %s: Evaluate %v, model %.2f", lay, v.Name, v.FEN(&p), got, f)
				}
			}
		}
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	for _, c := range []struct {
		v   *board.Variant
		lay string
	}{{board.International, LayoutBands}, {board.Russian, LayoutBands}, {board.International, LayoutWindows}, {board.Russian, LayoutWindows},
		{board.International, LayoutName(LayoutWindows, optionsEnd-1)}, {board.Russian, LayoutName(LayoutBands, Edges)}} {
		v := c.v
		w := randomWeightsOf(t, v, c.lay, 11)
		var buf bytes.Buffer
		if err := w.Write(&buf); err != nil {
			t.Fatal(err)
		}
		r, err := ReadWeights(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if r.Variant != v.Name || r.Layout() != c.lay {
			t.Fatalf("variant %q layout %q, want %q %q", r.Variant, r.Layout(), v.Name, c.lay)
		}
		for i := range w.MG {
			if r.MG[i] != w.MG[i] || r.EG[i] != w.EG[i] {
				t.Fatalf("%s weight %d: read %v/%v, wrote %v/%v", v.Name, i, r.MG[i], r.EG[i], w.MG[i], w.EG[i])
			}
		}
	}
}

// smallWeightsFile is a valid Russian weights file (Russian: the smaller
// one) for the damage tests and the fuzz seeds.
func smallWeightsFile(t testing.TB) []byte { return smallWeightsFileMargin(t, LazyMargin) }

func smallWeightsFileMargin(t testing.TB, margin int) []byte {
	w := NewWeights(board.Russian)
	w.Margin = margin
	for i := range w.MG {
		w.MG[i], w.EG[i] = float32(i%7), float32(i%5)
	}
	var buf bytes.Buffer
	if err := w.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Every truncation and every flipped bit of a weights file is refused with
// ErrWeights.
func TestWeightsDamageRefused(t *testing.T) {
	for _, margin := range []int{LazyMargin, 120} {
		weightsDamageRefused(t, smallWeightsFileMargin(t, margin))
	}
}

func weightsDamageRefused(t *testing.T, data []byte) {
	for n := range len(data) {
		if _, err := ReadWeights(data[:n]); !errors.Is(err, ErrWeights) {
			t.Fatalf("cut to %d of %d bytes: error %v, want ErrWeights", n, len(data), err)
		}
	}
	step := 1
	if testing.Short() {
		step = 7
	}
	for i := 0; i < len(data); i += step {
		for _, bit := range []byte{1, 0x80} {
			d := bytes.Clone(data)
			d[i] ^= bit
			if _, err := ReadWeights(d); !errors.Is(err, ErrWeights) {
				t.Fatalf("byte %d ^ %#x: error %v, want ErrWeights", i, bit, err)
			}
		}
	}
	if _, err := ReadWeights(append(bytes.Clone(data), 0)); !errors.Is(err, ErrWeights) {
		t.Fatalf("a byte too many: error %v", err)
	}
}

func FuzzReadWeights(f *testing.F) {
	data := smallWeightsFile(f)
	f.Add(data)
	f.Add(data[:40])
	f.Add(smallWeightsFileMargin(f, 120)) // version 2
	f.Add([]byte("DAMKAEVL"))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := ReadWeights(b)
		if err == nil {
			// Whatever is accepted is a whole, usable evaluation.
			v, _ := board.Lookup(w.Variant)
			p := v.Start()
			w.Evaluate(&p)
		} else if !errors.Is(err, ErrWeights) {
			t.Fatalf("error %v does not wrap ErrWeights", err)
		}
	})
}

// The learned and the hand-made evaluation per call, on the same positions
// (go test -bench LearnedAndHand ./eval/).
func BenchmarkLearnedAndHand(b *testing.B) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		ps := randomPositions(v, 20, 80, 4)
		var ml board.MoveList
		quiet := ps[:0]
		for _, p := range ps {
			if !v.GenerateCaptures(&p, &ml) {
				quiet = append(quiet, p)
			}
		}
		w := NewWeights(v)
		b.Run(v.Name+"/learned", func(b *testing.B) {
			s := 0
			for i := 0; b.Loop(); i++ {
				s += w.Evaluate(&quiet[i%len(quiet)])
			}
		})
		b.Run(v.Name+"/hand", func(b *testing.B) {
			s := 0
			for i := 0; b.Loop(); i++ {
				s += Evaluate(v, &quiet[i%len(quiet)])
			}
		})
	}
}

func TestLearnedEvaluateDoesNotAllocate(t *testing.T) {
	w := randomWeights(t, board.International, 1)
	p := board.International.Start()
	if n := testing.AllocsPerRun(100, func() { w.Evaluate(&p) }); n != 0 {
		t.Fatalf("%v allocations per call", n)
	}
}

// EvaluateWithin is Evaluate wherever its answer lies strictly inside the
// window, and a bound on the right side of it otherwise, as long as the
// windows add no more than LazyMargin: with the windows' weights scaled
// down so that they cannot, every bound must hold; with weights far
// larger, the exact answers must still be exact.
func TestEvaluateWithin(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		big := randomWeights(t, v, 3)
		small := randomWeights(t, v, 3)
		for i := range small.Scalar(0) {
			// 16 windows of two readings: 1.5 each keeps them within 48.
			small.MG[i] *= 1.5 / 50
			small.EG[i] *= 1.5 / 50
		}
		small.Pack()
		r := rand.New(rand.NewPCG(9, 9))
		var bounds int
		for _, p := range randomPositions(v, 20, 60, 5) {
			for range 4 {
				a := r.IntN(801) - 400
				b := a + 1 + r.IntN(200)
				for _, w := range []*Weights{big, small} {
					full, got := w.Evaluate(&p), w.EvaluateWithin(&p, nil, nil, a, b)
					switch {
					case got > a && got < b:
						if got != full {
							t.Fatalf("%s %s [%d,%d]: %d inside the window, Evaluate %d", v.Name, v.FEN(&p), a, b, got, full)
						}
					case w == small && got <= a && full > got:
						t.Fatalf("%s %s [%d,%d]: bound %d below Evaluate %d", v.Name, v.FEN(&p), a, b, got, full)
					case w == small && got >= b && full < got:
						t.Fatalf("%s %s [%d,%d]: bound %d above Evaluate %d", v.Name, v.FEN(&p), a, b, got, full)
					}
					if got != full {
						bounds++
					}
				}
			}
		}
		if bounds == 0 {
			t.Fatalf("%s: no answer was a bound: the test checks nothing", v.Name)
		}
	}
}
