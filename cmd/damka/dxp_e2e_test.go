package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
	"damka/protocol/dxp"
)

// dxpFirstMove is a searcher that plays the first legal move at once: the
// test's side of the match only has to be legal and quick.
type dxpFirstMove struct{}

func (dxpFirstMove) Search(g *board.Game, _ engine.Limits, _ func(engine.Info)) engine.Result {
	v, root := g.Variant(), *g.Position()
	var ml board.MoveList
	v.Generate(&root, &ml)
	if ml.N == 0 {
		return engine.Result{}
	}
	return engine.Result{Best: ml.Moves[0], HasBest: true}
}
func (dxpFirstMove) Stop()                     {}
func (dxpFirstMove) PonderHit()                {}
func (dxpFirstMove) NewGame()                  {}
func (dxpFirstMove) SetOptions(engine.Options) {}

// dxpProc is a `damka dxp --listen` process: its address, its stdout lines
// after the listening line, its stderr, and its exit.
type dxpProc struct {
	cmd    *exec.Cmd
	addr   string
	lines  chan string
	stderr *lockedBuffer
	exited chan error
}

// startDXPFollower runs `damka dxp --listen ADDR args...` on a free
// loopback port and waits for its listening line.
func startDXPFollower(t *testing.T, bin string, args ...string) *dxpProc {
	t.Helper()
	// A free port: bind to port 0, note the number, release it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, append([]string{"dxp", "--listen", addr, "--hash", "8"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &dxpProc{cmd: cmd, addr: addr, lines: make(chan string, 100), stderr: &lockedBuffer{}, exited: make(chan error, 1)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		for range p.lines {
		}
		if t.Failed() {
			t.Logf("damka stderr:\n%s", p.stderr)
		}
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.exited <- cmd.Wait()
	}()
	select {
	case l := <-p.lines:
		if l != "dxp: listening on "+addr {
			t.Fatalf("first line %q, want the listening line", l)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("damka dxp did not start listening")
	}
	return p
}

// wait collects the rest of stdout and checks that the process exits
// cleanly within limit.
func (p *dxpProc) wait(t *testing.T, limit time.Duration) string {
	t.Helper()
	var out []string
	timer := time.After(limit)
	for open := true; open; {
		select {
		case l, ok := <-p.lines:
			if !ok {
				open = false
				break
			}
			out = append(out, l)
		case <-timer:
			t.Fatalf("damka dxp did not exit within %v; stdout so far:\n%s", limit, strings.Join(out, "\n"))
		}
	}
	select {
	case err := <-p.exited:
		if err != nil {
			t.Errorf("damka dxp exited with %v", err)
		}
	case <-time.After(limit):
		t.Fatalf("damka dxp did not exit within %v", limit)
	}
	return strings.Join(out, "\n")
}

// TestDXPEndToEnd builds the real binary and drives `damka dxp` over real
// sockets: as follower and as initiator (with the real engine, checking
// every move it sends is legal, its progress lines and its PDN file), and
// against hostile peers.
func TestDXPEndToEnd(t *testing.T) {
	bin := buildDamka(t)
	t.Run("follower", func(t *testing.T) { testDXPFollower(t, bin) })
	t.Run("initiator", func(t *testing.T) { testDXPInitiator(t, bin) })
	t.Run("silent", func(t *testing.T) { testDXPSilent(t, bin) })
	t.Run("stop", func(t *testing.T) { testDXPStop(t, bin) })
}

// testDXPStop: an initiator that asks the follower to stop entirely (stop
// code 1) after its last game makes `damka dxp --listen` print its summary
// and exit cleanly, as Scan and Moby Dam do.
func testDXPStop(t *testing.T, bin string) {
	p := startDXPFollower(t, bin)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	in := &dxp.Initiator{
		Config: dxp.Config{Name: "stopper", Searcher: dxpFirstMove{}, ReadTimeout: 20 * time.Second},
		Games:  1, Minutes: 0.02, Moves: 2, StopPeer: true,
	}
	if _, err := in.Run(ctx, p.addr); err != nil {
		t.Fatalf("match: %v", err)
	}
	if text := p.wait(t, 20*time.Second); !strings.Contains(text, "dxp summary: games=1") {
		t.Errorf("no summary after stop code 1:\n%s", text)
	}
	if log := p.stderr.String(); !strings.Contains(log, "asked to stop entirely") {
		t.Errorf("stderr does not say why it exits:\n%s", log)
	}
}

