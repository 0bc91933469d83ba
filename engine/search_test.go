package engine

import (
	"sync"
	"testing"
	"time"

	"damka/board"
)

// Every move the search returns is legal, in every variant the rules core
// knows, in positions from random games (openings, middlegames, endgames
// with kings), and the ponder move is legal after it. A finished game gets
// no move and the score of its outcome under the variant's goal.
func TestReturnsLegalMoves(t *testing.T) {
	e := New(Options{HashMB: 4})
	depth := depthFor(4, 3)
	for _, v := range board.Variants() {
		games, every := depthFor(4, 2), 3
		for _, m := range testVariants {
			if v == m {
				games, every = depthFor(12, 4), 2
			}
		}
		n := 0
		for seed := uint64(1); seed <= uint64(games); seed++ {
			for i, p := range randomGame(v, 160, seed) {
				if i%every != 0 {
					continue
				}
				r := searchPos(e, v, p, Limits{Depth: depth}, nil)
				var ml board.MoveList
				v.Generate(&p, &ml)
				if over, win := v.Outcome(&p, &ml); over {
					want := -WinScore
					if win {
						want = WinScore
					}
					if r.HasBest || r.Score != want {
						t.Fatalf("%s %s: game over, got %+v, want score %d", v.Name, v.FEN(&p), r, want)
					}
					continue
				}
				if !r.HasBest || findMove(&ml, r.Best) < 0 {
					t.Fatalf("%s %s: illegal best move %+v", v.Name, v.FEN(&p), r.Best)
				}
				if r.HasPonder {
					q := p.Play(r.Best)
					if !legal(v, &q, r.Ponder) {
						t.Fatalf("%s %s: illegal ponder move %+v", v.Name, v.FEN(&p), r.Ponder)
					}
				}
				n++
			}
		}
		if n < 20*games/every {
			t.Errorf("%s: only %d positions searched", v.Name, n)
		}
	}
}

