package pdn

import (
	"bytes"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"damka/board"
)

// russianGame ends with a man that is crowned on e1 in the course of a
// capture and goes on capturing as a king (c7:e5:c3:e1:h4).
const (
	russianGame  = "1.ed4 dc5 2.fe3 fg5 3.cb4 gh4 4.b:d6 h:f2 5.e:g3 c:h4"
	russianFinal = "W:Wa1,a3,b2,c1,e3,g1,h2:Ba7,b6,b8,d8,e7,f8,g7,Kh4,h6,h8"
)

func TestRussianGame(t *testing.T) {
	games, err := Read(strings.NewReader("[GameType \"25\"]\n\n" + russianGame + " *\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("%d games, want 1", len(games))
	}
	g := games[0]
	if g.Variant() != board.Russian || g.Len() != 10 || g.Result != "*" {
		t.Fatalf("variant %s, %d moves, result %q", g.Variant(), g.Len(), g.Result)
	}
	p := g.Start()
	for _, m := range g.Moves() {
		p = p.Play(m)
	}
	if got := board.Russian.FEN(&p); got != russianFinal {
		t.Errorf("final FEN after Read %s, want %s", got, russianFinal)
	}

	// The same, move by move.
	p = board.Russian.Start()
	for _, w := range strings.Fields(russianGame) {
		if i := strings.Index(w, "."); i >= 0 {
			w = w[i+1:]
		}
		m, err := board.Russian.ParseMove(&p, w)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(m)
	}
	if got := board.Russian.FEN(&p); got != russianFinal {
		t.Errorf("final FEN after ParseMove %s, want %s", got, russianFinal)
	}
}

const pdnSample = "\ufeff[Event \"Test \\\"quoted\\\" \\\\ event\"]\r\n" +
	`[GameType "20,W,10,10,N2,0"]
[Result "2-0"]
{opening comment}
1. 32-28 19-23 (1... 18-23 2. 37-32 {nested (parens) in comment} (2. 31-27)) 2. 28x19 $1 14x23!
3.37-32?! {a comment} 3... 10-14 ; the rest of the line is a comment 4. 99-98
2-0

% escaped line 1. 99-98
[GameType "25"]
[Variant "russian"]
[FEN "W:Wc3:Bd4,f6"]
1.c3:g7 *

1. 32-28 1-0
[Variant "Russian"][GameType "20"]
1. c3-d4
[GameType "26"][FEN "B:Wf2:Bd4,e7"]
1... d4-e3 2. f2:d4 1/2-1/2
[GameType "21"] 1. 11-15 23-19 0-1
[GameType "20,W,8,8,A0,0"] 1. c3-d4 *
[GameType "20"] [Result "0-2"]
`

func TestRead(t *testing.T) {
	games, err := Read(strings.NewReader(pdnSample))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		v      *board.Variant
		start  string
		moves  string
		result string
		tags   int
	}{
		{board.International, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
			"32-28 19-23 28x19 14x23 37-32 10-14", "2-0", 3},
		{board.Russian, "W:Wc3:Bd4,f6", "c3:g7", "*", 3},
		{board.International, "", "32-28", "1-0", 0},
		{board.Russian, "", "c3-d4", "*", 2}, // the Variant tag wins over GameType
		{board.Brazilian, "B:Wf2:Bd4,e7", "d4-e3 f2xd4", "1/2-1/2", 2},
		{board.English, "", "11-15 23-19", "0-1", 1},
		{board.Brazilian, "", "c3-d4", "*", 1},
		{board.International, "", "", "0-2", 2}, // no result token: the Result tag
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		start := w.v.StartFEN()
		if w.start != "" {
			start = w.start
		}
		p := g.Start()
		var moves []string
		for _, m := range g.Moves() {
			moves = append(moves, g.Variant().FormatMove(&p, m))
			p = p.Play(m)
		}
		if g.Variant() != w.v || g.StartFEN() != start || g.StartFEN() != start ||
			strings.Join(moves, " ") != w.moves || g.Result != w.result || len(g.Tags) != w.tags {
			t.Errorf("game %d: %s from %s, moves %q, result %q, %d tags; want %s from %s, %q, %q, %d tags",
				i+1, g.Variant(), g.StartFEN(), moves, g.Result, len(g.Tags), w.v, start, w.moves, w.result, w.tags)
		}
	}
	if v, _ := games[0].TagValue("event"); v != `Test "quoted" \ event` {
		t.Errorf("Event tag %q", v)
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"1. 32-28 19-23 2. 32-27 *", `pdn: game 1, move 2.: illegal move "32-27"`},
		{"1. 32-28 *\n\n1. 32-28 32-27 *", `pdn: game 2, move 1...: illegal move "32-27"`},
		{"[FEN \"B:W31-50:B1-20\"] 1... 19-23 2. 32-28 28-23 *", `pdn: game 1, move 2...: illegal move "28-23"`},
		{"[GameType \"21\"] 1. 11-15 24-20 15-19 23x16 12-16 *", `game 1, move 3.: illegal move "12-16"`},
		{"1. 32-28 19-23 2. 28x19 13-18 *", `game 1, move 2...: illegal move "13-18"`},
		{"1. 32-28 19-23 2. 32", `game 1, move 2.: malformed move "32"`},
		{"1. 32-28 garbage *", `game 1, move 1...: malformed move "garbage"`},
		{`[GameType "50"] 1. 32-28 *`, `pdn: game 1: unsupported GameType "50"`},
		{`[GameType "x"] *`, `bad GameType "x"`},
		{`[GameType "25,W,10,10,A0,0"] *`, `board 10x10 does not fit russian`},
		{`[Variant "othello"] *`, `unknown variant "othello"`},
		{`[FEN "W:W51"] 1. 32-28 *`, `pdn: game 1: FEN "W:W51"`},
		{`[Event Test] *`, `pdn: line 1: tag Event: value must be a quoted string`},
		{"[Event \"Test\n\"] *", `unterminated value`},
		{`[Event "Test" *`, `missing ]`},
		{`["Test"]`, `tag without a name`},
		{"\n\n1. 32-28 {never closed", `pdn: line 3: unterminated '}'`},
		{"1. 32-28 (19-23 *", `unterminated variation`},
		{"1. 32-28 ) *", `unexpected ')'`},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.text))
		if err == nil {
			t.Errorf("Read(%q) succeeded, want an error containing %q", c.text, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q): %q, want it to contain %q", c.text, err, c.want)
		}
	}
	games, err := Read(strings.NewReader(" \n\t"))
	if err != nil || len(games) != 0 {
		t.Errorf("blank input: %d games, %v", len(games), err)
	}
}

