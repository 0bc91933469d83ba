package hub

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"damka/board"
	"damka/book"
	"damka/engine"
	"damka/format/hubtext"
)

// pydraughtsSplit parses an id/param/info line the way pydraughts does
// (docs/protocols.md 1.11): split on spaces outside quotes, then each token on
// "=" into exactly two parts. It fails where pydraughts would crash.
func pydraughtsSplit(t *testing.T, line string) map[string]string {
	t.Helper()
	var tokens []string
	var cur strings.Builder
	quoted := false
	for _, r := range line {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case r == ' ' && !quoted:
			tokens = append(tokens, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	tokens = append(tokens, cur.String())
	out := map[string]string{}
	for _, tok := range tokens[1:] {
		parts := strings.Split(tok, "=")
		if len(parts) != 2 {
			t.Fatalf("pydraughts cannot unpack %q in %q", tok, line)
		}
		out[parts[0]] = strings.Trim(parts[1], `"`)
	}
	return out
}

func TestHandshake(t *testing.T) {
	h := newHarness(t, WithVersion("1.2.3"), WithEngineOptions(engine.Options{Threads: 2, HashMB: 64}))
	h.send("hub")
	got := h.until("wait")
	want := []string{
		`id name=damka version=1.2.3 author="damka team" country=International`,
		`param name=variant value=normal type=enum values="` + variantValues() + `"`,
		`param name=threads value=2 type=int min=1 max=64`,
		`param name=hash value=64 type=int min=1 max=65536`,
		`param name=multipv value=1 type=int min=1 max=32`,
		`param name=book value=true type=bool`,
		`param name=book-path value="" type=string`,
		`param name=book-margin value=0 type=int min=0 max=100`,
		`param name=eval value=learned type=string`,
		`param name=egdb-path value="" type=string`,
		`param name=egdb value=true type=bool`,
		`param name=egdb-cache value=2 type=int min=1 max=65536`,
		`param name=move-numbering value=bottom-up type=enum values="bottom-up top-down"`,
		`param name=ponder value=false type=bool`,
		`param name=skill value=20 type=int min=1 max=20`,
		`param name=elo value=0 type=int min=0 max=4000`,
		`param name=skill-seed value=0 type=int min=0 max=2147483647`,
		`param name=skill-pace value=true type=bool`,
		`wait`,
	}
	// The enum lists every variant of the board package, by its Hub name.
	for _, name := range []string{"normal", "russian", "brazilian", "english"} {
		if !strings.Contains(" "+variantValues()+" ", " "+name+" ") {
			t.Errorf("variant values %q lack %s", variantValues(), name)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("hub answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range got[:len(got)-1] {
		pydraughtsSplit(t, l)
		if _, err := ParseLine(l); err != nil {
			t.Errorf("%q does not parse: %v", l, err)
		}
	}
	// Every client's set-params, including unknown names, then init. The
	// tables directory has a space in its name, so it is sent quoted.
	tables := filepath.Join(t.TempDir(), "my tables")
	if err := os.Mkdir(tables, 0o755); err != nil {
		t.Fatal(err)
	}
	copyTable(t, tables, "russian_2k-1k.egdb") // an empty one would be noted
	if a := h.answer(
		"set-param name=variant value=russian",
		"set-param name=threads value=4",
		"set-param name=hash value=128",
		"set-param name=multipv value=2",
		"set-param name=book value=false",
		"set-param name=book-margin value=20",
		`set-param name=egdb-path value="`+tables+`"`,
		"set-param name=ponder value=true",
		"set-param name=initial-time value=300", // lidraughts-bot
		"set-param name=book-ply value=4",
		"set-param name=tt-size value=23", // Scan's: 2^23 entries, 128 MB as hash says
		"set-param name=eval value=none",  // draughtsnet
	); len(a) != 0 {
		t.Fatalf("set-param answered %q", a)
	}
	if a := h.answer("init"); !reflect.DeepEqual(a, []string{"ready"}) {
		t.Fatalf("init answered %q", a)
	}
	h.fake.mu.Lock()
	opts := h.fake.options
	h.fake.mu.Unlock()
	if want := []engine.Options{{Threads: 4, HashMB: 128, MultiPV: 2, EGDBPath: tables, EGDBCacheMB: engine.DefaultEGDBCacheMB, BookMargin: 20}}; !reflect.DeepEqual(opts, want) {
		t.Errorf("SetOptions calls %+v, want %+v", opts, want)
	}
	// Scan's names are taken in silence (TestScanParams), and so is
	// draughtsnet's eval=none, which is damka's eval parameter.
	if log := h.log.String(); log != "" {
		t.Errorf("log %q", log)
	}
	h.send("hub")
	got = h.until("wait")
	for _, l := range got {
		if strings.HasPrefix(l, "param name=variant ") && !strings.Contains(l, "value=russian") ||
			strings.HasPrefix(l, "param name=egdb-path ") && !strings.Contains(l, `value="`+tables+`"`) ||
			strings.HasPrefix(l, "param name=book ") && !strings.Contains(l, "value=false") ||
			strings.HasPrefix(l, "param name=book-margin ") && !strings.Contains(l, "value=20") {
			t.Errorf("after set-param: %q", l)
		}
	}
}

func TestVariantAliases(t *testing.T) {
	for name, want := range map[string]*board.Variant{
		"normal": board.International, "international": board.International, "standard": board.International,
		"Normal": board.International, "russian": board.Russian, "brazilian": board.Brazilian,
		"english": board.English, "american": board.English,
		"canadian": board.Canadian, "Canadian": board.Canadian,
	} {
		s := NewSession(&fakeSearcher{}, strings.NewReader(""), &strings.Builder{})
		if err := s.SetParam("variant", name); err != nil || s.variant != want {
			t.Errorf("variant %q: %v, %v", name, s.variant, err)
		}
	}
}

func TestGoThink(t *testing.T) {
	h := newHarness(t)
	if a := h.answer("pos start moves=\"32-28 19-23\"", "level depth=3"); len(a) != 0 {
		t.Fatalf("answer %q", a)
	}
	h.send("go think")
	got := h.until("done")
	if len(got) != 3 {
		t.Fatalf("go think gave %q, want two info lines and done", got)
	}
	v := board.International
	start := v.Start()
	p1 := start.Play(mustHub(t, v, &start, "32-28"))
	root := p1.Play(mustHub(t, v, &p1, "19-23"))
	var ml board.MoveList
	v.Generate(&root, &ml)
	best := ml.Moves[0]
	next := root.Play(best)
	var replies board.MoveList
	v.Generate(&next, &replies)
	pv := hubtext.FormatMove(v, best) + " " + hubtext.FormatMove(v, replies.Moves[0])
	wantInfo := `info depth=1 mean-depth=1.5 score=0.11 nodes=1000 time=0.001 nps=1.0 pv="` + pv + `"`
	if got[0] != wantInfo {
		t.Errorf("info line\n got %s\nwant %s", got[0], wantInfo)
	}
	f := pydraughtsSplit(t, got[1])
	if f["depth"] != "2" || f["score"] != "0.10" || f["nodes"] != "2000" || f["time"] != "0.002" || f["nps"] != "1.0" {
		t.Errorf("second info line %q", got[1])
	}
	wantDone := "done move=" + hubtext.FormatMove(v, best) + " ponder=" + hubtext.FormatMove(v, replies.Moves[0])
	if got[2] != wantDone {
		t.Errorf("got %q, want %q", got[2], wantDone)
	}
	c := h.fake.lastCall(t)
	if c.root != root || len(c.history) != 2 || c.history[0] != start || c.history[1] != p1 {
		t.Errorf("search got root/history %v / %d positions", c.root == root, len(c.history))
	}
	if c.limits != (engine.Limits{Depth: 3}) || c.variant != v {
		t.Errorf("search got limits %+v variant %v", c.limits, c.variant)
	}
}

func mustHub(t *testing.T, v *board.Variant, p *board.Position, s string) board.Move {
	t.Helper()
	m, err := hubtext.ParseMove(v, p, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRussianPydraughts uses the exchange of docs/protocols.md 1.6a: the 33-char
// top-down position and the White-side move numbering.
func TestRussianPydraughts(t *testing.T) {
	h := newHarness(t)
	h.answer("set-param name=variant value=russian", "init")
	h.send("pos pos=Weeeeeeeeeebeeeeeebeeeweeeeeeeeee", "level depth=1", "go think")
	if got := h.until("done"); got[len(got)-1] != "done move=10x28x14x23" {
		t.Errorf("got %q, want done move=10x28x14x23", got)
	}
	// The start position and the moves pydraughts writes for it.
	h.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19 14x23\"", "level depth=1", "go think")
	got := h.until("done")
	v := board.Russian
	root := v.Start()
	for _, m := range []string{"c3-d4", "f6-e5", "d4:f6"} {
		mv, err := v.ParseMove(&root, m)
		if err != nil {
			t.Fatal(err)
		}
		root = root.Play(mv)
	}
	if c := h.fake.lastCall(t); c.root != root || len(c.history) != 3 {
		t.Errorf("russian root after moves: got %s, want %s", v.FEN(&c.root), v.FEN(&root))
	}
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("got %q", got)
	}
	// A 51-char position is refused for an 8x8 variant.
	if a := h.answer("pos pos=" + startPos); len(a) != 1 || !strings.HasPrefix(a[0], `error message="bad position:`) {
		t.Errorf("10x10 position for russian: %q", a)
	}
}

func TestStopInfinite(t *testing.T) {
	h := newHarness(t)
	h.send("pos start", "level infinite", "go think")
	h.until("info")
	h.until("info")
	// ping is answered during the search without stopping it.
	for range 3 {
		h.ping()
	}
	if !h.fake.lastCall(t).limits.Infinite {
		t.Error("level infinite not passed on")
	}
	start := time.Now()
	h.send("stop")
	if l := h.next(); !strings.HasPrefix(l, "done move=") {
		t.Fatalf("after stop: %q", l)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("done came %v after stop", d)
	}
	// Exactly one done: the next line answers the next command.
	if a := h.answer("stop", "ponder-hit"); len(a) != 0 {
		t.Errorf("stop and ponder-hit while idle answered %q", a)
	}
}

// TestStopBeforeSearchStarts sends stop right behind go: Stop may reach the
// searcher before its Search has begun, when it is a no-op; the session must
// still end the search.
func TestStopBeforeSearchStarts(t *testing.T) {
	h := newHarness(t)
	h.answer("level infinite")
	for range 20 {
		h.send("go think", "stop")
		if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Fatalf("got %q", got)
		}
	}
}

func TestCommandAbortsSearch(t *testing.T) {
	h := newHarness(t)
	h.send("level infinite", "go think")
	h.until("info")
	// pos during a search: done first, then pos is processed.
	h.send("pos start moves=32-28", "level depth=2", "go think")
	got := h.until("done")
	if !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("got %q", got)
	}
	got = h.until("done")
	if n := h.fake.numCalls(); n != 2 {
		t.Fatalf("%d searches, want 2", n)
	}
	if c := h.fake.lastCall(t); c.limits.Depth != 2 || len(c.history) != 1 {
		t.Errorf("second search: %+v, %d history", c.limits, len(c.history))
	}
	// An unknown command and a malformed line abort too, then get their error.
	for _, line := range []string{"frobnicate", `pos pos="`} {
		h.send("level infinite", "go think")
		h.until("info")
		h.send(line)
		if l := h.until("done"); !strings.HasPrefix(l[len(l)-1], "done move=") {
			t.Fatalf("%s during search: %q", line, l)
		}
		if l := h.next(); !strings.HasPrefix(l, "error ") {
			t.Fatalf("%s: %q", line, l)
		}
	}
	// go during a search ends it and starts a new one.
	h.send("level infinite", "go think")
	h.until("info")
	h.send("go think")
	h.until("done")
	h.until("info")
	h.send("quit")
	got, err := h.closeInput()
	if err != nil || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("quit during search: %q, %v", got, err)
	}
}

func TestEOFDuringSearch(t *testing.T) {
	h := newHarness(t)
	h.send("level infinite", "go analyze")
	h.until("info")
	start := time.Now()
	rest, err := h.closeInput()
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) == 0 || !strings.HasPrefix(rest[len(rest)-1], "done move=") {
		t.Errorf("output after EOF: %q", rest)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Run took %v to return after EOF", d)
	}
}

