package egdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"damka/board"
)

// The solver computes one pair of slices {m, m.Mirror()} at once: a quiet
// move by White in one leads to a position with Black to move and the same
// material, stored (mirrored) in the other, so neither can be solved
// without the other. Captures and promotions lead to slices solved before
// (see Materials); their values come from the lower tables.
//
// It is a retrograde analysis with move counting, in levels of distance:
//
//  1. Every position is visited once. Positions with no move are lost in
//     0 plies. Positions with a capture pending, and quiet positions whose
//     moves all promote, take their value from the lower tables. The
//     others keep a count of their quiet moves inside the pair, plus what
//     the promotions among their moves already tell (a promotion into a
//     lost position makes a win; into a drawn one rules out a loss).
//  2. Level L takes the positions decided at distance L and un-makes the
//     opponent's last quiet move (a black king slides back along any free
//     line, a black man steps back) to find their predecessors: the
//     predecessor of a loss is a win at L+1; a predecessor whose quiet
//     moves all lead to wins (its count reaches zero) is a loss at
//     1 + the longest distance among its children. A predecessor with a
//     capture pending is decided already and ignored, so un-moves need no
//     legality test beyond empty squares.
//  3. What is undecided when no level is left is a draw.
//
// Processing positions in order of distance makes the stored distances
// exact: the winner's shortest and the loser's longest way to the end of
// the game. Positions are updated with compare-and-swap, so the goroutines
// of one level need no locks.

// State word of a position while solving.
const (
	stCount    = 0xff    // quiet moves inside the pair not yet known to be won for the opponent
	stDistSh   = 8       // distance, or the longest external win while undecided
	stValSh    = 16      // vUnknown, vWin, vLoss, vDraw
	stFinal    = 1 << 18 // decided for good
	stDontCare = 1 << 19 // capture pending or invalid index: not stored
	stNoLoss   = 1 << 20 // a promotion reaches a draw: never a loss
)

const (
	vUnknown = 0
	vWin     = 1
	vLoss    = 2
	vDraw    = 3
)

func stVal(s uint32) uint32  { return s >> stValSh & 3 }
func stDist(s uint32) uint32 { return s >> stDistSh & 0xff }

func mkFinal(val uint32, dist int) uint32 {
	return stFinal | val<<stValSh | uint32(min(dist, 255))<<stDistSh
}

// entry names a position of the pair: bit 31 is the table, the rest the
// index. Slices are therefore limited to 2^31 positions.
type entry uint32

const maxSlicePositions = 1 << 31

type solveTable struct {
	m  Material
	ix indexer
	st []uint32
}

type solver struct {
	ctx       context.Context
	v         *board.Variant
	x         *geometry
	nb        [4][maxSquares]int8 // dense neighbour in each direction, -1 off the board
	tabs      [2]*solveTable      // tabs[1] == tabs[0] for a symmetric material
	lower     func(p *board.Position) (Result, error)
	threads   int
	storeDist bool
	done      atomic.Int64 // progress: positions visited plus positions propagated
	errMu     sync.Mutex
	err       error
	failed    atomic.Bool

	finals [][]entry // finals[L]: decided at distance L, to propagate at level L
	tents  [][]entry // tents[L]: wins through a promotion at distance L, unless faster ones appear
}

func newSolver(ctx context.Context, v *board.Variant, x *geometry, m Material, lower func(*board.Position) (Result, error), threads int, storeDist bool) (*solver, error) {
	s := &solver{ctx: ctx, v: v, x: x, nb: neighbours(v, x), lower: lower, threads: max(threads, 1), storeDist: storeDist}
	for k, mm := range []Material{m, m.Mirror()} {
		if k == 1 && mm == m {
			s.tabs[1] = s.tabs[0]
			break
		}
		ix := newIndexer(x, mm)
		if ix.size >= maxSlicePositions {
			return nil, fmt.Errorf("slice %s has %d positions, more than this solver's limit of %d", mm, ix.size, maxSlicePositions)
		}
		s.tabs[k] = &solveTable{m: mm, ix: ix, st: make([]uint32, ix.size)}
	}
	return s, nil
}

// positions is the number of positions of the pair.
func (s *solver) positions() int64 {
	n := int64(len(s.tabs[0].st))
	if s.tabs[1] != s.tabs[0] {
		n += int64(len(s.tabs[1].st))
	}
	return n
}

func (s *solver) other(t int) int {
	if s.tabs[1] == s.tabs[0] {
		return 0
	}
	return t ^ 1
}

func (s *solver) fail(err error) {
	s.errMu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.errMu.Unlock()
	s.failed.Store(true)
}

