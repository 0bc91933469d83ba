package main

// A replay of the Hub traffic of lidraughts-bot, which pins pydraughts
// 0.5.7, against the real damka binary over stdin/stdout. Only the
// lidraughts server is simulated, by this test: it keeps the clocks and
// plays the opponent's moves at once. The bot's side follows its
// lidraughts-bot.py and engine_wrapper.py and pydraughts 0.5.7's
// engines/hub.py line by line:
//
//   - start "damka hub" (engine_argument), send hub and read to wait;
//   - one set-param per entry of config.yml's hub_options, in order, then
//     variant (pydraughts sends it only if hub declared variant values) and
//     initial-time (the clock in seconds, a Python float: "15.0"); init,
//     read to ready;
//   - every search sends pos pos=<start string> [moves="<all moves>"]
//     (omitted when there are none), a level line and go think or go ponder.
//     The bot's first move (fewer than two moves played) is level
//     move-time=10.0; later ones level time=T inc=I from the server's clock
//     less move_overhead (2000 ms) and move_overhead_inc (100 ms), with
//     pydraughts' own "time minus inc" (the engine adds inc first);
//   - after each move, with ponder on and a ponder move in done, the bot
//     ponders on the position after its move and that reply: the level of
//     the next move, estimated (wtime - overhead - setup time + winc, inc -
//     100 ms: inc=-0.1 in a game without increment), then go ponder. When
//     the opponent plays the expected reply the bot sends ponder-hit as soon
//     as go ponder is out (pydraughts busy-waits for it) and takes the done;
//     otherwise it sends stop, drops that done and searches again;
//   - at the end stop and quit.
//
// pydraughts reads the engine's stderr as part of its stdout (its Popen has
// stderr=STDOUT), so a note on stderr is an unexpected engine response too:
// the test wants both empty of anything but the expected lines. Every done
// is read as pydraughts 0.5.7 reads it (move= first; the move's squares in
// its numbering, top-down on 8x8, with exactly the captured squares) and
// must be legal, and every move must come before the server's clock runs
// out. The configurations are those of README.md ("lidraughts-bot") and
// the bot's config.yml.default.

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"damka/board"
	"damka/format/hubtext"
)

// botConfig is the part of lidraughts-bot's config.yml that shapes the
// engine traffic.
type botConfig struct {
	name       string      // where it comes from, for messages
	hubOptions [][2]string // engine.hub_options, in order
	goMoveTime int         // engine.hub_options.go_commands.movetime, ms (0: none)
	ponder     bool        // engine.ponder
	// move_overhead and move_overhead_inc, ms (the defaults 2000 and 100).
	moveOverhead, moveOverheadInc int
}

// botDefaultConfig is config.yml.default: Scan's parameters (bb-size
// "auto" is 0 when the bot's data/bb* directories are missing).
var botDefaultConfig = botConfig{
	name:         "config.yml.default",
	hubOptions:   [][2]string{{"book-ply", "20"}, {"tt-size", "23"}, {"bb-size", "0"}},
	ponder:       true,
	moveOverhead: 2000, moveOverheadInc: 100,
}

// readmeBotConfig reads the hub_options (and the ponder setting) of the
// README's lidraughts-bot engine section whose first line is the comment
// title.
func readmeBotConfig(t *testing.T, title string) botConfig {
	t.Helper()
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(text), "```yaml\n# "+title+"\n")
	if !ok {
		t.Fatalf("README.md has no yaml block titled %q", title)
	}
	block, _, _ = strings.Cut(block, "```")
	cfg := botConfig{name: "README " + title, moveOverhead: 2000, moveOverheadInc: 100}
	inOptions, optIndent := false, 0
	for _, line := range strings.Split(block, "\n") {
		line, _, _ = strings.Cut(line, "#")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		key, value, _ := strings.Cut(trimmed, ":")
		key, value = strings.TrimSpace(key), strings.Trim(strings.TrimSpace(value), `"'`)
		if inOptions && indent <= optIndent {
			inOptions = false
		}
		switch {
		case inOptions:
			cfg.hubOptions = append(cfg.hubOptions, [2]string{key, value})
		case key == "hub_options":
			inOptions, optIndent = true, indent
		case key == "ponder":
			cfg.ponder = value == "true"
		case key == "protocol" && value != "hub", key == "engine_argument" && value != "hub":
			t.Fatalf("README %s: %s is %q, want hub", title, key, value)
		}
	}
	return cfg
}

