package hub

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
)

var stress = flag.Bool("stress", false, "TestHubStress: run 10,000 sessions (make bench) instead of 200")

// TestHubStress runs random Hub sessions against the real engine, in
// process: random and mutated command lines, set-param with good and bad
// values, position strings, FENs and move lists (legal walks and damaged
// ones), level lines and go/stop/ponder-hit sequences. After its input each
// session gets the health check (ping answered, go after a valid pos
// answered with a legal move) and then the end of input, which must end
// it. It counts panics in Run, hangs (a session that has not finished
// within stressTimeout), illegal answers and error lines; all but the
// error lines must be zero.
func TestHubStress(t *testing.T) {
	sessions := 200
	switch {
	case *stress:
		sessions = 10000
	case testing.Short():
		sessions = 50
	}
	files := stressFiles(t)
	const workers = 2
	var mu sync.Mutex
	var total stressResult
	var failures []string
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			eng := newStressEngine()
			for i := range next {
				r := runStressSession(eng, stressInput(i, files))
				if r.hung {
					// The hung session may still hold it.
					eng = newStressEngine()
				}
				mu.Lock()
				total.add(r)
				if r.failed() && len(failures) < 20 {
					failures = append(failures, fmt.Sprintf("session %d: %s", i, r.detail))
				}
				mu.Unlock()
			}
		})
	}
	for i := range sessions {
		next <- i
	}
	close(next)
	wg.Wait()
	t.Logf("stress: %d sessions, %d input lines, %d output lines in %v: panics=%d hangs=%d illegal=%d errors=%d",
		sessions, total.inLines, total.outLines, time.Since(start).Round(time.Millisecond),
		total.panics, total.hangs, total.illegal, total.errors)
	for _, f := range failures {
		t.Error(f)
	}
	if total.errors == 0 {
		t.Error("no error line at all: the generator sends no bad input")
	}
}

func newStressEngine() *engine.Engine {
	return engine.New(engine.Options{Threads: 1, HashMB: 1, EGDBCacheMB: 1, Book: true})
}

// stressFiles are paths for book-path and egdb-path: missing, not a
// regular file (a FIFO where the system has them), and a regular file that
// is not a book.
func stressFiles(t *testing.T) []string {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.book")
	if err := os.WriteFile(junk, []byte("DMKB not really a book"), 0o644); err != nil {
		t.Fatal(err)
	}
	return append([]string{"", dir, junk, filepath.Join(dir, "missing"), "/dev/null", "/dev/stdin", "/"}, specialFiles(t, dir)...)
}

// stressResult is what one session (or all of them) gave.
type stressResult struct {
	panics, hangs, illegal, errors, inLines, outLines int
	hung                                              bool
	detail                                            string
}

func (r stressResult) failed() bool { return r.panics+r.hangs+r.illegal > 0 }

func (r *stressResult) add(o stressResult) {
	r.panics += o.panics
	r.hangs += o.hangs
	r.illegal += o.illegal
	r.errors += o.errors
	r.inLines += o.inLines
	r.outLines += o.outLines
}

// stressTimeout bounds one session, health check included: generous, for
// a loaded machine; a session normally takes milliseconds.
const stressTimeout = 30 * time.Second

// The health check after the random input: the marker separates its
// answers from the input's.
const stressMark = "stress-health-mark"

var stressHealthMoves = []string{"32-28", "19-23"}

