package book

import (
	"bytes"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"damka/board"
	"damka/format/hubtext"
)

// fakeEval scores every legal move of a position by a hash of the position
// and the move (-20..20), at depth 5, and counts its calls per key. It
// stands for a search: deterministic, and different in every position.
type fakeEval struct {
	v     *board.Variant
	calls map[uint64]int
	t     *testing.T
}

func newFake(t *testing.T, v *board.Variant) *fakeEval {
	return &fakeEval{v: v, calls: map[uint64]int{}, t: t}
}

func (f *fakeEval) score(p board.Position, m board.Move) int {
	h := fnv.New32a()
	h.Write([]byte(f.v.FEN(&p) + hubtext.FormatMove(f.v, m)))
	return int(h.Sum32()%41) - 20
}

func (f *fakeEval) eval(p board.Position, history []board.Position) []Scored {
	f.calls[Key(f.v, &p)]++
	var ml board.MoveList
	f.v.Generate(&p, &ml)
	if ml.N < 2 {
		f.t.Errorf("eval called on %s, which has %d moves", f.v.FEN(&p), ml.N)
	}
	// The history leads from the start to p, one legal move a step.
	line := append(slices.Clone(history), p)
	if len(history) > 0 && history[0] != f.v.Start() {
		f.t.Errorf("history of %s does not begin at the start", f.v.FEN(&p))
	}
	for i := 0; i+1 < len(line); i++ {
		var hl board.MoveList
		f.v.Generate(&line[i], &hl)
		if !slices.ContainsFunc(hl.Slice(), func(m board.Move) bool { return line[i].Play(m) == line[i+1] }) {
			f.t.Errorf("history of %s: step %d is not a move", f.v.FEN(&p), i)
		}
	}
	var out []Scored
	for _, m := range ml.Slice() {
		out = append(out, Scored{Move: m, Score: f.score(p, m), Depth: 5})
	}
	return out
}

// reachable lists the distinct positions with legal moves within plies-1
// moves of the start when every move is played, with their legal move
// counts: what a book keeping every move must hold.
func reachable(v *board.Variant, plies int) map[uint64]int {
	out := map[uint64]int{}
	level := []board.Position{v.Start()}
	seen := map[uint64]bool{startKey(v): true}
	var ml board.MoveList
	for ply := 0; ply < plies; ply++ {
		var next []board.Position
		for _, p := range level {
			v.Generate(&p, &ml)
			if ml.N == 0 {
				continue
			}
			out[Key(v, &p)] = ml.N
			for _, m := range ml.Slice() {
				q := p.Play(m)
				if k := Key(v, &q); !seen[k] {
					seen[k] = true
					next = append(next, q)
				}
			}
		}
		level = next
	}
	return out
}

func byKey(b *Book) map[uint64][]Entry {
	out := map[uint64][]Entry{}
	for _, e := range b.Entries() {
		out[e.Key] = append(out[e.Key], e)
	}
	return out
}