// botNumbering is how pydraughts 0.5.7 numbers Hub moves: as its position
// strings, top-down (the same as the standard numbering on 10x10).
const botNumbering = hubtext.TopDown

// replayGame is one game between the simulated bot (driving damka) and the
// simulated server.
type replayGame struct {
	t        *testing.T
	p        *proc
	v        *board.Variant
	cfg      botConfig
	bot      board.Color
	startHub string // pydraughts' initial_hub_fen
	opening  string // the opponent's first move when the bot is Black

	pos   board.Position
	moves []board.Move // the game so far

	// The server's clocks (ms) and the increment; state is the last
	// gameState the bot received, which the bot itself changes (choose_move
	// takes its overheads off it in place).
	clock [2]int
	inc   int
	state [2]struct{ time, inc int }

	pondering  bool
	ponderPos  board.Position // the position the ponder search is on, after ponderNext
	ponderNext board.Move     // the reply the bot expects
	hits       int
	misses     int
	thinks     []int // ms from the gameState to the bot's move

	began      time.Time
	transcript []string // the traffic, for failure messages
	infoRun    int      // info lines at the end of transcript
}

// send writes lines to damka as the bot does and keeps them for the
// transcript.
func (g *replayGame) send(lines ...string) {
	g.t.Helper()
	for _, l := range lines {
		g.note(">", l)
	}
	g.p.send(lines...)
}

// note adds a line to the transcript; a run of info lines is kept as its
// count and its last line.
func (g *replayGame) note(dir, line string) {
	if len(line) > 140 {
		line = line[:137] + "..."
	}
	entry := fmt.Sprintf("%6d ms %s %s", time.Since(g.began).Milliseconds(), dir, line)
	if info := dir == "<" && strings.HasPrefix(line, "info "); !info {
		g.infoRun = 0
	} else if g.infoRun++; g.infoRun > 1 {
		g.transcript[len(g.transcript)-1] = fmt.Sprintf("%s (info line %d of a run)", entry, g.infoRun)
		return
	}
	g.transcript = append(g.transcript, entry)
}

// fatalf fails the game with the end of the traffic, times in ms since the
// engine started (> to damka, < from it).
func (g *replayGame) fatalf(format string, args ...any) {
	g.t.Helper()
	tail := g.transcript[max(0, len(g.transcript)-30):]
	g.t.Fatalf(format+"\nlast lines of the traffic:\n%s", append(args, strings.Join(tail, "\n"))...)
}

func (g *replayGame) hubMoves(ms []board.Move) string {
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = hubtext.FormatMoveIn(g.v, m, botNumbering)
	}
	return strings.Join(texts, " ")
}

// posLine is pydraughts' pos command for the start position and moves.
func (g *replayGame) posLine(ms []board.Move) string {
	if len(ms) == 0 {
		return "pos pos=" + g.startHub
	}
	return "pos pos=" + g.startHub + ` moves="` + g.hubMoves(ms) + `"`
}

// pyFloat writes f as Python's str(float) does for the magnitudes that
// occur here: the shortest decimal that reads back, with ".0" if whole.
func pyFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// levelLine is pydraughts' level for a Limit(time=ms/1000, inc=inc/1000).
func levelLine(ms, inc int) string {
	myTime, fInc := float64(ms)/1000, float64(inc)/1000
	if inc != 0 {
		myTime -= fInc // "Hub engines first add the increment"
		return "level time=" + pyFloat(myTime) + " inc=" + pyFloat(fInc)
	}
	return "level time=" + pyFloat(myTime)
}