// testDXPSilent: a client that says nothing, and one that asks for 999
// minutes and then says nothing, each free the follower within the bound
// that --timeout and --max-time set (checked with a tenfold margin), and
// the follower then serves the next client.
func testDXPSilent(t *testing.T, bin string) {
	const grace, maxMinutes = 300 * time.Millisecond, 0.005
	p := startDXPFollower(t, bin, "--timeout", grace.String(), "--max-time", fmt.Sprint(maxMinutes))
	hangUp := func(c net.Conn, limit time.Duration) {
		t.Helper()
		c.SetReadDeadline(time.Now().Add(limit))
		r := dxp.NewReader(c)
		for {
			m, err := r.Next()
			if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("still connected after %v", limit)
			}
			if err != nil {
				return
			}
			t.Logf("follower sent %v", m)
		}
	}
	silent, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	hangUp(silent, 10*grace)

	absurd, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer absurd.Close()
	if err := dxp.Write(absurd, dxp.GameReq{Version: 1, Initiator: "absurd", FollowerColor: dxp.Black, Minutes: 999}); err != nil {
		t.Fatal(err)
	}
	hangUp(absurd, 10*(grace+time.Duration(maxMinutes*float64(time.Minute))))

	ok, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer ok.Close()
	if err := dxp.Write(ok, dxp.GameReq{Version: 1, Initiator: "ok", FollowerColor: dxp.Black, Minutes: 1}); err != nil {
		t.Fatal(err)
	}
	ok.SetReadDeadline(time.Now().Add(10 * time.Second))
	if m, err := dxp.NewReader(ok).Next(); err != nil {
		t.Fatalf("the follower does not serve the next client: %v", err)
	} else if a, isAcc := m.(dxp.GameAcc); !isAcc || a.Code != dxp.AccAccepted {
		t.Fatalf("next client got %v, want the game accepted", m)
	}
	if log := p.stderr.String(); !strings.Contains(log, "asks for 999 minutes a side") {
		t.Errorf("stderr does not say the 999 minutes were capped:\n%s", log)
	}
}

// testDXPFollower plays two games (one per colour) against `damka dxp
// --listen` at a tiny time control.
func testDXPFollower(t *testing.T, bin string) {
	pdnPath := filepath.Join(t.TempDir(), "follower.pdn")
	p := startDXPFollower(t, bin, "--name", "damka e2e", "--pdn", pdnPath)
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	logs := &lockedBuffer{}
	in := &dxp.Initiator{
		Config:  dxp.Config{Name: "e2e test", Searcher: dxpFirstMove{}, Logger: log.New(logs, "", 0), ReadTimeout: 20 * time.Second},
		Games:   2,
		Minutes: 0.05, // 3 s per side per game
		Moves:   10,   // adjudicated after 10 moves each
	}
	results, err := in.Run(ctx, p.addr)
	if err != nil {
		t.Fatalf("match: %v\n%s", err, logs)
	}
	for i, r := range results {
		t.Logf("%v", r)
		if r.Refused || r.Outcome == dxp.NoResult || r.Peer != "damka e2e" {
			t.Errorf("game %d did not finish properly: %v", i+1, r)
		}
		if strings.Contains(r.Reason, "illegal") || strings.Contains(r.Reason, "protocol") {
			t.Errorf("game %d: %s\n%s", i+1, r.Reason, logs)
		}
	}

	// Interrupt the server: it must print both games and a summary and
	// exit cleanly.
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	text := p.wait(t, 10*time.Second)
	for _, want := range []string{"game 1: damka (black) vs e2e test:", "game 2: damka (white) vs e2e test:", "dxp summary: games=2 W-D-L"} {
		if !strings.Contains(text, want) {
			t.Errorf("damka stdout lacks %q:\n%s", want, text)
		}
	}
	checkDXPRecords(t, results, p.stderr.String(), pdnPath, "damka e2e", "e2e test")
}

