package engine

import (
	"math/rand/v2"
	"time"

	"damka/board"
	"damka/book"
)

// bookFor returns the opening book of the search (Options.Book, BookPath),
// or nil. A file is read once and kept; one that does not read, or that
// belongs to another variant, gives no book (the protocols check the path
// when it is set, so that the user sees the error there).
func (e *Engine) bookFor(v *board.Variant) *book.Book {
	if !e.opts.Book {
		return nil
	}
	if e.opts.BookPath == "" {
		return book.Default(v)
	}
	b, ok := e.books[e.opts.BookPath]
	if !ok {
		b, _ = book.Open(e.opts.BookPath)
		if e.books == nil {
			e.books = map[string]*book.Book{}
		}
		e.books[e.opts.BookPath] = b
	}
	if b == nil || b.Variant() != v.Name {
		return nil
	}
	return b
}

// bookMove answers a search from the opening book when it may (a move is
// wanted: not analysis, not pondering) and the book has the root.
func (e *Engine) bookMove(v *board.Variant, root *board.Position, lim Limits, info func(Info), start time.Time) (Result, bool) {
	if lim.Infinite || lim.Ponder || lim.NoBook {
		return Result{}, false
	}
	b := e.bookFor(v)
	if b == nil {
		return Result{}, false
	}
	var rng *rand.Rand
	if e.opts.BookMargin > 0 {
		rng = e.rng
	}
	m, en, ok := b.Pick(v, *root, e.opts.BookMargin, rng)
	if !ok {
		return Result{}, false
	}
	r := Result{Best: m, HasBest: true, Score: int(en.Score), Depth: int(en.Depth), Time: time.Since(start), FromBook: true}
	if info != nil {
		info(Info{Depth: r.Depth, Score: r.Score, PV: []board.Move{m}, Time: r.Time, FromBook: true})
	}
	return r, true
}
