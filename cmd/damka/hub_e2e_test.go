package main

// End-to-end tests of "damka hub": the real binary, built into a temporary
// directory, driven through pipes the way a GUI or pydraughts drives it.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/format/hubtext"
	"damka/protocol/hub"
)

// buildDamka builds the binary into dir and returns its path.
func buildDamka(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test: builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "damka")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// lockedBuffer collects a process's stderr.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// proc is a running damka with its stdin and its stdout lines.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *lockedBuffer
	waited chan error
	marks  int
}

const e2eTimeout = 20 * time.Second

func startDamka(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{t: t, cmd: exec.Command(bin, args...), lines: make(chan string, 4096),
		stderr: &lockedBuffer{}, waited: make(chan error, 1)}
	p.cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.waited <- p.cmd.Wait()
	}()
	t.Cleanup(func() {
		p.stdin.Close()
		select {
		case <-p.waited:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
			t.Errorf("damka %s did not exit after its input was closed", strings.Join(args, " "))
		}
	})
	return p
}

func (p *proc) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.t.Fatalf("writing %.80q: %v (stderr: %s)", l, err, p.stderr.String())
		}
	}
}

func (p *proc) next() string {
	p.t.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			p.t.Fatalf("damka closed its output (stderr: %s)", p.stderr.String())
		}
		return l
	case <-time.After(e2eTimeout):
		p.t.Fatalf("timed out waiting for damka (stderr: %s)", p.stderr.String())
	}
	return ""
}

// until returns the lines up to and including the first with command cmd.
func (p *proc) until(cmd string) []string {
	p.t.Helper()
	var got []string
	for {
		l := p.next()
		got = append(got, l)
		if c, _, _ := strings.Cut(l, " "); c == cmd {
			return got
		}
	}
}

// answer sends lines, ping and a marker, and returns the answer to the
// lines (without the pong, which must be there).
func (p *proc) answer(lines ...string) []string {
	p.t.Helper()
	p.marks++
	mark := fmt.Sprintf("mark-%d", p.marks)
	p.send(append(lines, "ping", mark)...)
	want := hub.ErrorLine("unknown command " + mark)
	var got []string
	for {
		l := p.next()
		if l == want {
			break
		}
		got = append(got, l)
	}
	if len(got) == 0 || got[len(got)-1] != "pong" {
		p.t.Fatalf("after %.80q: ping not answered: %q", lines, got)
	}
	return got[:len(got)-1]
}

// closeInput closes stdin and returns the rest of the output and the exit
// error.
func (p *proc) closeInput() ([]string, error) {
	p.t.Helper()
	p.stdin.Close()
	var rest []string
	timeout := time.After(e2eTimeout)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				err := <-p.waited
				p.waited <- err // for the cleanup
				return rest, err
			}
			rest = append(rest, l)
		case <-timeout:
			p.t.Fatal("damka did not exit at the end of its input")
		}
	}
}

// hubE2ECase is an end-to-end test that only some systems can run (unix:
// FIFOs); such files add theirs to hubE2EMore.
type hubE2ECase struct {
	name string
	test func(t *testing.T, bin string)
}

var hubE2EMore []hubE2ECase

