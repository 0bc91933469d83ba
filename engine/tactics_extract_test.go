package engine

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"damka/board"
	"damka/format/pdn"
)

// TestExtractTactics turns lost games into tactics suite lines (printed,
// for testdata/tactics.tsv): go test ./engine -run TestExtractTactics
// -tactics.extract lost.pdn [-tactics.player damka]. It is skipped without
// the flag.
//
// Every position of a game the player lost is searched at extractNodes
// (the oracle). Where the player's score drops by a man or more within
// its move and the next two plies, the position before its move becomes
// an "avoid" line (the move played loses a man or more against the
// oracle's best) and the position after it a "find" line when the
// opponent's reply is the oracle's best move and wins what a depth-1
// search does not see (a shot).
var (
	extractPDN    = flag.String("tactics.extract", "", "TestExtractTactics: PDN of games to take tactics from")
	extractPlayer = flag.String("tactics.player", "damka", "TestExtractTactics: the player whose lost games are used")
)

const (
	extractNodes = 500_000
	extractDrop  = 100 // a man
)

func TestExtractTactics(t *testing.T) {
	if *extractPDN == "" {
		t.Skip("no -tactics.extract PDN")
	}
	f, err := os.Open(*extractPDN)
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.Read(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 64})
	for gi, g := range games {
		side, ok := lostBy(g, *extractPlayer)
		if !ok {
			continue
		}
		for _, line := range extractGame(e, g.Game, side, fmt.Sprintf("%s game %d (%s)", *extractPDN, gi+1, gameTitle(g))) {
			fmt.Println(line)
		}
	}
}

// lostBy returns the colour of player in g if player lost g.
func lostBy(g *pdn.Game, player string) (board.Color, bool) {
	tag := func(name string) string {
		for _, t := range g.Tags {
			if strings.EqualFold(t.Name, name) {
				return t.Value
			}
		}
		return ""
	}
	white, over := g.Outcome()
	if !over {
		switch g.Result {
		case "2-0", "1-0":
			white, over = 1, true
		case "0-2", "0-1":
			white, over = 0, true
		}
	}
	switch {
	case !over:
		return 0, false
	case tag("White") == player && white == 0:
		return board.White, true
	case tag("Black") == player && white == 1:
		return board.Black, true
	}
	return 0, false
}

func gameTitle(g *pdn.Game) string {
	var parts []string
	for _, t := range g.Tags {
		if t.Name == "White" || t.Name == "Black" || t.Name == "TimeControl" || t.Name == "Opening" {
			parts = append(parts, t.Name+" "+t.Value)
		}
	}
	return strings.Join(parts, ", ")
}

// extractGame returns the suite lines of one game lost by side. The game
// is followed until the player's score is below -decided: later positions
// are lost anyway, and their shots only win more.
func extractGame(e *Engine, g *board.Game, side board.Color, source string) []string {
	const decided = 300
	v := g.Variant()
	n := g.Len()
	score := make([]int, 0, n) // the oracle's score at ply i, side to move's view
	best := make([]board.Move, 0, n)
	search := func(i int, lim Limits) Result {
		h := g.Clone()
		h.Truncate(i)
		e.NewGame()
		return e.Search(h, lim, nil)
	}
	for i := 0; i < n; i++ {
		r := search(i, Limits{Nodes: extractNodes})
		score, best = append(score, r.Score), append(best, r.Best)
		if g.At(i).Side == side && r.Score < -decided {
			break
		}
	}
	var out []string
	events := 0
	for i := 0; i+2 < len(score) && events < 2; i++ {
		p := g.At(i)
		if p.Side != side || score[i] < -decided/2 || abs(score[i]) >= WinBound {
			continue
		}
		after := -score[i+1] // the player's view after its move
		later := min(after, score[i+2])
		if i+4 < len(score) {
			later = min(later, score[i+4])
		}
		if score[i]-later < extractDrop {
			continue
		}
		events++
		played := g.Moves()[i]
		var ml board.MoveList
		v.Generate(p, &ml)
		if ml.N > 1 && score[i]-after >= extractDrop && best[i] != played {
			out = append(out, fmt.Sprintf("%s\t%s\tavoid\t%s\t%s, ply %d: %s played, %+d against %s's %+d at %d nodes",
				v.Name, v.FEN(p), v.FormatMove(p, played), source, i+1,
				v.FormatMove(p, played), after, v.FormatMove(p, best[i]), score[i], extractNodes))
		}
		q := g.At(i + 1)
		reply := g.Moves()[i+1]
		if best[i+1] != reply || reply.Captured != 0 || v.HasCapture(q) || score[i+1] >= WinBound {
			continue // not the oracle's move, or not a quiet one: no shot
		}
		shallow := search(i+1, Limits{Depth: 1}).Score
		if score[i+1]-shallow >= extractDrop*3/4 {
			out = append(out, fmt.Sprintf("%s\t%s\tfind\t%s\t%s, ply %d: %s played, %+d at %d nodes, %+d at depth 1",
				v.Name, v.FEN(q), v.FormatMove(q, reply), source, i+2,
				v.FormatMove(q, reply), score[i+1], extractNodes, shallow))
		}
	}
	return out
}

// TestVerifyTactics keeps the suite lines whose answer is clear-cut (go
// test ./engine -run TestVerifyTactics -tactics.verify FILE, printing the
// kept lines): a "find" move must be the oracle's best by verifyGap or
// more over the second best, an "avoid" move must score verifyGap or more
// below the oracle's best. The oracle is the search without tactical
// quiescence, as in TestExtractTactics, at verifyNodes.
var verifyFile = flag.String("tactics.verify", "", "TestVerifyTactics: suite file to filter")

const (
	verifyNodes = 2_000_000
	verifyGap   = 60
)

func TestVerifyTactics(t *testing.T) {
	if *verifyFile == "" {
		t.Skip("no -tactics.verify file")
	}
	suite, err := readTactics(*verifyFile)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := os.ReadFile(*verifyFile)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Split(string(lines), "\n")
	e := New(Options{HashMB: 64, MultiPV: 2})
	for _, tc := range suite {
		e.NewGame()
		var top [3]Info
		r := searchPos(e, tc.v, tc.pos, Limits{Nodes: verifyNodes}, func(in Info) {
			if i := max(in.MultiPV, 1); i <= 2 {
				top[i] = in
			}
		})
		keep := false
		if tc.find {
			keep = r.Best == tc.moves[0] && len(top[2].PV) > 0 && top[1].Score-top[2].Score >= verifyGap
		} else if r.Best != tc.moves[0] {
			q := tc.pos.Play(tc.moves[0])
			e.NewGame()
			after := -searchPos(e, tc.v, q, Limits{Nodes: verifyNodes / 2}, nil).Score
			keep = r.Score-after >= verifyGap
		}
		t.Logf("line %d: keep %v (best %s %+d, second %+d)", tc.line, keep, tc.v.FormatMove(&tc.pos, r.Best), top[1].Score, top[2].Score)
		if keep {
			fmt.Println(text[tc.line-1])
		}
	}
}
