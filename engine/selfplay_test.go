package engine

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"damka/board"
)

// playGame plays one game between a (moving first) and b from start, each
// move searched with nodes nodes, and returns 1, 0.5 or 0 for a. The game
// ends on no legal move (the variant's goal says who has won), a draw
// rule (playDrawn), or after maxPlies
// (adjudicated a draw).
func playGame(v *board.Variant, a, b *Engine, start board.Position, nodes uint64, maxPlies int) float64 {
	a.NewGame()
	b.NewGame()
	g := board.NewGame(v, start)
	for ply := 0; ply < maxPlies; ply++ {
		e, aToMove := a, ply%2 == 0
		if !aToMove {
			e = b
		}
		r := e.Search(g, Limits{Nodes: nodes}, nil)
		if !r.HasBest {
			mover := 0.0
			if _, win := v.Outcome(g.Position(), nil); win {
				mover = 1
			}
			if aToMove {
				return mover
			}
			return 1 - mover
		}
		if playDrawn(g, r.Best) != "" {
			return 0.5
		}
	}
	return 0.5
}

// playDrawn plays m, legal in g, and says which draw rule ends the game
// now, or "" if none does.
func playDrawn(g *board.Game, m board.Move) string {
	if err := g.Play(m); err != nil {
		return err.Error()
	}
	switch rule, _ := g.DrawAt(g.Len()); rule {
	case board.Repetition:
		return "repetition"
	case board.KingMoves:
		return "the king-moves counter"
	case board.EndgameLimit:
		c := g.EndgameCounter()
		return c.Reason()
	}
	return ""
}

// TestSelfPlay is a tool, not a check: DAMKA_SELFPLAY=games plays that many
// game pairs between the default search and a variant of it (edit the
// knobs below) from the bench-like openings, each opening with both
// colours, and prints the score. Run it before keeping a search change.
func TestSelfPlay(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DAMKA_SELFPLAY"))
	if n == 0 {
		t.Skip("set DAMKA_SELFPLAY=pairs to run")
	}
	nodes := uint64(20000)
	if s, err := strconv.Atoi(os.Getenv("DAMKA_NODES")); err == nil {
		nodes = uint64(s)
	}
	v := board.International
	if name := os.Getenv("DAMKA_VARIANT"); name != "" {
		v, _ = board.Lookup(name)
	}
	base := New(Options{HashMB: 8})
	test := New(Options{HashMB: 8})
	test.knobs = knobsFromEnv(test.knobs)
	fmt.Printf("test knobs %+v vs %+v, %d nodes/move\n", test.knobs, base.knobs, nodes)
	score, games := 0.0, 0
	for i := 0; i < n; i++ {
		// Openings: random 6-ply starts, seeded by the pair number.
		game := randomGame(v, 6, uint64(1000+i))
		start := game[len(game)-1]
		score += playGame(v, test, base, start, nodes, 300)
		score += 1 - playGame(v, base, test, start, nodes, 300)
		games += 2
		if (i+1)%10 == 0 || i+1 == n {
			fmt.Printf("after %d games: %.1f (%.1f%%)\n", games, score, 100*score/float64(games))
		}
	}
}

func knobsFromEnv(k knobs) knobs {
	set := func(name string, p *int) {
		if s, err := strconv.Atoi(os.Getenv(name)); err == nil {
			*p = s
		}
	}
	set("K_PCD", &k.probCutDepth)
	set("K_PCM", &k.probCutMargin)
	set("K_LMRD", &k.lmrMinDepth)
	return k
}