func TestHubE2E(t *testing.T) {
	bin := buildDamka(t)
	t.Run("handshake", func(t *testing.T) { testHubHandshake(t, bin) })
	t.Run("args", func(t *testing.T) { testHubArgs(t, bin) })
	t.Run("game-international", func(t *testing.T) {
		testHubGame(t, bin, board.International, "normal", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
	})
	t.Run("game-russian", func(t *testing.T) {
		testHubGame(t, bin, board.Russian, "russian", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww")
	})
	t.Run("game-canadian", func(t *testing.T) {
		// 12x12: no Hub name is established, so damka's own.
		testHubGame(t, bin, board.Canadian, "canadian", "W"+strings.Repeat("b", 30)+strings.Repeat("e", 12)+strings.Repeat("w", 30))
	})
	t.Run("stop-infinite", func(t *testing.T) { testHubStop(t, bin) })
	t.Run("ping-during-search", func(t *testing.T) { testHubPing(t, bin) })
	t.Run("robustness", func(t *testing.T) { testHubRobustness(t, bin) })
	t.Run("eof-during-search", func(t *testing.T) { testHubEOF(t, bin) })
	t.Run("scan-params", func(t *testing.T) { testHubScanParams(t, bin) })
	t.Run("level-in-force", func(t *testing.T) { testHubLevelInForce(t, bin) })
	t.Run("ponder-hit-race", func(t *testing.T) { testHubPonderHitRace(t, bin) })
	t.Run("refused-pos", func(t *testing.T) { testHubRefusedPos(t, bin) })
	for _, c := range hubE2EMore {
		t.Run(c.name, func(t *testing.T) { c.test(t, bin) })
	}
}

func testHubHandshake(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.send("hub")
	got := p.until("wait")
	if !strings.HasPrefix(got[0], "id name=damka version=") {
		t.Errorf("first line %q", got[0])
	}
	params := map[string]bool{}
	for _, l := range got[1 : len(got)-1] {
		pl, err := hub.ParseLine(l)
		if err != nil || pl.Command != "param" {
			t.Fatalf("%q: %v", l, err)
		}
		name, _ := pl.Get("name")
		params[name] = true
	}
	for _, name := range []string{"variant", "threads", "hash", "multipv", "book", "egdb-path", "ponder"} {
		if !params[name] {
			t.Errorf("no param %s in %q", name, got)
		}
	}
	if a := p.answer("set-param name=variant value=normal", "set-param name=threads value=1",
		"set-param name=hash value=8", "set-param name=initial-time value=60", "init"); len(a) != 1 || a[0] != "ready" {
		t.Fatalf("init answered %q", a)
	}
	if a := p.answer("new-game", "pos start", "level depth=3"); len(a) != 0 {
		t.Fatalf("answer %q", a)
	}
	// The start position is in the built-in book: answered without a
	// search (nodes=0); without the book it is searched from depth 1.
	p.send("go think")
	got = p.until("done")
	if len(got) != 2 || !strings.Contains(got[0], " nodes=0 ") || !strings.HasPrefix(got[1], "done move=") {
		t.Errorf("go think from the book: %q", got)
	}
	if a := p.answer("set-param name=book value=false", "pos start", "level depth=3"); len(a) != 0 {
		t.Fatalf("answer %q", a)
	}
	p.send("go think")
	got = p.until("done")
	if len(got) < 2 || !strings.HasPrefix(got[0], "info depth=1 mean-depth=") || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("go think without the book: %q", got)
	}
	p.send("quit")
	if rest, err := p.closeInput(); err != nil || len(rest) != 0 {
		t.Errorf("quit: %v, %q", err, rest)
	}
	if e := p.stderr.String(); e != "" {
		t.Errorf("stderr %q", e)
	}
}

// testHubArgs starts hub the way lidraughts-bot does, with --key=value
// arguments appended.
func testHubArgs(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub", "--threads=2", "--hash", "32", "--variant=russian", "--book=true",
		"--initial-time=300", "--engine-dir=/x", "-v")
	p.send("hub")
	got := strings.Join(p.until("wait"), "\n")
	for _, want := range []string{"name=threads value=2 ", "name=hash value=32 ", "name=variant value=russian ", "name=book value=true "} {
		if !strings.Contains(got, want) {
			t.Errorf("hub output lacks %q:\n%s", want, got)
		}
	}
	p.closeInput()
	for _, want := range []string{`"--engine-dir=/x"`, `"-v"`} {
		if !strings.Contains(p.stderr.String(), want) {
			t.Errorf("no note about %s in stderr %q", want, p.stderr.String())
		}
	}
	// Scan's names, which lidraughts-bot may pass this way too, are taken.
	if strings.Contains(p.stderr.String(), "initial-time") {
		t.Errorf("note about --initial-time in stderr %q", p.stderr.String())
	}
	// A bad value for a known flag is a usage error.
	out, err := exec.Command(bin, "hub", "--threads=0").CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("hub --threads=0: %v, %s", err, out)
	}
}

// testHubScanParams configures damka as lidraughts-bot's default
// configuration configures Scan: no answer, no stderr note, and tt-size
// sets the hash size.
func testHubScanParams(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.send("hub")
	p.until("wait")
	if a := p.answer("set-param name=book-ply value=20", "set-param name=tt-size value=20",
		"set-param name=bb-size value=0", "set-param name=variant value=normal",
		"set-param name=initial-time value=180", "init"); len(a) != 1 || a[0] != "ready" {
		t.Fatalf("init: %q", a)
	}
	p.send("hub")
	// 2^20 entries of 16 bytes.
	if got := strings.Join(p.until("wait"), "\n"); !strings.Contains(got, "param name=hash value=16 ") {
		t.Errorf("tt-size=20 did not set hash to 16 MB:\n%s", got)
	}
	p.send("pos start", "level depth=2", "go think")
	if got := p.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("go: %q", got)
	}
	p.closeInput()
	if e := p.stderr.String(); e != "" {
		t.Errorf("stderr %q", e)
	}
}