// TestBuildEveryMove keeps every move: the book must hold exactly the
// reachable positions, each searched once however often it is reached,
// the forced ones not searched at all.
func TestBuildEveryMove(t *testing.T) {
	for _, c := range []struct {
		v     *board.Variant
		plies int
	}{{board.International, 4}, {board.Russian, 5}, {board.Canadian, 3}, {board.Frisian, 3}} {
		t.Run(c.v.Name, func(t *testing.T) {
			f := newFake(t, c.v)
			b, err := Build(c.v, BuildOptions{Plies: c.plies, Margin: 1000, Width: MaxWidth}, f.eval, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := reachable(c.v, c.plies)
			got := byKey(b)
			if len(got) != len(want) || b.Positions() != len(want) {
				t.Fatalf("%d positions, want %d", len(got), len(want))
			}
			forced, transposed := 0, 0
			for k, n := range want {
				if len(got[k]) != n {
					t.Fatalf("position %016x: %d moves, want %d", k, len(got[k]), n)
				}
				switch {
				case n == 1:
					forced++
					if f.calls[k] != 0 {
						t.Errorf("forced position %016x searched", k)
					}
					if got[k][0].Depth != 0 {
						t.Errorf("forced position %016x stored at depth %d", k, got[k][0].Depth)
					}
				case f.calls[k] != 1:
					t.Errorf("position %016x searched %d times", k, f.calls[k])
				}
			}
			// The tree has transpositions, and some of them were met.
			var ml board.MoveList
			paths := 0
			var count func(p board.Position, ply int)
			count = func(p board.Position, ply int) {
				if ply == c.plies {
					return
				}
				c.v.Generate(&p, &ml)
				if ml.N > 0 {
					paths++
				}
				for _, m := range slices.Clone(ml.Slice()) {
					count(p.Play(m), ply+1)
				}
			}
			count(c.v.Start(), 0)
			transposed = paths - len(want)
			if c.plies >= 4 && transposed == 0 {
				t.Errorf("no transposition in %d plies", c.plies)
			}
			t.Logf("%s: %d positions (%d forced), %d entries, %d positions reached again", c.v.Name, len(want), forced, b.Len(), transposed)
			if c.v == board.International && forced == 0 {
				t.Error("no forced position in International's first 4 plies (32-28 19-23 28x19 ...)")
			}
		})
	}
}

// TestBuildMarginWidth checks the kept moves of every position against
// eval's answers, and that exactly the kept moves are expanded.
func TestBuildMarginWidth(t *testing.T) {
	v := board.International
	for _, o := range []BuildOptions{
		{Plies: 6, Margin: 0, Width: 3},
		{Plies: 6, Margin: 5, Width: 3},
		{Plies: 5, Margin: 12, Width: 2},
		{Plies: 4, Margin: 40, Width: 4},
		{Plies: 1, Margin: 40, Width: 4},
	} {
		f := newFake(t, v)
		var dones []int
		lastQueued := -1
		b, err := Build(v, o, f.eval, func(done, queued int) { dones = append(dones, done); lastQueued = queued })
		if err != nil {
			t.Fatal(err)
		}
		got := byKey(b)
		// Walk the book from the start along the stored moves only.
		type node struct {
			p   board.Position
			ply int
		}
		visited := map[uint64]bool{}
		queue := []node{{v.Start(), 0}}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			k := Key(v, &n.p)
			if visited[k] {
				continue
			}
			visited[k] = true
			es := got[k]
			var ml board.MoveList
			v.Generate(&n.p, &ml)
			if ml.N > 1 {
				// What the rules of o make of eval's answer.
				var all []Scored
				for _, m := range ml.Slice() {
					all = append(all, Scored{Move: m, Score: f.score(n.p, m)})
				}
				slices.SortStableFunc(all, func(a, b Scored) int { return b.Score - a.Score })
				var want []string
				for _, s := range all {
					if len(want) < o.Width && s.Score >= all[0].Score-o.Margin {
						want = append(want, hubtext.FormatMove(v, s.Move))
					}
				}
				have := moveTexts(b.Moves(v, n.p))
				slices.Sort(want)
				slices.Sort(have)
				if !slices.Equal(have, want) {
					t.Fatalf("%+v: %s: moves %v, want %v", o, v.FEN(&n.p), have, want)
				}
			}
			if len(es) == 0 {
				t.Fatalf("%+v: %s reached in the book but not stored", o, v.FEN(&n.p))
			}
			for _, e := range es {
				if e.Score < es[0].Score-int16(o.Margin) || len(es) > o.Width {
					t.Fatalf("%+v: %s: entries %v break the margin or the width", o, v.FEN(&n.p), es)
				}
				if n.ply+1 < o.Plies {
					queue = append(queue, node{n.p.Play(mustMove(t, v, n.p, e.Move)), n.ply + 1})
				}
			}
		}
		if len(visited) != b.Positions() {
			t.Errorf("%+v: %d positions reachable along the book's moves, the book has %d", o, len(visited), b.Positions())
		}
		if o.Plies == 1 && b.Positions() != 1 {
			t.Errorf("plies 1: %d positions", b.Positions())
		}
		if len(dones) != b.Positions() || lastQueued != 0 || !slices.IsSorted(dones) || dones[0] != 1 {
			t.Errorf("%+v: progress calls %v (last queued %d)", o, dones, lastQueued)
		}
	}
}