// runStressSession runs one session on input and then the health check.
func runStressSession(eng engine.Searcher, input []string) (r stressResult) {
	r.inLines = len(input)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := NewSession(eng, inR, outW, WithLog(io.Discard), WithEngineOptions(engine.Options{HashMB: 1, EGDBCacheMB: 1}))
	ran := make(chan any, 1)
	go func() {
		defer func() {
			p := recover()
			outW.Close()
			inR.Close() // the writer stops after quit
			ran <- p
		}()
		s.Run()
	}()
	quits := false
	for _, l := range input {
		for _, part := range strings.Split(l, "\n") {
			if pl, err := ParseLine(part); err == nil && pl.Command == "quit" {
				quits = true
			}
		}
	}
	go func() {
		// Writes fail once the session has ended (quit): the rest of the
		// input is then dropped.
		w := bufio.NewWriter(inW)
		for _, l := range input {
			w.WriteString(l + "\n")
		}
		w.WriteString("stop\n" + stressMark + "\nset-param name=variant value=normal\n")
		w.WriteString(`pos start moves="` + strings.Join(stressHealthMoves, " ") + "\"\nlevel depth=1\ngo think\n")
		w.Flush()
	}()
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		io.Copy(io.Discard, outR)
	}()
	deadline := time.After(stressTimeout)
	fail := func(format string, a ...any) stressResult {
		r.detail = fmt.Sprintf(format, a...)
		if len(input) < 40 {
			r.detail += fmt.Sprintf("; input %q", input)
		}
		return r
	}
	// Read up to the health check's done (or the end of output after quit).
	v := board.International
	root := v.Start()
	for _, m := range stressHealthMoves {
		mv, _ := hubtext.ParseMove(v, &root, m)
		root = root.Play(mv)
	}
	marked, healthy := false, false
	for !healthy {
		select {
		case l, ok := <-lines:
			if !ok {
				if p := <-ran; p != nil {
					r.panics++
					return fail("panic: %v", p)
				}
				if !quits {
					r.hangs++ // not a hang, but a session that gave up: as bad
					return fail("output ended before the health check")
				}
				return r
			}
			r.outLines++
			if l == ErrorLine("unknown command "+stressMark) {
				marked = true
				continue
			}
			if command(l) == "error" {
				r.errors++
			}
			if !marked || command(l) != "done" {
				continue
			}
			pl, _ := ParseLine(l)
			text, _ := pl.Get("move")
			if m, err := hubtext.ParseMove(v, &root, text); err != nil || hubtext.FormatMove(v, m) != text {
				r.illegal++
				return fail("health check: go answered %q", l)
			}
			healthy = true
		case <-deadline:
			r.hangs++
			r.hung = true
			return fail("no answer to the health check within %v", stressTimeout)
		}
	}
	io.WriteString(inW, "ping\n")
	for pong := false; !pong; {
		select {
		case l, ok := <-lines:
			if !ok {
				r.hangs++
				return fail("output ended before pong")
			}
			r.outLines++
			pong = l == "pong"
		case <-deadline:
			r.hangs++
			r.hung = true
			return fail("no pong within %v", stressTimeout)
		}
	}
	inW.Close()
	for {
		select {
		case _, ok := <-lines:
			if ok {
				r.outLines++
				continue
			}
			if p := <-ran; p != nil {
				r.panics++
				return fail("panic: %v", p)
			}
			return r
		case <-deadline:
			r.hangs++
			r.hung = true
			return fail("Run did not end at the end of its input")
		}
	}
}

// stressGen makes the random lines of one session.
type stressGen struct {
	rng   *rand.Rand
	v     *board.Variant
	files []string
}

// stressInput is the input of session i (the same for every run).
func stressInput(i int, files []string) []string {
	g := &stressGen{rng: rand.New(rand.NewPCG(uint64(i), 0x5eed)), v: board.International, files: files}
	n := 1 + g.rng.IntN(40)
	lines := make([]string, 0, n)
	for range n {
		l := g.line()
		if g.rng.IntN(8) == 0 {
			l = g.mutate(l)
		}
		lines = append(lines, l)
	}
	return lines
}

func (g *stressGen) pick(options ...string) string { return options[g.rng.IntN(len(options))] }

func (g *stressGen) line() string {
	switch k := g.rng.IntN(100); {
	case k < 12:
		return g.setParam()
	case k < 32:
		return g.pos()
	case k < 47:
		return g.level()
	case k < 67:
		return "go" + g.pick("", " think", " ponder", " analyze", " think ponder", " mcts")
	case k < 77:
		return g.pick("stop", "ponder-hit", "ping", "stop", "ponder-hit")
	case k < 85:
		return g.pick("hub", "init", "new-game", "", "   ", "quit", "ping extra=1")
	case k < 92:
		return g.garbage()
	default:
		// A burst: go ponder and ponder-hit (or stop) right behind it.
		return "go ponder\n" + g.pick("ponder-hit", "stop", "ponder-hit\nponder-hit", "ponder-hit\nstop")
	}
}