// testDXPInitiator runs `damka dxp --connect` against a follower in this
// process.
func testDXPInitiator(t *testing.T, bin string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var results []dxp.GameResult
	served := make(chan error, 1)
	go func() {
		served <- dxp.Serve(ctx, ln, dxp.Config{Name: "e2e follower", Searcher: dxpFirstMove{}, ReadTimeout: 20 * time.Second,
			OnResult: func(r dxp.GameResult) { mu.Lock(); results = append(results, r); mu.Unlock() }})
	}()
	defer func() { cancel(); <-served }()
	pdnPath := filepath.Join(t.TempDir(), "initiator.pdn")
	_, stderr := runDamka(t, bin, "dxp", "--connect", ln.Addr().String(), "--games", "2", "--time", ".03", "--moves", "4",
		"--hash", "8", "--name", "damka init", "--pdn", pdnPath)
	mu.Lock()
	theirs := slices.Clone(results)
	mu.Unlock()
	checkDXPRecords(t, theirs, stderr, pdnPath, "damka init", "e2e follower")
}

// checkDXPRecords checks damka's per-game progress lines on stderr and its
// PDN file against the games as the other side saw them.
func checkDXPRecords(t *testing.T, theirs []dxp.GameResult, stderr, pdnPath, us, peer string) {
	t.Helper()
	// Turn the other side's results round to damka's point of view.
	results := slices.Clone(theirs)
	for i := range results {
		r := &results[i]
		r.Color = map[dxp.Color]dxp.Color{dxp.White: dxp.Black, dxp.Black: dxp.White}[r.Color]
		if o, ok := map[dxp.Outcome]dxp.Outcome{dxp.Win: dxp.Loss, dxp.Loss: dxp.Win}[r.Outcome]; ok {
			r.Outcome = o
		}
	}
	if len(results) != 2 {
		t.Fatalf("%d games played, want 2", len(results))
	}
	var tally dxp.Tally
	for i, r := range results {
		tally.Add(r)
		want := fmt.Sprintf("game %d vs %s (damka %s): ", i+1, peer, r.Color)
		wdl := fmt.Sprintf("W-D-L %d-%d-%d", tally.Wins, tally.Draws, tally.Losses)
		found := false
		for _, l := range strings.Split(stderr, "\n") {
			found = found || strings.Contains(l, want) && strings.HasSuffix(l, wdl)
		}
		if !found {
			t.Errorf("stderr lacks a progress line %q...%q:\n%s", want, wdl, stderr)
		}
	}
	f, err := os.Open(pdnPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.Read(f)
	if err != nil {
		t.Fatalf("--pdn file does not read back: %v", err)
	}
	if len(games) != len(results) {
		t.Fatalf("--pdn file holds %d games, want %d", len(games), len(results))
	}
	for i, g := range games {
		r := results[i]
		tags := map[string]string{}
		for _, tg := range g.Tags {
			tags[tg.Name] = tg.Value
		}
		white, black := us, peer
		if r.Color == dxp.Black {
			white, black = peer, us
		}
		if tags["White"] != white || tags["Black"] != black || tags["Round"] != strconv.Itoa(i+1) {
			t.Errorf("PDN game %d: tags %v, want White %q, Black %q, Round %d", i+1, tags, white, black, i+1)
		}
		if g.Len() != r.Plies() {
			t.Errorf("PDN game %d: %d moves, the peer saw %d", i+1, g.Len(), r.Plies())
		}
		for j, m := range g.Moves() {
			if j < len(r.Played) && m != r.Played[j] {
				t.Errorf("PDN game %d ply %d differs from the game played", i+1, j+1)
				break
			}
		}
		want := map[dxp.Outcome]map[dxp.Color]string{
			dxp.Win: {dxp.White: "2-0", dxp.Black: "0-2"}, dxp.Loss: {dxp.White: "0-2", dxp.Black: "2-0"},
			dxp.Draw: {dxp.White: "1-1", dxp.Black: "1-1"}}[r.Outcome][r.Color]
		if want == "" {
			want = "*"
		}
		if g.Result != want {
			t.Errorf("PDN game %d: result %s, want %s for a %s as %s", i+1, g.Result, want, r.Outcome, r.Color)
		}
	}
}

// TestDXPVariant: DXP carries International draughts only; asking dxp for
// another variant is a usage error that says so, before any connection.
func TestDXPVariant(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "canadian"}, "--variant canadian: DXP carries International draughts only"},
		{[]string{"--variant", "russian", "--connect", "127.0.0.1:1"}, "--variant russian: DXP carries International draughts only"},
		{[]string{"--variant", "chess"}, `unknown variant "chess"`},
	} {
		err := dxpCmd(c.args)
		if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), c.want) {
			t.Errorf("dxp %v: %v, want a usage error with %q", c.args, err, c.want)
		}
	}
}