func TestPonder(t *testing.T) {
	h := newHarness(t)
	h.send("pos start", "level time=10 inc=0.1", "go ponder")
	h.until("info")
	h.until("info")
	h.ping() // a ponder search does not end by itself
	c := h.fake.lastCall(t)
	if !c.limits.Ponder || c.limits.Time != 10*time.Second || c.limits.Inc != 100*time.Millisecond {
		t.Errorf("ponder limits %+v", c.limits)
	}
	h.send("ponder-hit")
	if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("after ponder-hit: %q", got)
	}
	// go ponder then stop (the opponent played something else).
	h.send("go ponder")
	h.until("info")
	h.send("stop")
	h.until("done")
}

func TestNoLegalMove(t *testing.T) {
	h := newHarness(t)
	// White to move with no pieces left.
	pos := "Wb" + strings.Repeat("e", 49)
	if a := h.answer("pos pos=" + pos); len(a) != 0 {
		t.Fatalf("pos: %q", a)
	}
	if a := h.answer("go think"); !reflect.DeepEqual(a, []string{"done"}) {
		t.Errorf("terminal position: %q, want bare done", a)
	}
	if n := h.fake.numCalls(); n != 0 {
		t.Errorf("searched a terminal position %d times", n)
	}
}

// TestRefusedPosThenGo: after a refused pos, go must not search the
// position from before it; it answers an error and a bare done until a
// valid pos, new-game or variant comes.
func TestRefusedPosThenGo(t *testing.T) {
	noPos := []string{`error message="go: no valid position (the last pos was refused); send pos or new-game"`, "done"}
	for _, refused := range []string{
		`pos start moves="31-27 99-1"`,
		`pos start moves="31-27 31-27"`,
		"pos pos=xyz",
		`pos fen="W:W99"`,
	} {
		for _, recover := range []string{
			`pos start moves="32-28"`,
			"new-game",
			"set-param name=variant value=normal",
		} {
			h := newHarness(t)
			h.answer(`pos start moves="32-28 19-23"`, "level depth=4")
			if a := h.answer(refused); len(a) != 1 || !strings.HasPrefix(a[0], errPrefix) {
				t.Fatalf("%s: answer %q", refused, a)
			}
			// Neither the old position nor level makes go search.
			for _, lines := range [][]string{{"go think"}, {"level depth=2", "go think"}, {"level depth=2", "go ponder"}} {
				if a := h.answer(lines...); !reflect.DeepEqual(a, noPos) {
					t.Errorf("%s then %q: %q, want %q", refused, lines, a, noPos)
				}
			}
			if n := h.fake.numCalls(); n != 0 {
				t.Fatalf("%s: %d searches after the refused pos", refused, n)
			}
			h.send(recover, "level depth=2", "go think")
			if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
				t.Fatalf("%s, %s: %q", refused, recover, got)
			}
			v := board.International
			want := v.Start()
			if strings.HasPrefix(recover, "pos") {
				want = want.Play(mustHub(t, v, &want, "32-28"))
			}
			if c := h.fake.lastCall(t); c.root != want {
				t.Errorf("%s, %s: searched %s, want %s", refused, recover, v.FEN(&c.root), v.FEN(&want))
			}
		}
	}
}

