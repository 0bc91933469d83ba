package skill

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
)

// gameFile holds the games of a variant that the measurements read.
var gameFile = map[string]string{"international": "scan31h-10+0.1-2026-12-02.pdn", "russian": "kestog-10+0.1-2026-12-03.pdn"}

// measuredVariant returns the variant that the environment variable env
// names for a measurement, skipping the test when it is unset; a variant
// without games in gameFile is an error, not a skip.
func measuredVariant(t *testing.T, env string) *board.Variant {
	name := os.Getenv(env)
	if name == "" {
		t.Skip(env + "=VARIANT runs this measurement")
	}
	v, err := board.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if gameFile[v.Name] == "" {
		t.Fatalf("%s: no games of %s to measure on (international or russian)", env, v.Name)
	}
	return v
}

// gamePositions are positions of real games (damka against Scan or
// KestoG, from docs/matches) after 16, 30 and 44 plies: the positions a
// level meets, where random games give lopsided ones.
func gamePositions(t *testing.T, v *board.Variant) []*board.Game {
	var out []*board.Game
	for _, line := range gameLines(t, v, 14, 44) {
		for _, ply := range []int{16, 30, 44} {
			if ply > len(line) {
				break
			}
			out = append(out, line[ply-1])
		}
	}
	return out
}

// TestLevelStatistics measures what the levels' moves cost: over positions
// of random games, each level's move is scored by a reference search of all
// root moves, and the table gives each level's mean depth, how often it
// plays the reference's best move, and its mean loss against that move (in
// hundredths of a man). It is a measurement for docs/levels.md, not a
// check: DAMKA_SKILL_STATS=international (or russian) runs it.
func TestLevelStatistics(t *testing.T) {
	v := measuredVariant(t, "DAMKA_SKILL_STATS")
	const refNodes, seeds = 300000, 4
	games := gamePositions(t, v)
	type ref struct {
		best  int
		score map[board.Move]int
	}
	refs := make([]ref, len(games))
	for i, g := range games {
		pos := *g.Position()
		var ml board.MoveList
		v.Generate(&pos, &ml)
		e := engine.New(engine.Options{Threads: 1, HashMB: 16, MultiPV: ml.N})
		var cur, done []engine.Info
		depth := 0
		e.Search(g, engine.Limits{Nodes: refNodes, NoBook: true}, func(in engine.Info) {
			if in.Depth != depth || in.MultiPV <= 1 {
				cur, depth = cur[:0], in.Depth
			}
			cur = append(cur, in)
			if len(cur) == ml.N {
				done = append(done[:0], cur...)
			}
		})
		refs[i] = ref{best: -1 << 30, score: map[board.Move]int{}}
		for _, in := range done {
			refs[i].score[in.PV[0]] = in.Score
			refs[i].best = max(refs[i].best, in.Score)
		}
	}
	t.Logf("%d positions of %s, reference %d nodes, %d seeds each", len(games), v.Name, refNodes, seeds)
	t.Logf("level  nodes    depth  best%%   mean loss")
	for lv := MinLevel; lv <= MaxLevel; lv++ {
		var n, agree, loss, depth float64
		for seed := range uint64(seeds) {
			s, _ := New(engine.New(engine.Options{Threads: 1, HashMB: 16}), Config{Level: lv, Seed: seed})
			for i, g := range games {
				lim := engine.Limits{NoBook: true}
				if lv == MaxLevel {
					lim.Nodes = refNodes
				}
				r := s.Search(g, lim, nil)
				sc, ok := refs[i].score[r.Best]
				if !ok || len(refs[i].score) < 2 {
					continue
				}
				n++
				depth += float64(r.Depth)
				if sc == refs[i].best {
					agree++
				}
				loss += float64(min(refs[i].best-sc, 1000))
			}
		}
		p, _ := ParamsOf(lv)
		t.Logf("%5d  %7d  %5.1f  %5.1f  %6.1f", lv, p.Nodes, depth/n, 100*agree/n, loss/n)
	}
}

// TestLevelDepth measures how deep each level searches in the course of a
// game, where the transposition table carries from move to move: the
// positions of real games are searched one after the other at each level
// (no clock, one thread), and the table gives the mean horizon, the mean
// depth reached, the mean nodes, and how often the node cap ended the
// search before the horizon. A level whose cap ends most searches is not
// the level its horizon says (docs/levels.md). DAMKA_SKILL_DEPTH=VARIANT
// runs it; DAMKA_SKILL_LEVELS="16 17" picks the levels (default all).
func TestLevelDepth(t *testing.T) {
	v := measuredVariant(t, "DAMKA_SKILL_DEPTH")
	levels := []int{}
	for _, f := range strings.Fields(os.Getenv("DAMKA_SKILL_LEVELS")) {
		l, err := strconv.Atoi(f)
		if err != nil || l < MinLevel || l >= MaxLevel {
			t.Fatalf("DAMKA_SKILL_LEVELS: %q is not a level from %d to %d", f, MinLevel, MaxLevel-1)
		}
		levels = append(levels, l)
	}
	if len(levels) == 0 {
		for l := MinLevel; l < MaxLevel; l++ {
			levels = append(levels, l)
		}
	}
	games := gameLines(t, v, 4, 80)
	t.Logf("%d games of %s, every position of their first 80 plies", len(games), v.Name)
	t.Logf("level  horizon  depth  nodes     capped%%  ms")
	for _, lv := range levels {
		p, _ := ParamsOf(lv)
		var n, depth, nodes, capped float64
		var elapsed time.Duration
		for _, line := range games {
			s, _ := New(engine.New(engine.Options{Threads: 1, HashMB: 64}), Config{Level: lv, Seed: 1})
			s.NewGame()
			for _, g := range line {
				begin := time.Now()
				r := s.Search(g, engine.Limits{NoBook: true}, nil)
				elapsed += time.Since(begin)
				if !r.HasBest {
					continue
				}
				n++
				depth += float64(r.Depth)
				nodes += float64(r.Nodes)
				if r.Nodes >= p.Nodes {
					capped++
				}
			}
		}
		t.Logf("%5d  %7.1f  %5.1f  %8.0f  %7.1f  %5.1f", lv, p.Horizon, depth/n, nodes/n, 100*capped/n,
			float64(elapsed.Milliseconds())/n)
	}
}

// gameLines returns, for each of the first n games of the variant's file,
// the game's positions after 1, 2, ... plies, up to plies, where a move
// was played next.
func gameLines(t *testing.T, v *board.Variant, n, plies int) [][]*board.Game {
	f, err := os.Open("../../docs/matches/" + gameFile[v.Name])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]*board.Game
	for _, g := range games[:min(len(games), n)] {
		moves := g.Moves()
		var line []*board.Game
		for ply := 1; ply <= min(plies, len(moves)-1); ply++ {
			p, err := board.GameOf(v, g.Start(), moves[:ply])
			if err != nil {
				t.Fatal(err)
			}
			line = append(line, p)
		}
		out = append(out, line)
	}
	return out
}