// worker is the private state of one goroutine.
type worker struct {
	ml     board.MoveList
	next   []entry         // decided at the next level
	finals map[int][]entry // decided at a later level
	tents  map[int][]entry // tentative wins at a later level
}

func (w *worker) defer_(m map[int][]entry, level int, e entry) {
	m[level] = append(m[level], e)
}

// parallel runs fn over [0, n) in chunks on s.threads goroutines.
func (s *solver) parallel(n int, fn func(w *worker, lo, hi int)) []*worker {
	const chunk = 1 << 12
	var nextChunk atomic.Int64
	ws := make([]*worker, s.threads)
	var wg sync.WaitGroup
	for k := range ws {
		w := &worker{finals: map[int][]entry{}, tents: map[int][]entry{}}
		ws[k] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !s.failed.Load() {
				lo := int(nextChunk.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				if err := s.ctx.Err(); err != nil {
					s.fail(err)
					return
				}
				fn(w, lo, min(lo+chunk, n))
			}
		}()
	}
	wg.Wait()
	return ws
}

// merge moves the workers' deferred entries into the solver's buckets.
func (s *solver) merge(ws []*worker) {
	grow := func(b [][]entry, l int) [][]entry {
		for len(b) <= l {
			b = append(b, nil)
		}
		return b
	}
	for _, w := range ws {
		for l, es := range w.finals {
			s.finals = grow(s.finals, l)
			s.finals[l] = append(s.finals[l], es...)
		}
		for l, es := range w.tents {
			s.tents = grow(s.tents, l)
			s.tents[l] = append(s.tents[l], es...)
		}
		clear(w.finals)
		clear(w.tents)
	}
}

// extDist is the distance of an external result: unknown distances
// (tables without them) count as 0, which keeps values right and only
// makes distances meaningless, and then they are not stored.
func (s *solver) extDist(r Result) (int, error) {
	if r.Dist >= 0 {
		return r.Dist, nil
	}
	if r.Value != Draw && s.storeDist {
		return 0, fmt.Errorf("distances need the smaller slices to store distances too")
	}
	return 0, nil
}

// solve runs both phases and leaves every state final or a draw.
func (s *solver) solve() error {
	for t := 0; t < 2; t++ {
		if t == 1 && s.tabs[1] == s.tabs[0] {
			break
		}
		tab := s.tabs[t]
		ws := s.parallel(len(tab.st), func(w *worker, lo, hi int) {
			for i := lo; i < hi; i++ {
				if err := s.visit(w, t, i); err != nil {
					s.fail(err)
					return
				}
			}
			s.done.Add(int64(hi - lo))
		})
		if s.failed.Load() {
			return s.err
		}
		s.merge(ws)
	}
	var next []entry
	for level := 0; ; level++ {
		frontier := next
		if level < len(s.finals) {
			frontier = append(frontier, s.finals[level]...)
			s.finals[level] = nil
		}
		if level < len(s.tents) {
			for _, e := range s.tents[level] {
				st := &s.tabs[e>>31].st[e&(1<<31-1)]
				old := atomic.LoadUint32(st)
				if old&stFinal == 0 && atomic.CompareAndSwapUint32(st, old, old|stFinal) {
					frontier = append(frontier, e)
				}
			}
			s.tents[level] = nil
		}
		if len(frontier) == 0 && level >= len(s.finals) && level >= len(s.tents) {
			break
		}
		if s.storeDist && level > 254 && len(frontier) > 0 {
			return fmt.Errorf("a distance exceeds 254 plies: build this slice without distances (--dist %d)", s.tabs[0].m.Pieces()-1)
		}
		ws := s.parallel(len(frontier), func(w *worker, lo, hi int) {
			for _, e := range frontier[lo:hi] {
				s.propagate(w, e, level)
			}
			s.done.Add(int64(hi - lo))
		})
		if s.failed.Load() {
			return s.err
		}
		next = next[:0:0]
		for _, w := range ws {
			next = append(next, w.next...)
			w.next = nil
		}
		s.merge(ws)
	}
	// Whatever is undecided is a draw.
	for t := 0; t < 2; t++ {
		for i, st := range s.tabs[t].st {
			if st&stFinal == 0 {
				if stVal(st) == vWin {
					return fmt.Errorf("internal error: %s index %d left as a tentative win", s.tabs[t].m, i)
				}
				s.tabs[t].st[i] = mkFinal(vDraw, 0)
			}
		}
	}
	return nil
}

