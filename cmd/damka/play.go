package main

// play: a text mode for a person at a terminal. The person types moves in
// any notation ParseMove accepts, the engine answers each one, and the board
// is drawn after every move. Everything the person types is checked; bad
// input gets a message and the prompt again, never a crash.

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"damka/engine"
	"damka/engine/board"
)

func init() {
	register(command{"play", "play against the engine in the terminal", playCmd})
}

func playCmd(args []string) error {
	fs := newFlags("play")
	variant := fs.String("variant", "international", "rule set")
	level := fs.String("level", "time=1", "engine strength: depth=N (plies) or time=S (seconds per move)")
	threads := fs.Int("threads", 1, "search threads (1..64)")
	hashMB := fs.Int("hash", engine.DefaultHashMB, "transposition table size in MB (1..65536)")
	tables := tableFlags(fs)
	books := bookFlags(fs)
	evals := evalFlags(fs)
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
	g := &game{
		eng: newEngine("play", opts),
		in:  bufio.NewScanner(os.Stdin),
		out: os.Stdout,
		lim: lim,
	}
	g.in.Buffer(nil, 1<<20)
	g.reset(board.NewGame(v, v.Start()))
	return g.run()
}

// game is the state of a play session.
type game struct {
	eng  engine.Searcher
	in   *bufio.Scanner
	out  io.Writer
	lim  engine.Limits
	v    *board.Variant
	game *board.Game // the moves played, to undo them and for repetitions
	pos  *board.Position
	// answer[i] says that the engine played move i as its answer to the
	// person's move (undo takes both back).
	answer []bool
}

func (g *game) printf(format string, a ...any) { fmt.Fprintf(g.out, format, a...) }

func (g *game) reset(game *board.Game) {
	g.v, g.game, g.pos, g.answer = game.Variant(), game, game.Position(), nil
	g.eng.NewGame()
}

func (g *game) run() error {
	g.printf("damka %s - %s. Type a move, or help.\n", version, g.v.Title)
	g.show()
	for {
		g.printf("> ")
		if !g.in.Scan() {
			g.printf("\n")
			if err := g.in.Err(); err != nil {
				g.printf("input error: %v\n", err)
			}
			return nil
		}
		if quit := g.command(strings.TrimSpace(g.in.Text())); quit {
			return nil
		}
	}
}

