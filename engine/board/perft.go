package board

import "sync"

// Perft counts the leaf nodes of the legal move tree of depth plies below p,
// counting the last ply in bulk. keep counts every capture route as its own
// move.
func (v *Variant) Perft(p Position, depth int, keep bool) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]perftFrame, depth+1)
	stack[0].pos = p
	return v.perft(depth, keep, stack)
}

// perftFrame is one ply of the perft stack. Positions live here rather than
// in locals because the address of a local passed down a recursion makes Go
// move it to the heap.
type perftFrame struct {
	pos Position
	ml  MoveList
}

func (v *Variant) perft(depth int, keep bool, stack []perftFrame) uint64 {
	f := &stack[0]
	if depth == 1 {
		return uint64(v.Count(&f.pos, &f.ml, keep))
	}
	v.generate(&f.pos, &f.ml, keep, nil)
	next := &stack[1]
	var n uint64
	if depth == 2 {
		// The children are counted from registers: no position is stored.
		us := f.pos.Side & 1
		own, opp, kings := f.pos.Pieces[us], f.pos.Pieces[us^1], f.pos.Kings
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
		f.pos.PlayInto(f.ml.Moves[i], &next.pos)
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
// goroutines that take root moves from a shared queue. progress, if not nil,
// is called (from one goroutine at a time) after each root move with the
// number of root moves done and the leaves counted so far.
func (v *Variant) Divide(p Position, depth int, keep bool, threads int, progress func(done, total int, nodes uint64)) []DivideResult {
	var ml MoveList
	v.generate(&p, &ml, keep, nil)
	out := make([]DivideResult, ml.N)
	if depth < 1 {
		return out
	}
	if threads < 1 {
		threads = 1
	}
	jobs := make(chan int, ml.N)
	for i := 0; i < ml.N; i++ {
		out[i].Move = ml.Moves[i]
		jobs <- i
	}
	close(jobs)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, nodes := 0, uint64(0)
	report := func(n uint64) {
		mu.Lock()
		defer mu.Unlock()
		done++
		nodes += n
		if progress != nil {
			progress(done, len(out), nodes)
		}
	}
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stack := make([]perftFrame, depth)
			for i := range jobs {
				if depth == 1 {
					out[i].Nodes = 1
				} else {
					p.PlayInto(out[i].Move, &stack[0].pos)
					out[i].Nodes = v.perft(depth-1, keep, stack)
				}
				report(out[i].Nodes)
			}
		}()
	}
	wg.Wait()
	return out
}
