package train

import (
	"slices"
	"testing"
)

// Files of different runs join into one sample per position: the counts
// add, the score is the mean weighted by games; tune reads the same.
func TestJoin(t *testing.T) {
	a := &Data{Header: Header{Variant: "russian", Merged: true, Meta: "gen 1"}, Games: 10, Samples: []Sample{
		{White: 1, Black: 2, Score: 100, Wins: 1, Draws: 2},
		{White: 3, Black: 4, Side: 1, Score: -20, Draws: 1},
	}}
	b := &Data{Header: Header{Variant: "russian", Merged: true, Meta: "gen 2"}, Games: 5, Samples: []Sample{
		{White: 1, Black: 2, Score: 400, Losses: 1},
		{White: 3, Black: 4, Side: 0, Score: 7, Wins: 1},
	}}
	d, err := Join([]*Data{a, b}, []string{"a.dat", "b.dat"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Sample{
		{White: 1, Black: 2, Score: 175, Wins: 1, Draws: 2, Losses: 1}, // (3*100 + 400) / 4
		{White: 3, Black: 4, Side: 0, Score: 7, Wins: 1},
		{White: 3, Black: 4, Side: 1, Score: -20, Draws: 1},
	}
	if d.Games != 15 || !d.Header.Merged || !slices.Equal(d.Samples, want) {
		t.Errorf("joined %d games, merged %v:\n%+v\nwant 15 games:\n%+v", d.Games, d.Header.Merged, d.Samples, want)
	}
	if d.Header.Meta != "joined: a.dat (gen 1); b.dat (gen 2)" {
		t.Errorf("meta %q", d.Header.Meta)
	}
	if len(a.Samples) != 2 || a.Samples[0].Score != 100 || len(b.Samples) != 2 {
		t.Error("Join changed its inputs")
	}
	// Joined with itself, a file keeps its positions and doubles its counts.
	dd, _ := Join([]*Data{d, d}, []string{"x", "x"})
	for i, s := range dd.Samples {
		if w := d.Samples[i]; s.Score != w.Score || s.Games() != 2*w.Games() || s.compare(&w) != 0 {
			t.Errorf("joined twice: %+v from %+v", s, w)
		}
	}
	c := &Data{Header: Header{Variant: "international"}}
	if _, err := Join([]*Data{a, c}, []string{"a", "c"}); err == nil {
		t.Error("joined files of two variants")
	}
}

func TestFreshAndStats(t *testing.T) {
	old := &Data{Header: Header{Variant: "russian", Merged: true}, Samples: Merge([]Sample{
		{White: 1, Black: 2, Draws: 1}, {White: 5, Black: 6, Wins: 3},
	})}
	// Unmerged, with a position twice.
	d := &Data{Header: Header{Variant: "russian"}, Games: 4, Samples: []Sample{
		{White: 5, Black: 6, Draws: 1},
		{White: 0xFFF, Black: 0xFFF00000, Wins: 1},
		{White: 7, Black: 8, Losses: 1},
		{White: 0xFFF, Black: 0xFFF00000, Draws: 1},
		{White: 1, Black: 2, Side: 1, Draws: 1},
	}}
	n, visits := Fresh(d, []*Data{old})
	if n != 3 || visits != 4 {
		t.Errorf("fresh: %d distinct, %d visits; want 3, 4", n, visits)
	}
	if n, visits := Fresh(d, nil); n != 4 || visits != 5 {
		t.Errorf("fresh against nothing: %d, %d; want 4, 5", n, visits)
	}
	st := Stats(d, 24)
	want := FileStats{Games: 4, Visits: 5, Distinct: 4, Shared: 1, SharedVisits: 2, Opening: 1, OpeningVisits: 2, OpeningMost: 2}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}

func TestSpread(t *testing.T) {
	var s Spread
	a, b := PosKey{White: 1}, PosKey{White: 2}
	s.Add(GameStats{Start: a, Ply10: a, HasPly10: true, Kept: 10, Dropped: 2, Tries: 3, RandomPlies: 6, Plies: 50})
	s.Add(GameStats{Start: a, Ply10: b, HasPly10: true, Kept: 20, Dropped: 0, Tries: 1, RandomPlies: 4, Plies: 70})
	s.Add(GameStats{Start: b, Kept: 5, Fallback: true, Tries: 16, Plies: 8})
	if s.Games != 3 || s.Starts() != 2 || s.DistinctPly10() != 2 || s.Ply10Games != 2 || s.Kept != 35 || s.Dropped != 2 ||
		s.Fallbacks != 1 || s.Tries != 20 || mostCommon(s.starts) != 2 {
		t.Errorf("%+v", s)
	}
	if got := s.String(); got == "" {
		t.Error("no summary")
	}
}