func TestVariantByGameType(t *testing.T) {
	for n, want := range map[int]*board.Variant{20: board.International, 21: board.English, 22: board.Italian, 23: board.Pool, 24: board.Spanish,
		25: board.Russian, 26: board.Brazilian, 27: board.Canadian, 28: board.Portuguese, 29: board.Czech, 30: board.Turkish, 40: board.Frisian, 50: nil, 41: board.Spantsiretti, 0: nil} {
		if got := VariantByGameType(n); got != want {
			t.Errorf("VariantByGameType(%d) = %v, want %v", n, got, want)
		}
	}
}

// Every variant has its GameType number, the one board.Variant carried
// before the numbers moved here, and a number reads back as rules on the
// same board.
func TestGameTypeOfEveryVariant(t *testing.T) {
	want := map[string]int{
		"international": 20, "russian": 25, "brazilian": 26, "english": 21, "pool": 23, "italian": 22,
		"spanish": 24, "portuguese": 28, "czech": 29, "killer": 20, "breakthrough": 20, "antidraughts": 20,
		"giveaway": 25, "spantsiretti": 41, "diagonal": 25, "frisian": 40, "frysk": 40, "turkish": 30,
		"tama": 30, "thai": 31, "stavropol": 25, "bashni": 25, "canadian": 27,
	}
	if len(board.Variants()) != len(want) {
		t.Errorf("%d variants, %d GameType numbers in the test", len(board.Variants()), len(want))
	}
	for _, v := range board.Variants() {
		n := GameType(v)
		if n != want[v.Name] {
			t.Errorf("GameType(%s) = %d, want %d", v.Name, n, want[v.Name])
		}
		if o := VariantByGameType(n); o == nil || o.Geo != v.Geo {
			t.Errorf("VariantByGameType(GameType(%s)) = %v", v.Name, o)
		}
	}
}

