package book

import (
	"io/fs"
	"strings"
	"sync"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// TestDefaultBooks walks each embedded book from the start along its own
// moves: every entry's move must be legal in its position (Moves keeps
// them all), and every position of the book must be reached that way.
func TestDefaultBooks(t *testing.T) {
	for _, v := range []*board.Variant{board.International, board.Russian} {
		t.Run(v.Name, func(t *testing.T) {
			b := Default(v)
			if b == nil {
				t.Fatalf("no embedded book for %s", v.Name)
			}
			if b.Variant() != v.Name || b.Len() == 0 {
				t.Fatalf("book for %s with %d entries", b.Variant(), b.Len())
			}
			visited := map[uint64]bool{}
			queue := []board.Position{v.Start()}
			forced := 0
			for len(queue) > 0 {
				p := queue[0]
				queue = queue[1:]
				k := Key(v, &p)
				if visited[k] {
					continue
				}
				stored := b.lookup(k)
				if len(stored) == 0 {
					continue // beyond the book's last ply
				}
				visited[k] = true
				es, ms := b.moves(v, &p)
				if len(es) != len(stored) {
					t.Fatalf("%s: %d of the %d stored moves are legal", v.FEN(&p), len(es), len(stored))
				}
				for i, m := range ms {
					if es[i].Depth == 0 {
						forced++
					}
					queue = append(queue, p.Play(m))
				}
			}
			if len(visited) != b.Positions() {
				t.Errorf("%d of the book's %d positions are reached from the start", len(visited), b.Positions())
			}
			if m, e, ok := b.Pick(v, v.Start(), 0, nil); !ok || e.Depth == 0 || hubtext.FormatMove(v, m) != e.Move {
				t.Errorf("no searched move for the start: %v %+v %v", m, e, ok)
			}
			t.Logf("%s: %d positions, %d entries (%d forced)", v.Name, b.Positions(), b.Len(), forced)
		})
	}
}

func TestDefaultOthers(t *testing.T) {
	for _, v := range []*board.Variant{nil, board.Brazilian, board.Frisian, board.Canadian, board.Bashni} {
		if b := Default(v); b != nil {
			t.Errorf("%v has an embedded book for %s", v, b.Variant())
		}
	}
}

func TestDefaultConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]*Book, 16)
	for i := range got {
		wg.Go(func() { got[i] = Default(board.Russian) })
	}
	wg.Wait()
	for _, b := range got {
		if b == nil || b != got[0] {
			t.Fatal("Default gave different books")
		}
	}
}

// Every embedded file reads, under the name of its variant.
func TestEmbeddedFiles(t *testing.T) {
	ents, err := fs.ReadDir(embedded, "data")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".dbk")
		if !ok {
			continue
		}
		n++
		if _, err := board.Lookup(name); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
		if _, err := readEmbedded(name); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
	}
	if n != 2 {
		t.Errorf("%d embedded books, want 2", n)
	}
}
