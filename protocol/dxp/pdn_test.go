package dxp

import (
	"bytes"
	"strings"
	"testing"

	"damka/board"
)

func TestGameResultPDN(t *testing.T) {
	start := variant.Start()
	var ml board.MoveList
	variant.Generate(&start, &ml)
	played := []board.Move{ml.Moves[0]}
	for _, c := range []struct {
		color   Color
		outcome Outcome
		result  string
		white   string
	}{
		{White, Win, "2-0", "us"},
		{White, Loss, "0-2", "us"},
		{Black, Win, "0-2", "them"},
		{Black, Loss, "2-0", "them"},
		{Black, Draw, "1-1", "them"},
		{White, NoResult, "*", "us"},
	} {
		r := GameResult{Number: 3, Peer: "them", Color: c.color, Outcome: c.outcome, Minutes: 1.5, MoveLimit: 75,
			Reason: "why", Start: start, Played: played}
		g, err := r.PDN("ev", "site", "us")
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		var buf bytes.Buffer
		if err := g.Write(&buf); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		text := buf.String()
		for _, want := range []string{`[White "` + c.white + `"]`, `[Result "` + c.result + `"]`, `[Round "3"]`,
			`[TimeControl "90"]`, `[MoveLimit "75"]`, `[Termination "why"]`, "1. " + variant.FormatMove(&start, played[0])} {
			if !strings.Contains(text, want) {
				t.Errorf("%v as %v: PDN lacks %s:\n%s", c.outcome, c.color, want, text)
			}
		}
	}
	if g, err := (GameResult{Refused: true}).PDN("ev", "site", "us"); g != nil || err != nil {
		t.Errorf("a refused game gave a PDN game: %+v", g)
	}
}
