package hubtext

import (
	"math/rand/v2"
	"strings"
	"testing"

	"damka/board"
)

func fenForTest(t *testing.T, v *board.Variant, fen string) board.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkRoundTrip checks that p's Hub string and every legal move of p in
// both numberings read back as themselves; it returns the moves checked.
func checkRoundTrip(t *testing.T, v *board.Variant, p *board.Position) int {
	t.Helper()
	hub := Position(v, p)
	h, err := ParsePosition(v, hub)
	// The hub string has no place for a king run (Frisian).
	noRun := *p
	noRun.KingRun.Moves, noRun.KingRun.Square = [2]uint8{}, [2]board.Square{}
	if err != nil || h != noRun {
		t.Fatalf("%s: hub position %s (FEN %s) does not round-trip: %v", v.Name, hub, v.FEN(p), err)
	}
	var ml board.MoveList
	v.Generate(p, &ml)
	for _, m := range ml.Slice() {
		for _, n := range []Numbering{BottomUp, TopDown} {
			ht := FormatMoveIn(v, m, n)
			if got, err := ParseMoveIn(v, p, ht, n); err != nil || got != m {
				t.Fatalf("%s %s: ParseMoveIn(%q, %s) = %+v, %v; want %+v", v.Name, v.FEN(p), ht, n, got, err, m)
			}
		}
	}
	return ml.N
}

// walk checks every position of the tree below p to depth.
func walk(t *testing.T, v *board.Variant, p board.Position, depth int) (positions, moves int) {
	moves = checkRoundTrip(t, v, &p)
	positions = 1
	if depth == 0 {
		return
	}
	var ml board.MoveList
	v.Generate(&p, &ml)
	for _, m := range ml.Slice() {
		a, b := walk(t, v, p.Play(m), depth-1)
		positions, moves = positions+a, moves+b
	}
	return
}

// TestRoundTripStart checks the Hub forms of every position and move of
// every variant's tree to depth 3 (2 where it is large; Bashni's tops play
// as Russian here, which is all the Hub strings see).
func TestRoundTripStart(t *testing.T) {
	for _, v := range board.Variants() {
		depth := 3
		if v.Perft(v.Start(), depth, false) > 50_000 {
			depth = 2
		}
		n, m := walk(t, v, v.Start(), depth)
		t.Logf("%s: %d positions, %d moves", v.Name, n, m)
	}
}

// tacticalFENs are positions with flying kings, long and ambiguous
// captures, foreign moves and the squares above Canadian's word.
var tacticalFENs = []struct {
	v   *board.Variant
	fen string
}{
	{board.International, "W:WK24,K50:BK11,K17,19,43"},
	{board.International, "W:WK32,K48,K49:BK14,30,K34,K44"},
	{board.Russian, "W:WKd8:BKb4,Kc1,c7,Kd4,Kf4"},
	{board.Russian, "W:WKf6:Bc3,e3,e5,g3,Kg5"},
	{board.Brazilian, "W:WKd2:Bb6,c3,Kc5,e5"},
	{board.English, "W:WK22:BK3,5,9,K10,17,18,26"},
	{board.Italian, "W:WK22:B18,K10,K19,12"},
	{board.Spanish, "W:W12,1:B15,K22,K5,13"},
	{board.Killer, "W:WK32,K48,K49:BK14,30,K34,K44"},
	{board.Frisian, "W:WK8:BK1,K7,K12,K36"},
	{board.Turkish, "W:WKe8:Ba5,c6,d7,d8,e2,g2"},
	{board.Thai, "W:WK18:B11,25,K4"},
	{board.Stavropol, "W:Wc3,f4,d2,g3,Ka1:Bd4,g5,c5,Kh8"},
	{board.Bashni, "W:WKd8:Bb6,Kc3,e3,e7,g3"},
	{board.Canadian, "W:WK67,50:B44,45,33,21"},
}

func TestRoundTripTactical(t *testing.T) {
	for _, c := range tacticalFENs {
		n, m := walk(t, c.v, fenForTest(t, c.v, c.fen), 2)
		t.Logf("%s %s: %d positions, %d moves", c.v.Name, c.fen, n, m)
	}
}