// randomMoves plays up to plies random legal moves from start.
func randomMoves(v *board.Variant, start board.Position, plies int, rng *rand.Rand) []board.Move {
	var moves []board.Move
	g := board.NewGame(v, start)
	var ml board.MoveList
	for len(moves) < plies {
		v.Generate(g.Position(), &ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[rng.Intn(ml.N)]
		moves = append(moves, m)
		if err := g.Play(m); err != nil {
			panic(err) // m is one of the generated moves
		}
	}
	return moves
}

func TestWriteRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var games []*Game
	add := func(v *board.Variant, fen string, prefix []string, plies int, result string, tags ...Tag) {
		start := v.Start()
		if fen != "" {
			start = fenForTest(t, v, fen)
		}
		p := start
		var moves []board.Move
		for _, s := range prefix {
			m, err := v.ParseMove(&p, s)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			p = p.Play(m)
		}
		moves = append(moves, randomMoves(v, p, plies, rng)...)
		g := gameOf(t, v, start, moves)
		g.Tags, g.Result = tags, result
		games = append(games, g)
	}
	add(board.International, "", nil, 120, "1-1",
		Tag{"Event", `Say "hi" \ bye`}, Tag{"White", "A"}, Tag{"Black", "B"}, Tag{"Result", "0-2"})
	add(board.International, "W:WK24,K50:BK11,K17,19,43", []string{"24x8x21x49"}, 10, "2-0", Tag{"FEN", "stale"})
	add(board.Russian, "", strings.Fields("ed4 dc5 fe3 fg5 cb4 gh4 b:d6 h:f2 e:g3 c:h4"), 30, "*",
		Tag{"GameType", "25,W,8,8,A0,0"}, Tag{"Variant", "Russian"})
	add(board.Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4", []string{"d8:b6:e3:h6"}, 0, "1-0", Tag{"Variant", "english"})
	add(board.Brazilian, "", nil, 80, "0-1", Tag{"GameType", "20"})
	add(board.English, "W:W31:B26,27,18,19", []string{"31x24x15"}, 5, "1/2-1/2")
	add(board.English, "", nil, 100, "*")
	// Tama shares Turkish's GameType: the Variant tag tells them apart.
	add(board.Tama, "", []string{"b3-c4"}, 60, "*")

	var buf bytes.Buffer
	for _, g := range games {
		if err := g.Write(&buf); err != nil {
			t.Fatal(err)
		}
	}
	text := buf.String()
	for _, want := range []string{
		"[Event \"Say \\\"hi\\\" \\\\ bye\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-1\"]\n[GameType \"20\"]\n\n1. ",
		"[FEN \"W:WK24,K50:BK11,K17,19,43\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 24x8x21x49 ",
		"[GameType \"25,W,8,8,A0,0\"]\n[Variant \"Russian\"]\n[Result \"*\"]\n\n1. e3-d4 d6-c5 2. f2-e3",
		"[Variant \"russian\"]\n[Result \"1-0\"]\n[GameType \"25\"]\n[FEN \"W:WKd8:BKb4,Kc1,c7,Kd4,Kf4\"]\n\n1. d8:b6:e3:h6 1-0\n\n",
		"[GameType \"26\"]\n[Result \"0-1\"]\n\n1. ",
		"[FEN \"W:W31:B18,19,26,27\"]\n\n1... 31x24x15 ",
		"[Variant \"tama\"]\n[Result \"*\"]\n[GameType \"30\"]\n\n1. b3-c4 ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("written PDN lacks %q", want)
		}
	}
	if strings.Count(text, "[FEN") != 3 {
		t.Errorf("%d FEN tags, want 3", strings.Count(text, "[FEN"))
	}
	for _, line := range strings.Split(text, "\n") {
		if len(line) > width {
			t.Errorf("line of %d characters: %s", len(line), line)
		}
	}

	read, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(read) != len(games) {
		t.Fatalf("read %d games, wrote %d", len(read), len(games))
	}
	var again bytes.Buffer
	for i, g := range read {
		w := games[i]
		if g.Variant() != w.Variant() || g.Start() != w.Start() ||
			!reflect.DeepEqual(g.Moves(), w.Moves()) || g.Result != w.Result {
			gs, ws := g.Start(), w.Start()
			t.Errorf("game %d: read %s %s %d moves %q, wrote %s %s %d moves %q", i+1,
				g.Variant(), g.Variant().FEN(&gs), g.Len(), g.Result, w.Variant(), w.Variant().FEN(&ws), w.Len(), w.Result)
		}
		if err := g.Write(&again); err != nil {
			t.Fatal(err)
		}
	}
	if again.String() != text {
		t.Errorf("writing the games read back differs:\n%s\nfirst:\n%s", again.String(), text)
	}
}