// TestLevelInForce checks which limits each go gets (level.go): the level
// lines since the last go or pos, else those of the previous search, and a
// default move time when nothing bounds the search.
func TestLevelInForce(t *testing.T) {
	dflt := engine.Limits{MoveTime: defaultMoveTime}
	steps := []struct {
		lines []string // sent before go think
		want  engine.Limits
	}{
		{nil, dflt}, // no level yet
		{[]string{"level depth=3"}, engine.Limits{Depth: 3}},
		{nil, engine.Limits{Depth: 3}}, // level once, go twice
		{[]string{"pos start"}, engine.Limits{Depth: 3}},
		{[]string{"pos start", "new-game"}, engine.Limits{Depth: 3}},
		// A new level line replaces the set; lines before a go add up.
		{[]string{"level time=30", "level inc=1"}, engine.Limits{Time: 30 * time.Second, Inc: time.Second}},
		{[]string{"level moves=40"}, engine.Limits{MovesToGo: 40, MoveTime: defaultMoveTime}},
		// pos between two level lines: only the one after it counts, as in Scan.
		{[]string{"level depth=5", "pos start", "level nodes=1000"}, engine.Limits{Nodes: 1000}},
		// A bad level line changes nothing.
		{[]string{"level depth=x"}, engine.Limits{Nodes: 1000}},
		{[]string{"level"}, dflt},
		{[]string{"level ponder handicap=2"}, dflt},
		{[]string{"level move-time=0.5"}, engine.Limits{MoveTime: 500 * time.Millisecond}},
	}
	h := newHarness(t)
	for i, st := range steps {
		h.answer(st.lines...)
		h.send("go think")
		h.until("done")
		if c := h.fake.lastCall(t); c.limits != st.want {
			t.Errorf("step %d %q: limits %+v, want %+v", i, st.lines, c.limits, st.want)
		}
	}
	// level infinite stays in force too: the searches run until stop.
	h.answer("level infinite")
	for range 2 {
		h.send("go think")
		h.until("info")
		h.until("info")
		h.ping()
		h.send("stop")
		h.until("done")
	}
	// go ponder takes the limits in force, pondering.
	h.answer("level time=10")
	h.send("go ponder")
	h.until("info")
	h.send("ponder-hit")
	h.until("done")
	if c := h.fake.lastCall(t); c.limits != (engine.Limits{Time: 10 * time.Second, Ponder: true}) {
		t.Errorf("go ponder: %+v", c.limits)
	}
	// The ponder flag is for one go only.
	h.send("go think")
	h.until("done")
	if c := h.fake.lastCall(t); c.limits != (engine.Limits{Time: 10 * time.Second}) {
		t.Errorf("go think after go ponder: %+v", c.limits)
	}
}