func (g *stressGen) setParam() string {
	names := []string{"variant", "threads", "hash", "multipv", "book", "book-path", "book-margin",
		"egdb-path", "egdb", "egdb-cache", "ponder", "tt-size", "book-ply", "bb-size", "initial-time", "eval", "nonsense", ""}
	name := g.pick(names...)
	var value string
	switch name {
	case "variant":
		vs := board.Variants()
		v := vs[g.rng.IntN(len(vs))]
		value = g.pick(hubtext.VariantName(v), v.Name, "chess", "")
		if value == hubtext.VariantName(v) || value == v.Name {
			g.v = v
		}
	case "threads":
		value = g.pick("1", "2", "0", "65", "x", "-1")
	case "hash", "egdb-cache":
		// Sizes that can be had: allocation limits are another matter.
		value = g.pick("1", "2", "4", "0", "65537", "abc", "-1", "99999999999999999999")
	case "multipv":
		value = g.pick("1", "2", "3", "0", "33")
	case "tt-size":
		value = g.pick("16", "17", "15", "31", "x")
	case "book", "egdb", "ponder":
		value = g.pick("true", "false", "on", "0", "maybe", "")
	case "book-path", "egdb-path":
		value = g.pick(g.files...)
	default:
		value = g.pick("0", "1", "20", "auto", "none", "", strconv.Itoa(g.rng.IntN(1000)))
	}
	return Format("set-param", A("name", name), A("value", value))
}

// walk plays up to n random legal moves from the start, returning the
// moves in Hub notation and the position reached.
func (g *stressGen) walk(n int) ([]string, board.Position) {
	v := g.v
	game := board.NewGame(v, v.Start())
	var moves []string
	for range n {
		var ml board.MoveList
		v.Generate(game.Position(), &ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[g.rng.IntN(ml.N)]
		moves = append(moves, hubtext.FormatMove(v, m))
		if game.Play(m) != nil {
			break // cannot happen: m is one of the legal moves
		}
	}
	return moves, *game.Position()
}

func (g *stressGen) pos() string {
	v := g.v
	moves, p := g.walk(g.rng.IntN(30))
	switch g.rng.IntN(6) {
	case 0:
		return "pos start"
	case 1:
		return Format("pos", A("pos", hubtext.Position(v, &p)))
	case 2:
		return Format("pos", A("fen", v.FEN(&p)))
	case 3:
		// A damaged move list: one move replaced, or the moves of another
		// variant's board.
		if len(moves) > 0 {
			moves[g.rng.IntN(len(moves))] = g.pick("99-1", "32-28", "1x10x5", "9-13", "", "x")
		}
		return Format("pos", A("start", ""), A("moves", strings.Join(moves, " ")))
	case 4:
		s := []byte(hubtext.Position(v, &p))
		s[g.rng.IntN(len(s))] = "wbWBex0"[g.rng.IntN(7)]
		return Format("pos", A("pos", string(s)))
	default:
		return Format("pos", A("start", ""), A("moves", strings.Join(moves, " ")))
	}
}

func (g *stressGen) level() string {
	parts := []string{"level"}
	for range 1 + g.rng.IntN(3) {
		parts = append(parts, g.pick(
			"depth="+strconv.Itoa(1+g.rng.IntN(4)),
			"nodes="+strconv.Itoa(1+g.rng.IntN(5000)),
			"move-time="+g.pick("0", "0.001", "0.01", "0.02"),
			"time="+g.pick("0", "0.05", "0.5", "-0.1"),
			"inc="+g.pick("0", "0.01", "0.05"),
			"moves="+strconv.Itoa(g.rng.IntN(50)),
			"infinite", "ponder", "handicap=2",
			"depth=x", "time=NaN", "nodes=-1", "move-time=1e400",
		))
	}
	return strings.Join(parts, " ")
}

func (g *stressGen) garbage() string {
	n := g.rng.IntN(80)
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(g.rng.IntN(256))
		if b[i] == '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// mutate damages a line: bytes flipped, inserted, deleted or cut.
func (g *stressGen) mutate(l string) string {
	b := []byte(l)
	for range 1 + g.rng.IntN(3) {
		if len(b) == 0 {
			b = append(b, byte(g.rng.IntN(128)))
			continue
		}
		i := g.rng.IntN(len(b))
		switch g.rng.IntN(4) {
		case 0:
			b[i] = byte(g.rng.IntN(256))
		case 1:
			b = append(b[:i], append([]byte{g.pick("\"", "=", " ", "x", "-", "\x00")[0]}, b[i:]...)...)
		case 2:
			b = append(b[:i], b[i+1:]...)
		default:
			b = b[:i]
		}
	}
	return strings.ReplaceAll(string(b), "\n", " ")
}
