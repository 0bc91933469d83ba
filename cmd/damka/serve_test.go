package main

import (
	"bufio"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestServeListenIsLoopbackUnlessAllowed(t *testing.T) {
	cases := []struct {
		addr   string
		remote bool
		ok     bool
	}{
		{"127.0.0.1:8080", false, true},
		{"127.0.0.2:8080", false, true},
		{"[::1]:8080", false, true},
		{"localhost:8080", false, true},
		{"0.0.0.0:8080", false, false},
		{":8080", false, false}, // every interface
		{"[::]:8080", false, false},
		{"192.168.1.10:8080", false, false},
		{"example.org:80", false, false},
		{"0.0.0.0:8080", true, true},
		{"192.168.1.10:8080", true, true},
		{"127.0.0.1", false, false}, // no port
	}
	for _, c := range cases {
		err := checkListen(c.addr, c.remote)
		if (err == nil) != c.ok {
			t.Errorf("--listen %s (allow-remote %t): %v, want ok=%t", c.addr, c.remote, err, c.ok)
		}
		var ue usageError
		if err != nil && !errors.As(err, &ue) {
			t.Errorf("--listen %s: %v is not a usage error", c.addr, err)
		}
	}
	// Through the command: refused before anything listens.
	if code := run([]string{"serve", "--listen", "0.0.0.0:0"}); code != 2 {
		t.Errorf("damka serve --listen 0.0.0.0:0 exited %d, want 2", code)
	}
}

func TestDiagramCommand(t *testing.T) {
	dir := t.TempDir()
	pdn := filepath.Join(dir, "game.pdn")
	if err := os.WriteFile(pdn, []byte("[GameType \"25\"]\n\n1. c3-d4 f6-g5 2. d4-e5 d6xf4 3. g3xe5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.pdn")
	if err := os.WriteFile(bad, []byte("1. c3-d4 zz-yy *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.svg")
	cases := []struct {
		args  []string
		code  int
		check string // in the SVG written (code 0)
	}{
		{[]string{"--variant", "russian", "-o", out}, 0, `data-sq="a1" data-piece="w"`},
		{[]string{"--fen", "W:WK46:B5", "--flip", "-o", out}, 0, `data-flip="true"`},
		{[]string{"--pdn", pdn, "-o", out}, 0, `class="mark last" data-sq="g3"`},
		{[]string{"--pdn", pdn, "--move", "2", "-o", out}, 0, `class="mark last" data-sq="f6"`},
		{[]string{"--fen", "W:Wzz", "-o", out}, 2, ""},
		{[]string{"--pdn", bad, "-o", out}, 2, ""},
		{[]string{"--pdn", filepath.Join(dir, "none.pdn"), "-o", out}, 2, ""},
		{[]string{"--pdn", pdn, "--move", "6", "-o", out}, 2, ""},
		{[]string{"--pdn", pdn, "--game", "2", "-o", out}, 2, ""},
		{[]string{"--move", "1", "-o", out}, 2, ""},
		{[]string{"--size", "3", "-o", out}, 2, ""},
	}
	for _, c := range cases {
		os.Remove(out)
		code := run(append([]string{"diagram"}, c.args...))
		if code != c.code {
			t.Errorf("damka diagram %v exited %d, want %d", c.args, code, c.code)
			continue
		}
		if c.code != 0 {
			continue
		}
		svg, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(svg), "<svg") || !strings.Contains(string(svg), c.check) {
			t.Errorf("damka diagram %v: the SVG lacks %s", c.args, c.check)
		}
	}
}

// TestServeE2E: the built binary serves its embedded page and the API on
// the address it prints, and stops on an interrupt.
func TestServeE2E(t *testing.T) {
	bin := buildDamka(t)
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0", "--hash", "1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v", err)
	}
	url := regexp.MustCompile(`http://[0-9.:]+/`).FindString(line)
	if url == "" {
		t.Fatalf("no URL in %q", line)
	}
	for path, want := range map[string]string{"": "board", "app.js": "EventSource", "api/options": "international"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET /%s: status %d, body lacks %q", path, resp.StatusCode, want)
		}
	}
	resp, err := http.Post(url+"api/new", "application/json", strings.NewReader(`{"variant":"russian","fen":"W:Wq9"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.Contains(string(body), "bad FEN") {
		t.Errorf("bad FEN: status %d, %s", resp.StatusCode, body)
	}
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("damka serve after an interrupt: %v", err)
		}
	case <-time.After(e2eTimeout):
		t.Fatal("damka serve did not stop on an interrupt")
	}
}
