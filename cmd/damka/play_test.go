package main

// In-process tests of the play commands: a session is fed lines and its
// output checked, with the real engine at depth 1 or 2.

import (
	"bytes"
	"cmp"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
)

// newTestGame is a play session of variant from fen ("" the start) with
// its output in the returned buffer.
func newTestGame(t *testing.T, variant, fen string) (*game, *bytes.Buffer) {
	t.Helper()
	g0, err := gameFlags(variant, fen)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.NewChecked(engine.Options{Threads: 1, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	g := newPlayGame(e, strings.NewReader(""), &out, engine.Limits{Depth: 2}, g0)
	g.ascii = true
	g.now = func() time.Time { return time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC) }
	return g, &out
}

func TestPlayCommands(t *testing.T) {
	dir := t.TempDir()
	badPDN := writeFile(t, dir, "bad.pdn", "1. 32-28 28-23 *\n")
	goodPDN := writeFile(t, dir, "good.pdn", "[GameType \"25\"]\n1. c3-d4 d6-c5 *\n")
	tests := []struct {
		name, variant, fen string
		lines              []string
		want, not          []string
	}{
		{name: "unknown command", lines: []string{"flp", "xyzzy", "Go!"},
			want: []string{`unknown command "flp", type help`, `unknown command "xyzzy", type help`, `unknown command "Go!", type help`},
			not:  []string{"malformed", "damka plays"}},
		{name: "move-shaped is a move", lines: []string{"c3-d4", "99-1"},
			want: []string{`malformed move "99-1": no square 99`},
			not:  []string{"unknown command"}},
		{name: "compulsory capture listed", fen: "W:W28,33:B23,13", lines: []string{"33-29"},
			want: []string{`illegal move "33-29": a capture is compulsory, and the one that takes the most; legal: 28x8`},
			not:  []string{"you play"}},
		{name: "compulsory capture, free choice", variant: "russian", fen: "W:Wc3,g3:Bd4,f4", lines: []string{"a1-b2", "c3-b4"},
			want: []string{`illegal move "c3-b4": a capture is compulsory; legal: g3:e5 c3:e5`}},
		{name: "flip turns the board", lines: []string{"flip"},
			want: []string{"      w     w     w     w     w         50    49    48    47    46\n",
				"\n   b     b     b     b     b          5     4     3     2     1\n"}},
		{name: "flip algebraic", variant: "russian", lines: []string{"flip"},
			want: []string{"\n   h  g  f  e  d  c  b  a\n", "\n 1    w     w     w     w 1\n", "\n 8 b     b     b     b    8\n"}},
		{name: "hint does not play", fen: "W:W28:B23", lines: []string{"hint", "fen"},
			want: []string{"hint: 28x19", "\nW:W28:B23\n"}, not: []string{"you play", "damka plays"}},
		{name: "side black: the engine opens", lines: []string{"side black"},
			want: []string{"you play Black", "White to move (move 1), damka's move", "damka plays ", "Black to move (move 1), your move"}},
		{name: "side bad", lines: []string{"side red", "side"},
			want: []string{`side must be white or black, not "red"`, "you play White"}, not: []string{"damka plays"}},
		{name: "game over, then no move", fen: "W:W28:B23", lines: []string{"28x19", "19-14", "go", "hint"},
			want: []string{"you play 28x19", "Game over. Black has no legal move: White wins (2-0)."},
			not:  []string{"Black to move", "damka plays", "hint:", "you play 19-14"}},
		{name: "undo takes back the answer", lines: []string{"32-28", "undo", "fen"},
			want: []string{"you play 32-28", "damka plays ", "took back 2 moves", "\nW:W31,32,33"}},
		{name: "save without a file", lines: []string{"save", "save " + filepath.Join(dir, "no", "such", "dir.pdn")},
			want: []string{"usage: save FILE", "save: open "}},
		{name: "fen with the engine to move waits", fen: "", lines: []string{"fen B:W28:B23"},
			want: []string{"Black to move (move 1), damka's move", "type go to let damka play it"}, not: []string{"damka plays"}},
		{name: "load errors", lines: []string{"load", "load " + filepath.Join(dir, "none.pdn"), "load " + badPDN, "load " + goodPDN + " 2"},
			want: []string{"usage: load FILE [N]", "load: open ", "load: " + badPDN + ": pdn: game 1, move 1...: illegal move", "load: --game 2: " + goodPDN + " holds 1 game(s)"}},
		{name: "load a game", lines: []string{"load " + goodPDN, "fen"},
			want: []string{"loaded Russian draughts, 2 moves; you play White", "W:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c5,c7,d8,e7,f6,f8,g7,h6,h8"}},
		{name: "breakthrough win", variant: "breakthrough", fen: "W:W6:B45", lines: []string{"6-1"},
			want: []string{"White has a king: White wins (2-0)."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, out := newTestGame(t, cmp.Or(tc.variant, "international"), tc.fen)
			for _, l := range tc.lines {
				if g.command(l) {
					t.Fatalf("%q quit the session", l)
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out.String(), n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
		})
	}
}

// TestPlaySave saves a game, reads it back with the PDN reader and checks
// the moves, the players and the result.
func TestPlaySave(t *testing.T) {
	for _, tc := range []struct {
		name, variant, fen, side string
		lines                    []string
		moves                    int
		result, white            string
	}{
		{name: "unfinished", variant: "international", side: "white", lines: []string{"32-28"}, moves: 2, result: "*", white: "you"},
		{name: "won", variant: "international", fen: "W:W28:B23", side: "black", lines: []string{"go"}, moves: 1, result: "2-0", white: "damka dev"},
		{name: "russian won", variant: "russian", fen: "W:Wc3:Bd4", side: "white", lines: []string{"c3:e5"}, moves: 1, result: "1-0", white: "you"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, out := newTestGame(t, tc.variant, tc.fen)
			g.you, _ = parseSide(tc.side)
			path := filepath.Join(t.TempDir(), "game.pdn")
			for _, l := range append(tc.lines, "save "+path) {
				g.command(l)
			}
			if !strings.Contains(out.String(), "saved ") {
				t.Fatalf("no save message:\n%s", out)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			games, err := pdn.Read(f)
			if err != nil || len(games) != 1 {
				t.Fatalf("read back: %v, %d games", err, len(games))
			}
			pg := games[0]
			if pg.Len() != tc.moves || pg.Result != tc.result || pg.Variant().Name != tc.variant {
				t.Errorf("read back %d moves, result %q, %s; want %d, %q, %s", pg.Len(), pg.Result, pg.Variant().Name, tc.moves, tc.result, tc.variant)
			}
			if pg.FEN() != g.game.FEN() {
				t.Errorf("final position %s, want %s", pg.FEN(), g.game.FEN())
			}
			white := ""
			for _, tag := range pg.Tags {
				if tag.Name == "White" {
					white = tag.Value
				}
			}
			if white != tc.white {
				t.Errorf("White tag %q, want %q", white, tc.white)
			}
			// load takes the session back to the same game.
			g2, _ := newTestGame(t, "international", "")
			g2.command("load " + path)
			if g2.game.FEN() != g.game.FEN() || g2.game.Len() != g.game.Len() || g2.v != g.v {
				t.Errorf("load: %s after %d moves of %s, want %s after %d of %s",
					g2.game.FEN(), g2.game.Len(), g2.v.Name, g.game.FEN(), g.game.Len(), g.v.Name)
			}
		})
	}
}

// TestPlayDrawByRepetition: the session sees the draw rules, not only the
// goal, and announces the draw with its result.
func TestPlayDrawByRepetition(t *testing.T) {
	g, out := newTestGame(t, "international", "W:WK48:BK3")
	for _, mv := range []string{"48-43", "3-9", "43-48", "9-3", "48-43", "3-9", "43-48", "9-3"} {
		m, err := g.v.ParseMove(g.pos, mv)
		if err != nil {
			t.Fatal(err)
		}
		g.play(m, false)
	}
	g.command("go")
	if want := "Game over. Draw by 3-fold repetition (1-1)."; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if strings.Contains(out.String(), "damka plays") {
		t.Errorf("the engine moved in a drawn game:\n%s", out)
	}
}

func TestMoveShaped(t *testing.T) {
	for _, tc := range []struct {
		w    string
		want bool
	}{
		{"32-28", true}, {"3228", true}, {"28x19", true}, {"c3-d4", true}, {"c3:e5", true}, {"c3d4", true},
		{"cd4", true}, {"b:d6", true}, {"h10", true}, {"9", true},
		{"flip", false}, {"xyzzy", false}, {"b", false}, {"x", false}, {"b:", false}, {"", false}, {"Go!", false}, {"\x00\xff", false},
	} {
		if got := moveShaped(tc.w); got != tc.want {
			t.Errorf("moveShaped(%q) = %v, want %v", tc.w, got, tc.want)
		}
	}
}

// TestBoardText checks the drawing against the positions: every playing
// square shows its piece, in the variant's orientation (Italian mirrored),
// and flipping reverses every line.
func TestBoardText(t *testing.T) {
	for _, name := range []string{"international", "russian", "italian", "turkish", "canadian", "spantsiretti"} {
		v, err := board.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		p := v.Start()
		text := boardText(v, &p, nil, false, true)
		men := strings.Count(text, "w") + strings.Count(text, "b")
		// Algebraic boards print the file letters twice; b is one of them.
		if v.Notation == board.Algebraic {
			men -= 2
		}
		if want := p.PieceCount(board.White) + p.PieceCount(board.Black); men != want {
			t.Errorf("%s: %d pieces drawn, want %d:\n%s", name, men, want, text)
		}
		if v.Notation == board.Algebraic {
			// a1 is White's near left corner: the first cell of the rank 1
			// line is a1's content.
			lines := strings.Split(text, "\n")
			rank1 := lines[v.Geo.Height]
			a1, ok := v.ParseAlgebraic("a1")
			cell := " "
			if ok == nil {
				cell = pieceGlyphs[true][p.At(a1)]
			}
			if got := string(rank1[3]); got != cell {
				t.Errorf("%s: a1 drawn as %q, want %q:\n%s", name, got, cell, text)
			}
		}
	}
}

// TestPlayGoSwapsSides: "go" on the person's turn gives the engine that
// side and the person the other, so that after the engine's move it is
// the person's turn again (it once waited for a move from nobody), and the
// board is turned for the person's new side.
func TestPlayGoSwapsSides(t *testing.T) {
	g, out := newTestGame(t, "russian", "")
	g.command("go")
	if g.you != board.Black || !g.flipped {
		t.Errorf("after go on White's turn: you play %s, flipped %t; want Black, flipped", g.you, g.flipped)
	}
	if g.pos.Side != g.you || g.game.Len() != 1 {
		t.Errorf("after go: %d plies, %s to move; want 1 ply and the person (%s) to move:\n%s", g.game.Len(), g.pos.Side, g.you, out)
	}
	if !strings.Contains(out.String(), "damka takes White; you play Black now") {
		t.Errorf("the swap is not said:\n%s", out)
	}
}
