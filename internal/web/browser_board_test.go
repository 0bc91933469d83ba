package web

// Browser tests of what a player meets on the page: each bug of issue 40
// (the engine's move that swapped sides, the circular capture, the FEN
// kept across variants, the loaded PDN's clock and tags, the fifth tab)
// and each feature (the walkable move list, the review and its graph,
// resign, hint, draw offer, the status line, the clock from the first
// move, the looks at desktop and phone width, dark mode). One Chromium
// serves every subtest, with a fast engine, to keep make test short.

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"damka/board"
	"damka/engine"
	"damka/engine/skill"
	"damka/format/pdn"
)

// js evaluates an expression in the page.
func js[T any](b *browserTest, expr string) T {
	b.t.Helper()
	return get(b, expr, chromedp.Evaluate[T](expr))
}

// waitJS polls until expr is truthy and returns its value.
func waitJS[T any](b *browserTest, what, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Poll[T](expr))
	if err != nil {
		b.screenshot("stuck")
		b.t.Fatalf("%s (%s): %v", what, expr, err)
	}
	return v
}

// clickSq clicks a square of the board.
func clickSq(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(`#board .sq[data-sq="` + name + `"]`))
}

// exportPDN reads the session's PDN as the page downloads it.
func exportPDN(t *testing.T, ss *session) *pdn.Game {
	t.Helper()
	text, err := ss.pdn()
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.Read(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("exported PDN %q: %v", text, err)
	}
	return games[0]
}

// pageShot keeps a picture of the whole page as file in the screenshot
// directory (docs/ keeps two of them: DAMKA_SCREENSHOTS=docs).
func (b *browserTest) pageShot(file string) {
	png := get(b, "page screenshot", chromedp.CaptureScreenshot())
	if err := os.WriteFile(b.dir+"/"+file, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

func setMedia(dark bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		var f []*emulation.MediaFeature
		if dark {
			f = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}
		} else {
			f = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: f})
		return err
	})
}

