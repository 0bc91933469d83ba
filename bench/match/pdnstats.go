package match

// Matches read back from the PDN files the runner writes and summed up as
// the runner sums up a match (damka match stats): several runs of the same
// match pooled, a run looked at again after the fact, and one sample
// compared with another.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"damka/format/pdn"
)

// PDNFile is the games of one PDN file and its name for messages. Game
// pairs (the same opening with the colours swapped) are formed within a
// file only, from the Round tags the runner writes.
type PDNFile struct {
	Name  string
	Games []*pdn.Game
}

// SummarizePDN sums up the finished games of the files as one match:
// engines by their White and Black tags, those named in first first (in
// that order, so that a second sample reads the same way), the others in
// the order they appear;
// results; pentanomial pairs; failures from the Termination tags; and clock
// use from the move comments ({0.412s 9.69s d17 +0.05}). Games still
// running ("*") are skipped. Late moves are not in the files and are not
// counted.
func SummarizePDN(files []PDNFile, first ...string) (*Summary, error) {
	var (
		names    []string
		index    = map[string]int{}
		pairing  = map[[2]int]int{}
		pairID   = map[[3]int]int{}
		t        = &tally{pending: map[int]float64{}}
		failures []int
		variant  = map[string]bool{}
		tc       = map[string]bool{}
	)
	engine := func(name string) int {
		i, ok := index[name]
		if !ok {
			i = len(names)
			index[name] = i
			names = append(names, name)
			t.eng = append(t.eng, Standing{Engine: i, Name: name})
			failures = append(failures, 0)
		}
		return i
	}
	plays := map[string]bool{}
	for _, f := range files {
		for _, g := range f.Games {
			if _, ok := pdn.ResultScore(g.Result); ok {
				for _, tag := range [2]string{"White", "Black"} {
					n, _ := g.TagValue(tag)
					plays[n] = true
				}
			}
		}
	}
	for _, n := range first {
		if plays[n] {
			engine(n)
		}
	}
	for fi, f := range files {
		for gi, g := range f.Games {
			white, ok := pdn.ResultScore(g.Result)
			if !ok {
				continue
			}
			wn, okW := g.TagValue("White")
			bn, okB := g.TagValue("Black")
			if !okW || !okB || wn == bn {
				return nil, fmt.Errorf("%s: game %d: a match game needs White and Black tags naming two engines", f.Name, gi+1)
			}
			wi, bi := engine(wn), engine(bn)
			key := [2]int{min(wi, bi), max(wi, bi)}
			pi, ok := pairing[key]
			if !ok {
				pi = len(t.pairs)
				pairing[key] = pi
				t.pairs = append(t.pairs, PairStats{A: key[0], B: key[1]})
			}
			idx := gi
			if r, ok := g.TagValue("Round"); ok {
				if n, err := strconv.Atoi(r); err == nil && n >= 1 {
					idx = n - 1
				}
			}
			qk := [3]int{fi, idx / 2, pi}
			q, ok := pairID[qk]
			if !ok {
				q = len(pairID)
				pairID[qk] = q
			}
			t.record(wi, bi, pi, q, white)
			rec, failed := readBack(g, wi, bi, wn, bn)
			if rec != nil {
				t.addThinks(rec)
			}
			if failed >= 0 {
				failures[failed]++
			}
			if v, ok := g.TagValue("Variant"); ok {
				variant[v] = true
			} else {
				variant[g.Variant().Name] = true
			}
			if v, ok := g.TagValue("TimeControl"); ok {
				tc[v] = true
			}
		}
	}
	if t.played == 0 {
		return nil, fmt.Errorf("no finished games in %s", fileNames(files))
	}
	s := &Summary{
		Variant:  oneOf(variant),
		TC:       oneOf(tc),
		Engines:  names,
		Played:   t.played,
		Total:    t.played,
		Pairings: t.pairs,
	}
	for i, st := range t.eng {
		st.Failures = failures[i]
		s.Standings = append(s.Standings, st)
	}
	return s, nil
}

// readBack is what a written game between engines wi (White, called
// wName) and bi (bName) tells beyond its result: its engines' thinking
// times from the move comments (nil without them), and the engine, wi or
// bi, that lost it by a failure according to its Termination tag (-1:
// none).
func readBack(g *pdn.Game, wi, bi int, wName, bName string) (rec *Record, failed int) {
	if th, ok := readThinks(g); ok {
		rec = &Record{White: wi, Black: bi, Start: g.Start(), Moves: g.Moves(), Thinks: th}
	}
	term, _ := g.TagValue("Termination")
	switch {
	case failedIn(term, wName):
		return rec, wi
	case failedIn(term, bName):
		return rec, bi
	}
	return rec, -1
}

// failedIn reports whether a Termination tag says that the engine called
// name lost by a failure: the runner writes "NAME KIND: detail".
func failedIn(term, name string) bool {
	for k := Crashed; k <= NoStart; k++ {
		if strings.HasPrefix(term, name+" "+k.String()+":") {
			return true
		}
	}
	return false
}

// oneOf names the single value of a set, or all of them.
func oneOf(set map[string]bool) string {
	var vs []string
	for v := range set {
		vs = append(vs, v)
	}
	switch len(vs) {
	case 0:
		return "?"
	case 1:
		return vs[0]
	}
	slices.Sort(vs)
	return "mixed (" + strings.Join(vs, ", ") + ")"
}

func fileNames(files []PDNFile) string {
	var ns []string
	for _, f := range files {
		ns = append(ns, f.Name)
	}
	return strings.Join(ns, ", ")
}

// readThinks reads back the Thinks of a game from its move comments: the
// engines' moves are those from the first commented move on, each with a
// comment thinkComments wrote. A game whose comments are not all of that
// form (another program's annotations) has none.
func readThinks(g *pdn.Game) ([]Think, bool) {
	first := -1
	for i, c := range g.Comments {
		if c != "" {
			first = i
			break
		}
	}
	if first < 0 {
		return nil, false
	}
	n := g.Len()
	thinks := make([]Think, 0, n-first)
	for i := first; i < n; i++ {
		if i >= len(g.Comments) {
			return nil, false
		}
		th, ok := parseThink(g.Comments[i])
		if !ok {
			return nil, false
		}
		thinks = append(thinks, th)
	}
	return thinks, true
}

// parseThink reads one comment written by thinkComments: the time the
// move took ("0.412s"), then optionally the clock left ("9.69s"), then
// optionally the depth and score ("d17 +0.05").
func parseThink(c string) (Think, bool) {
	f := strings.Fields(c)
	var th Think
	secs := func(s string) (time.Duration, bool) {
		v, ok := strings.CutSuffix(s, "s")
		if !ok {
			return 0, false
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 0 || x > 1e7 {
			return 0, false
		}
		return time.Duration(math.Round(x * float64(time.Second))), true
	}
	if len(f) == 0 {
		return th, false
	}
	var ok bool
	if th.Elapsed, ok = secs(f[0]); !ok {
		return th, false
	}
	f = f[1:]
	if len(f) > 0 && strings.HasSuffix(f[0], "s") {
		if th.Left, ok = secs(f[0]); !ok {
			return th, false
		}
		f = f[1:]
	}
	switch len(f) {
	case 0:
		return th, true
	case 2:
		d, ok := strings.CutPrefix(f[0], "d")
		depth, err1 := strconv.Atoi(d)
		score, err2 := strconv.ParseFloat(f[1], 64)
		if !ok || err1 != nil || err2 != nil || depth < 0 {
			return th, false
		}
		th.Depth, th.Score, th.HasInfo = depth, score, true
		return th, true
	}
	return th, false
}