func TestBuildDeterministic(t *testing.T) {
	o := BuildOptions{Plies: 6, Margin: 8, Width: 3}
	var out [][]byte
	for i := 0; i < 2; i++ {
		b, err := Build(board.Russian, o, newFake(t, board.Russian).eval, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Error("two builds differ")
	}
}

// TestBuildForcedScore: a forced position inherits the negated score of
// the move that led to it.
func TestBuildForcedScore(t *testing.T) {
	v := board.International
	p := v.Start()
	m := mustMove(t, v, p, "32-28")
	eval := func(q board.Position, _ []board.Position) []Scored {
		if q == p {
			return []Scored{{Move: m, Score: 37, Depth: 9}}
		}
		// After 32-28, Black offers 19-23: 28x19 is forced.
		return []Scored{{Move: mustMove(t, v, q, "19-23"), Score: -12, Depth: 9}}
	}
	b, err := Build(v, BuildOptions{Plies: 3, Width: 1}, eval, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Play(m)
	r := q.Play(mustMove(t, v, q, "19-23"))
	es := b.Moves(v, r)
	if len(es) != 1 || es[0].Move != "28x19x23" || es[0].Score != 12 || es[0].Depth != 0 {
		t.Fatalf("forced entry %+v", es)
	}
	if es := b.Moves(v, p); len(es) != 1 || es[0].Score != 37 || es[0].Depth != 9 {
		t.Fatalf("start entry %+v", es)
	}
}

// TestBuildEvalAnswers: moves that are illegal, repeated, or missing from
// eval's answer are handled; scores beyond int16 are clamped.
func TestBuildEvalAnswers(t *testing.T) {
	v := board.International
	p := v.Start()
	mv := func(s string) board.Move { return mustMove(t, v, p, s) }
	other := mustFEN(t, v, "W:W45:B5")
	var ml board.MoveList
	v.Generate(&other, &ml)
	cases := []struct {
		name   string
		answer []Scored
		want   []string
		scores []int16
	}{
		{"illegal and repeated", []Scored{{Move: ml.Moves[0], Score: 900}, {Move: mv("32-28"), Score: 50}, {Move: mv("32-28"), Score: 60}, {Move: mv("33-28"), Score: 30}},
			[]string{"32-28", "33-28"}, []int16{50, 30}},
		{"unsorted", []Scored{{Move: mv("31-26"), Score: -5}, {Move: mv("34-29"), Score: 20}, {Move: mv("35-30"), Score: 19}},
			[]string{"34-29", "35-30", "31-26"}, []int16{20, 19, -5}},
		{"clamped", []Scored{{Move: mv("31-26"), Score: 1 << 20}, {Move: mv("34-29"), Score: -1 << 20}},
			[]string{"31-26", "34-29"}, []int16{32767, -32768}},
		{"nothing", nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := Build(v, BuildOptions{Plies: 1, Margin: 1 << 30, Width: 5}, func(board.Position, []board.Position) []Scored { return c.answer }, nil)
			if err != nil {
				t.Fatal(err)
			}
			es := b.Moves(v, p)
			var scores []int16
			for _, e := range es {
				scores = append(scores, e.Score)
			}
			if !slices.Equal(moveTexts(es), c.want) || !slices.Equal(scores, c.scores) {
				t.Errorf("entries %+v, want %v %v", es, c.want, c.scores)
			}
		})
	}
}

func TestBuildRefuses(t *testing.T) {
	eval := func(board.Position, []board.Position) []Scored { return nil }
	ok := BuildOptions{Plies: 2, Width: 2}
	cases := []struct {
		name string
		v    *board.Variant
		o    BuildOptions
		eval func(board.Position, []board.Position) []Scored
		want string
	}{
		{"no variant", nil, ok, eval, "no variant"},
		{"columns", board.Bashni, ok, eval, "columns"},
		{"plies 0", board.Russian, BuildOptions{Plies: 0, Width: 2}, eval, "plies 0"},
		{"plies too many", board.Russian, BuildOptions{Plies: MaxPlies + 1, Width: 2}, eval, "plies 65"},
		{"width 0", board.Russian, BuildOptions{Plies: 2}, eval, "width 0"},
		{"width too many", board.Russian, BuildOptions{Plies: 2, Width: MaxWidth + 1}, eval, "width 65"},
		{"negative margin", board.Russian, BuildOptions{Plies: 2, Width: 2, Margin: -1}, eval, "margin"},
		{"no eval", board.Russian, ok, nil, "eval"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Build(c.v, c.o, c.eval, nil); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error about %q", err, c.want)
			}
		})
	}
}
