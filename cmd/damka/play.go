package main

// play: a text mode for a person at a terminal, or a script on a pipe. The
// person types commands (a word) or moves (anything shaped like a move, in
// any notation ParseMove accepts); the engine plays the other side. The
// board is drawn after every move. Everything the person types is checked;
// bad input gets a message and the prompt again, never a crash. The files
// play_*.go hold the board drawing, the turns and saving.

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
)

func init() {
	register(command{"play", "play against the engine in the terminal", playCmd})
}

func playCmd(args []string) error {
	fs := newFlags("play")
	variant := fs.String("variant", "international", "rule set (damka variants lists them)")
	level := fs.String("level", "time=1", "engine strength: depth=N (plies) or time=S (seconds per move)")
	side := fs.String("side", "white", "the side you play: white or black (the engine plays the other)")
	ascii := fs.Bool("ascii", false, "draw the board with the letters w b W B instead of Unicode symbols")
	threads := threadsFlag(fs, 1)
	hashMB := hashFlag(fs, engine.DefaultHashMB)
	tables := tableFlags(fs)
	books := bookFlags(fs)
	evals := evalFlags(fs)
	atSkill := skillFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	lim, err := parseLevel(*level)
	if err != nil {
		return usagef("--level: %v", err)
	}
	you, err := parseSide(*side)
	if err != nil {
		return usagef("--side: %v", err)
	}
	if err := cmp.Or(checkThreads(*threads), checkHash(*hashMB)); err != nil {
		return err
	}
	opts := engine.Options{Threads: *threads, HashMB: *hashMB}
	if err := tables(&opts); err != nil {
		return err
	}
	if err := cmp.Or(books(&opts), evals(&opts)); err != nil {
		return err
	}
	// Below full strength, a new seed every run: a person replaying the
	// same moves meets different answers.
	eng, err := atSkill(newEngine("play", opts), uint64(time.Now().UnixNano()), true)
	if err != nil {
		return err
	}
	g := newPlayGame(eng, os.Stdin, os.Stdout, lim, board.NewGame(v, v.Start()))
	g.you, g.flipped, g.ascii = you, you == board.Black, *ascii
	// A prompt helps a person at a terminal; on a pipe it would only run
	// into the next line of output. A terminal that takes raw mode gets
	// the line editor (history on the arrows).
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		g.prompt = "> "
		if raw := rawMode(int(os.Stdin.Fd())); raw != nil {
			g.in = &lineEditor{in: bufio.NewReader(os.Stdin), out: os.Stdout, raw: raw}
		}
	}
	return g.run()
}

// game is the state of a play session.
type game struct {
	eng  engine.Searcher
	in   lineSource
	out  io.Writer
	lim  engine.Limits
	v    *board.Variant
	game *board.Game // the moves played, to undo them and for repetitions
	pos  *board.Position
	// answer[i] says that the engine played move i as its answer to the
	// person's move (undo takes both back).
	answer []bool
	// you is the side the person plays; the engine answers when the other
	// side is to move after the person's move.
	you     board.Color
	flipped bool // draw the board with Black at the bottom
	ascii   bool // letters instead of Unicode symbols
	prompt  string
	now     func() time.Time
}

func newPlayGame(eng engine.Searcher, in io.Reader, out io.Writer, lim engine.Limits, start *board.Game) *game {
	g := &game{eng: eng, in: newScanSource(in, out), out: out, lim: lim, you: board.White, now: time.Now}
	g.reset(start)
	return g
}

func (g *game) printf(format string, a ...any) { fmt.Fprintf(g.out, format, a...) }

func (g *game) reset(game *board.Game) {
	g.v, g.game, g.pos, g.answer = game.Variant(), game, game.Position(), nil
	g.eng.NewGame()
}

func (g *game) run() error {
	g.printf("damka %s - %s. You play %s. Type a move, or help.\n", version, g.v.Title, title(g.you))
	g.show()
	g.engineTurn()
	for {
		line, err := g.in.Line(g.prompt)
		if err != nil {
			if _, edited := g.in.(*lineEditor); g.prompt != "" && !edited {
				g.printf("\n")
			}
			if err != io.EOF {
				g.printf("input error: %v\n", err)
			}
			return nil
		}
		if quit := g.command(strings.TrimSpace(line)); quit {
			return nil
		}
	}
}

const playHelp = `commands (a line that looks like a move is a move; any other word is a command):
  <move>          play a move: 32-28, 28x19, c3-d4, c3:e5, 3228, ...
  go              the engine plays the side to move (on your turn: you swap sides)
  hint            the engine's best move, without playing it
  undo            take back your last move (and the engine's answer)
  side white      you play White (or black); the engine plays the other side
  flip            turn the board round
  new             start a new game
  variant NAME    start a new game of another variant (damka variants lists them)
  level depth=N   the engine searches N plies
  level time=S    the engine thinks S seconds per move
  skill N         the engine plays at level N, 1 (beginner) to 20 (full strength)
  fen             print the position
  fen FEN         set up a position, e.g. fen W:W31-50:B1-20
  moves           list the legal moves
  save FILE       write the game to FILE as PDN
  load FILE       go on with the first game of a PDN file (load FILE N: game N)
  board           draw the board again
  help            this text
  quit            leave
`

