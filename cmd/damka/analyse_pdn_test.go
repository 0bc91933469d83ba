package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"damka/format/pdn"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAnalysePDN annotates a short game of International and one of
// Russian and reads the result back: the same moves, one comment per move
// whose best move is legal where it stands, and the Annotator tag. The
// searches run in the test process with a 1 MB table: a default 64 MB one
// would raise the peak RSS that TestAnalyseRSS reads for its children.
func TestAnalysePDN(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, pdn string
		game      int
		moves     int
		// wantScore: a comment that must appear (a forced win's score).
		want string
	}{
		{name: "international", pdn: "[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[Event \"b\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 2-0\n",
			game: 2, moves: 1, want: "{+99.99 28x19}"},
		{name: "international first game", pdn: "[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n", game: 1, moves: 4},
		{name: "russian", pdn: "[GameType \"25\"]\n1. c3-d4 b6-a5 2. d4-c5 d6:b4 3. a3:c5 *\n", game: 1, moves: 5},
		{name: "black to move", pdn: "[GameType \"25\"]\n[FEN \"B:Wc3:Bd4\"]\n1... d4:b2 0-1\n", game: 1, moves: 1, want: "{-99.99 d4:b2}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := writeFile(t, dir, "in.pdn", tc.pdn)
			out := filepath.Join(dir, "out.pdn")
			args := []string{"--pdn", in, "--depth", "3", "--hash", "1", "--game", strconv.Itoa(tc.game), "-o", out}
			if err := analyseCmd(args); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			games, err := pdn.Read(strings.NewReader(text))
			if err != nil || len(games) != 1 {
				t.Fatalf("read back: %v, %d games:\n%s", err, len(games), text)
			}
			g := games[0]
			if g.Len() != tc.moves {
				t.Errorf("%d moves read back, want %d:\n%s", g.Len(), tc.moves, text)
			}
			if !strings.Contains(text, `[Annotator "damka `+version+` depth=3"]`) {
				t.Errorf("no Annotator tag:\n%s", text)
			}
			if tc.want != "" && !strings.Contains(text, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, text)
			}
			// Each comment follows its move: its best move is legal in the
			// position before that move.
			comments := strings.Split(text, "{")[1:]
			if len(comments) != g.Len() {
				t.Fatalf("%d comments for %d moves:\n%s", len(comments), g.Len(), text)
			}
			for i, c := range comments {
				c, _, _ = strings.Cut(c, "}")
				f := strings.Fields(c)
				if len(f) < 2 {
					t.Fatalf("comment %q is not {score best-move}", c)
				}
				if _, err := g.Variant().ParseMove(g.At(i), f[1]); err != nil {
					t.Errorf("move %d: best move %q: %v", i+1, f[1], err)
				}
			}
		})
	}
}

func TestAnalysePDNErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.pdn", "1. 32-28 *\n")
	for _, tc := range []struct {
		name  string
		args  []string
		want  string
		usage bool
	}{
		{"missing file", []string{"--pdn", filepath.Join(dir, "none.pdn")}, "no such file", false},
		{"illegal move", []string{"--pdn", writeFile(t, dir, "bad.pdn", "1. 32-28 28-23 *\n")}, "bad.pdn: pdn: game 1, move 1...: illegal move \"28-23\"", false},
		{"unterminated comment", []string{"--pdn", writeFile(t, dir, "brace.pdn", "1. 32-28 {oops\n")}, "brace.pdn: pdn: line 1: unterminated", false},
		{"no game", []string{"--pdn", writeFile(t, dir, "empty.pdn", "\n")}, "holds no PDN game", false},
		{"game out of range", []string{"--pdn", good, "--game", "2"}, "--game 2: " + good + " holds 1 game(s)", true},
		{"with fen", []string{"--pdn", good, "--fen", "W:W28:B23"}, "exclude each other", true},
		{"with time", []string{"--pdn", good, "--time", "1"}, "--movetime or --depth", true},
		{"bad movetime", []string{"--pdn", good, "--movetime", "-1"}, "--movetime must be", true},
		{"other variant", []string{"--pdn", good, "--variant", "russian"}, "is international by its tags (GameType, Variant), not russian", true},
		{"unknown variant", []string{"--pdn", good, "--variant", "chess"}, "unknown variant", true},
		{"game without pdn", []string{"--game", "2"}, "--game goes with --pdn", true},
		{"unwritable output", []string{"--pdn", good, "--depth", "1", "--hash", "1", "-o", filepath.Join(dir, "no", "dir", "x.pdn")}, "no such file", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := analyseCmd(tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one with %q", err, tc.want)
			}
			if _, isUsage := err.(usageError); isUsage != tc.usage {
				t.Errorf("usage error %v, want %v", isUsage, tc.usage)
			}
		})
	}
}

// shotGame is internal/review/testdata/shot.pdn, an International game
// that Black loses to a shot: 9...18-22 lets 10. 27x29 take three men
// (found by letting the engine play both sides at depth 8 and picking, at
// Black's ninth move, a move its search refutes by a capture); Black
// resigned three moves later. The page's review test reads it too.
const shotGame = "../../internal/review/testdata/shot.pdn"

// TestAnalysePDNReview reviews a game lost to a shot: the move that allowed
// the shot is marked ? or ?? in the PDN and in the summary, with the
// refutation starting with the shot, and the graph has one point per
// position with that move's mark.
func TestAnalysePDNReview(t *testing.T) {
	dir := t.TempDir()
	in := shotGame
	out, svg := filepath.Join(dir, "out.pdn"), filepath.Join(dir, "g.svg")
	if err := analyseCmd([]string{"--pdn", in, "--depth", "6", "--hash", "1", "-o", out, "--svg", svg}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !regexp.MustCompile(`18-22\?\??\s+\{`).MatchString(text) {
		t.Errorf("9...18-22, which loses to 27x29, is not marked ? or ??:\n%s", text)
	}
	if !strings.Contains(text, "refutation 27x29") {
		t.Errorf("the refutation of 18-22 does not start with the shot 27x29:\n%s", text)
	}
	games, err := pdn.Read(strings.NewReader(text))
	if err != nil || len(games) != 1 || games[0].Len() != 24 {
		t.Fatalf("the marked PDN does not read back as the game: %v\n%s", err, text)
	}
	graph, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(graph), `class="point"`); n != 25 {
		t.Errorf("the graph has %d points, want 25 (one per position)", n)
	}
	if !strings.Contains(string(graph), `data-ply="18" data-mark="?`) {
		t.Errorf("the graph's point after 9...18-22 (ply 18) is not marked:\n%s", graph)
	}
}
