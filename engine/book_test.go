package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"damka/board"
	"damka/book"
	"damka/format/hubtext"
)

// With Options.Book the engine answers from the book when it has the root
// and a move is wanted; analysis, pondering, NoBook, positions out of the
// book, variants without one and books of another variant are searched.
func TestBookAnswers(t *testing.T) {
	intl, ru := board.International, board.Russian
	start := intl.Start()
	lim := Limits{Depth: 4}
	best := book.Default(intl).Moves(intl, start)
	if len(best) == 0 {
		t.Fatal("the embedded International book lacks the start position")
	}
	e := New(Options{HashMB: 1, Book: true})
	var infos []Info
	r := searchPos(e, intl, start, lim, func(in Info) { infos = append(infos, in) })
	if !r.FromBook || !r.HasBest || r.Nodes != 0 || hubtext.FormatMove(intl, r.Best) != best[0].Move || r.Score != int(best[0].Score) {
		t.Errorf("start: %+v, want the book's best %s without a search", r, best[0].Move)
	}
	if len(infos) != 1 || !infos[0].FromBook || len(infos[0].PV) != 1 || infos[0].PV[0] != r.Best {
		t.Errorf("start: info %+v, want one book line", infos)
	}
	for name, c := range map[string]struct {
		v   *board.Variant
		p   board.Position
		lim Limits
	}{
		"analysis":     {intl, start, Limits{Depth: 4, NoBook: true}},
		"ponder":       {intl, start, Limits{Depth: 4, Ponder: true}},
		"out of book":  {intl, mustFEN(t, intl, "W:W31,32,33:B18,19,20"), lim},
		"no book here": {board.Canadian, board.Canadian.Start(), lim},
	} {
		var r Result
		if c.lim.Ponder {
			// Pondering waits for Stop (or PonderHit): stop it once it
			// has searched.
			done := make(chan Result)
			go func() { done <- searchPos(e, c.v, c.p, c.lim, nil) }()
			time.Sleep(100 * time.Millisecond)
			e.Stop()
			r = <-done
		} else {
			r = searchPos(e, c.v, c.p, c.lim, nil)
		}
		if r.FromBook || r.Nodes == 0 || !r.HasBest {
			t.Errorf("%s: %+v, want a search", name, r)
		}
	}
	// A book file of another variant is not used; of this one, it is.
	dir := t.TempDir()
	ruPath := filepath.Join(dir, "ru.dbk")
	writeBook(t, ruPath, book.Default(ru))
	e.SetOptions(Options{HashMB: 1, Book: true, BookPath: ruPath})
	if r := searchPos(e, intl, start, lim, nil); r.FromBook {
		t.Errorf("a Russian book answered an International search: %+v", r)
	}
	if r := searchPos(e, ru, ru.Start(), lim, nil); !r.FromBook {
		t.Errorf("the Russian book file did not answer: %+v", r)
	}
	e.SetOptions(Options{HashMB: 1, Book: true, BookPath: filepath.Join(dir, "missing.dbk")})
	if r := searchPos(e, intl, start, lim, nil); r.FromBook || !r.HasBest {
		t.Errorf("a missing book file: %+v, want a search", r)
	}
	// Within a margin the choice varies but stays among the book's moves.
	e.SetOptions(Options{HashMB: 1, Book: true, BookMargin: 1000})
	seen := map[string]bool{}
	for range 40 {
		r := searchPos(e, intl, start, lim, nil)
		seen[hubtext.FormatMove(intl, r.Best)] = true
	}
	for m := range seen {
		found := false
		for _, en := range best {
			found = found || en.Move == m
		}
		if !found {
			t.Errorf("margin: %s is not a book move", m)
		}
	}
	if len(best) > 1 && len(seen) < 2 {
		t.Errorf("margin: always %v out of %d book moves", seen, len(best))
	}
}

func writeBook(t *testing.T, path string, b *book.Book) {
	t.Helper()
	data, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
