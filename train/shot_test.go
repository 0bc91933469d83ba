package train

import (
	"context"
	"testing"

	"damka/board"
	"damka/engine"
)

// The shot filter drops positions whose value hangs on a shot, for the
// side to move or against it, and keeps quiet ones.
func TestPendingShot(t *testing.T) {
	for _, c := range []struct {
		name string
		v    *board.Variant
		fen  string
		want bool
	}{
		// 28-23 19x28 33x2: a man given for three and a crown.
		{"shot for the side to move", board.International, "W:W28,29,33,35,36,37,38,39,43,45,48:B5,7,9,12,13,14,17,18,19,20,25", true},
		// Black cannot stop 33x13 19x8 30x19 whatever it plays.
		{"shot against the side to move", board.International, "B:W27,30,33,34,35,37,38,42:B18,19,20,23,24,25", true},
		{"start", board.International, "", false},
		{"quiet middle game", board.International, "W:W33,34,35,36,39,42,44:B3,8,9,14,15,16,22", false},
		{"Russian start", board.Russian, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := c.v.Start()
			if c.fen != "" {
				var err error
				if p, err = c.v.ParseFEN(c.fen); err != nil {
					t.Fatal(err)
				}
			}
			var ml board.MoveList
			if c.v.GenerateCaptures(&p, &ml) {
				t.Fatal("the side to move has a capture: not a kept position")
			}
			pr, err := newProbe(c.v, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := pr.pendingShot(&p, DefaultShotDepth, DefaultShotMargin); got != c.want {
				s, _ := pr.search(&p, DefaultShotDepth)
				t.Errorf("pendingShot = %v, want %v (search %d, static %d)", got, c.want, s, pr.static(&p))
			}
			// Off: margin beyond any score keeps everything.
			if pr.pendingShot(&p, DefaultShotDepth, 2*engine.WinScore) {
				t.Error("kept nothing with an infinite margin")
			}
		})
	}
}

func marginConfig() SelfplayConfig {
	return SelfplayConfig{Variant: board.Russian, Games: 40, Depth: 4, Seed: 9, RandomPlies: 14, RandomMin: 4, RandomMargin: 30, MaxPlies: 120}
}

// Every random start is scored within the margin by the search of the
// game's budget (or is the fallback, the opening), some were drawn again,
// and the start depends only on the seed and the game's number.
func TestRandomStartMargin(t *testing.T) {
	cfg := marginConfig()
	pr, err := newProbe(cfg.Variant, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	redrawn := 0
	opening := board.NewGame(cfg.Variant, cfg.Variant.Start())
	for i := range cfg.Games {
		start := func() (*board.Game, GameStats) {
			var gs GameStats
			g := randomStart(&cfg, pr, newGameRand(&cfg, i), opening, &gs)
			return g, gs
		}
		g, gs := start()
		again, _ := start()
		if g.FEN() != again.FEN() || g.Len() != again.Len() {
			t.Fatalf("game %d: two draws of its start differ: %s, %s", i, g.FEN(), again.FEN())
		}
		if gs.Tries > 1 {
			redrawn++
		}
		if gs.Fallback {
			if g.Len() != 0 {
				t.Errorf("game %d: the fallback has %d plies", i, g.Len())
			}
			continue
		}
		if n := g.Len(); n < cfg.RandomMin/2 || n > cfg.RandomPlies {
			t.Errorf("game %d: %d random plies, want %d..%d", i, n, cfg.RandomMin, cfg.RandomPlies)
		}
		pr.e.NewGame()
		r := pr.e.Search(g, engine.Limits{Depth: cfg.Depth, NoBook: true}, nil)
		if abs(r.Score) > cfg.RandomMargin {
			t.Errorf("game %d: start %s scores %d, beyond the margin %d", i, g.FEN(), r.Score, cfg.RandomMargin)
		}
	}
	if redrawn == 0 {
		t.Error("no start was drawn again: the margin was not tested")
	}
	// Without the margin, the plies are RandomMin..RandomPlies, one draw.
	cfg.RandomMargin = 0
	for i := range cfg.Games {
		var gs GameStats
		g := randomStart(&cfg, nil, newGameRand(&cfg, i), opening, &gs)
		if n := g.Len(); gs.Tries != 0 || n > cfg.RandomPlies || (n < cfg.RandomMin && !g.Status().Over) {
			t.Errorf("game %d without a margin: %d plies, %d tries", i, n, gs.Tries)
		}
	}
}

// The shot filter changes no game: it keeps a part of the positions of
// the same games, and says how many it dropped.
func TestShotFilterKeepsTheGames(t *testing.T) {
	cfg := marginConfig()
	cfg.Games = 12
	e := engine.New(engine.Options{Threads: 1, HashMB: 4})
	pr, err := newProbe(cfg.Variant, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dropped := 0
	for i := range cfg.Games {
		off := cfg
		all, gsAll, err := playGame(context.Background(), &off, e, pr, nil, i)
		if err != nil {
			t.Fatal(err)
		}
		on := cfg
		on.ShotMargin, on.ShotDepth = DefaultShotMargin, DefaultShotDepth
		kept, gs, err := playGame(context.Background(), &on, e, pr, nil, i)
		if err != nil {
			t.Fatal(err)
		}
		if gs.Plies != gsAll.Plies || gs.Start != gsAll.Start || gsAll.Dropped != 0 {
			t.Fatalf("game %d: the filter changed the game (%+v, %+v)", i, gs, gsAll)
		}
		if len(kept)+gs.Dropped != len(all) {
			t.Errorf("game %d: %d kept + %d dropped, %d without the filter", i, len(kept), gs.Dropped, len(all))
		}
		in := map[Sample]bool{}
		for _, s := range all {
			in[s] = true
		}
		for _, s := range kept {
			if !in[s] {
				t.Errorf("game %d: the filter kept a sample the game without it lacks: %+v", i, s)
			}
		}
		dropped += gs.Dropped
	}
	if dropped == 0 {
		t.Error("the filter dropped nothing")
	}
}
