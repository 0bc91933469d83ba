package web

// End-to-end tests of the page in a real browser: headless Chromium driven
// over the DevTools protocol by chromedp. They play by clicks on the SVG
// board and check the board drawn in the page against the server's game
// after every move. Screenshots are kept in $DAMKA_SCREENSHOTS (default: the
// test's temporary directory).

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"damka/board"
	"damka/engine"
	"damka/format/pdn"
	"damka/internal/diagram"
)

// findBrowser is the Chromium to drive, or "" when none is installed.
func findBrowser() string {
	if p := os.Getenv("DAMKA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserTest is one page in a fresh browser profile against a server
// with the real engine.
type browserTest struct {
	t    *testing.T
	srv  *Server
	url  string
	ctx  context.Context
	dir  string // screenshots
	shot int
}

func newBrowserTest(t *testing.T) *browserTest {
	return newBrowserTestWith(t, Config{Engine: engine.Options{HashMB: 4}}, 60*time.Second)
}

// newBrowserTestWith is newBrowserTest with the server's configuration
// and the time the whole test may take.
func newBrowserTestWith(t *testing.T, cfg Config, limit time.Duration) *browserTest {
	t.Helper()
	path := findBrowser()
	if path == "" {
		t.Skip("no Chromium found (install Debian's chromium package, or set DAMKA_CHROMIUM): browser tests skipped")
	}
	srv := New(cfg)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	dir := os.Getenv("DAMKA_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, limit)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Skipf("Chromium at %s does not start (%v): browser tests skipped", path, err)
	}
	return &browserTest{t: t, srv: srv, url: hs.URL, ctx: ctx, dir: dir}
}

func (b *browserTest) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.screenshot("failed")
		b.t.Fatalf("%s: %v", what, err)
	}
}

// get runs one action that returns a value.
func get[T any](b *browserTest, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, a)
	if err != nil {
		b.screenshot("failed")
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// screenshot keeps a picture of the page as a test artefact.
func (b *browserTest) screenshot(name string) {
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	b.shot++
	file := filepath.Join(b.dir, fmt.Sprintf("%s-%02d-%s.png", strings.ReplaceAll(b.t.Name(), "/", "-"), b.shot, name))
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
	}
}