func TestLevel(t *testing.T) {
	tests := []struct {
		line string
		want engine.Limits
	}{
		{"level depth=12", engine.Limits{Depth: 12}},
		{"level nodes=1000000", engine.Limits{Nodes: 1000000}},
		{"level move-time=1.5", engine.Limits{MoveTime: 1500 * time.Millisecond}},
		{"level move-time=0", engine.Limits{MoveTime: time.Millisecond}},
		{"level time=9.9 inc=0.1", engine.Limits{Time: 9900 * time.Millisecond, Inc: 100 * time.Millisecond}},
		{"level moves=40 time=7200", engine.Limits{MovesToGo: 40, Time: 7200 * time.Second}},
		{"level time=60", engine.Limits{Time: time.Minute}},
		{"level time=0 inc=2", engine.Limits{Time: time.Millisecond, Inc: 2 * time.Second}},
		{"level time=-0.05 inc=0.1", engine.Limits{Time: time.Millisecond, Inc: 100 * time.Millisecond}},
		{"level time=10 inc=0", engine.Limits{Time: 10 * time.Second}},
		{"level infinite", engine.Limits{Infinite: true}},
		{"level infinite ponder", engine.Limits{Infinite: true}},
		{"level depth=5 handicap=2 ply=7", engine.Limits{Depth: 5}},
		{"level", engine.Limits{}},
		{"level depth=2 depth=3", engine.Limits{Depth: 3}},
	}
	for _, tc := range tests {
		s := NewSession(&fakeSearcher{}, strings.NewReader(""), &strings.Builder{}, WithLog(&syncBuffer{}))
		l, err := ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		s.cmdLevel(l)
		if s.limits != tc.want {
			t.Errorf("%s: limits %+v, want %+v", tc.line, s.limits, tc.want)
		}
	}
	// Several level lines add up; a bad one changes nothing.
	var out strings.Builder
	s := NewSession(&fakeSearcher{}, strings.NewReader(""), &out, WithLog(&syncBuffer{}))
	for _, line := range []string{"level time=30", "level inc=1", "level depth=7 nodes=-1"} {
		l, _ := ParseLine(line)
		s.cmdLevel(l)
	}
	if want := (engine.Limits{Time: 30 * time.Second, Inc: time.Second}); s.limits != want {
		t.Errorf("limits %+v, want %+v", s.limits, want)
	}
	if !strings.HasPrefix(out.String(), `error message="level: nodes must be`) {
		t.Errorf("output %q", out.String())
	}
}

