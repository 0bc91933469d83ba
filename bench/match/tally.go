package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"damka/bench/stats"
	"damka/board"
)

// PairStats are the results of one pairing from its first engine's view.
type PairStats struct {
	A, B  int // engine indexes
	WDL   stats.WDL
	Penta stats.Penta // complete game pairs only
}

// Standing is one engine's line of the round-robin table.
type Standing struct {
	Engine   int
	Name     string
	W, D, L  int
	Failures int // games lost by crash, hang, time, illegal move, garbage
	Restarts int
	Late     int           // moves over the clock but within the time margin
	MaxLate  time.Duration // the most one of them was over
	Clock    ClockUse
}

// ClockUse sums how an engine spent its thinking time over the games that
// recorded it (those read back by --resume from their move comments).
type ClockUse struct {
	Games, Moves int
	Think        time.Duration // total thinking time
	MaxThink     time.Duration // the longest move
	Left         time.Duration // clock left after each game's last move, summed
	MinLeft      time.Duration // the least left after any move
	Depths       int           // sum of the last info depths
	DepthMoves   int           // moves that reported a depth
	// ByMove sums the thinking time by move number (the engine's own moves
	// in the game, 0-based), in bands of clockBand moves, and counts the
	// moves in each, for the time-per-move profile.
	ByMove      []time.Duration
	ByMoveCount []int
}

// clockBand is the number of moves per band of the clock-use profile.
const clockBand = 10

// Score returns the points ratio.
func (s Standing) Score() float64 { return stats.WDL{W: s.W, D: s.D, L: s.L}.Score() }

// Summary is the state of a match, final or in progress.
type Summary struct {
	Variant   string
	TC        string
	Engines   []string
	Played    int // games finished (including resumed ones)
	Total     int // games scheduled
	Pairings  []PairStats
	Standings []Standing // in engine order
	SPRT      *stats.SPRT
	LLR       float64 // pentanomial LLR of pairing 0 (with SPRT)
	Decision  stats.Decision
	Stopped   string // why the match ended early ("" if it did not)
	Elapsed   time.Duration
	CPU       time.Duration // runner's own user+sys time, if known
	HasCPU    bool
}

// tally accumulates results; the runner holds its lock.
type tally struct {
	sched    schedule
	pairs    []PairStats
	pending  map[int]float64 // pair number -> first engine's score of the game already in
	eng      []Standing
	played   int
	sprt     *stats.SPRT
	llr      float64
	decision stats.Decision
}

func newTally(sched schedule, names []string, sprt *stats.SPRT) *tally {
	t := &tally{sched: sched, pending: map[int]float64{}, sprt: sprt}
	for _, p := range sched.pairings {
		t.pairs = append(t.pairs, PairStats{A: p[0], B: p[1]})
	}
	for i, n := range names {
		t.eng = append(t.eng, Standing{Engine: i, Name: n})
	}
	return t
}

// add records game idx, White's score white.
func (t *tally) add(idx int, white float64) {
	wi, bi, _ := t.sched.at(idx)
	q, pi := t.sched.pair(idx)
	t.record(wi, bi, pi, q, white)
}

// record adds one game of pairing pi between engines wi (White) and bi
// (Black), White's score white; q names its game pair (the same opening
// with the colours swapped), which is counted in the pentanomial when
// both of its games are in.
func (t *tally) record(wi, bi, pi, q int, white float64) {
	ps := &t.pairs[pi]
	a := white // first engine's score
	if wi != ps.A {
		a = 1 - white
	}
	switch a {
	case 1:
		ps.WDL.W++
	case 0:
		ps.WDL.L++
	default:
		ps.WDL.D++
	}
	for _, e := range []struct {
		i int
		s float64
	}{{wi, white}, {bi, 1 - white}} {
		switch e.s {
		case 1:
			t.eng[e.i].W++
		case 0:
			t.eng[e.i].L++
		default:
			t.eng[e.i].D++
		}
	}
	if other, ok := t.pending[q]; ok {
		delete(t.pending, q)
		if k := stats.PairScoreIndex(other, a); k >= 0 {
			ps.Penta[k]++
		}
	} else {
		t.pending[q] = a
	}
	t.played++
	if t.sprt != nil {
		t.llr, t.decision = t.sprt.DecidePenta(t.pairs[0].Penta)
	}
}

// addLate adds game g's late moves to its engines' standings.
func (t *tally) addLate(g *Record) {
	for c, e := range [2]int{g.White, g.Black} {
		s := &t.eng[e]
		s.Late += g.Late[c]
		s.MaxLate = max(s.MaxLate, g.MaxLate[c])
	}
}

// addThinks adds game g's thinking times to its engines' clock use.
func (t *tally) addThinks(g *Record) {
	if len(g.Thinks) == 0 {
		return
	}
	mover := g.Start.Side
	if (len(g.Moves)-len(g.Thinks))%2 == 1 {
		mover = mover.Opponent()
	}
	var last [2]*Think
	var count [2]int
	for i := range g.Thinks {
		th := &g.Thinks[i]
		c := mover
		if i%2 == 1 {
			c = mover.Opponent()
		}
		e := g.White
		if c == board.Black {
			e = g.Black
		}
		u := &t.eng[e].Clock
		u.Moves++
		u.Think += th.Elapsed
		u.MaxThink = max(u.MaxThink, th.Elapsed)
		if u.Moves == 1 || th.Left < u.MinLeft {
			u.MinLeft = th.Left
		}
		if th.HasInfo {
			u.Depths += th.Depth
			u.DepthMoves++
		}
		b := count[c] / clockBand
		for len(u.ByMove) <= b {
			u.ByMove = append(u.ByMove, 0)
			u.ByMoveCount = append(u.ByMoveCount, 0)
		}
		u.ByMove[b] += th.Elapsed
		u.ByMoveCount[b]++
		count[c]++
		last[c] = th
	}
	for c, e := range [2]int{g.White, g.Black} {
		if last[c] == nil {
			continue
		}
		u := &t.eng[e].Clock
		u.Games++
		u.Left += last[c].Left
	}
}

