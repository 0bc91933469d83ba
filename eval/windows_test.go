package eval

import (
	"math/rand/v2"
	"testing"

	"damka/board"
)

// fresh is what ws must hold for p: every window and edge shape read from
// the board.
func fresh(w *Weights, p *board.Position) [maxShapes]uint32 {
	white, black, _ := p.Words()
	wb, bb := uint64(white), uint64(black)
	var r [maxShapes]uint32
	for i := range w.lay.win {
		r[i] = w.lay.win[i].readings(wb, bb)
	}
	for e := range w.lay.edges {
		r[w.lay.windows+e] = w.lay.edge[e].readings(wb, bb)
	}
	return r
}

// The followed readings equal readings taken afresh at every node of trees
// searched as the engine does (a Windows per ply, brought up from the ply
// before, and stale from the sibling searched before), under random games'
// positions, and the evaluation from them equals Evaluate.
func TestFollowEqualsFresh(t *testing.T) {
	for i, v := range learnedVariants {
		lay := allLayouts[i%len(allLayouts)]
		if i == 0 {
			lay = LayoutName(LayoutWindows, optionsEnd-1)
		}
		w := randomWeightsOf(t, v, lay, 5)
		var stack [8]Windows
		var mls [8]board.MoveList
		var nodes int
		var walk func(p *board.Position, ply, depth int)
		walk = func(p *board.Position, ply, depth int) {
			var from *Windows
			if ply > 0 {
				from = &stack[ply-1]
			}
			got := w.EvaluateFollowing(p, &stack[ply], from)
			if want := fresh(w, p); stack[ply].r != want {
				t.Fatalf("%s %s ply %d: followed readings %v, fresh %v", v.Name, v.FEN(p), ply, stack[ply].r, want)
			}
			if want := w.Evaluate(p); got != want {
				t.Fatalf("%s %s: EvaluateFollowing %d, Evaluate %d", v.Name, v.FEN(p), got, want)
			}
			nodes++
			if depth == 0 {
				return
			}
			ml := &mls[ply]
			v.Generate(p, ml)
			for i := range ml.N {
				var c board.Position
				p.PlayInto(ml.Moves[i], &c)
				walk(&c, ply+1, depth-1)
			}
		}
		for i, p := range randomPositions(v, 6, 70, 11) {
			if i%7 == 0 {
				walk(&p, 0, 3)
			}
		}
		if nodes < 1000 {
			t.Fatalf("%s: only %d nodes walked", v.Name, nodes)
		}
	}
}

// Follow from any valid reading to any board: far apart (the fresh path),
// from the zero value, and from another variant's readings.
func TestFollowFromAnywhere(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	wi, wr := randomWeights(t, board.International, 1), randomWeightsOf(t, board.Russian, LayoutName(LayoutBands, optionsEnd-1), 1)
	pi := randomPositions(board.International, 5, 80, 2)
	pr := randomPositions(board.Russian, 5, 60, 2)
	var ws Windows
	for range 2000 {
		w, ps := wi, pi
		if r.IntN(2) == 0 {
			w, ps = wr, pr
		}
		p := &ps[r.IntN(len(ps))]
		w.Follow(&ws, nil, p)
		if ws.r != fresh(w, p) {
			t.Fatalf("%s %s: followed readings differ from fresh ones", w.Variant, w.v.FEN(p))
		}
	}
}

func TestFollowDoesNotAllocate(t *testing.T) {
	w := randomWeightsOf(t, board.International, LayoutName(LayoutWindows, optionsEnd-1), 1)
	ps := randomPositions(board.International, 2, 60, 3)
	var ws, from Windows
	i := 0
	if n := testing.AllocsPerRun(200, func() {
		w.EvaluateFollowing(&ps[i%len(ps)], &ws, &from)
		i++
	}); n != 0 {
		t.Fatalf("%v allocations per call", n)
	}
}

// The learned evaluation per call on a random game's positions in order,
// read afresh and followed from the one before (go test -bench Follow
// ./eval/).
func BenchmarkFollow(b *testing.B) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		ps := randomPositions(v, 1, 60, 4)
		w := NewWeights(v)
		b.Run(v.Name+"/fresh", func(b *testing.B) {
			s := 0
			for i := 0; b.Loop(); i++ {
				s += w.Evaluate(&ps[i%len(ps)])
			}
		})
		b.Run(v.Name+"/followed", func(b *testing.B) {
			var stack [2]Windows
			s := 0
			for i := 0; b.Loop(); i++ {
				s += w.EvaluateFollowing(&ps[i%len(ps)], &stack[i&1], &stack[(i+1)&1])
			}
		})
	}
}