// visit is phase 1 for index i of table t.
func (s *solver) visit(w *worker, t, i int) error {
	tab := s.tabs[t]
	st := &tab.st[i]
	d, ok := tab.ix.position(uint64(i))
	if !ok {
		*st = stFinal | stDontCare
		return nil
	}
	e := entry(uint32(t)<<31 | uint32(i))
	p := s.x.position(d)
	s.v.Generate(&p, &w.ml)
	if w.ml.N == 0 {
		*st = mkFinal(vLoss, 0)
		w.defer_(w.finals, 0, e)
		return nil
	}
	if w.ml.Moves[0].Captured != 0 {
		var acc resultAcc
		for _, m := range w.ml.Moves[:w.ml.N] {
			c := p.Play(m)
			r, err := s.lower(&c)
			if err != nil {
				return s.missing(&c, err)
			}
			if _, err := s.extDist(r); err != nil {
				return err
			}
			acc.add(r)
		}
		r := acc.result()
		switch r.Value {
		case Draw:
			*st = mkFinal(vDraw, 0) | stDontCare
		case Win:
			*st = mkFinal(vWin, max(r.Dist, 0)) | stDontCare
			w.defer_(w.finals, max(r.Dist, 0), e)
		case Loss:
			*st = mkFinal(vLoss, max(r.Dist, 0)) | stDontCare
			w.defer_(w.finals, max(r.Dist, 0), e)
		}
		return nil
	}
	count, extMax, winAt, noLoss := 0, 0, -1, false
	for _, m := range w.ml.Moves[:w.ml.N] {
		if !m.Promote {
			count++
			continue
		}
		c := p.Play(m)
		r, err := s.lower(&c)
		if err != nil {
			return s.missing(&c, err)
		}
		dd, err := s.extDist(r)
		if err != nil {
			return err
		}
		switch r.Value {
		case Loss:
			if winAt < 0 || dd+1 < winAt {
				winAt = dd + 1
			}
		case Win:
			extMax = max(extMax, dd)
		case Draw:
			noLoss = true
		}
	}
	if count > stCount {
		return fmt.Errorf("position with %d quiet moves: more than the solver counts", count)
	}
	switch {
	case winAt >= 0 && count == 0:
		*st = mkFinal(vWin, winAt)
		w.defer_(w.finals, winAt, e)
	case winAt >= 0:
		*st = vWin<<stValSh | uint32(min(winAt, 255))<<stDistSh
		w.defer_(w.tents, winAt, e)
	case count == 0 && noLoss:
		*st = mkFinal(vDraw, 0)
	case count == 0:
		*st = mkFinal(vLoss, extMax+1)
		w.defer_(w.finals, extMax+1, e)
	default:
		*st = uint32(count) | uint32(min(extMax, 255))<<stDistSh
		if noLoss {
			*st |= stNoLoss
		}
	}
	return nil
}

// missing explains why the lower tables have no value for c.
func (s *solver) missing(c *board.Position, err error) error {
	if !errors.Is(err, ErrNotInTables) {
		return fmt.Errorf("position %s: %w", s.v.FEN(c), err)
	}
	d := s.x.canonical(c)
	return fmt.Errorf("slice %s is needed first (position %s)", d.material(), s.v.FEN(c))
}

// propagate is phase 2 for a position decided at distance level: it
// un-makes Black's last quiet move to update the predecessors (positions
// with Black to move, stored mirrored in the other table).
func (s *solver) propagate(w *worker, e entry, level int) {
	t, i := int(e>>31), uint64(e&(1<<31-1))
	tab := s.tabs[t]
	val := stVal(atomic.LoadUint32(&tab.st[i]))
	d, _ := tab.ix.position(i)
	o := s.other(t)
	occ := d.wm | d.bm | d.wk | d.bk
	flying := s.v.FlyingKings
	for k := d.bk; k != 0; k &= k - 1 {
		to := bits.TrailingZeros64(k)
		for dir := 0; dir < 4; dir++ {
			for f := s.nb[dir][to]; f >= 0 && occ&(1<<uint(f)) == 0; f = s.nb[dir][f] {
				r := d
				r.bk ^= 1<<uint(to) | 1<<uint(f)
				s.update(w, o, s.x.mirror(r), val, level)
				if !flying {
					break
				}
			}
		}
	}
	// Black men move down the board (towards higher numbers), so they come
	// from the squares above.
	for k := d.bm; k != 0; k &= k - 1 {
		to := bits.TrailingZeros64(k)
		for _, dir := range [2]int{board.UpLeft, board.UpRight} {
			if f := s.nb[dir][to]; f >= 0 && occ&(1<<uint(f)) == 0 {
				r := d
				r.bm ^= 1<<uint(to) | 1<<uint(f)
				s.update(w, o, s.x.mirror(r), val, level)
			}
		}
	}
}