// clockText is one engine's clock-use line: mean time per move, the
// longest, mean depth, mean clock left at the end and the least left after
// any move, then the mean time per move by bands of clockBand moves.
func clockText(name string, u ClockUse) string {
	if u.Moves == 0 || u.Games == 0 {
		return ""
	}
	ms := func(d time.Duration, n int) float64 { return d.Seconds() * 1000 / float64(n) }
	s := fmt.Sprintf("%s: clock use over %d games: %.0f ms/move (longest %.0f ms)", name, u.Games, ms(u.Think, u.Moves), ms(u.MaxThink, 1))
	if u.DepthMoves > 0 {
		s += fmt.Sprintf(", depth %.1f", float64(u.Depths)/float64(u.DepthMoves))
	}
	if u.Left > 0 || u.MinLeft > 0 {
		s += fmt.Sprintf(", left at the end %.2f s (least %.2f s)", u.Left.Seconds()/float64(u.Games), u.MinLeft.Seconds())
	}
	s += "\n  ms/move by move number:"
	for b, d := range u.ByMove {
		if u.ByMoveCount[b] > 0 {
			s += fmt.Sprintf(" %d-%d:%.0f", b*clockBand+1, (b+1)*clockBand, ms(d, u.ByMoveCount[b]))
		}
	}
	return s + "\n"
}

// WriteTo prints the statistics: for two engines the cutechess-style block
// (W-D-L, score, Elo with its 95% interval from game results and from game
// pairs, LOS, draw ratio, pentanomial counts, SPRT); for more, a table
// sorted by score plus one line per pairing.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	pf := func(format string, a ...any) { fmt.Fprintf(&sb, format, a...) }
	pf("Match: %s, %s, %d of %d games", s.Variant, s.TC, s.Played, s.Total)
	if s.Elapsed > 0 {
		pf(", %s", s.Elapsed.Round(time.Second))
	}
	pf("\n")
	if s.Stopped != "" {
		pf("Stopped early: %s\n", s.Stopped)
	}
	for _, ps := range s.Pairings {
		if len(s.Pairings) > 1 && ps.WDL.Games() == 0 {
			continue
		}
		r := ps.WDL
		elo, m := r.Elo()
		pe, pm := ps.Penta.Elo()
		pf("%s vs %s: games %d, W-D-L %d-%d-%d, score %.1f/%d (%.2f%%)\n",
			s.Engines[ps.A], s.Engines[ps.B], r.Games(), r.W, r.D, r.L,
			float64(r.W)+float64(r.D)/2, r.Games(), 100*r.Score())
		pf("  Elo %s +/- %s (95%%), LOS %.2f%%, draw ratio %.2f%%\n", eloText(elo), eloText(m), 100*r.LOS(), 100*r.DrawRatio())
		pf("  pentanomial [0, 0.5, 1, 1.5, 2] = %v (%d pairs), Elo %s +/- %s\n", ps.Penta, ps.Penta.Pairs(), eloText(pe), eloText(pm))
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		pf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] (pentanomial) %s\n",
			s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, s.LLR, lo, hi, s.Decision)
	}
	if len(s.Engines) > 2 {
		st := append([]Standing(nil), s.Standings...)
		sort.SliceStable(st, func(i, j int) bool { return st[i].Score() > st[j].Score() })
		width := 4
		for _, x := range st {
			width = max(width, len(x.Name))
		}
		pf("%-4s %-*s %8s %8s %6s %7s %7s %6s\n", "Rank", width, "Name", "Elo", "+/-", "Games", "Score", "Draws", "Fails")
		for i, x := range st {
			r := stats.WDL{W: x.W, D: x.D, L: x.L}
			elo, m := r.Elo()
			pf("%-4d %-*s %8s %8s %6d %6.1f%% %6.1f%% %6d\n", i+1, width, x.Name, eloText(elo), eloText(m), r.Games(), 100*r.Score(), 100*r.DrawRatio(), x.Failures)
		}
	}
	for _, x := range s.Standings {
		if x.Failures > 0 || x.Restarts > 0 {
			pf("%s: %d games lost by failure", x.Name, x.Failures)
			if x.Restarts > 0 {
				pf(", %d restarts", x.Restarts)
			}
			pf("\n")
		}
	}
	for _, x := range s.Standings {
		if x.Late > 0 {
			pf("%s: %d moves over the clock within the time margin, the latest by %.3f s\n", x.Name, x.Late, x.MaxLate.Seconds())
		}
	}
	for _, x := range s.Standings {
		sb.WriteString(clockText(x.Name, x.Clock))
	}
	if s.HasCPU && s.Elapsed > 0 {
		pf("Runner CPU: %.2f s user+sys over %.1f s wall (%.2f%% of one core)\n",
			s.CPU.Seconds(), s.Elapsed.Seconds(), 100*s.CPU.Seconds()/s.Elapsed.Seconds())
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// eloText writes an Elo figure; infinities as "inf".
func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	}
	return fmt.Sprintf("%.1f", x)
}
