package main

// End-to-end tests of "damka play", the text mode: a script on stdin, the
// output checked for what a person would look for.

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// runPlay runs damka play with script as its input and returns the output.
func runPlay(t *testing.T, bin, script string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"play"}, args...)...)
	cmd.Stdin = strings.NewReader(script)
	done := make(chan struct{})
	timer := time.AfterFunc(e2eTimeout, func() { cmd.Process.Kill(); close(done) })
	out, err := cmd.CombinedOutput()
	if !timer.Stop() {
		<-done
		t.Fatalf("damka play did not finish; output:\n%s", out)
	}
	if err != nil {
		t.Fatalf("damka play: %v\n%s", err, out)
	}
	return string(out)
}

func wantAll(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

func TestPlayE2E(t *testing.T) {
	bin := buildDamka(t)

	t.Run("session", func(t *testing.T) {
		out := runPlay(t, bin, strings.Join([]string{
			"help",
			"moves",
			"32-28", // the engine answers
			"undo",  // both moves taken back
			"fen",   // the start again
			"3126",  // concatenated digits
			"level depth=2",
			"go",    // the engine plays for the side to move
			"level", // shows the level
			"quit",
			"moves", // never reached
		}, "\n")+"\n", "--level", "depth=1", "--ascii")
		wantAll(t, out,
			"International draughts",
			"White to move (move 1)",
			"go              the engine plays",
			"legal moves (9): ",
			"you play 32-28",
			"damka plays ",
			"(depth 1, score ",
			"W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
			"you play 31-26",
			"level depth=2",
			"(depth 2, score ",
		)
		// The board: men on the top row, the square numbers beside it.
		wantAll(t, out, "\n      b     b     b     b     b          1     2     3     4     5\n",
			"\n   w     w     w     w     w         46    47    48    49    50\n")
		if strings.Count(out, "legal moves (") != 1 {
			t.Errorf("commands after quit were run:\n%s", out)
		}
	})

	t.Run("russian", func(t *testing.T) {
		out := runPlay(t, bin, "variant russian\nc3-d4\nmoves\nfen W:Wc3:Bd4,f6\nmoves\n", "--level", "depth=2", "--ascii")
		wantAll(t, out,
			"Russian draughts",
			" 8    b     b     b     b 8",
			"   a  b  c  d  e  f  g  h",
			"you play c3-d4",
			"damka plays ",
			"legal moves (1): c3:g7",
		)
	})

	t.Run("canadian", func(t *testing.T) {
		// 12x12 with 72 numbered squares. The edge rows (1-6, 67-72) and
		// square 66 are outside the position's word (board/wide.go):
		// the board, the moves and the game end must see them.
		out := runPlay(t, bin, strings.Join([]string{
			"moves",
			"46-40", // the engine answers
			"fen W:WK1,K2,66:BK67,5,30",
			"fen",
			"moves",
			"go",
			"fen W:WK1:B14",
			"1x21", // the king on 1 takes Black's last man
		}, "\n")+"\n", "--variant", "canadian", "--level", "depth=2", "--ascii")
		wantAll(t, out,
			"Canadian draughts",
			"legal moves (11): 44-37 45-38 46-39 47-40 48-41 43-37 44-38 45-39 46-40 47-41 48-42",
			"you play 46-40",
			"damka plays ",
			"W:WK1,K2,66:B5,30,K67",
			"legal moves (22): 66-60 1-7 1-8 ",
			"you play 1x21",
			"Black has no legal move: White wins (1-0).",
		)
		// The start: Black's men on row 12 (squares 1-6), White's on row 1
		// (67-72), the numbers beside them.
		wantAll(t, out,
			"\n      b     b     b     b     b     b          1     2     3     4     5     6\n",
			"\n   b     b     b     b     b     b         19    20    21    22    23    24\n",
			"\n   .     .     .     .     .     .         31    32    33    34    35    36\n",
			"\n      w     w     w     w     w     w         61    62    63    64    65    66\n",
			"\n   w     w     w     w     w     w         67    68    69    70    71    72\n",
		)
		// The set-up position: kings on rows 1 and 12, a man on 66.
		wantAll(t, out,
			"\n      W     W     .     .     b     .          1     2     3     4     5     6\n",
			"\n      .     .     .     .     .     w         61    62    63    64    65    66\n",
			"\n   B     .     .     .     .     .         67    68    69    70    71    72\n",
		)
		if strings.Contains(out, "panic") {
			t.Errorf("panic:\n%s", out)
		}
	})

	t.Run("bashni", func(t *testing.T) {
		// c3 takes the black man over a white man on d4: the capturer
		// holds the black man, d4 becomes White's; black's only reply is
		// h8-g7; undo brings the columns back.
		out := runPlay(t, bin, "variant towers\nfen W:Wc3:Bd4(w),h8\nc3:e5\nfen\nundo\nfen\n", "--level", "depth=2", "--ascii")
		wantAll(t, out,
			"Bashni (Russian towers)",
			"columns, top first: d4=bw",
			"you play c3:e5",
			"damka plays h8-g7",
			"columns, top first: e5=wb",
			"W:Wd4,e5(b):Bg7",
			"W:Wc3:Bd4(w),h8",
		)
	})

	t.Run("game-end", func(t *testing.T) {
		// White takes black's last piece: black to move has no move.
		// After the end a move is refused; undo goes back to the fen.
		out := runPlay(t, bin, "fen W:W28:B23\ngo\n32-28\nundo\nmoves\nundo\n")
		wantAll(t, out,
			"damka plays 28x19",
			"Black has no legal move: White wins (2-0).",
			"legal moves (1): 28x19",
			"nothing to undo",
		)
		if n := strings.Count(out, "Black has no legal move"); n != 2 {
			t.Errorf("game end announced %d times, want 2 (after go, after 32-28):\n%s", n, out)
		}
	})

	t.Run("human-wins", func(t *testing.T) {
		out := runPlay(t, bin, "fen W:W28:B23\n28x19\n")
		wantAll(t, out, "you play 28x19", "Black has no legal move: White wins (2-0).")
		if strings.Contains(out, "damka plays") {
			t.Errorf("the engine moved after the game ended:\n%s", out)
		}
	})

	t.Run("stavropol", func(t *testing.T) {
		// White may move Black's men; then the only move of W:We3:Bc5,d4
		// is Black's d4 taking White's last piece, which loses.
		out := runPlay(t, bin, "variant stavropol\nmoves\nb6-a5\nfen W:We3:Bc5,d4\nmoves\ngo\n", "--level", "depth=2")
		wantAll(t, out,
			"Stavropol draughts",
			"legal moves (14): ",
			"you play b6-a5",
			"legal moves (1): d4:f2",
			"damka plays d4:f2",
			"White has no pieces: Black wins (0-1).",
		)
	})

	t.Run("bad-input", func(t *testing.T) {
		out := runPlay(t, bin, strings.Join([]string{
			"xyzzy", "99-1", "32-", "level", "level depth=abc", "level time=-1", "level speed=3",
			"fen nonsense", "variant chess", "undo", "\x00\xff", strings.Repeat("9", 5000),
			"32-28 28-23", "go",
		}, "\n")+"\n", "--level", "depth=1")
		wantAll(t, out,
			`unknown command "xyzzy", type help`, // never taken for a move
			`unknown command "\x00\xff", type help`,
			`malformed move "99-1": no square 99`,
			"level depth=1", // level alone shows the level
			"depth must be an integer from 1 to 100",
			"time must be from 0.01 to 3600 seconds",
			"level must be depth=N or time=S",
			"unknown variant",
			"nothing to undo",
			"that is not a move",
			"damka plays",
		)
		if strings.Contains(out, "panic") {
			t.Errorf("panic:\n%s", out)
		}
	})

	t.Run("book", func(t *testing.T) {
		// 34-30 is in the built-in book: the answer comes from it; with
		// --no-book it is searched.
		wantAll(t, runPlay(t, bin, "34-30\nquit\n", "--level", "depth=2"), "you play 34-30", "(book, score ")
		out := runPlay(t, bin, "34-30\nquit\n", "--level", "depth=2", "--no-book")
		wantAll(t, out, "(depth 2, score ")
		if strings.Contains(out, "(book") {
			t.Errorf("--no-book played from the book:\n%s", out)
		}
	})

	t.Run("bad-flags", func(t *testing.T) {
		for _, args := range [][]string{{"--level", "depth=0"}, {"--level", "fast"}, {"--variant", "chess"}, {"extra"},
			{"--book", "/no/such/book.dbk"}, {"--book-margin", "101"}} {
			err := exec.Command(bin, append([]string{"play"}, args...)...).Run()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
				t.Errorf("play %v: %v, want exit status 2", args, err)
			}
		}
	})
}

// TestDefaultArgs checks that plain damka keeps its non-interactive default
// when stdin is not a terminal (here a pipe, then /dev/null).
func TestDefaultArgs(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	saved := os.Stdin
	defer func() { os.Stdin = saved }()
	os.Stdin = r
	if args := defaultArgs(); args[0] != "perft" {
		t.Errorf("stdin a pipe: default %v", args)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	os.Stdin = null
	if args := defaultArgs(); args[0] != "perft" {
		t.Errorf("stdin /dev/null: default %v", args)
	}
}
