package board

import "sync"

// Perft counts the leaf nodes of the legal move tree of depth plies below p,
// counting the last ply in bulk. keep counts every capture route as its own
// move.
func (v *Variant) Perft(p Position, depth int, keep bool) uint64 {
	return v.perftTowers(p, nil, depth, keep)
}

// Perft is Variant.Perft of the game's current position, with its towers
// (Bashni's columns).
func (g *Game) Perft(depth int, keep bool) uint64 {
	return g.v.perftTowers(*g.Position(), g.Towers(), depth, keep)
}

// Divide is Variant.Divide of the game's current position, with its towers
// (Bashni's columns).
func (g *Game) Divide(depth int, keep bool, threads int, progress func(done, total int, nodes uint64)) []DivideResult {
	return g.v.divideTowers(*g.Position(), g.Towers(), depth, keep, threads, progress)
}

// perftTowers is Perft of a Bashni position p whose towers are t (nil: no
// piece under any top); other variants ignore t.
func (v *Variant) perftTowers(p Position, t *Towers, depth int, keep bool) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]perftFrame, depth+1)
	stack[0].pos = p
	if t != nil {
		stack[0].tow = *t
	}
	return v.walk(depth, keep, stack)
}

// walk picks the perft of the variant once per call: countBoard, which
// counts the last ply in bulk, does not know that a king ends a
// Breakthrough game, so that goal is counted with Generate; the other
// generator families and the position state of a king-move limit go
// through perftState. perft itself is the base variants' and pays for
// none of them.
func (v *Variant) walk(depth int, keep bool, stack []perftFrame) uint64 {
	switch {
	case v.Goal == Breakthrough:
		return v.perftGenerate(depth, keep, stack)
	case v.gen == genWide:
		return Canadian128.Perft(stack[0].pos.Board128(), depth, keep)
	case v.gen != genDiagonal || v.KingMoveLimit != 0:
		return v.perftState(depth, keep, stack)
	}
	return v.perft(depth, keep, stack)
}

// perftState is perft through the public entry points: Generate, Count
// (bulk counting at the last ply where the family has it) and PlayInto,
// which keeps Position.KingRun, or for Bashni SearchStepTowers, which keeps the
// pieces under the tops.
func (v *Variant) perftState(depth int, keep bool, stack []perftFrame) uint64 {
	f := &stack[0]
	if depth == 1 {
		return uint64(v.Count(&f.pos, &f.ml, keep))
	}
	v.generate(&f.pos, &f.ml, keep, nil)
	var n uint64
	c := &stack[1]
	for i := 0; i < f.ml.N; i++ {
		if v.gen == genTowers {
			v.SearchStepTowers(&f.pos, &f.tow, f.ml.Moves[i], &c.pos, &c.tow)
		} else {
			f.pos.PlayInto(f.ml.Moves[i], &c.pos)
		}
		n += v.perftState(depth-1, keep, stack[1:])
	}
	return n
}

// perftGenerate is perft that generates every move, the last ply included.
func (v *Variant) perftGenerate(depth int, keep bool, stack []perftFrame) uint64 {
	f := &stack[0]
	v.generate(&f.pos, &f.ml, keep, nil)
	if depth == 1 {
		return uint64(f.ml.N)
	}
	var n uint64
	for i := 0; i < f.ml.N; i++ {
		f.pos.PlayInto(f.ml.Moves[i], &stack[1].pos)
		n += v.perftGenerate(depth-1, keep, stack[1:])
	}
	return n
}

// perftFrame is one ply of the perft stack. Positions live here rather than
// in locals because the address of a local passed down a recursion makes Go
// move it to the heap.
type perftFrame struct {
	pos Position
	ml  MoveList
	tow Towers // Bashni only: the pieces under pos's tops
}

func (v *Variant) perft(depth int, keep bool, stack []perftFrame) uint64 {
	f := &stack[0]
	if depth == 1 {
		return uint64(v.Count(&f.pos, &f.ml, keep))
	}
	next := &stack[1]
	if depth == 2 {
		if n, ok := v.countTwoPlies(&f.pos, &next.ml, keep); ok {
			return n
		}
	}
	v.diagGenerate(&f.pos, &f.ml, keep, nil)
	var n uint64
	if depth == 2 {
		// The children are counted from registers: no position is stored.
		us := f.pos.Side & 1
		own, opp, kings := f.pos.pieces[us], f.pos.pieces[us^1], f.pos.kings
		for i := 0; i < f.ml.N; i++ {
			m := &f.ml.Moves[i]
			from, to := Bitboard(1)<<uint(m.From&63), Bitboard(1)<<uint(m.To&63)
			k := kings &^ (m.Captured | from)
			if kings&from != 0 || m.Promote {
				k |= to
			}
			n += uint64(v.countBoard(us^1, opp&^m.Captured, own&^from|to, k, &next.ml, keep))
		}
		return n
	}
	for i := 0; i < f.ml.N; i++ {
		// KingRun is zero throughout: see playBoard.
		f.pos.playBoard(f.pos.Side&1, f.ml.Moves[i], &next.pos)
		n += v.perft(depth-1, keep, stack[1:])
	}
	return n
}

// DivideResult is the leaf count below one root move.
type DivideResult struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move, computed by threads
// goroutines sharing a queue of jobs. With several threads a job is one move
// two plies deep, so that the few big root subtrees do not leave a thread
// idle at the end. progress, if not nil, is called (one call at a time)
// after each job with the jobs done, the job total and the leaves so far.
func (v *Variant) Divide(p Position, depth int, keep bool, threads int, progress func(done, total int, nodes uint64)) []DivideResult {
	return v.divideTowers(p, nil, depth, keep, threads, progress)
}

// divideTowers is Divide of a Bashni position p whose towers are t (nil:
// none); other variants ignore t.
func (v *Variant) divideTowers(p Position, t *Towers, depth int, keep bool, threads int, progress func(done, total int, nodes uint64)) []DivideResult {
	var pt Towers
	if t != nil {
		pt = *t
	}
	var ml MoveList
	v.generate(&p, &ml, keep, nil)
	out := make([]DivideResult, ml.N)
	if depth < 1 {
		return out
	}
	if threads < 1 {
		threads = 1
	}
	type job struct {
		root  int
		pos   Position // position the job searches below
		tow   Towers   // Bashni: pos's towers
		depth int      // plies below pos
	}
	var jobs []job
	for i := 0; i < ml.N; i++ {
		out[i].Move = ml.Moves[i]
		q, qt := v.next(&p, &pt, ml.Moves[i])
		if threads == 1 || depth < 3 {
			jobs = append(jobs, job{i, q, qt, depth - 1})
			continue
		}
		var cl MoveList
		v.generate(&q, &cl, keep, nil)
		for _, m := range cl.Slice() {
			r, rt := v.next(&q, &qt, m)
			jobs = append(jobs, job{i, r, rt, depth - 2})
		}
	}
	queue := make(chan int, len(jobs))
	for j := range jobs {
		queue <- j
	}
	close(queue)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, nodes := 0, uint64(0)
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stack := make([]perftFrame, depth)
			for j := range queue {
				n := uint64(1)
				if jobs[j].depth > 0 {
					stack[0].pos, stack[0].tow = jobs[j].pos, jobs[j].tow
					n = v.walk(jobs[j].depth, keep, stack)
				}
				mu.Lock()
				out[jobs[j].root].Nodes += n
				done++
				nodes += n
				if progress != nil {
					progress(done, len(jobs), nodes)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}