// testHubGame plays the engine against itself through the protocol, as
// pydraughts does: every turn sends the start position and the whole game,
// then level depth=2 and go think. The game ends when a side has no legal
// move (bare done) or after 200 plies. Every move the engine sends is
// checked against the rules.
func testHubGame(t *testing.T, bin string, v *board.Variant, hubName, startPos string) {
	p := startDamka(t, bin, "hub")
	p.send("hub")
	p.until("wait")
	if a := p.answer("set-param name=variant value="+hubName, "init", "new-game"); len(a) != 1 || a[0] != "ready" {
		t.Fatalf("init: %q", a)
	}
	pos := v.Start()
	if got := hubtext.Position(v, &pos); got != startPos {
		t.Fatalf("start position %s, want %s", got, startPos)
	}
	var moves []string
	for ply := 0; ply < 200; ply++ {
		p.send(fmt.Sprintf("pos pos=%s moves=%q", startPos, strings.Join(moves, " ")), "level depth=2", "go think")
		got := p.until("done")
		for _, l := range got[:len(got)-1] {
			if !strings.HasPrefix(l, "info depth=") {
				t.Fatalf("ply %d: unexpected line %q", ply, l)
			}
		}
		done, err := hub.ParseLine(got[len(got)-1])
		if err != nil {
			t.Fatal(err)
		}
		var ml board.MoveList
		v.Generate(&pos, &ml)
		if len(done.Args) == 0 {
			if ml.N != 0 {
				t.Fatalf("ply %d: bare done with %d legal moves", ply, ml.N)
			}
			t.Logf("%s: %s has no legal move after %d plies", v.Name, pos.Side, ply)
			return
		}
		text, _ := done.Get("move")
		m, err := hubtext.ParseMove(v, &pos, text)
		if err != nil {
			t.Fatalf("ply %d: engine played %q: %v (position %s)", ply, text, err, v.FEN(&pos))
		}
		if hubtext.FormatMove(v, m) != text {
			t.Errorf("ply %d: move written %q, canonical %q", ply, text, hubtext.FormatMove(v, m))
		}
		moves = append(moves, text)
		pos = pos.Play(m)
	}
	t.Logf("%s: 200 plies played, final position %s", v.Name, v.FEN(&pos))
}

// testHubStop checks that stop ends an infinite search with done within
// 100 ms. The machines running tests are shared and a process can lose the
// CPU for longer than that, so the time is measured three times and the
// best must be under the limit.
func testHubStop(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.answer("init")
	best := time.Hour
	for range 3 {
		p.send("pos start", "level infinite", "go think")
		p.until("info")
		time.Sleep(50 * time.Millisecond)
		start := time.Now()
		p.send("stop")
		got := p.until("done")
		d := time.Since(start)
		best = min(best, d)
		if !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Fatalf("after stop: %q", got)
		}
		t.Logf("stop -> done in %v", d)
	}
	if best > 100*time.Millisecond {
		t.Errorf("stop took %v at best, want under 100 ms", best)
	}
}

func testHubPing(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.answer("init")
	p.send("pos start", "level infinite", "go analyze")
	p.until("info")
	for range 5 {
		p.send("ping")
		p.until("pong") // info lines may come first
	}
	p.send("stop")
	got := p.until("done")
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("after stop: %q", got)
	}
}

// hubBadLines are bad inputs with the start of the answer each must get
// ("" for none); the session must answer ping after each.
var hubBadLines = []struct{ in, want string }{
	{"\x00\x01\x02", `error message="bad line:`},
	{"\xff\xfe", `error message="bad line:`},
	{`"hub"`, `error message="bad line:`},
	{"hub=1", `error message="bad line:`},
	{`pos moves="32-28`, `error message="bad line: unterminated quote`},
	{"frobnicate", `error message="unknown command frobnicate`},
	{"po", `error message="unknown command po`},
	{"set-param", `error message="set-param: missing name`},
	{"set-param name=threads", `error message="set-param threads: missing value`},
	{"set-param name=threads value=abc", `error message="set-param: threads must be`},
	{"set-param name=hash value=99999999999999999999", `error message="set-param: hash must be`},
	{"set-param name=variant value=chess", `error message="set-param: unknown variant chess`},
	{"set-param name=nonsense value=1", ""},
	{"pos pos=xyz", `error message="bad position:`},
	{"pos pos", `error message="bad position:`},
	{`pos moves="32-28 32-28"`, `error message="illegal move 32-28 (move 2 of 2`},
	{`pos moves="99-1"`, `error message="illegal move 99-1`},
	{"level depth=abc", `error message="level: depth must be`},
	{"level depth", `error message="level: depth needs a value`},
	{"level time=NaN", `error message="level: time must be`},
	{"level move-time=-1", `error message="level: move-time must be`},
	{"level nodes=-5", `error message="level: nodes must be`},
	{"level handicap=2", ""},
	{"stop", ""},
	{"ponder-hit", ""},
	{"", ""},
}

func testHubRobustness(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	for _, tc := range hubBadLines {
		got := p.answer(tc.in)
		switch {
		case tc.want == "" && len(got) != 0,
			tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	// Still a working engine.
	p.send("pos start", "level depth=2", "go think")
	if got := p.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("search after bad lines: %q", got)
	}
}

// testHubEOF closes stdin during an infinite search: damka must stop and
// exit at once, with status 0.
func testHubEOF(t *testing.T, bin string) {
	p := startDamka(t, bin, "hub")
	p.send("level infinite", "go think")
	p.until("info")
	start := time.Now()
	rest, err := p.closeInput()
	if err != nil {
		t.Errorf("exit: %v (stderr %s)", err, p.stderr.String())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("exit took %v after EOF", d)
	}
	if len(rest) == 0 || !strings.HasPrefix(rest[len(rest)-1], "done move=") {
		t.Errorf("output after EOF: %q", rest)
	}
}
