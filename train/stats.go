package train

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Spread sums up the games of a run (SelfplayConfig.Report): how many
// distinct positions its games start from and pass through at ply 10, how
// many random starts the margin refused, how many positions the shot
// filter dropped. Add every game once.
type Spread struct {
	Games       int
	Kept        int // positions kept (before equal ones merge)
	Dropped     int // positions dropped for a pending shot
	Tries       int // random starts searched (RandomMargin)
	Fallbacks   int // games that kept none and start from their opening
	RandomPlies int // random moves, all games together
	Plies       int // game lengths, all games together
	Ply10Games  int // games that reached ply 10
	starts      map[PosKey]int
	ply10       map[PosKey]int
}

// Add counts one game.
func (s *Spread) Add(g GameStats) {
	if s.starts == nil {
		s.starts, s.ply10 = map[PosKey]int{}, map[PosKey]int{}
	}
	s.Games++
	s.Kept += g.Kept
	s.Dropped += g.Dropped
	s.Tries += g.Tries
	s.RandomPlies += g.RandomPlies
	s.Plies += g.Plies
	if g.Fallback {
		s.Fallbacks++
	}
	s.starts[g.Start]++
	if g.HasPly10 {
		s.Ply10Games++
		s.ply10[g.Ply10]++
	}
}

// Starts is the number of distinct start positions (after the opening
// and the random moves).
func (s *Spread) Starts() int { return len(s.starts) }

// DistinctPly10 is the number of distinct positions at ply 10.
func (s *Spread) DistinctPly10() int { return len(s.ply10) }

// mostCommon is the largest number of games that share one position of m.
func mostCommon(m map[PosKey]int) int {
	n := 0
	for _, c := range m {
		n = max(n, c)
	}
	return n
}

// String is the summary, a line each for the games, the starts, ply 10
// and the positions.
func (s *Spread) String() string {
	if s.Games == 0 {
		return "no games played"
	}
	var b strings.Builder
	g := float64(s.Games)
	fmt.Fprintf(&b, "%d games, %.1f plies a game, %.1f random plies a game", s.Games, float64(s.Plies)/g, float64(s.RandomPlies)/g)
	if s.Tries > 0 {
		fmt.Fprintf(&b, " (%.2f starts searched a game, %d games from their opening after %d refused)", float64(s.Tries)/g, s.Fallbacks, 2*startTries)
	}
	fmt.Fprintf(&b, "\nopenings' spread: %d distinct starts in %d games (%.1f%%; the most common start: %d games), %d distinct positions at ply 10 in the %d games that reach it (%.1f%%; the most common: %d games)",
		s.Starts(), s.Games, pct(s.Starts(), s.Games), mostCommon(s.starts), s.DistinctPly10(), s.Ply10Games, pct(s.DistinctPly10(), s.Ply10Games), mostCommon(s.ply10))
	fmt.Fprintf(&b, "\n%d positions kept (%.1f a game)", s.Kept, float64(s.Kept)/g)
	if s.Dropped > 0 || s.Kept == 0 {
		fmt.Fprintf(&b, ", %d dropped for a pending shot (%.1f%% of the quiet positions)", s.Dropped, pct(s.Dropped, s.Kept+s.Dropped))
	}
	return b.String()
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

// FileStats is what the samples of a data file say of it.
type FileStats struct {
	Games    int // games, as the blocks say
	Visits   int // positions kept by the games: every game's visit counts
	Distinct int // distinct positions
	// Shared are the distinct positions met in more than one game, and
	// SharedVisits the visits to them.
	Shared, SharedVisits int
	// Opening positions: no piece captured yet and no king (full
	// material); their number, their visits and the most visits of one.
	Opening, OpeningVisits, OpeningMost int
}

// Stats reads the numbers of d; an unmerged file (a shard) is merged in a
// copy first. full is the number of pieces of the variant's start. A
// sample's counts stop at 65535 games, so Visits may fall short where one
// position is met more often.
func Stats(d *Data, full int) FileStats {
	samples := d.Samples
	if !d.Header.Merged {
		samples = Merge(slices.Clone(samples))
	}
	st := FileStats{Games: d.Games, Distinct: len(samples)}
	for i := range samples {
		s := &samples[i]
		n := max(s.Games(), 1)
		st.Visits += n
		if n > 1 {
			st.Shared++
			st.SharedVisits += n
		}
		if s.Kings == 0 && bits.OnesCount64(s.White|s.Black) == full {
			st.Opening++
			st.OpeningVisits += n
			st.OpeningMost = max(st.OpeningMost, n)
		}
	}
	return st
}

// String is the summary of st on one line.
func (st FileStats) String() string {
	g := float64(max(st.Games, 1))
	return fmt.Sprintf("%d games, %d positions kept (%.1f a game), %d distinct (%.1f a game); met in several games: %d distinct (%.1f%%) taking %.1f%% of the visits; before any capture: %d distinct, %d visits, the most met %d (%.1f%% of the games)",
		st.Games, st.Visits, float64(st.Visits)/g, st.Distinct, float64(st.Distinct)/g,
		st.Shared, pct(st.Shared, st.Distinct), pct(st.SharedVisits, st.Visits),
		st.Opening, st.OpeningVisits, st.OpeningMost, pct(st.OpeningMost, st.Games))
}

// Fresh counts the positions of d that none of old holds: distinct ones,
// and the visits to them. Merged files (the usual case) are read as they
// are; unmerged ones are merged in a copy.
func Fresh(d *Data, old []*Data) (distinct, visits int) {
	sorted := func(x *Data) []Sample {
		if x.Header.Merged {
			return x.Samples
		}
		return Merge(slices.Clone(x.Samples))
	}
	olds := make([][]Sample, len(old))
	for i, o := range old {
		olds[i] = sorted(o)
	}
	pos := make([]int, len(old))
	for _, s := range sorted(d) {
		seen := false
		for k, o := range olds {
			j := pos[k]
			for j < len(o) && o[j].compare(&s) < 0 {
				j++
			}
			pos[k] = j
			seen = seen || j < len(o) && o[j].compare(&s) == 0
		}
		if !seen {
			distinct++
			visits += max(s.Games(), 1)
		}
	}
	return distinct, visits
}

// Join joins data files of one variant, of any runs (generations): the
// samples of all, equal positions merged into one (the counts add, the
// score is the mean weighted by games), as damka tune reads several files.
// The header's Meta lists the files' own.
func Join(ds []*Data, names []string) (*Data, error) {
	if len(ds) == 0 {
		return nil, fmt.Errorf("no data files")
	}
	out := &Data{Header: Header{Variant: ds[0].Header.Variant, Merged: true}}
	var metas []string
	n := 0
	for _, d := range ds {
		n += len(d.Samples)
	}
	out.Samples = make([]Sample, 0, n)
	for i, d := range ds {
		if d.Header.Variant != out.Header.Variant {
			return nil, fmt.Errorf("%s holds %s positions, %s holds %s", names[i], d.Header.Variant, names[0], out.Header.Variant)
		}
		out.Samples = append(out.Samples, d.Samples...)
		out.Games += d.Games
		metas = append(metas, fmt.Sprintf("%s (%s)", names[i], d.Header.Meta))
	}
	out.Samples = Merge(out.Samples)
	out.Header.Meta = "joined: " + strings.Join(metas, "; ")
	return out, nil
}