// boardShot keeps a picture of the board alone under name.
func (b *browserTest) boardShot(file string) {
	png := get(b, "board screenshot", chromedp.Screenshot(chromedp.CSS("#board svg")))
	if err := os.WriteFile(filepath.Join(b.dir, file), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// open loads the page for a new game and returns its session.
func (b *browserTest) open(query string) *session {
	b.run("load the page", chromedp.Navigate(b.url+"/?"+query), chromedp.WaitVisible(chromedp.CSS("#board svg .piece")))
	id := get(b, "read the session", chromedp.Evaluate[string](`S.id`))
	ss, err := b.srv.session(id)
	if err != nil {
		b.t.Fatal(err)
	}
	return ss
}

// settle waits until the page shows the server's latest state with the
// engine not thinking, and returns that state.
func (b *browserTest) settle(ss *session, plies int) state { return b.settleAfter(ss, plies, -1) }

// settleAfter is settle for a state newer than generation gen.
func (b *browserTest) settleAfter(ss *session, plies, gen0 int) state {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		st := ss.snapshot()
		gen := get(b, "read the page's state", chromedp.Evaluate[int](`S ? S.gen : -1`))
		if len(st.History) == plies && !st.Thinking && gen == st.Gen && st.Gen > gen0 {
			return st
		}
		if time.Now().After(deadline) {
			b.screenshot("stuck")
			b.t.Fatalf("waiting for %d plies: server has %v (thinking %t, gen %d), page gen %d", plies, st.History, st.Thinking, st.Gen, gen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkBoard compares the pieces drawn in the page with the server's
// position.
func (b *browserTest) checkBoard(ss *session) {
	b.t.Helper()
	drawn := get(b, "read the board", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#board .piece")].map(g => g.dataset.sq + "=" + g.dataset.piece)`))
	ss.mu.Lock()
	v, p := ss.game.Variant(), *ss.game.Position()
	ss.mu.Unlock()
	var want []string
	for s, pc := range p.All() {
		want = append(want, v.SquareName(s)+"="+diagram.PieceCode(pc))
	}
	sort.Strings(drawn)
	sort.Strings(want)
	if strings.Join(drawn, " ") != strings.Join(want, " ") {
		b.t.Fatalf("the page shows\n%v\nthe server's position is\n%v", drawn, want)
	}
}

// clickMove plays a legal move of the state by clicking its origin and
// its destination (or dragging the piece there), preferring a capture; it
// returns the move's text.
func (b *browserTest) clickMove(st state, i int, drag bool) string {
	b.t.Helper()
	count := map[[2]string]int{}
	for _, m := range st.Moves {
		count[[2]string{m.From, m.To}]++
	}
	var pick *legal
	for j := range st.Moves {
		m := &st.Moves[(i+j)%len(st.Moves)]
		if count[[2]string{m.From, m.To}] == 1 && (pick == nil || len(m.Captured) > len(pick.Captured)) {
			pick = m
		}
	}
	if pick == nil {
		b.t.Fatalf("no move with a unique origin and destination in %v", st.Moves)
	}
	sq := func(name string) string { return `#board .sq[data-sq="` + name + `"]` }
	if drag {
		b.run("drag "+pick.Text, chromedp.DragAndDrop(chromedp.CSS(`#board .piece[data-sq="`+pick.From+`"]`), chromedp.CSS(sq(pick.To))))
		return pick.Text
	}
	b.run("click "+pick.Text,
		chromedp.Click(chromedp.CSS(sq(pick.From))),
		chromedp.WaitVisible(chromedp.CSS(`#board .sq.tgt`)),
		chromedp.Click(chromedp.CSS(sq(pick.To))))
	return pick.Text
}

func (b *browserTest) playByClicks(ss *session, moves int) {
	b.t.Helper()
	st := b.settle(ss, 0)
	for i := range moves {
		text := b.clickMove(st, i, i == 1) // the second move by drag and drop
		st = b.settle(ss, 2*(i+1))
		if st.History[2*i] != text {
			b.t.Fatalf("clicked %s, the server played %s", text, st.History[2*i])
		}
		b.checkBoard(ss)
		b.screenshot(fmt.Sprintf("move%d", i+1))
	}
}

// openAndPlay starts a game of variant as White against the engine,
// keeps a picture of the board at the start (<variant>-start.png), plays
// three moves by clicks and drag and drop, and takes the last pair back.
func (b *browserTest) openAndPlay(variant string) *session {
	ss := b.open("variant=" + variant + "&human=white&time=test")
	b.checkBoard(ss)
	b.boardShot(variant + "-start.png")
	b.playByClicks(ss, 3)
	b.run("take back", chromedp.Click(chromedp.CSS("#undo")))
	b.settle(ss, 4)
	b.checkBoard(ss)
	b.screenshot("takeback")
	return ss
}

func TestBrowserInternational(t *testing.T) {
	b := newBrowserTest(t)
	ss := b.openAndPlay("international")

	// An illegal move typed in gets a message on the page.
	b.run("type an illegal move",
		chromedp.SendKeys(chromedp.CSS("#move-text"), "1-2\n"))
	msg := get(b, "read the message", chromedp.Poll[string](`document.getElementById("message").textContent`))
	if !strings.Contains(msg, "1-2") {
		t.Errorf("illegal move 1-2: the page says %q", msg)
	}
	b.screenshot("illegal")

	// Export: the PDN shown is the game the server holds.
	b.run("show the PDN", chromedp.Click(chromedp.CSS("#pdn-show")))
	text := get(b, "read the PDN", chromedp.Poll[string](`document.getElementById("pdn-text").value.includes("1.") && document.getElementById("pdn-text").value`))
	games, err := pdn.Read(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("exported PDN %q: %v", text, err)
	}
	if st := ss.snapshot(); games[0].FEN() != st.FEN || games[0].Len() != len(st.History) {
		t.Errorf("exported PDN ends at %s after %d plies; the game at %s after %d", games[0].FEN(), games[0].Len(), st.FEN, len(st.History))
	}

	// A new game from a FEN, both sides played here: the endgame tables'
	// verdict shows; then a malformed FEN gets a message.
	b.run("new game from a FEN",
		chromedp.SetValue(chromedp.CSS("#fen"), "W:WK46,K5:B30"),
		chromedp.SetValue(chromedp.CSS("#human"), "both"),
		chromedp.Click(chromedp.CSS("#new")))
	verdict := get(b, "wait for the verdict", chromedp.Poll[string](`document.getElementById("tables").textContent`))
	want, err := board.ParseGame(board.International, "W:WK46,K5:B30")
	if err != nil {
		t.Fatal(err)
	}
	if st := ss.snapshot(); st.FEN != want.FEN() || !strings.Contains(verdict, "endgame tables") {
		t.Errorf("new game from W:WK46,K5:B30: server at %s, the page says %q", st.FEN, verdict)
	}
	b.checkBoard(ss)
	b.screenshot("tables")
	b.run("new game from a bad FEN",
		chromedp.SetValue(chromedp.CSS("#fen"), "W:W99"),
		chromedp.Click(chromedp.CSS("#new")))
	if msg := get(b, "read the message", chromedp.Poll[string](`document.getElementById("message").textContent`)); !strings.Contains(msg, "FEN") {
		t.Errorf("bad FEN: the page says %q", msg)
	}
}

func TestBrowserRussian(t *testing.T) {
	b := newBrowserTest(t)
	ss := b.openAndPlay("russian")

	// Import: a PDN file opened in the page replaces the game.
	g := board.NewGame(board.Russian, board.Russian.Start())
	for _, text := range []string{"c3-d4", "f6-e5", "d4xf6", "g7xe5"} {
		m, err := board.Russian.ParseMove(g.Position(), text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	var sb strings.Builder
	if err := (&pdn.Game{Game: g}).Write(&sb); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "game.pdn")
	if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	before := ss.snapshot().Gen
	b.run("open the PDN file", chromedp.SetUploadFiles(chromedp.CSS("#pdn-file"), []string{file}))
	st := b.settleAfter(ss, 4, before)
	if st.FEN != g.FEN() {
		t.Errorf("after loading the PDN the game is at %s, the file ends at %s", st.FEN, g.FEN())
	}
	b.checkBoard(ss)
	b.screenshot("imported")

	// A malformed PDN pasted in gets a message, and the game stays.
	b.run("paste a bad PDN",
		chromedp.SetValue(chromedp.CSS("#pdn-text"), "1. c3-d4 zz-yy *"),
		chromedp.Click(chromedp.CSS("#pdn-load")))
	get(b, "wait for the message", chromedp.Poll[bool](`document.getElementById("message").textContent.includes("PDN")`))
	if ss.snapshot().FEN != g.FEN() {
		t.Errorf("a bad PDN changed the game")
	}

	// Analysis: the engine's lines appear live on the page.
	b.run("analyse", chromedp.Click(chromedp.CSS("#analyse")))
	line := get(b, "wait for a line", chromedp.Poll[string](`(() => { const c = document.querySelectorAll("#lines tbody tr td"); return c.length >= 5 && c[4].textContent; })()`))
	if _, err := board.Russian.ParseMove(g.Position(), strings.Fields(line)[0]); err != nil {
		t.Errorf("the first move of the analysis line %q: %v", line, err)
	}
	b.screenshot("analysis")

	// Two captures from one square to another taking other pieces: the
	// page asks which, and plays the one chosen.
	b.run("new game with a choice of captures",
		chromedp.SetValue(chromedp.CSS("#fen"), "B:Wb2,b4,d2,f2,g1,g5,h6:Ba5,f8,h8"),
		chromedp.SetValue(chromedp.CSS("#human"), "both"),
		chromedp.Click(chromedp.CSS("#new")))
	st = b.settleAfter(ss, 0, ss.snapshot().Gen-1)
	pairs := map[[2]string][]string{}
	for _, m := range st.Moves {
		pairs[[2]string{m.From, m.To}] = append(pairs[[2]string{m.From, m.To}], m.Text)
	}
	var pair [2]string
	for p, texts := range pairs {
		if len(texts) > 1 {
			pair = p
		}
	}
	if pair[0] == "" {
		t.Fatalf("no two captures share origin and destination in %v", st.Moves)
	}
	sq := func(name string) chromedp.CSS { return chromedp.CSS(`#board .sq[data-sq="` + name + `"]`) }
	b.run("click "+pair[0]+" and "+pair[1], chromedp.Click(sq(pair[0])), chromedp.Click(sq(pair[1])))
	choice := get(b, "read the choices", chromedp.Poll[string](`(() => { const c = document.querySelectorAll("#choices .choice"); return c.length >= 2 && c[1].textContent; })()`))
	b.screenshot("choices")
	b.run("choose "+choice, chromedp.Click(chromedp.CSS("#choices .choice:nth-of-type(2)")))
	st = b.settle(ss, 1)
	if st.History[0] != choice {
		t.Errorf("chose %s, the server played %v", choice, st.History)
	}
	b.checkBoard(ss)
}