func TestFormatScore(t *testing.T) {
	for score, want := range map[int]string{
		0: "0.00", 1: "0.01", -1: "-0.01", 100: "1.00", -250: "-2.50", 12345: "123.45",
		engine.WinScore - 5: "99.95", -(engine.WinScore - 12): "-99.88", 9000 - 7: "89.93",
	} {
		if got := formatScore(score); got != want {
			t.Errorf("formatScore(%d) = %q, want %q", score, got, want)
		}
	}
}

func TestInfoLineMultiPV(t *testing.T) {
	v := board.International
	got := infoLine(v, hubtext.BottomUp, engine.Info{Depth: 3, MultiPV: 2, Score: -40, Nodes: 5, Time: 0}, true)
	want := "info depth=3 mean-depth=3.0 score=-0.40 nodes=5 time=0.000 nps=0.0 multipv=2"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	pydraughtsSplit(t, got)
}

// TestBadSearchResult checks that a searcher returning nothing or an illegal
// move still yields a legal done.
func TestBadSearchResult(t *testing.T) {
	v := board.International
	start := v.Start()
	var ml board.MoveList
	v.Generate(&start, &ml)
	first := hubtext.FormatMove(v, ml.Moves[0])
	for name, res := range map[string]engine.Result{
		"no move":        {},
		"illegal":        {Best: board.Move{From: 1, To: 2}, HasBest: true},
		"illegal ponder": {Best: ml.Moves[0], HasBest: true, Ponder: board.Move{From: 3, To: 4}, HasPonder: true},
	} {
		h := newHarness(t)
		h.fake.result = func(*board.Variant, board.Position) engine.Result { return res }
		h.send("level depth=1", "go think")
		got := h.until("done")
		if got[len(got)-1] != "done move="+first {
			t.Errorf("%s: %q, want done move=%s", name, got[len(got)-1], first)
		}
		if !strings.Contains(h.log.String(), "illegal") && !strings.Contains(h.log.String(), "no move") {
			t.Errorf("%s: no log line: %q", name, h.log.String())
		}
	}
}

