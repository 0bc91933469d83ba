package board

import "sync"

// Perft counts the leaf nodes of the legal move tree of depth plies below p,
// counting the last ply in bulk. keep counts every capture route as its own
// move.
func (v *Variant) Perft(p Position, depth int, keep bool) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]MoveList, depth)
	return v.perft(&p, depth, keep, stack)
}

func (v *Variant) perft(p *Position, depth int, keep bool, stack []MoveList) uint64 {
	ml := &stack[0]
	if depth == 1 {
		return uint64(v.Count(p, ml, keep))
	}
	v.generate(p, ml, keep, nil)
	var n uint64
	for i := 0; i < ml.N; i++ {
		q := p.Play(ml.Moves[i])
		n += v.perft(&q, depth-1, keep, stack[1:])
	}
	return n
}

// DivideResult is the leaf count below one root move.
type DivideResult struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move, computed by threads
// goroutines that take root moves from a shared queue.
func (v *Variant) Divide(p Position, depth int, keep bool, threads int) []DivideResult {
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
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stack := make([]MoveList, depth)
			for i := range jobs {
				q := p.Play(out[i].Move)
				if depth == 1 {
					out[i].Nodes = 1
					continue
				}
				out[i].Nodes = v.perft(&q, depth-1, keep, stack)
			}
		}()
	}
	wg.Wait()
	return out
}
