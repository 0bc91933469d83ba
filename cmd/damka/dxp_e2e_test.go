package main

import (
	"bufio"
	"context"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"damka/engine"
	"damka/engine/board"
	"damka/protocol/dxp"
)

// dxpFirstMove is a searcher that plays the first legal move at once: the
// test's side of the match only has to be legal and quick.
type dxpFirstMove struct{}

func (dxpFirstMove) Search(v *board.Variant, root board.Position, _ []board.Position, _ engine.Limits, _ func(engine.Info)) engine.Result {
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

// TestDXPEndToEnd builds the real binary, runs `damka dxp --listen` with the
// real engine and plays two games against it (one per colour) from this
// process at a tiny time control, checking every move it sends is legal
// and that it reports the games and a summary.
func TestDXPEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped in -short mode")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			t.Skip("no go tool to build the binary with")
		}
	}
	bin := filepath.Join(t.TempDir(), "damka")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("the real engine does not build yet, so there is nothing to test end to end: %v\n%s", err, out)
	}

	// A free port: bind to port 0, note the number, release it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "dxp", "--listen", addr, "--hash", "8", "--name", "damka e2e")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 100)
	t.Cleanup(func() {
		cmd.Process.Kill()
		for range lines {
		}
		<-exited
		if t.Failed() {
			t.Logf("damka stderr:\n%s", stderr)
		}
	})

	// Wait for "dxp: listening on ADDR", then keep collecting stdout.
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	select {
	case l := <-lines:
		if l != "dxp: listening on "+addr {
			t.Fatalf("first line %q, want the listening line", l)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("damka dxp did not start listening")
	}

	logs := &lockedBuffer{}
	in := &dxp.Initiator{
		Config:  dxp.Config{Name: "e2e test", Searcher: dxpFirstMove{}, Logger: log.New(logs, "", 0), ReadTimeout: 20 * time.Second},
		Games:   2,
		Minutes: 0.05, // 3 s per side per game
		Moves:   10,   // adjudicated after 10 moves each
	}
	results, err := in.Run(ctx, addr)
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
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var out []string
	for l := range lines {
		out = append(out, l)
	}
	text := strings.Join(out, "\n")
	for _, want := range []string{"game 1: damka (black) vs e2e test:", "game 2: damka (white) vs e2e test:", "dxp summary: games=2 W-D-L"} {
		if !strings.Contains(text, want) {
			t.Errorf("damka stdout lacks %q:\n%s", want, text)
		}
	}
	select {
	case err := <-exited:
		exited <- err // for the cleanup
		if err != nil {
			t.Errorf("damka dxp exited with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("damka dxp did not exit after SIGINT")
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