func TestNewGame(t *testing.T) {
	h := newHarness(t)
	h.answer("new-game", "new-game")
	h.fake.mu.Lock()
	defer h.fake.mu.Unlock()
	if h.fake.newGames != 2 {
		t.Errorf("NewGame called %d times", h.fake.newGames)
	}
}

// init clears the searcher's table (NewGame) before ready, so that a fresh
// table's first-touch cost is not charged to the first move's clock.
func TestInitPreparesTable(t *testing.T) {
	h := newHarness(t)
	h.send("hub", "init")
	h.until("ready")
	h.fake.mu.Lock()
	defer h.fake.mu.Unlock()
	if h.fake.newGames != 1 {
		t.Errorf("NewGame called %d times by init, want 1", h.fake.newGames)
	}
}

// failWriter fails every write, as stdout does when the GUI is gone.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestWriteError(t *testing.T) {
	s := NewSession(&fakeSearcher{}, strings.NewReader("ping\nping\n"), failWriter{}, WithLog(&syncBuffer{}))
	if err := s.Run(); err == nil || err.Error() != "broken pipe" {
		t.Errorf("Run = %v, want the write error", err)
	}
}

func TestQuitAndEOF(t *testing.T) {
	var out strings.Builder
	s := NewSession(&fakeSearcher{}, strings.NewReader("ping\nquit\nping\n"), &out)
	if err := s.Run(); err != nil || out.String() != "pong\n" {
		t.Errorf("Run = %v, output %q", err, out.String())
	}
	// A last line without a newline still counts.
	out.Reset()
	s = NewSession(&fakeSearcher{}, strings.NewReader("ping\r\nping"), &out)
	if err := s.Run(); err != nil || out.String() != "pong\npong\n" {
		t.Errorf("Run = %v, output %q", err, out.String())
	}
}

