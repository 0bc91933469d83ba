package egdb

import (
	"fmt"
	"sync"
	"sync/atomic"

	"damka/board"
)

// VerifyProgress is called with positions checked out of the total; calls
// never overlap.
type VerifyProgress func(done, total int64)

// Verify checks every stored value of db against the values of its
// successors: a position without moves is lost in 0, a won one has a lost
// child (and, with distances, is won one ply after its fastest lost child),
// a lost one has only won children (one ply after the slowest), a drawn one
// has no lost child and some drawn child. Reading every block also checks
// every checksum. With distances this proves the table right given the
// smaller ones; without, it proves it consistent.
func Verify(db *DB, threads int, progress VerifyProgress) error {
	tables := db.inUse()
	var total int64
	for _, t := range tables {
		total += int64(t.hdr.positions)
	}
	threads = max(threads, 1)
	// Checksums first, so that damage is reported against its own file
	// rather than against a table whose successors cannot be read.
	for _, t := range tables {
		if err := t.checkBlocks(); err != nil {
			db.markBad(t, err)
			return err
		}
	}
	var done, bad atomic.Int64
	var mu sync.Mutex
	var examples []string
	var firstErr error
	for _, t := range tables {
		if t.bad.Load() {
			return fmt.Errorf("%s: damaged", t.name)
		}
		n := t.hdr.positions
		var next atomic.Uint64
		var wg sync.WaitGroup
		for k := 0; k < threads; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var ml board.MoveList
				const chunk = 4096
				for {
					lo := next.Add(chunk) - chunk
					if lo >= n {
						return
					}
					hi := min(lo+chunk, n)
					for i := lo; i < hi; i++ {
						msg, err := db.verifyOne(t, i, &ml)
						if err != nil || msg != "" {
							mu.Lock()
							if err != nil && firstErr == nil {
								firstErr = err
							}
							if msg != "" {
								bad.Add(1)
								if len(examples) < 10 {
									examples = append(examples, msg)
								}
							}
							mu.Unlock()
							if err != nil {
								return
							}
						}
					}
					d := done.Add(int64(hi - lo))
					if progress != nil {
						mu.Lock()
						progress(d, total)
						mu.Unlock()
					}
				}
			}()
		}
		wg.Wait()
		if firstErr != nil {
			return firstErr
		}
	}
	if b := bad.Load(); b > 0 {
		return fmt.Errorf("%d positions disagree with their successors, for example:\n  %s", b, joinLines(examples))
	}
	return nil
}

func joinLines(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += "\n  "
		}
		out += x
	}
	return out
}

// verifyOne checks index i of t; it returns a description of a mismatch,
// or an error when a value cannot be read.
func (db *DB) verifyOne(t *table, i uint64, ml *board.MoveList) (string, error) {
	stored, err := db.stored(t, i)
	if err != nil {
		return "", fmt.Errorf("%s: cannot read index %d: %w", t.name, i, err)
	}
	d, ok := t.ix.position(i)
	if !ok {
		return "", nil
	}
	p := db.x.position(d)
	db.v.Generate(&p, ml)
	if ml.N > 0 && ml.Moves[0].Captured != 0 {
		return "", nil // not stored: resolved by search when probed
	}
	var acc resultAcc
	for _, m := range ml.Moves[:ml.N] {
		c := p.Play(m)
		r, err := db.probe(&c)
		if err != nil {
			return "", fmt.Errorf("%s: successor %s of %s cannot be probed: %w", t.name, db.v.FEN(&c), db.v.FEN(&p), err)
		}
		acc.add(r)
	}
	want := acc.result()
	if stored.Dist < 0 {
		want.Dist = -1
	}
	if stored != want {
		return fmt.Sprintf("%s: %s stored %v, successors say %v", t.hdr.material, db.v.FEN(&p), stored, want), nil
	}
	return "", nil
}