func TestWriteErrors(t *testing.T) {
	cases := []struct {
		result string
		tags   []Tag
		want   string
	}{
		{"3-0", nil, `bad result "3-0"`},
		{"", []Tag{{"Bad Name", "x"}}, `bad tag name "Bad Name"`},
		{"", []Tag{{"Event", "two\nlines"}}, "line break"},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		g := &Game{Game: board.NewGame(board.International, board.International.Start())}
		g.Result, g.Tags = c.result, c.tags
		err := g.Write(&buf)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Write: %v, want an error containing %q", err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("Write wrote %q before failing", buf.String())
		}
	}
	// A bare game from the initial position has only the managed tags.
	var buf bytes.Buffer
	if err := (&Game{Game: board.NewGame(board.International, board.International.Start())}).Write(&buf); err != nil || buf.String() != "[Result \"*\"]\n[GameType \"20\"]\n\n*\n\n" {
		t.Errorf("empty game: %q, %v", buf.String(), err)
	}
}

// TestWriteComments: a comment follows its move, braces inside it are
// replaced so that the comment cannot end early, and the file reads back to
// the same moves.
func TestWriteComments(t *testing.T) {
	g := gameOf(t, board.International, board.International.Start(), nil)
	for _, s := range []string{"32-28", "19-23", "28x19"} {
		m, err := board.International.ParseMove(g.Position(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Comments = []string{"+0.10 32-28", "", "a {b} c", "past the last move"}
	var buf bytes.Buffer
	if err := g.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := "1. 32-28 {+0.10 32-28} 19-23 2. 28x19 {a (b) c} *\n"
	if !strings.Contains(buf.String(), want) {
		t.Errorf("move text lacks %q:\n%s", want, buf.String())
	}
	back, err := Read(&buf)
	if err != nil || len(back) != 1 || back[0].FEN() != g.FEN() {
		t.Fatalf("read back: %v, %v", err, back)
	}
	if got, want := back[0].Comments, []string{"+0.10 32-28", "", "a (b) c"}; !slices.Equal(got, want) {
		t.Errorf("comments read back %q, want %q", got, want)
	}
}

// TestReadComments: a comment goes with the move before it; one before the
// first move, and those inside variations, are dropped; two after the same
// move are joined, white space folded.
func TestReadComments(t *testing.T) {
	games, err := Read(strings.NewReader(pdnSample))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := games[0].Comments, []string{"", "", "", "", "a comment"}; !slices.Equal(got, want) {
		t.Errorf("first game's comments %q, want %q", got, want)
	}
	if games[1].Comments != nil {
		t.Errorf("a game without comments has %q", games[1].Comments)
	}
	games, err = Read(strings.NewReader("{before} 1. 32-28 {a\n b} {c} 19-23 (19-24 {in a variation}) 2. 28x19 {d} {} *\n"))
	if err != nil || len(games) != 1 {
		t.Fatal(games, err)
	}
	if got, want := games[0].Comments, []string{"a b c", "", "d"}; !slices.Equal(got, want) {
		t.Errorf("comments %q, want %q", got, want)
	}
}

func TestResultToken(t *testing.T) {
	for _, tc := range []struct {
		v     *board.Variant
		white float64
		want  string
	}{
		{board.International, 1, "2-0"}, {board.International, 0.5, "1-1"}, {board.International, 0, "0-2"},
		{board.Killer, 1, "2-0"}, {board.Frisian, 0, "0-1"},
		{board.Russian, 1, "1-0"}, {board.Russian, 0.5, "1/2-1/2"}, {board.English, 0, "0-1"},
	} {
		if got := ResultToken(tc.v, tc.white); got != tc.want {
			t.Errorf("ResultToken(%s, %v) = %q, want %q", tc.v.Name, tc.white, got, tc.want)
		}
		if w, ok := ResultScore(tc.want); !ok || w != tc.white {
			t.Errorf("ResultScore(%q) = %v, %v, want %v", tc.want, w, ok, tc.white)
		}
	}
	for _, token := range []string{"*", "0-0", "", "2-1"} {
		if w, ok := ResultScore(token); ok {
			t.Errorf("ResultScore(%q) = %v, want no score", token, w)
		}
	}
	if got := Date(time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC)); got != "2026.12.01" {
		t.Errorf("Date = %q", got)
	}
}

// TestWriteVariants plays a random game of every variant, writes it as
// PDN and reads it back: the tags must name the rules (a Variant tag where
// the GameType number is shared) and the moves must replay.
func TestWriteVariants(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, v := range board.Variants() {
		plies := 40
		if v == board.Bashni {
			// Long enough for columns of three and more to be jumped.
			plies = 120
		}
		g := gameOf(t, v, v.Start(), randomMoves(v, v.Start(), plies, rng))
		g.Result = "*"
		var buf bytes.Buffer
		if err := g.Write(&buf); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		read, err := Read(&buf)
		if err != nil || len(read) != 1 {
			t.Fatalf("%s: %v\n%s", v.Name, err, buf.String())
		}
		if r := read[0]; r.Variant() != v || r.Start() != g.Start() || !reflect.DeepEqual(r.Moves(), g.Moves()) {
			t.Errorf("%s: read back as %s with %d moves, wrote %d", v.Name, r.Variant(), r.Len(), g.Len())
		}
	}
}

func fenForTest(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// gameOf plays moves from start, failing the test on an illegal one.
func gameOf(t testing.TB, v *board.Variant, start board.Position, moves []board.Move) *Game {
	t.Helper()
	g, err := board.GameOf(v, start, moves)
	if err != nil {
		t.Fatal(err)
	}
	return &Game{Game: g}
}

// TestWriteWide: a Canadian start with every piece on the squares above
// the word (64-76) is not the initial position, so its FEN is written, and
// the game reads back.
func TestWriteWide(t *testing.T) {
	p := fenForTest(t, board.Canadian, "W:W67,K68:B1,K2")
	var ml board.MoveList
	board.Canadian.Generate(&p, &ml)
	g := gameOf(t, board.Canadian, p, ml.Moves[:1])
	var sb strings.Builder
	if err := g.Write(&sb); err != nil || !strings.Contains(sb.String(), board.Canadian.FEN(&p)) {
		t.Fatalf("Write: %v\n%s", err, sb.String())
	}
	back, err := Read(strings.NewReader(sb.String()))
	if err != nil || len(back) != 1 || back[0].Start() != p || back[0].FEN() != g.FEN() {
		t.Errorf("read back: %v, %v", back, err)
	}
}