// update applies a child decided at distance level (val from the child's
// side to move) to the predecessor pd of table t.
func (s *solver) update(w *worker, t int, pd dense, val uint32, level int) {
	tab := s.tabs[t]
	j, ok := tab.ix.index(pd)
	if !ok {
		return
	}
	st := &tab.st[j]
	e := entry(uint32(t)<<31 | uint32(j))
	for {
		old := atomic.LoadUint32(st)
		if old&stFinal != 0 {
			return
		}
		if val == vLoss {
			// Tentative wins at this distance are taken now (the bucket
			// entry will find them final); faster ones cannot be pending.
			if atomic.CompareAndSwapUint32(st, old, mkFinal(vWin, level+1)) {
				w.next = append(w.next, e)
				return
			}
			continue
		}
		if stVal(old) == vWin || old&stNoLoss != 0 {
			return
		}
		if old&stCount == 0 {
			s.fail(fmt.Errorf("internal error: move count underflow in %s index %d", tab.m, j))
			return
		}
		if old&stCount > 1 {
			if atomic.CompareAndSwapUint32(st, old, old-1) {
				return
			}
			continue
		}
		dist := 1 + max(level, int(stDist(old)))
		if atomic.CompareAndSwapUint32(st, old, mkFinal(vLoss, dist)) {
			if dist == level+1 {
				w.next = append(w.next, e)
			} else {
				w.defer_(w.finals, dist, e)
			}
			return
		}
	}
}

// neighbours returns the dense neighbour of each square in each diagonal
// direction, -1 off the board.
func neighbours(v *board.Variant, x *geometry) (nb [4][maxSquares]int8) {
	g := v.Geo
	for dir := 0; dir < 4; dir++ {
		for d := 0; d < x.squares; d++ {
			nb[dir][d] = -1
			sq, _ := g.Bit(d + 1)
			t := int(sq) + g.Step[dir]
			if t >= 0 && t < 64 && g.All.Has(board.Square(t)) {
				nb[dir][d] = int8(g.Number(board.Square(t)) - 1)
			}
		}
	}
	return nb
}

// checkQuietModel makes sure that the variant's quiet moves are what the
// un-moves of propagate undo: men step one square diagonally forward,
// kings slide diagonally (one square unless flying). It compares Generate
// with that model on random positions, so a variant with other quiet
// moves is refused instead of solved wrongly.
func checkQuietModel(v *board.Variant, x *geometry) error {
	s := &solver{v: v, x: x, nb: neighbours(v, x)}
	rng := uint64(0x9E3779B97F4A7C15)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	var ml board.MoveList
	for k := 0; k < 500; k++ {
		var d dense
		for i := 1 + next(5); i > 0; i-- {
			sq := uint64(1) << uint(next(s.x.squares))
			if (d.wm|d.bm|d.wk|d.bk)&sq != 0 {
				continue
			}
			switch next(4) {
			case 0:
				if sq>>uint(s.x.half) != 0 { // not on White's promotion row
					d.wm |= sq
				}
			case 1:
				if sq < 1<<uint(s.x.squares-s.x.half) {
					d.bm |= sq
				}
			case 2:
				d.wk |= sq
			default:
				d.bk |= sq
			}
		}
		p := s.x.position(d)
		if s.v.HasCapture(&p) {
			continue
		}
		s.v.Generate(&p, &ml)
		want := map[[2]int]bool{}
		occ := d.wm | d.bm | d.wk | d.bk
		for b := d.wk; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			for dir := 0; dir < 4; dir++ {
				for t := s.nb[dir][from]; t >= 0 && occ&(1<<uint(t)) == 0; t = s.nb[dir][t] {
					want[[2]int{from, int(t)}] = true
					if !s.v.FlyingKings {
						break
					}
				}
			}
		}
		for b := d.wm; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			for _, dir := range [2]int{board.UpLeft, board.UpRight} {
				if t := s.nb[dir][from]; t >= 0 && occ&(1<<uint(t)) == 0 {
					want[[2]int{from, int(t)}] = true
				}
			}
		}
		got := 0
		for _, m := range ml.Moves[:ml.N] {
			from, to := int(s.x.dense[m.From]), int(s.x.dense[m.To])
			if from >= 0 && to >= 0 && want[[2]int{from, to}] {
				got++
			}
		}
		if got != len(want) || ml.N != len(want) {
			return fmt.Errorf("egdb: variant %s: quiet moves are not the diagonal steps and slides the solver un-makes (in %s)", s.v.Name, s.v.FEN(&p))
		}
	}
	return nil
}
