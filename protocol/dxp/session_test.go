package dxp

import (
	"context"
	"log"
	"strings"
	"testing"
	"time"
)

// mirrored maps a follower's outcome to the initiator's view of the same game.
var mirrored = map[Outcome]Outcome{Win: Loss, Loss: Win, Draw: Draw, NoResult: NoResult}

// TestFollowerAndInitiatorPlayWholeGames lets damka play damka, both with
// first-legal-move searchers, over loopback: every game must reach an end
// by the rules, and both sides must agree on every result.
func TestFollowerAndInitiatorPlayWholeGames(t *testing.T) {
	srv := startServer(t, nil)
	logs := &syncBuffer{}
	in := &Initiator{
		Config:    Config{Name: "initiator", Searcher: newFake(), Logger: log.New(logs, "", 0), ReadTimeout: 5 * time.Second},
		Games:     4,
		Minutes:   1,
		Moves:     0,
		Positions: []string{"W:W31-50:B1-20", "W:WK47,40:BK4,11"},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	results, err := in.Run(ctx, srv.addr)
	if err != nil {
		t.Fatalf("Run: %v\ninitiator log:\n%s", err, logs)
	}
	if len(results) != 4 {
		t.Fatalf("%d results, want 4", len(results))
	}
	for i, r := range results {
		t.Logf("%v", r)
		f := srv.result(t)
		if r.Outcome == NoResult || r.Refused {
			t.Errorf("game %d did not finish: %v", i+1, r)
		}
		if f.Outcome != mirrored[r.Outcome] {
			t.Errorf("game %d: initiator %v, follower %v", i+1, r, f)
		}
		wantColor := White
		if i%2 == 1 {
			wantColor = Black
		}
		if r.Color != wantColor || f.Color == r.Color {
			t.Errorf("game %d: initiator %v, follower %v; want initiator %v", i+1, r.Color, f.Color, wantColor)
		}
		if r.Plies() != f.Plies() || strings.Join(r.Moves, " ") != strings.Join(f.Moves, " ") {
			t.Errorf("game %d: move lists differ:\n%v\n%v", i+1, r.Moves, f.Moves)
		}
		if r.Peer != "follower" || f.Peer != "initiator" {
			t.Errorf("names: %q, %q", r.Peer, f.Peer)
		}
	}
	p, _ := variant.ParseFEN(in.Positions[1])
	if want := variant.FEN(&p); results[2].StartFEN != want || results[3].StartFEN != want {
		t.Errorf("games 3 and 4 start from %s and %s, want the second FEN", results[2].StartFEN, results[3].StartFEN)
	}
	var newGames int
	srv.fake.set(func(f *fakeSearcher) { newGames = f.newGames })
	if newGames != 4 {
		t.Errorf("follower's searcher got %d NewGame calls, want 4", newGames)
	}
	t.Logf("initiator: %v", TallyOf(results))
}

// TestMoveLimitAdjudication: the initiator ends the game at the move limit
// by the score of its search.
func TestMoveLimitAdjudication(t *testing.T) {
	for _, tc := range []struct {
		score  int
		reason string
		want   Outcome
	}{{0, "E2", Draw}, {500, "E3", Win}, {-500, "E1", Loss}} {
		srv := startServer(t, nil)
		fake := newFake()
		fake.score = tc.score
		in := &Initiator{Config: Config{Searcher: fake, ReadTimeout: 5 * time.Second}, Games: 1, Minutes: 1, Moves: 3}
		results, err := in.Run(context.Background(), srv.addr)
		if err != nil {
			t.Fatal(err)
		}
		r := results[0]
		if r.Outcome != tc.want || r.Plies() != 6 || !strings.Contains(r.Reason, "move limit 3") {
			t.Errorf("score %d: %v; want %v after 6 plies at the move limit", tc.score, r, tc.want)
		}
		if f := srv.result(t); f.Outcome != mirrored[tc.want] {
			t.Errorf("score %d: follower saw %v", tc.score, f)
		}
		// The follower budgets over the moves left to the limit.
		if lims := srv.fake.searches(); len(lims) == 0 || lims[0].MovesToGo != 3 || lims[0].Time != time.Minute {
			t.Errorf("follower's first limits %+v, want 1m for 3 moves", lims)
		}
	}
}

func TestTally(t *testing.T) {
	rs := []GameResult{{Outcome: Win}, {Outcome: Draw}, {Outcome: Draw}, {Outcome: Loss}, {}, {Refused: true}}
	if got := TallyOf(rs).String(); got != "W-D-L 1-2-1 (unfinished 1, refused 1)" {
		t.Fatalf("tally %q", got)
	}
}

func TestConfigName(t *testing.T) {
	c := Config{Name: "  dämka\tengine with a rather long name indeed  "}.withDefaults()
	if len(c.Name) > NameLen || strings.ContainsAny(c.Name, "\t") || c.Name[0] == ' ' {
		t.Fatalf("name %q", c.Name)
	}
	if _, err := Encode(GameAcc{Follower: c.Name}); err != nil {
		t.Fatal(err)
	}
	if c := (Config{}).withDefaults(); c.Name != DefaultName || c.ReadTimeout != DefaultReadTimeout || c.Logger == nil {
		t.Fatalf("defaults %+v", c)
	}
}