// pyKey is the key under which pydraughts 0.5.7 finds a Hub move among the
// legal ones: origin, destination and the sorted captured squares, the
// text split on "-" if it has one and on "x" otherwise, every part read by
// int().
func pyKey(text string) (string, error) {
	sep := "x"
	if strings.Contains(text, "-") {
		sep = "-"
	}
	parts := strings.Split(text, sep)
	if len(parts) < 2 {
		return "", fmt.Errorf("%q has no second square", text)
	}
	nums := make([]int, len(parts))
	for i, s := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 || n > 99 {
			return "", fmt.Errorf("int(%q) fails in %q", s, text)
		}
		nums[i] = n
	}
	slices.Sort(nums[2:])
	return fmt.Sprint(nums), nil
}

// pyMove finds text among the legal moves of p as pydraughts 0.5.7 does.
func (g *replayGame) pyMove(p *board.Position, text string) (board.Move, error) {
	key, err := pyKey(text)
	if err != nil {
		return board.Move{}, err
	}
	var ml board.MoveList
	g.v.Generate(p, &ml)
	var found []board.Move
	for _, m := range ml.Slice() {
		if k, _ := pyKey(hubtext.FormatMoveIn(g.v, m, botNumbering)); k == key {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		return board.Move{}, fmt.Errorf("%q names %d legal moves in pydraughts 0.5.7's numbering (%s) of %s",
			text, len(found), botNumbering, g.v.FEN(p))
	}
	return found[0], nil
}

// checkInfo reads an info line as pydraughts does: every token name=value,
// depth and nodes int(), mean-depth, time, nps and score float().
func checkInfo(line string) error {
	for name, value := range splitPy(line) {
		switch name {
		case "depth", "nodes":
			if _, err := strconv.Atoi(value); err != nil {
				return fmt.Errorf("int(%s=%q) fails", name, value)
			}
		case "mean-depth", "time", "nps", "score":
			if _, err := strconv.ParseFloat(value, 64); err != nil {
				return fmt.Errorf("float(%s=%q) fails", name, value)
			}
		case "":
			return fmt.Errorf("a token is not name=value")
		}
	}
	return nil
}

// splitPy splits a line's arguments on spaces outside quotes and each on
// "="; a token that does not give two parts is reported under "".
func splitPy(line string) map[string]string {
	out := map[string]string{}
	_, rest, _ := strings.Cut(line, " ")
	var tok strings.Builder
	quoted := false
	flush := func() {
		if tok.Len() == 0 {
			return
		}
		parts := strings.Split(tok.String(), "=")
		if len(parts) != 2 {
			out[""] = tok.String()
		} else {
			out[parts[0]] = strings.Trim(parts[1], `"`)
		}
		tok.Reset()
	}
	for _, r := range rest {
		switch {
		case r == '"':
			quoted = !quoted
			tok.WriteRune(r)
		case r == ' ' && !quoted:
			flush()
		default:
			tok.WriteRune(r)
		}
	}
	flush()
	return out
}

// readLine returns the next stdout line, or fails the test after wait.
func (g *replayGame) readLine(wait time.Duration, what string) string {
	g.t.Helper()
	select {
	case l, ok := <-g.p.lines:
		if !ok {
			g.fatalf("%s: damka closed its output (stderr: %q)", what, g.p.stderr.String())
		}
		g.note("<", l)
		return l
	case <-time.After(wait):
		g.fatalf("%s: no answer within %v (stderr: %q)", what, wait, g.p.stderr.String())
	}
	return ""
}

// readDone reads info lines up to done, as pydraughts' go does, and
// returns the done line. Any other line is an unexpected response.
func (g *replayGame) readDone(wait time.Duration, what string) string {
	g.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		l := g.readLine(time.Until(deadline), what)
		switch c, _, _ := strings.Cut(l, " "); c {
		case "done":
			return l
		case "info":
			if err := checkInfo(l); err != nil {
				g.t.Errorf("%s: pydraughts cannot read %q: %v", what, l, err)
			}
		default:
			g.t.Errorf("%s: unexpected engine response %q", what, l)
		}
	}
}

