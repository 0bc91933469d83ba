package match

import (
	"strings"
	"testing"
	"time"

	"damka/bench/stats"
	"damka/board"
	"damka/format/pdn"
)

// statsPDN is two runs' worth of games as the runner writes them: game
// pairs by Round, an opening move without a comment, a time forfeit, a
// game still running, and one game annotated by another program.
const statsPDN = `[White "A"][Black "B"][Round "1"][Result "2-0"][Variant "international"][TimeControl "10+0.1"][Termination "B time forfeit: no answer"]
1. 32-28 19-23 {0.500s 9.60s d12 +0.10} 2. 28x19 {0.250s 9.85s} 14x23 {0.001s 9.70s d0 -0.50} 2-0
[White "B"][Black "A"][Round "2"][Result "1-1"][Variant "international"][TimeControl "10+0.1"]
1. 32-28 19-23 {1.000s 9.10s d14 +0.00} 2. 28x19 {2.000s 8.10s d3 -0.20} 14x23 {0.500s 8.70s} 1-1
[White "A"][Black "B"][Round "3"][Result "0-2"][Variant "international"][TimeControl "10+0.1"]
1. 32-28 {+0.10 best} 19-23 0-2
[White "B"][Black "A"][Round "4"][Result "*"][Variant "international"][TimeControl "10+0.1"]
1. 32-28 *
`

func readStatsPDN(t *testing.T, text string) []*pdn.Game {
	t.Helper()
	games, err := pdn.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func TestSummarizePDN(t *testing.T) {
	games := readStatsPDN(t, statsPDN)
	s, err := SummarizePDN([]PDNFile{{Name: "a.pdn", Games: games}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Played != 3 || len(s.Engines) != 2 || s.Engines[0] != "A" || s.Variant != "international" || s.TC != "10+0.1" {
		t.Fatalf("summary %+v", s)
	}
	ps := s.Pairings[0]
	// A: win, draw (as Black), loss; the first pair (rounds 1-2) is 1.5 of 2.
	if ps.WDL != (stats.WDL{W: 1, D: 1, L: 1}) || ps.Penta != (stats.Penta{0, 0, 0, 1, 0}) {
		t.Errorf("pairing %+v", ps)
	}
	if s.Standings[1].Failures != 1 || s.Standings[0].Failures != 0 {
		t.Errorf("failures %d %d, want 0 1", s.Standings[0].Failures, s.Standings[1].Failures)
	}
	a, b := s.Standings[0].Clock, s.Standings[1].Clock
	// The engines' moves start at the first commented move (the opening's
	// 32-28 has none); the third game's comment is another program's, so
	// it has no clock use.
	if a.Games != 2 || a.Moves != 3 || a.Think != 1750*time.Millisecond || a.MaxThink != time.Second ||
		a.MinLeft != 8700*time.Millisecond || a.Left != 18550*time.Millisecond || a.Depths != 14 || a.DepthMoves != 1 {
		t.Errorf("A's clock use %+v", a)
	}
	if b.Games != 2 || b.Moves != 3 || b.Think != 2501*time.Millisecond || b.MaxThink != 2*time.Second ||
		b.MinLeft != 8100*time.Millisecond || b.Left != 17800*time.Millisecond || b.Depths != 15 || b.DepthMoves != 3 {
		t.Errorf("B's clock use %+v", b)
	}
	// Engines named first come first, whatever the order of play.
	if s3, err := SummarizePDN([]PDNFile{{Name: "a.pdn", Games: games}}, "X", "B"); err != nil || s3.Engines[0] != "B" ||
		s3.Pairings[0].WDL != (stats.WDL{W: 1, D: 1, L: 1}) || s3.Pairings[0].Penta != (stats.Penta{0, 1, 0, 0, 0}) {
		t.Errorf("B first: %+v, %v", s3, err)
	}
	// The same games split over two files make no pair across the files.
	s2, err := SummarizePDN([]PDNFile{{Name: "a.pdn", Games: games[:1]}, {Name: "b.pdn", Games: games[1:]}})
	if err != nil || s2.Pairings[0].Penta.Pairs() != 0 || s2.Pairings[0].WDL != ps.WDL {
		t.Errorf("two files: %+v, %v", s2, err)
	}
}

func TestSummarizePDNErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"[White \"A\"][Result \"2-0\"] 1. 32-28 2-0\n",
		"[White \"A\"][Black \"A\"][Result \"2-0\"] 1. 32-28 2-0\n",
		"[White \"A\"][Black \"B\"] 1. 32-28 *\n",
	} {
		if s, err := SummarizePDN([]PDNFile{{Name: "x.pdn", Games: readStatsPDN(t, text)}}); err == nil {
			t.Errorf("%q: no error, %+v", text, s)
		}
	}
}

// TestParseThink reads back what thinkComments writes, and refuses other
// comments.
func TestParseThink(t *testing.T) {
	g := &Record{Moves: make([]board.Move, 3), Thinks: []Think{
		{Elapsed: 412 * time.Millisecond, Left: 9690 * time.Millisecond, Depth: 17, Score: 0.05, HasInfo: true},
		{Elapsed: time.Millisecond},
		{Elapsed: 2 * time.Second, Depth: 3, Score: -1.5, HasInfo: true},
	}}
	for i, c := range thinkComments(g) {
		got, ok := parseThink(c)
		if !ok || got != g.Thinks[i] {
			t.Errorf("%q read back as %+v, %v; want %+v", c, got, ok, g.Thinks[i])
		}
	}
	for _, c := range []string{"", "+0.10 32-28", "0.5", "0.5s d12", "0.5s 9s d12 +0.1 extra", "-1s", "0.5s dx +0.1", "0.5s d3 x"} {
		if th, ok := parseThink(c); ok {
			t.Errorf("%q read as %+v", c, th)
		}
	}
}

// FuzzSummarizePDN: any PDN text that reads gives a summary or an error,
// never a panic, and a summary counts every finished game once.
func FuzzSummarizePDN(f *testing.F) {
	f.Add(statsPDN)
	f.Add("[White \"A\"][Black \"B\"][Round \"x\"][Result \"1-1\"] 1. 32-28 {0.1s} 19-23 {1e400s 2s d-1 +x} 1-1\n")
	f.Add("[White \"A\"][Black \"B\"][Round \"-3\"][Termination \"A crash: gone\"] 1. 32-28 {0.1s 0.2s d3 +nan} 2-0\n")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := pdn.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		s, err := SummarizePDN([]PDNFile{{Name: "fuzz.pdn", Games: games}, {Name: "again.pdn", Games: games}})
		if err != nil {
			return
		}
		n := 0
		for _, p := range s.Pairings {
			n += p.WDL.Games()
		}
		if n != s.Played {
			t.Errorf("pairings hold %d games, played %d", n, s.Played)
		}
	})
}