const playHelp = `commands:
  <move>          play a move: 32-28, 28x19, c3-d4, c3:e5, 3228, ...
  go              the engine plays the side to move
  undo            take back your last move (and the engine's answer)
  new             start a new game
  variant NAME    start a new game of another variant (international, russian, brazilian, english, bashni, ...)
  level depth=N   the engine searches N plies
  level time=S    the engine thinks S seconds per move
  fen             print the position
  fen FEN         set up a position, e.g. fen W:W31-50:B1-20
  moves           list the legal moves
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
	case "new":
		g.reset(board.NewGame(g.v, g.v.Start()))
		g.show()
	case "variant":
		v, err := board.Lookup(rest)
		if err != nil {
			g.printf("%v\n", err)
			return false
		}
		g.reset(board.NewGame(v, v.Start()))
		g.printf("%s\n", v.Title)
		g.show()
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
	case "moves":
		g.listMoves()
	case "undo":
		g.undo()
	case "go":
		if g.over() {
			return false
		}
		g.engineMove(false)
	default:
		g.humanMove(line)
	}
	return false
}

func (g *game) legal() []board.Move {
	var ml board.MoveList
	g.v.Generate(g.pos, &ml)
	return append([]board.Move(nil), ml.Slice()...)
}

func (g *game) listMoves() {
	moves := g.legal()
	if len(moves) == 0 {
		g.printf("no legal moves\n")
		return
	}
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = g.v.FormatMove(g.pos, m)
	}
	g.printf("legal moves (%d): %s\n", len(moves), strings.Join(names, " "))
}

// over reports (and announces) whether the game is over, by the variant's
// goal: normally the side to move with no legal move loses; it wins in the
// giveaway variants; in breakthrough the first king wins; in Stavropol a
// side without pieces has lost.
func (g *game) over() bool {
	over, moverWins := g.v.Outcome(g.pos, nil)
	if !over {
		return false
	}
	winner := g.pos.Side
	if !moverWins {
		winner = winner.Opponent()
	}
	switch {
	case g.pos.KingCount(board.White)+g.pos.KingCount(board.Black) != 0 && g.v.Goal == board.Breakthrough:
		g.printf("%s has a king: %s wins. (new, undo or quit)\n", title(winner), title(winner))
	case g.v.ForeignMoves && g.pos.PieceCount(winner.Opponent()) == 0:
		// Stavropol: the side to move may have foreign moves, or the
		// side that has just moved may have lost its last piece.
		g.printf("%s has no pieces: %s wins. (new, undo or quit)\n", title(winner.Opponent()), title(winner))
	default:
		g.printf("%s has no legal move: %s wins. (new, undo or quit)\n", title(g.pos.Side), title(winner))
	}
	return true
}

func title(c board.Color) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// play plays m, legal in the current position (the callers take it from
// ParseMove or the legal moves).
func (g *game) play(m board.Move, answer bool) {
	if err := g.game.Play(m); err != nil {
		g.printf("%v\n", err)
		return
	}
	g.answer = append(g.answer, answer)
	g.pos = g.game.Position()
}

func (g *game) humanMove(text string) {
	if len(g.legal()) == 0 {
		g.over()
		return
	}
	m, err := g.v.ParseMove(g.pos, text)
	if err != nil {
		msg := err.Error()
		if len(msg) > 200 {
			msg = "that is not a move"
		}
		g.printf("%s (type help for the commands, moves for the legal moves)\n", msg)
		return
	}
	g.printf("you play %s\n", g.v.FormatMove(g.pos, m))
	g.play(m, false)
	if g.over() {
		g.show()
		return
	}
	g.engineMove(true)
}

// engineMove searches the position and plays the engine's move; answer says
// it replies to the person's move.
func (g *game) engineMove(answer bool) {
	var last engine.Info
	lim := g.lim
	lim.Columns = engine.GameColumns(g.game)
	start := time.Now()
	res := g.eng.Search(g.v, *g.pos, g.game.History(), lim, func(in engine.Info) {
		if in.MultiPV <= 1 {
			last = in
		}
	})
	legal := g.legal()
	if !res.HasBest || !containsMove(legal, res.Best) {
		res.Best = legal[0] // the engine contract says this cannot happen
	}
	before := *g.pos
	g.printf("damka plays %s", g.v.FormatMove(&before, res.Best))
	if res.FromBook {
		g.printf("  (book, score %s at depth %d)", scoreText(res.Score), res.Depth)
	} else if last.Depth > 0 {
		g.printf("  (depth %d, score %s, %.1fs, pv %s)", last.Depth, scoreText(last.Score),
			time.Since(start).Seconds(), pvText(g.game, last.PV))
	}
	g.printf("\n")
	g.play(res.Best, answer)
	g.show()
	g.over()
}

func containsMove(moves []board.Move, m board.Move) bool {
	for _, o := range moves {
		if o == m {
			return true
		}
	}
	return false
}

// scoreText shows a score in men from the engine's side, or a win in plies.
func scoreText(s int) string {
	plies := func(n int) string {
		if n == 1 {
			return "1 ply"
		}
		return strconv.Itoa(n) + " plies"
	}
	if s >= engine.WinBound {
		return "win in " + plies(engine.WinScore-s)
	}
	if s <= -engine.WinBound {
		return "loss in " + plies(engine.WinScore+s)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

func (g *game) undo() {
	n := len(g.answer)
	if n == 0 {
		g.printf("nothing to undo\n")
		return
	}
	back := 1
	if g.answer[n-1] && n > 1 {
		back = 2
	}
	g.game.Truncate(n - back)
	g.answer = g.answer[:n-back]
	g.pos = g.game.Position()
	g.show()
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

// show draws the board with White at the bottom. Numeric variants get the
// square numbers in a second diagram beside the board; algebraic ones get
// files and ranks around it. Men are w and b, kings W and B, empty playing
// squares '.'.
func (g *game) show() {
	geo := g.v.Geo
	numeric := g.v.Notation != board.Algebraic
	var sb strings.Builder
	for rank := geo.Height - 1; rank >= 0; rank-- {
		if numeric {
			sb.WriteString("  ")
		} else {
			fmt.Fprintf(&sb, "%2d", rank+1)
		}
		for file := 0; file < geo.Width; file++ {
			sq, ok := geo.At(file, rank)
			if !ok {
				sb.WriteString("   ")
				continue
			}
			sb.WriteString(" " + string(".wbWB"[g.pos.At(sq)]) + " ")
		}
		if numeric {
			sb.WriteString("    ")
			for file := 0; file < geo.Width; file++ {
				if sq, ok := geo.At(file, rank); ok {
					fmt.Fprintf(&sb, "%3s", g.v.SquareName(sq))
				} else {
					sb.WriteString("   ")
				}
			}
		}
		sb.WriteString("\n")
	}
	if !numeric {
		sb.WriteString("  ")
		for file := 0; file < geo.Width; file++ {
			fmt.Fprintf(&sb, " %c ", 'a'+file)
		}
		sb.WriteString("\n")
	}
	if g.game.Towers().Height() > 0 {
		// Bashni: the columns, top first (w, b men, W, B kings).
		sb.WriteString("columns:")
		for n := 1; n <= geo.Squares; n++ {
			sq, _ := geo.Bit(n)
			if col := g.game.Towers().Column(sq); g.pos.At(sq) != board.Empty && col.Len() > 0 {
				fmt.Fprintf(&sb, " %s=%c", g.v.SquareName(sq), ".wbWB"[g.pos.At(sq)])
				for k := 0; k < col.Len(); k++ {
					sb.WriteByte("wbWB"[col.At(k)])
				}
			}
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "%s to move (move %d)", title(g.pos.Side), g.game.Len()/2+1)
	for _, l := range strings.Split(sb.String(), "\n") {
		g.printf("%s\n", strings.TrimRight(l, " "))
	}
}