// A search stopped at once still returns a legal move.
func TestStopAtOnceIsLegal(t *testing.T) {
	e := New(Options{HashMB: 1})
	for _, v := range testVariants {
		for _, p := range randomGame(v, 60, 3)[10:20] {
			e.Stop()
			r := searchPos(e, v, p, Limits{Nodes: 1}, nil)
			if r.HasBest && !legal(v, &p, r.Best) {
				t.Fatalf("%s %s: illegal move %+v", v.Name, v.FEN(&p), r.Best)
			}
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	v := board.International
	cases := []struct{ name, fen string }{
		// A side without pieces has lost.
		{"no pieces", "B:W30:B"},
		// White's only man, on 6 (a9), can only step to 1 (b10), where
		// Black's man stands with the board's edge behind it: blocked.
		{"blocked", "W:W6:B1"},
	}
	for _, c := range cases {
		p := mustFEN(t, v, c.fen)
		r := searchPos(New(Options{}), v, p, Limits{Depth: 3}, nil)
		if r.HasBest || r.Score != -WinScore {
			t.Errorf("%s: got %+v, want no move and a loss", c.name, r)
		}
	}
}

// Stop ends an infinite search promptly, and the move is legal.
func TestStopIsPrompt(t *testing.T) {
	v := board.International
	e := New(Options{HashMB: 8, Threads: 2})
	p := v.Start()
	done := make(chan Result)
	go func() { done <- searchPos(e, v, p, Limits{Infinite: true}, nil) }()
	time.Sleep(150 * time.Millisecond)
	stopped := time.Now()
	e.Stop()
	select {
	case r := <-done:
		// Milliseconds when idle; the bound leaves room for a machine
		// at a load of 10 and the race detector, and still catches a
		// search that looks at the stop flag only now and then (one that
		// never does is caught below).
		if d := time.Since(stopped); d > 2*time.Second {
			t.Errorf("Search returned %v after Stop", d)
		}
		if !r.HasBest || !legal(v, &p, r.Best) {
			t.Errorf("illegal move %+v", r)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Search did not return after Stop")
	}
}

// A pondering search ignores the clock until PonderHit, then obeys it.
func TestPonderHit(t *testing.T) {
	v := board.International
	e := New(Options{HashMB: 4})
	p := v.Start()
	done := make(chan Result)
	go func() { done <- searchPos(e, v, p, Limits{Ponder: true, MoveTime: 20 * time.Millisecond}, nil) }()
	select {
	case <-done:
		t.Fatal("pondering search returned before PonderHit")
	case <-time.After(100 * time.Millisecond):
	}
	e.PonderHit()
	select {
	case r := <-done:
		if !r.HasBest || !legal(v, &p, r.Best) {
			t.Errorf("illegal move %+v", r)
		}
	case <-time.After(20 * time.Second):
		// 20 ms of move time after PonderHit: only a search that ignores
		// it gets here, whatever the load.
		t.Fatal("search did not end after PonderHit")
	}
}

// Time limits are kept: a MoveTime search uses its time and stops. The
// upper bound is 20 times the move time, for a machine at a load of 10; a
// search that ignored the limit would run on until the test's timeout.
func TestMoveTime(t *testing.T) {
	v := board.International
	e := New(Options{HashMB: 4})
	start := time.Now()
	r := searchPos(e, v, v.Start(), Limits{MoveTime: 100 * time.Millisecond}, nil)
	d := time.Since(start)
	if d < 90*time.Millisecond || d > 2*time.Second {
		t.Errorf("MoveTime 100ms took %v", d)
	}
	if !r.HasBest || r.Depth < 2 {
		t.Errorf("result %+v", r)
	}
}

// With a single legal move and a clock, the move comes back at once. With
// an hour on the clock a search would plan about two minutes; the bound
// leaves room for a machine at a load of 10.
func TestSingleMoveAtOnce(t *testing.T) {
	v := board.International
	// After 32-28 19-23 White must take, 28x19, in a full board that a
	// search would think about.
	p := v.Start()
	for _, m := range []string{"32-28", "19-23"} {
		p = p.Play(move(t, v, &p, m))
	}
	var ml board.MoveList
	if v.Generate(&p, &ml); ml.N != 1 {
		t.Fatalf("%d moves, want one", ml.N)
	}
	start := time.Now()
	r := searchPos(New(Options{}), v, p, Limits{Time: time.Hour}, nil)
	if time.Since(start) > 2*time.Second || !r.HasBest || !legal(v, &p, r.Best) {
		t.Errorf("got %+v after %v", r, time.Since(start))
	}
}

// Two threads share the table without races (run with -race) and agree
// with the rules.
func TestTwoThreads(t *testing.T) {
	e := New(Options{HashMB: 8, Threads: 2})
	for _, v := range []*board.Variant{board.International, board.Russian} {
		for _, p := range randomGame(v, 40, 5)[20:23] {
			r := searchPos(e, v, p, Limits{Depth: depthFor(9, 6)}, nil)
			if !r.HasBest || !legal(v, &p, r.Best) {
				t.Fatalf("%s %s: %+v", v.Name, v.FEN(&p), r)
			}
		}
	}
	// And Stop from another goroutine while both run.
	var wg sync.WaitGroup
	wg.Go(func() {
		time.Sleep(30 * time.Millisecond)
		e.Stop()
	})
	r := searchPos(e, board.International, board.International.Start(), Limits{Infinite: true}, nil)
	wg.Wait()
	if !r.HasBest {
		t.Error("no move")
	}
}

// With one thread and a depth limit, a search is reproducible: the same
// nodes and the same move from a fresh engine and after NewGame.
func TestDeterministic(t *testing.T) {
	depth := depthFor(9, 7)
	for _, v := range []*board.Variant{board.International, board.Russian} {
		p := randomGame(v, 30, 9)[24]
		a := searchPos(New(Options{HashMB: 8}), v, p, Limits{Depth: depth}, nil)
		e := New(Options{HashMB: 8})
		b := searchPos(e, v, p, Limits{Depth: depth}, nil)
		e.NewGame()
		c := searchPos(e, v, p, Limits{Depth: depth}, nil)
		for _, r := range []Result{b, c} {
			if r.Nodes != a.Nodes || r.Best != a.Best || r.Score != a.Score {
				t.Errorf("%s: runs differ: %d nodes %v %d vs %d nodes %v %d", v.Name, a.Nodes, a.Best, a.Score, r.Nodes, r.Best, r.Score)
			}
		}
		// A node limit is exact with one thread.
		d := searchPos(New(Options{HashMB: 8}), v, p, Limits{Nodes: 5000}, nil)
		if d.Nodes != 5000 {
			t.Errorf("%s: node limit 5000 searched %d", v.Name, d.Nodes)
		}
	}
}

// Search copies what it needs of the game when it starts: the caller may
// take moves back and play others while it runs (the race detector checks
// that the threads no longer read the game), and the answer is still for
// the position given.
func TestSearchCopiesGame(t *testing.T) {
	v := board.International
	g, ok := board.LinkGame(v, randomGame(v, 12, 7), nil)
	if !ok {
		t.Fatal("the random game does not link")
	}
	root := *g.Position()
	e := New(Options{HashMB: 1, Threads: 2})
	started := make(chan struct{})
	var once sync.Once
	done := make(chan Result, 1)
	go func() {
		done <- e.Search(g, Limits{Infinite: true}, func(Info) { once.Do(func() { close(started) }) })
	}()
	<-started
	g.Truncate(0)
	var ml board.MoveList
	v.Generate(g.Position(), &ml)
	if err := g.Play(ml.Moves[ml.N-1]); err != nil {
		t.Fatal(err)
	}
	e.Stop()
	r := <-done
	if !r.HasBest || !legal(v, &root, r.Best) {
		t.Errorf("best %+v is not a move of the root searched", r)
	}
}

// The tree walk does not allocate: a fixed-depth search allocates a
// constant amount (goroutines, result bookkeeping) whatever its size, and
// the copy of the game's history reuses the engine's buffers.
func TestSearchAllocations(t *testing.T) {
	v := board.International
	g, ok := board.LinkGame(v, randomGame(v, 30, 4)[:21], nil)
	if !ok {
		t.Fatal("the random game does not link")
	}
	e := New(Options{HashMB: 8})
	lim := Limits{Depth: depthFor(8, 6)}
	r := e.Search(g, lim, nil) // warm-up: stacks and slices grow once
	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		r = e.Search(g, lim, nil)
	})
	t.Logf("%v allocations per search of %d nodes", allocs, r.Nodes)
	if r.Nodes < 5000 || allocs > 10 {
		t.Errorf("%v allocations per search of %d nodes", allocs, r.Nodes)
	}
}