func TestBrowserBoard(t *testing.T) {
	b := newBrowserTestWith(t, Config{
		Engine: engine.Options{HashMB: 2}, MaxSessions: 4,
		ReviewLimits: engine.Limits{Depth: 5, NoBook: true},
	}, 300*time.Second)
	parent := b.t
	sub := func(name string, f func()) {
		parent.Run(name, func(t *testing.T) {
			b.t = t
			defer func() { b.t = parent }()
			f()
		})
	}

	sub("switch sides", func() {
		// Bug: "Engine move" on the person's turn played the person's move
		// and left the labels, the board and the PDN saying the person
		// was still White.
		ss := b.open("variant=russian&human=white&time=test")
		if got := js[string](b, `document.getElementById("status").textContent`); !strings.Contains(got, "Your move") {
			t.Errorf("status at the start: %q, want \"Your move\"", got)
		}
		if got := js[string](b, `document.getElementById("move-text").placeholder`); !regexp.MustCompile(`^e\.g\. [a-h][1-8]-[a-h][1-8]$`).MatchString(got) {
			t.Errorf("Russian move box placeholder %q is not in Russian notation", got)
		}
		b.run("switch sides", chromedp.Click(chromedp.CSS("#go")))
		st := b.settle(ss, 1)
		if st.Human != "black" || !st.Flip {
			t.Errorf("after switching: human %s, flip %t; want black, flipped", st.Human, st.Flip)
		}
		waitJS[bool](b, "the page shows the swap", `document.getElementById("human").value === "black" && document.querySelector("#board svg").dataset.flip === "true" && document.getElementById("status").textContent.includes("Your move (Black)")`)
		if bottom := js[string](b, `document.querySelector("#player-bottom .name").textContent`); !strings.Contains(bottom, "Human") {
			t.Errorf("the bottom player is %q, want the person", bottom)
		}
		g := exportPDN(t, ss)
		if w, _ := g.TagValue("White"); w != "damka" {
			t.Errorf("PDN White %q, want damka", w)
		}
		if bl, _ := g.TagValue("Black"); bl != "Human" {
			t.Errorf("PDN Black %q, want Human", bl)
		}
		// The engine's thinking is not shown with analysis off.
		if n := js[int](b, `[...document.querySelectorAll("#lines tbody tr")].filter(tr => tr.cells[2].textContent !== "").length`); n != 0 {
			t.Errorf("%d lines of the engine's thinking shown with analysis off", n)
		}
		// Both last moves are marked once the person has replied.
		st = b.settle(ss, 1)
		b.clickMove(st, 0, false)
		b.settle(ss, 3)
		waitJS[bool](b, "both last moves marked", `document.querySelectorAll("#board .mark.last").length === 2 && document.querySelectorAll("#board .mark.previous").length === 2`)
		// The engine's reply slid into place.
		if !js[bool](b, `document.querySelector("#board .piece.moving") !== null`) {
			t.Errorf("the engine's move was not animated")
		}
	})

	sub("analysis", func() {
		// Black to move, six men against three: the lines are scored from
		// White's side (+), best first for Black (White's score rising),
		// nodes for people, and the card keeps its height as lines come.
		b.open("variant=russian&human=both&fen=B:Wa1,c1,e1,g1,a3,c3:Bb8,d8,f8")
		b.run("three lines", chromedp.Evaluate[chromedp.Void](`(() => { const m = document.getElementById("multipv"); m.value = "3"; m.dispatchEvent(new Event("change")); })()`))
		waitJS[bool](b, "three lines asked for", `S.multipv === 3`)
		h0 := js[float64](b, `document.getElementById("analysis-card").getBoundingClientRect().height`)
		b.run("engine on", chromedp.Click(chromedp.CSS("#analyse")))
		// One snapshot of the drawn rows and the lines behind them: a new
		// iteration may arrive between two separate looks.
		type snapshot struct {
			Scores []string  `json:"scores"`
			Whites []float64 `json:"whites"`
			Nodes  string    `json:"nodes"`
			Bar    float64   `json:"bar"`
		}
		snap := waitJS[snapshot](b, "three lines", `(() => {
			if (!(S.lines && S.lines.length === 3 && S.lines.every(l => l.depth >= 3))) return null;
			const scores = [...document.querySelectorAll("#lines tbody tr td:nth-child(3)")].map(td => td.textContent);
			const nodes = document.querySelector("#lines tbody tr td:nth-child(4)").textContent;
			if (scores.length !== 3 || nodes === "") return null;
			const bar = parseFloat(document.getElementById("evalfill").style.height);
			return {scores, nodes, bar, whites: S.lines.map(l => typeof l.white === "number" ? l.white : 0)};
		})()`)
		scores, whites := snap.Scores, snap.Whites
		if len(whites) != len(scores) {
			t.Fatalf("%d lines drawn, %d in the page's state", len(scores), len(whites))
		}
		for i, sc := range scores {
			if !strings.HasPrefix(sc, "+") && !strings.HasPrefix(sc, "White wins") {
				t.Errorf("line %d scored %q: not from White's side", i+1, sc)
			}
			if i > 0 && whites[i] < whites[i-1] {
				t.Errorf("lines not best first for Black: %v", whites)
			}
		}
		if nodes := snap.Nodes; !regexp.MustCompile(`^\d+(\.\d)?( [kMG])?$`).MatchString(nodes) {
			t.Errorf("nodes shown as %q", nodes)
		}
		if h1 := js[float64](b, `document.getElementById("analysis-card").getBoundingClientRect().height`); h1 != h0 {
			t.Errorf("the analysis card grew from %.0f to %.0f px as lines came", h0, h1)
		}
		if bar := snap.Bar; bar <= 50 {
			t.Errorf("the evaluation bar shows %.0f%% for White, who is three men up", bar)
		}
		b.run("engine off", chromedp.Click(chromedp.CSS("#analyse")))
	})

	sub("circular capture", func() {
		// Bug: a capture that ends on its own square could not be clicked.
		ss := b.open("variant=russian&human=both&fen=" + "W:Wc3,g1:Bb4,d4,b6,d6,h8")
		st := b.settle(ss, 0)
		if len(st.Moves) != 1 || st.Moves[0].From != st.Moves[0].To {
			t.Fatalf("moves %+v: want the one circular capture", st.Moves)
		}
		b.run("click c3 twice", clickSq("c3"), clickSq("c3"))
		st = b.settle(ss, 1)
		if st.History[0] != st.Moves[0].Text && !strings.HasPrefix(st.History[0], "c3") {
			t.Errorf("played %v, want the circular capture", st.History)
		}
		b.checkBoard(ss)
	})

	sub("variant after a FEN", func() {
		// Bug: the FEN of an International game was kept for a Russian one.
		ss := b.open("variant=international&human=both&fen=W:W46:B5")
		b.run("choose Russian", chromedp.Evaluate[chromedp.Void](`(() => { const v = document.getElementById("variant"); v.value = "russian"; v.dispatchEvent(new Event("change")); })()`))
		waitJS[bool](b, "a Russian game", `S.variant === "russian"`)
		ss = b.sessionOfPage()
		if st := ss.snapshot(); st.FEN != board.NewGame(board.Russian, board.Russian.Start()).FEN() {
			t.Errorf("after choosing Russian the game is at %s", st.FEN)
		}
		if msg := js[string](b, `document.getElementById("message").textContent + document.getElementById("fen").value`); msg != "" {
			t.Errorf("after choosing Russian: message and FEN field %q, want both empty", msg)
		}
	})

	sub("load PDN and review", func() {
		// Bug: a loaded game ran the selected clock and lost its tags.
		ss := b.open("variant=international&human=white&time=1%2B0")
		shot, err := os.ReadFile("../review/testdata/shot.pdn")
		if err != nil {
			t.Fatal(err)
		}
		two := string(shot) + "\n[Event \"second\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n"
		b.run("paste two games", chromedp.SetValue(chromedp.CSS("#pdn-text"), two), chromedp.Click(chromedp.CSS("#pdn-load")))
		waitJS[bool](b, "the first game loaded", `S.plies === 24 && !document.getElementById("pdn-games-label").hidden`)
		ss = b.sessionOfPage()
		st := ss.snapshot()
		if st.Clock != nil || st.Human != "both" {
			t.Errorf("a loaded game has clock %+v, human %s; want none and both", st.Clock, st.Human)
		}
		if g := exportPDN(t, ss); g.Len() != 24 {
			t.Errorf("exported %d plies", g.Len())
		} else if bl, _ := g.TagValue("Black"); bl != "damka, blundering" {
			t.Errorf("exported Black %q: the loaded tags were lost", bl)
		}
		// The review: progress, then the graph under the board and the
		// mistakes; the decisive one, 9...18-22, is among them.
		b.run("review", chromedp.Click(chromedp.CSS("#review")))
		waitJS[bool](b, "the review's graph", `document.querySelectorAll("#graph .point").length === 25`)
		mistakes := js[string](b, `document.getElementById("mistakes").textContent`)
		if !strings.Contains(mistakes, "18-22?") {
			t.Errorf("the review's mistakes %q lack 9...18-22", mistakes)
		}
		if got := js[string](b, `document.getElementById("history").textContent`); !strings.Contains(got, "18-22?") || !strings.Contains(got, "2-0") {
			t.Errorf("the move list %q lacks the mark of 18-22 or the result", got)
		}
		b.run("click the graph at ply 18", chromedp.Click(chromedp.CSS(`#graph .point[data-ply="18"] rect`)))
		waitJS[bool](b, "the position after 18-22", `S.view === 18 && document.querySelector("#board .hint") !== null && document.getElementById("review-current").textContent.includes("better")`)
		if st := ss.snapshot(); st.View != 18 {
			t.Errorf("server shows ply %d, want 18", st.View)
		}
		b.run("a wide window", chromedp.EmulateViewport(1440, 1000), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		b.pageShot("web-review.png")
		b.run("the usual window", chromedp.EmulateReset())
		// The keyboard walks the move list.
		b.run("arrow left", chromedp.Focus(chromedp.CSS("#history")), chromedp.KeyEvent(kb.ArrowLeft))
		waitJS[bool](b, "one move back", `S.view === 17 && document.querySelector("#history .mv.current").dataset.ply === "17"`)
		b.run("two forward", chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
		waitJS[bool](b, "two moves on", `S.view === 19`)
		b.run("click the first move", chromedp.Click(chromedp.CSS(`#history .mv[data-ply="1"]`)))
		waitJS[bool](b, "after the first move", `S.view === 1`)
		// The second game of the file.
		b.run("choose the second game", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("pdn-games"); s.value = "1"; s.dispatchEvent(new Event("change")); })()`))
		waitJS[bool](b, "the second game", `S.variant === "russian" && S.plies === 2 && S.players[0] === "Anna"`)
		// A new game empties the PDN box.
		b.run("new game", chromedp.Click(chromedp.CSS("#new")))
		waitJS[bool](b, "a fresh game", `S.plies === 0 && document.getElementById("pdn-text").value === ""`)
	})

	sub("clock from the first move, resign, draw offer, hint", func() {
		ss := b.open("variant=russian&human=white&time=1%2B0")
		time.Sleep(300 * time.Millisecond)
		if st := ss.snapshot(); st.Clock == nil || st.Clock.White != 60000 || st.Clock.Running != "" {
			t.Errorf("before the first move the clock is %+v; want 1:00 and stopped", st.Clock)
		}
		b.run("offer a draw", chromedp.Click(chromedp.CSS("#draw")))
		if msg := waitJS[string](b, "the refusal", `document.getElementById("message").textContent`); !strings.Contains(msg, "declines") {
			t.Errorf("a draw offered at once: %q", msg)
		}
		b.run("hint", chromedp.Click(chromedp.CSS("#hint")))
		waitJS[bool](b, "the hint on the board", `document.querySelector("#board .hint") !== null`)
		b.run("resign", chromedp.Click(chromedp.CSS("#resign")), chromedp.Click(chromedp.CSS("#resign")))
		waitJS[bool](b, "resigned", `S.over && document.getElementById("status").textContent.includes("White resigned")`)
		if g := exportPDN(t, ss); g.Result != "0-2" && g.Result != "0-1" {
			t.Errorf("resigned game's PDN result %q", g.Result)
		}
	})

	sub("play to the end", func() {
		ss := b.open("variant=russian&human=white&time=test&fen=W:Wc3,e1:Bd4")
		b.run("take d4", clickSq("c3"), chromedp.WaitVisible(chromedp.CSS(`#board .sq.tgt`)), clickSq("e5"))
		st := b.settle(ss, 1)
		if !st.Over {
			t.Fatalf("after c3:e5 the game goes on: %s", st.Status)
		}
		waitJS[bool](b, "the result on the page", `document.getElementById("status").textContent.includes("White wins") && document.getElementById("history").textContent.includes("1-0")`)
	})

	sub("a level", func() {
		// The level menu offers 20 levels; a game at level 2 is played by
		// clicks, the engine answers at that level, and the page and the
		// PDN name the level.
		ss := b.open("variant=russian&human=white&time=test&level=2")
		if n := js[int](b, `document.getElementById("level").options.length`); n != 20 {
			t.Errorf("the level menu has %d entries, want 20", n)
		}
		b.playByClicks(ss, 3)
		if st := b.settle(ss, 6); st.Level != 2 {
			t.Errorf("the game's level is %d, want 2", st.Level)
		}
		ss.mu.Lock()
		w, ok := ss.eng.(*skill.Searcher)
		ss.mu.Unlock()
		if !ok || w.Level() != 2 {
			t.Errorf("the engine's moves were not played at level 2 (%T)", ss.eng)
		}
		waitJS[bool](b, "the level beside the engine's name", `document.getElementById("player-top").textContent.includes("damka (level 2)")`)
		if black, _ := exportPDN(t, ss).TagValue("Black"); black != "damka (level 2)" {
			t.Errorf("the PDN's Black is %q", black)
		}
	})

	sub("fifth tab", func() {
		// Bug: a fifth game dropped the first one, still open in its tab.
		ss := b.open("variant=international&human=white&time=test")
		b.playByClicks(ss, 1)
		for range 5 {
			o := b.srv.newSession()
			st, err := parseSetup(request{Variant: "russian", Human: "black", Time: "test"})
			if err != nil {
				t.Fatal(err)
			}
			o.start(st)
			waitState(t, b.srv, o.id, func(s state) bool { return len(s.History) == 1 })
		}
		st := b.settle(ss, 2)
		b.clickMove(st, 1, false)
		b.settle(ss, 4)
		if g := exportPDN(t, ss); g.Len() != 4 {
			t.Errorf("the first tab's game has %d plies, want 4", g.Len())
		}
	})

	sub("looks", func() {
		b.run("desktop", chromedp.EmulateViewport(1920, 1080), setMedia(false))
		b.open("variant=international&human=white&time=test")
		if w := js[float64](b, `document.querySelector("#board svg").getBoundingClientRect().width`); w < 800 {
			t.Errorf("at 1920x1080 the board is %.0f px wide", w)
		}
		// The pieces that can move stand out from the other dark squares
		// (they were two near-identical browns).
		dist := js[float64](b, `(() => {
			const rgb = (el) => getComputedStyle(el).fill.match(/\d+/g).map(Number);
			const can = document.querySelector("#board .sq.can"), plain = document.querySelector("#board .sq:not(.can)");
			const a = rgb(can), p = rgb(plain);
			return Math.hypot(a[0] - p[0], a[1] - p[1], a[2] - p[2]);
		})()`)
		if dist < 80 {
			t.Errorf("movable pieces' squares differ from the others by %.0f in RGB, want 80 or more", dist)
		}
		light := js[string](b, `getComputedStyle(document.body).backgroundColor`)
		b.run("dark", setMedia(true))
		if dark := js[string](b, `getComputedStyle(document.body).backgroundColor`); dark == light {
			t.Errorf("dark mode keeps the background %s", dark)
		}
		b.screenshot("dark")
		b.run("coordinates off", chromedp.Click(chromedp.CSS("#coords")))
		if d := js[string](b, `getComputedStyle(document.querySelector("#board .labels")).display`); d != "none" {
			t.Errorf("coordinates off: labels display %q", d)
		}
		b.run("coordinates on", chromedp.Click(chromedp.CSS("#coords")))
		b.run("phone", setMedia(false), chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		ss := b.open("variant=russian&human=white&time=test")
		b.settle(ss, 0)
		w := js[float64](b, `document.querySelector("#board svg").getBoundingClientRect().width`)
		page := js[float64](b, `document.documentElement.scrollWidth`)
		if w < 330 || page > 390 {
			wide := js[string](b, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right)).slice(0, 8).join(", ")`)
			t.Logf("too wide: %s", wide)
			t.Errorf("at 390 px: the board is %.0f px wide, the page %.0f px", w, page)
		}
		b.run("select a piece", clickSq("c3"))
		b.run("phone shot", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		png := get(b, "phone screenshot", chromedp.CaptureScreenshot())
		if err := os.WriteFile(b.dir+"/web-phone.png", png, 0o644); err != nil {
			t.Fatal(err)
		}
	})
}

// sessionOfPage is the session the page shows now.
func (b *browserTest) sessionOfPage() *session {
	b.t.Helper()
	id := get(b, "read the session", chromedp.Evaluate[string](`S.id`))
	ss, err := b.srv.session(id)
	if err != nil {
		b.t.Fatal(err)
	}
	return ss
}