// command runs one input line and reports whether to quit.
func (g *game) command(line string) (quit bool) {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit", "q":
		return true
	case "help", "?", "h":
		g.printf("%s", playHelp)
	case "board", "show":
		g.show()
	case "flip":
		g.flipped = !g.flipped
		g.show()
	case "side":
		g.setSide(rest)
	case "new":
		g.reset(board.NewGame(g.v, g.v.Start()))
		g.show()
		g.engineTurn()
	case "variant":
		v, err := board.Lookup(rest)
		if err != nil {
			g.printf("%v\n", err)
			return false
		}
		g.reset(board.NewGame(v, v.Start()))
		g.printf("%s\n", v.Title)
		g.show()
		g.engineTurn()
	case "level":
		if rest != "" {
			lim, err := parseLevel(rest)
			if err != nil {
				g.printf("%v\n", err)
				return false
			}
			g.lim = lim
		}
		g.printf("level %s\n", levelText(g.lim))
	case "skill":
		g.setSkill(rest)
	case "fen":
		if rest == "" {
			g.printf("%s\n", g.game.FEN())
			return false
		}
		pg, err := board.ParseGame(g.v, rest)
		if err != nil {
			g.printf("%s\n", clipQuoted(err.Error()))
			return false
		}
		g.reset(pg)
		g.show()
		if g.pos.Side != g.you && g.overText() == "" {
			// A set-up position is for looking at as much as for playing:
			// the engine waits to be asked.
			g.printf("type go to let damka play it, or play the move yourself\n")
		}
	case "moves":
		g.listMoves()
	case "undo", "takeback", "back":
		g.undo()
	case "go":
		if g.over() {
			return false
		}
		g.takeOver()
	case "hint":
		g.hint()
	case "save":
		g.save(rest)
	case "load":
		g.load(rest)
	default:
		if !moveShaped(word) {
			g.printf("unknown command %q, type help\n", clip(word, 40))
			return false
		}
		g.humanMove(line)
	}
	return false
}

// moveShaped reports whether a word looks like a move rather than a
// command: it starts with a digit (32-28, 3228), with a square name (c3,
// c3:e5, h10) or with a file letter and a separator or square (b:d6, cd4).
// No command has that shape, so a mistyped command is never read as a move
// and a mistyped move is never taken for a command.
func moveShaped(w string) bool {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	switch {
	case w == "":
		return false
	case isDigit(w[0]):
		return true
	case len(w) < 2 || !isLetter(w[0]):
		return false
	case isDigit(w[1]) || strings.IndexByte("-x:", w[1]) >= 0 && len(w) > 2:
		return true
	}
	return len(w) >= 3 && isLetter(w[1]) && isDigit(w[2])
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// parseSide reads "white" or "black" (or w, b).
func parseSide(s string) (board.Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "white", "w":
		return board.White, nil
	case "black", "b":
		return board.Black, nil
	}
	return board.White, fmt.Errorf("side must be white or black, not %q", clip(s, 40))
}

// setSide gives the person the side named by text (empty: show it), turns
// the board so that side is at the bottom, and lets the engine move if it
// is now the engine's turn.
func (g *game) setSide(text string) {
	if text == "" {
		g.printf("you play %s\n", title(g.you))
		return
	}
	c, err := parseSide(text)
	if err != nil {
		g.printf("%v\n", err)
		return
	}
	g.you, g.flipped = c, c == board.Black
	g.printf("you play %s\n", title(c))
	g.show()
	g.engineTurn()
}

// takeOver lets the engine play the side to move. On the person's turn
// that swaps the sides, said aloud and with the board turned, so that
// the engine goes on answering the person's moves and the saved game
// names the right players; otherwise (a set-up position with the
// engine's side to move) the engine simply moves.
func (g *game) takeOver() {
	if g.pos.Side == g.you {
		g.you, g.flipped = g.you.Opponent(), g.you.Opponent() == board.Black
		g.printf("damka takes %s; you play %s now\n", title(g.pos.Side), title(g.you))
	}
	g.engineMove(false)
}

// parseLevel reads "depth=N" or "time=S".
func parseLevel(s string) (engine.Limits, error) {
	name, value, ok := strings.Cut(strings.TrimSpace(s), "=")
	if !ok {
		return engine.Limits{}, fmt.Errorf("level must be depth=N or time=S, not %q", s)
	}
	switch strings.TrimSpace(name) {
	case "depth":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 1 || n > 100 {
			return engine.Limits{}, fmt.Errorf("depth must be an integer from 1 to 100, not %q", value)
		}
		return engine.Limits{Depth: n}, nil
	case "time":
		f, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || !(f >= 0.01 && f <= 3600) {
			return engine.Limits{}, fmt.Errorf("time must be from 0.01 to 3600 seconds, not %q", value)
		}
		return engine.Limits{MoveTime: time.Duration(f * float64(time.Second))}, nil
	}
	return engine.Limits{}, fmt.Errorf("level must be depth=N or time=S, not %q", s)
}

func levelText(l engine.Limits) string {
	if l.Depth > 0 {
		return fmt.Sprintf("depth=%d", l.Depth)
	}
	return fmt.Sprintf("time=%g", l.MoveTime.Seconds())
}