// readDoneMove reads done as pydraughts does: move= first, then an optional
// ponder=; both must be legal, in pydraughts' numbering.
func (g *replayGame) readDoneMove(p *board.Position, done, what string) (best board.Move, ponder board.Move, hasPonder bool) {
	g.t.Helper()
	f := strings.Fields(done)
	if len(f) < 2 || len(f) > 3 || !strings.HasPrefix(f[1], "move=") || len(f) == 3 && !strings.HasPrefix(f[2], "ponder=") {
		g.fatalf("%s: pydraughts cannot read %q", what, done)
	}
	best, err := g.pyMove(p, strings.TrimPrefix(f[1], "move="))
	if err != nil {
		g.fatalf("%s: %s: %v", what, done, err)
	}
	if len(f) == 3 {
		next := p.Play(best)
		if ponder, err = g.pyMove(&next, strings.TrimPrefix(f[2], "ponder=")); err != nil {
			g.fatalf("%s: %s: ponder move: %v", what, done, err)
		}
		hasPonder = true
	}
	return best, ponder, hasPonder
}

// start is the engine's start: hub, the set-param lines and init.
func (g *replayGame) start(variant string) {
	t := g.t
	g.send("hub")
	declaresVariants := false
	for {
		l := g.readLine(10*time.Second, "hub")
		if l == "wait" {
			break
		}
		c, _, _ := strings.Cut(l, " ")
		args := splitPy(l)
		switch {
		case c != "id" && c != "param":
			t.Errorf("hub: unexpected engine response %q", l)
		case args[""] != "":
			t.Errorf("hub: pydraughts cannot unpack %q in %q", args[""], l)
		case c == "param" && args["name"] == "variant" && args["values"] != "":
			declaresVariants = true
		}
	}
	if !declaresVariants {
		g.fatalf("hub declares no variant values, so pydraughts would not send the variant")
	}
	for _, o := range g.cfg.hubOptions {
		g.send("set-param name=" + o[0] + " value=" + o[1])
	}
	g.send("set-param name=variant value="+variant, "set-param name=initial-time value="+pyFloat(float64(g.clock[g.bot])/1000))
	g.send("init")
	for {
		l := g.readLine(10*time.Second, "init")
		if l == "ready" {
			break
		}
		if l != "init" {
			t.Errorf("init: unexpected engine response %q (set-param lines of %s)", l, g.cfg.name)
		}
	}
}