// TestAllVariants drives every variant of the board package through
// set-param, pos (start, and the position string of the start) and go.
func TestAllVariants(t *testing.T) {
	h := newHarness(t)
	for _, v := range board.Variants() {
		name := hubtext.VariantName(v)
		start := v.Start()
		if a := h.answer("set-param name=variant value="+name, "pos pos="+hubtext.Position(v, &start)+" moves=\"\""); len(a) != 0 {
			t.Errorf("%s: %q", name, a)
			continue
		}
		h.send("level depth=1", "go think")
		got := h.until("done")
		var ml board.MoveList
		v.Generate(&start, &ml)
		if want := "done move=" + hubtext.FormatMove(v, ml.Moves[0]); !strings.HasPrefix(got[len(got)-1], want) {
			t.Errorf("%s: %q, want %s", name, got[len(got)-1], want)
		}
		if c := h.fake.lastCall(t); c.variant != v || c.root != start {
			t.Errorf("%s: searched %v", name, c.variant)
		}
	}
}

// book-path must name a readable book file (checked at set-param, so that
// the GUI sees the error); a good one reaches the searcher's options; go
// analyze searches without the book.
func TestBookParams(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.dbk")
	if err := os.WriteFile(bad, []byte("DAMKABOK garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "intl.dbk")
	data, err := book.Default(board.International).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	h.answer("hub")
	for _, v := range []string{"/no/such/file.dbk", bad} {
		if a := h.answer("set-param name=book-path value=" + v); len(a) != 1 || !strings.HasPrefix(a[0], "error") || !strings.Contains(a[0], "book-path") {
			t.Errorf("book-path %s answered %q", v, a)
		}
	}
	if a := h.answer("set-param name=book-path value="+good, "set-param name=book-margin value=101"); len(a) != 1 || !strings.Contains(a[0], "book-margin") {
		t.Errorf("set-param answered %q", a)
	}
	h.answer("init")
	h.fake.mu.Lock()
	opts := h.fake.options
	h.fake.mu.Unlock()
	if len(opts) != 1 || opts[0].BookPath != good || !opts[0].Book || opts[0].BookMargin != 0 {
		t.Errorf("SetOptions calls %+v, want the book file, on, margin 0", opts)
	}
	for mode, noBook := range map[string]bool{"think": false, "analyze": true} {
		h.send("level depth=1", "go "+mode)
		h.until("done")
		if c := h.fake.lastCall(t); c.limits.NoBook != noBook {
			t.Errorf("go %s: NoBook %v, want %v", mode, c.limits.NoBook, noBook)
		}
	}
}

// egdb-path must name a readable directory; egdb=false turns tables off.
// Both reach the searcher's options at init.
func TestEGDBParams(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	copyTable(t, dir, "international_2k-1k.egdb") // an empty one would be noted
	h.answer("hub")
	a := h.answer("set-param name=egdb-path value=/no/such/dir")
	if len(a) != 1 || !strings.Contains(a[0], "egdb-path '/no/such/dir' is not a readable directory") {
		t.Errorf("bad egdb-path answered %q", a)
	}
	if a := h.answer("set-param name=egdb-path value="+dir, "set-param name=egdb value=false"); len(a) != 0 {
		t.Errorf("set-param answered %q", a)
	}
	h.answer("init")
	h.fake.mu.Lock()
	opts := h.fake.options
	h.fake.mu.Unlock()
	if len(opts) != 1 || opts[0].EGDBPath != dir || !opts[0].NoEGDB {
		t.Errorf("SetOptions calls %+v, want egdb-path %s and tables off", opts, dir)
	}
}

// In Stavropol draughts a forced capture with one of the opponent's pieces
// can take the mover's last piece, so a position where the side not to
// move has no pieces is accepted (the game is over: go answers done with
// no move); Russian draughts refuses it as before. Moves of the opponent's
// pieces are read in the moves list.
func TestStavropolPositions(t *testing.T) {
	h := newHarness(t)
	v := board.Stavropol
	over, err := v.ParseFEN("B:W:Bc5,f2")
	if err != nil {
		t.Fatal(err)
	}
	pos := "pos pos=" + hubtext.Position(v, &over)
	if a := h.answer("set-param name=variant value=russian", pos); len(a) != 1 || !strings.Contains(a[0], "white is not to move and has no pieces") {
		t.Errorf("russian: %q", a)
	}
	if a := h.answer("set-param name=variant value=stavropol", pos); len(a) != 0 {
		t.Errorf("stavropol: %q", a)
	}
	h.send("level depth=1", "go think")
	if got := h.until("done"); got[len(got)-1] != "done" {
		t.Errorf("go in a finished game: %q", got)
	}
	start := v.Start()
	m, err := v.ParseMove(&start, "b6-a5") // a Black man, moved by White
	if err != nil {
		t.Fatal(err)
	}
	if a := h.answer(`pos moves="` + hubtext.FormatMove(v, m) + `"`); len(a) != 0 {
		t.Errorf("a foreign move in moves: %q", a)
	}
	h.send("level depth=1", "go think")
	after := start.Play(m)
	if c := h.until("done"); len(c) == 0 || h.fake.lastCall(t).root != after {
		t.Errorf("searched %+v, want the position after b6-a5", h.fake.lastCall(t).root)
	}
}

// TestTableDamageTold: damage a search found in the endgame tables comes
// before its done as an info line that pydraughts can split.
func TestTableDamageTold(t *testing.T) {
	v := board.International
	start := v.Start()
	var ml board.MoveList
	v.Generate(&start, &ml)
	h := newHarness(t)
	damage := errors.New("corrupt endgame table: t/x=1.egdb: block 3 checksum mismatch")
	h.fake.result = func(*board.Variant, board.Position) engine.Result {
		return engine.Result{Best: ml.Moves[0], HasBest: true, TableDamage: []error{damage}}
	}
	h.send("level depth=1", "go think")
	got := h.until("done")
	if len(got) < 2 || !strings.HasPrefix(got[len(got)-2], "info message=") || !strings.Contains(got[len(got)-2], "block 3 checksum mismatch") {
		t.Fatalf("no info line naming the damage before done: %q", got)
	}
	pydraughtsSplit(t, got[len(got)-2])
}