// TestRoundTripRandomGames plays random games of every variant (Canadian's
// squares above the word, Frisian's king runs, Bashni's orders) and checks
// the Hub forms at every ply.
func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 72))
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, v := range board.Variants() {
		for g := 0; g < games; g++ {
			game := board.NewGame(v, v.Start())
			for ply := 0; ply < 200; ply++ {
				checkRoundTrip(t, v, game.Position())
				var ml board.MoveList
				v.Generate(game.Position(), &ml)
				if over, _ := v.Outcome(game.Position(), &ml); over {
					break
				}
				if err := game.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestVariantStrings pins the Hub strings of starts in the variants' own
// numberings and the bottom-up moves of the other boards.
func TestVariantStrings(t *testing.T) {
	// Hub strings list the squares in the variant's own numbering; hub
	// moves of algebraic boards count from White's side (1 = a1).
	hub := []struct {
		v    *board.Variant
		want string
	}{
		{board.Italian, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"},
		{board.Spanish, "Wwwwwwwwwwwwweeeeeeeebbbbbbbbbbbb"},
		{board.Pool, "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"},
		{board.Spantsiretti, "W" + strings.Repeat("b", 15) + strings.Repeat("e", 10) + strings.Repeat("w", 15)},
		{board.Frisian, "W" + strings.Repeat("b", 20) + strings.Repeat("e", 10) + strings.Repeat("w", 20)},
		{board.Frysk, "W" + strings.Repeat("b", 5) + strings.Repeat("e", 40) + strings.Repeat("w", 5)},
		{board.Thai, "B" + strings.Repeat("b", 8) + strings.Repeat("e", 16) + strings.Repeat("w", 8)},
		{board.Turkish, "W" + strings.Repeat("e", 8) + strings.Repeat("b", 16) + strings.Repeat("e", 16) + strings.Repeat("w", 16) + strings.Repeat("e", 8)},
	}
	for _, c := range hub {
		p := c.v.Start()
		if got := Position(c.v, &p); got != c.want {
			t.Errorf("%s: hub position %s, want %s", c.v.Name, got, c.want)
		}
	}
	p := board.Spantsiretti.Start()
	if m, err := board.Spantsiretti.ParseMove(&p, "i3-j4"); err != nil || FormatMove(board.Spantsiretti, m) != "15-20" {
		t.Errorf("spantsiretti: hub move of i3-j4 = %s, %v; want 15-20", FormatMove(board.Spantsiretti, m), err)
	}
	// Turkish hub moves count the 64 squares from a1: a3 = 17, a4 = 25.
	p = board.Turkish.Start()
	if m, err := board.Turkish.ParseMove(&p, "a3-a4"); err != nil || FormatMove(board.Turkish, m) != "17-25" {
		t.Errorf("turkish: hub move of a3-a4 = %s, %v; want 17-25", FormatMove(board.Turkish, m), err)
	}
	// Stavropol's foreign moves are written like own moves.
	p = fenForTest(t, board.Stavropol, "W:Wc3:Bc5")
	for _, text := range []string{"c3-d4", "c5-d4", "c5-b4"} {
		m, err := board.Stavropol.ParseMove(&p, text)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ParseMove(board.Stavropol, &p, FormatMove(board.Stavropol, m)); err != nil || got != m {
			t.Errorf("stavropol: hub move %s of %s: %v, %v", FormatMove(board.Stavropol, m), text, got, err)
		}
	}
}

// TestPositionBoardErrors: a string for another board, and a Canadian man
// on its promotion row above the word, are refused.
func TestPositionBoardErrors(t *testing.T) {
	if _, err := ParsePosition(board.Spantsiretti, strings.Repeat("e", 41)); err == nil {
		t.Errorf("spantsiretti: a hub position without a side to move was accepted")
	}
	if _, err := ParsePosition(board.Spantsiretti, "W"+strings.Repeat("e", 32)); err == nil || !strings.Contains(err.Error(), "want 41") {
		t.Errorf("spantsiretti: an 8x8 hub position: %v", err)
	}
	p := fenForTest(t, board.Canadian, "W:WK1,8,72:B66,K71,30")
	hub := []byte(Position(board.Canadian, &p))
	hub[1] = 'w'
	if _, err := ParsePosition(board.Canadian, string(hub)); err == nil {
		t.Errorf("canadian: white man on square 1 accepted")
	}
}

// TestVariantName pins the Hub names of other software (Scan, pydraughts)
// and damka's names elsewhere; protocol/hub reads back both.
func TestVariantName(t *testing.T) {
	want := map[*board.Variant]string{board.International: "normal", board.Killer: "killer", board.BreakthroughDraughts: "bt",
		board.Antidraughts: "losing", board.Russian: "russian", board.Brazilian: "brazilian", board.Frisian: "frisian",
		board.Canadian: "canadian", board.Poddavki: "giveaway"}
	for v, name := range want {
		if got := VariantName(v); got != name {
			t.Errorf("VariantName(%s) = %q, want %q", v.Name, got, name)
		}
	}
	seen := map[string]*board.Variant{}
	for _, v := range board.Variants() {
		n := VariantName(v)
		if o := seen[n]; o != nil {
			t.Errorf("%s and %s are both %q", o.Name, v.Name, n)
		}
		seen[n] = v
		if got, err := board.Lookup(n); err != nil || got != v {
			t.Errorf("board.Lookup(%q) = %v, %v; want %s", n, got, err, v.Name)
		}
	}
}