// play runs the game for at most botMoves moves of the bot.
func (g *replayGame) play(botMoves int, rng *rand.Rand) {
	t := g.t
	for moved := 0; moved < botMoves; {
		var ml board.MoveList
		g.v.Generate(&g.pos, &ml)
		if ml.N == 0 {
			break // game over
		}
		if g.pos.Side != g.bot {
			// The server: the opponent replies at once, the expected reply
			// two times in three so that both ponder-hit and stop are sent.
			m := ml.Moves[rng.Intn(ml.N)]
			if g.pondering && (rng.Intn(3) < 2 || ml.N == 1) {
				m = g.ponderNext
			} else if g.pondering && m == g.ponderNext {
				m = ml.Moves[(slices.Index(ml.Slice(), m)+1)%ml.N]
			}
			if len(g.moves) == 0 {
				// A first move after which damka's book has a reply: the bot's
				// first search is 10 s of move-time otherwise.
				var err error
				if m, err = g.v.ParseMove(&g.pos, g.opening); err != nil {
					g.fatalf("opening %s: %v", g.opening, err)
				}
			}
			g.clock[g.pos.Side] += g.inc
			g.playMove(m)
			continue
		}
		// The bot's turn: the gameState that carries the opponent's move.
		for c := range g.state {
			g.state[c].time, g.state[c].inc = g.clock[c], g.inc
		}
		startTime := time.Now()
		what := fmt.Sprintf("%s move %d (ply %d)", g.bot, moved+1, len(g.moves)+1)
		var done string
		switch {
		case len(g.moves) < 2:
			moveTime := 10000
			if g.cfg.goMoveTime > 0 {
				moveTime = min(moveTime, g.cfg.goMoveTime)
			}
			g.send(g.posLine(g.moves), "level move-time="+pyFloat(float64(moveTime)/1000), "go think")
			done = g.readDone(g.clockWait(), what)
		default:
			done = g.ponderResult(what)
			if done == "" {
				g.chooseMove(startTime)
				done = g.readDone(g.clockWait(), what)
			}
		}
		elapsed := int(time.Since(startTime).Milliseconds())
		if g.clock[g.bot] -= elapsed; g.clock[g.bot] <= 0 {
			g.fatalf("%s: %q came after %d ms, past the clock (%d ms left before it)", what, done, elapsed, g.clock[g.bot]+elapsed)
		}
		g.clock[g.bot] += g.inc
		g.thinks = append(g.thinks, elapsed)
		best, ponder, hasPonder := g.readDoneMove(&g.pos, done, what)
		g.playMove(best)
		moved++
		if g.cfg.ponder && hasPonder {
			g.startPondering(ponder, startTime)
		}
	}
	// The end of the game: lidraughts-bot sends stop and quit, whatever
	// the engine is doing; a ponder search answers its done.
	g.send("stop", "quit")
	if g.pondering {
		done := g.readDone(5*time.Second, "stop at the end of the game")
		g.readDoneMove(&g.ponderPos, done, "stop at the end of the game")
	}
	for closed := false; !closed; {
		select {
		case l, ok := <-g.p.lines:
			if closed = !ok; ok {
				t.Errorf("after quit: unexpected engine response %q", l)
			}
		case <-time.After(5 * time.Second):
			g.fatalf("damka did not close its output after quit")
		}
	}
	select {
	case err := <-g.p.waited:
		g.p.waited <- err // for the cleanup
		if err != nil {
			t.Errorf("damka exited with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("damka did not exit after quit")
	}
}

func (g *replayGame) playMove(m board.Move) {
	g.moves = append(g.moves, m)
	g.pos = g.pos.Play(m)
}

// clockWait is how long the bot's answer may take before the test gives up
// on it: what the server's clock has left, and a second more so that a
// late move is reported as such rather than as no answer.
func (g *replayGame) clockWait() time.Duration {
	return time.Duration(g.clock[g.bot]+1000) * time.Millisecond
}

// chooseMove is lidraughts-bot's choose_move: the overheads (the time
// since the gameState came, a stopped ponder search included, and
// move_overhead) come off the state in place, then pos, level and go think.
func (g *replayGame) chooseMove(startTime time.Time) {
	s := &g.state[g.bot]
	s.time = max(0, s.time-int(time.Since(startTime).Milliseconds())-g.cfg.moveOverhead)
	s.inc = max(0, s.inc-g.cfg.moveOverheadInc)
	g.send(g.posLine(g.moves), levelLine(s.time, s.inc), "go think")
}

// startPondering is lidraughts-bot's start_pondering: the estimated clock
// of the bot's next move, then pos, level and go ponder.
func (g *replayGame) startPondering(reply board.Move, startTime time.Time) {
	s := g.state[g.bot]
	setup := int(time.Since(startTime).Milliseconds())
	ms := s.time - g.cfg.moveOverhead - setup + s.inc
	inc := s.inc - g.cfg.moveOverheadInc
	g.ponderPos, g.ponderNext = g.pos.Play(reply), reply
	g.send(g.posLine(append(slices.Clone(g.moves), reply)), levelLine(ms, inc), "go ponder")
	g.pondering = true
}

// ponderResult is lidraughts-bot's get_pondering_results: ponder-hit and
// the done if the opponent played the expected reply, else stop, the done
// dropped, and "".
func (g *replayGame) ponderResult(what string) string {
	if !g.pondering {
		return ""
	}
	g.pondering = false
	if g.moves[len(g.moves)-1] == g.ponderNext {
		// pydraughts sends ponder-hit the moment go ponder is out; every
		// other hit waits a millisecond, as a fast opponent makes it.
		if g.hits%2 == 1 {
			time.Sleep(time.Millisecond)
		}
		g.hits++
		g.send("ponder-hit")
		return g.readDone(g.clockWait(), what+" after ponder-hit (if it times out, a ponder-hit right after go ponder was lost: issue 14.1)")
	}
	g.misses++
	g.send("stop")
	done := g.readDone(5*time.Second, what+": stop of the ponder search")
	g.readDoneMove(&g.ponderPos, done, what+": stop of the ponder search")
	return ""
}

func TestLidraughtsBotReplay(t *testing.T) {
	bin := buildDamka(t)
	intl := readmeBotConfig(t, "lidraughts-bot config.yml, engine section for International")
	russian := readmeBotConfig(t, "lidraughts-bot config.yml, engine section for Russian and Brazilian")
	// The bot's first search is 10 s of move-time; Brazilian has no book
	// to answer it at once, so its games cap it with the bot's
	// go_commands movetime, which changes only that level line.
	brazilian := russian
	brazilian.goMoveTime = 300
	const intlStart = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	const start8 = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
	cases := []struct {
		name      string
		v         *board.Variant
		variant   string // the bot's variant value
		startHub  string
		cfg       botConfig
		bot       board.Color
		base, inc int    // ms, the lidraughts clock
		opening   string // the opponent's first move when the bot is Black
	}{
		{"international-white", board.International, "normal", intlStart, intl, board.White, 15000, 0, ""},
		{"international-black-scan-config", board.International, "normal", intlStart, botDefaultConfig, board.Black, 15000, 0, "34-30"},
		{"russian-white", board.Russian, "russian", start8, russian, board.White, 15000, 1000, ""},
		{"russian-black", board.Russian, "russian", start8, russian, board.Black, 15000, 0, "a3-b4"},
		{"brazilian-white", board.Brazilian, "brazilian", start8, brazilian, board.White, 15000, 0, ""},
		{"brazilian-black", board.Brazilian, "brazilian", start8, brazilian, board.Black, 15000, 1000, "c3-d4"},
	}
	// The bot's engine_options become "--name=value" arguments after hub:
	// move-numbering given that way, and a bad value refused at start.
	t.Run("engine-options", func(t *testing.T) {
		g := &replayGame{t: t, v: board.Russian, startHub: start8, pos: board.Russian.Start(), began: time.Now()}
		g.p = startDamka(t, bin, "hub", "--move-numbering=top-down")
		g.send("hub")
		hub := strings.Join(g.p.until("wait"), "\n")
		if !strings.Contains(hub, "param name=move-numbering value=top-down ") {
			t.Errorf("hub --move-numbering=top-down declares\n%s", hub)
		}
		g.send("set-param name=variant value=russian", g.posLine(nil), "level depth=3", "go think")
		g.readDoneMove(&g.pos, g.readDone(10*time.Second, "first move"), "first move")
		out, err := exec.Command(bin, "hub", "--move-numbering=a1").CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "unknown move numbering") {
			t.Errorf("hub --move-numbering=a1: %v, %s", err, out)
		}
	})
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &replayGame{t: t, v: c.v, cfg: c.cfg, bot: c.bot, startHub: c.startHub, opening: c.opening,
				pos: c.v.Start(), inc: c.inc}
			if got := hubtext.Position(c.v, &g.pos); got != c.startHub {
				t.Fatalf("damka's start string %s is not pydraughts' %s", got, c.startHub)
			}
			g.clock = [2]int{c.base, c.base}
			g.p, g.began = startDamka(t, bin, "hub"), time.Now()
			g.start(c.variant)
			g.play(8, rand.New(rand.NewSource(int64(i+1))))
			if c.cfg.ponder && g.hits == 0 {
				t.Error("no ponder-hit was sent: the replay does not cover it")
			}
			t.Logf("%d plies, %d ponder hits, %d misses, clock left %d ms; the bot's moves took %v ms",
				len(g.moves), g.hits, g.misses, g.clock[g.bot], g.thinks)
			// The bot's last stop comes when nothing may be running (its
			// last move had no ponder move, or the ponder search has
			// answered); damka ignores it in silence too.
			if s := g.p.stderr.String(); s != "" {
				t.Errorf("damka wrote to stderr, which pydraughts 0.5.7 reads as unexpected engine responses (stderr=STDOUT) "+
					"(issue 14.4: Scan's book-ply, tt-size, bb-size and initial-time are to be accepted in silence):\n%s", s)
			}
		})
	}
}
