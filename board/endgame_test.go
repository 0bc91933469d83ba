package board

import (
	"strings"
	"testing"
)

func TestMainRoad(t *testing.T) {
	var names []string
	for _, s := range Board8x8.List(Board8x8.MainRoad) {
		names = append(names, Board8x8.Algebraic(s))
	}
	if got := strings.Join(names, " "); got != "h8 g7 f6 e5 d4 c3 b2 a1" {
		t.Errorf("8x8 main road %q", got)
	}
	if n := Board10x10.MainRoad.Count(); n != 10 || !Board10x10.MainRoad.Has(Board10x10.bitOf[46]) || !Board10x10.MainRoad.Has(Board10x10.bitOf[5]) {
		t.Errorf("10x10 main road: %d squares", n)
	}
}

// Every rule of the endgame counters by material (and the 7.2.7 road
// configuration), per rule set.
func TestEndgameClassify(t *testing.T) {
	for _, c := range []struct {
		v    *Variant
		fen  string
		want Endgame
		road bool
	}{
		// International (7.1): exactly 3 pieces with a king, or 1-2.
		{International, "W:WK46:BK5", LoneVs2, false},
		{International, "W:WK46,K47:BK5", LoneVs2, false},
		{International, "W:WK46,15:BK5", LoneVs2, false},
		{International, "W:WK46,K47,K48:BK5", LoneVs3, false},
		{International, "W:WK46,15,16:BK5", LoneVs3, false},
		{International, "B:WK4:BK46,K47,30", LoneVs3, false},
		{International, "W:WK46,15,16,17:BK5", NoEndgame, false},
		{International, "W:WK46,K47,K48,K49:BK5", NoEndgame, false},
		{International, "W:W46,47:BK5", NoEndgame, false},  // no king on the strong side
		{International, "W:WK46,K47:B5", NoEndgame, false}, // a lone man
		{International, "W:WK46,K47:BK5,K4", NoEndgame, false},
		// Russian (7.2): 7.2.4 counts kings, men or no men beside them.
		{Russian, "W:WKc1,Ke1,Kg1:BKh2", LoneVs3Kings, false},
		{Russian, "W:WKc1,Ke1,Kg1,c3:BKh2", LoneVs3Kings, false},
		{Russian, "W:WKc1,Ke1,Kg1,Ka3:BKh2", LoneVs3Kings, false},
		{Russian, "W:WKc1,Ke1:BKh2", LoneVs2, false},
		{Russian, "W:WKc1,c3:BKh2", LoneVs2, false},
		{Russian, "W:WKc1:BKh2", LoneVs2, false},
		// 7.2.6: kings on both sides.
		{Russian, "W:WKc1,Ke1,c3:BKh2", Balance45, false},
		{Russian, "W:WKc1,a3,c3,e3:BKh2", Balance45, false},
		{Russian, "W:WKc1,c3:BKh8,f6", Balance45, false},
		{Russian, "W:WKc1,c3,e3:BKh8,f6,d6", Balance67, false},
		{Russian, "W:WKc1,c3,e3,g3:BKh8,f6,d6", Balance67, false},
		{Russian, "W:WKc1,c3,e3,g3:BKh8,f6,d6,b6", NoEndgame, false},
		{Russian, "W:WKc1,c3:Bh8,f6", NoEndgame, false},
		{Russian, "W:WKc1:Bh6", NoEndgame, false},
		// 7.2.7: 3 pieces with a king against a lone king on a1-h8.
		{Russian, "W:WKc1,Ke1,Kg1:BKd4", LoneVs3Kings, true},
		{Russian, "W:WKc1,Ke1,c3:BKa1", Balance45, true},
		{Russian, "B:WKh8:BKc1,a3,e3", Balance45, true},
		{Russian, "W:WKc1,Ke1:BKd4", LoneVs2, false},
		{Russian, "W:WKc1,Ke1,Kg1,Ka3:BKd4", LoneVs3Kings, false},
		{Russian, "W:Wc1,e1,g1:BKd4", NoEndgame, false},
		{Russian, "W:WKd4,Ke1,Kg1:BKh2", LoneVs3Kings, false}, // the strong side on the road
		{Brazilian, "W:WKc1,Ke1,Kg1,c3:BKh2", LoneVs3Kings, false},
		{Brazilian, "W:WKc1,Ke1,c3:BKe5", Balance45, true},
		// No counters.
		{English, "W:WK1,K2,K3:BK32", NoEndgame, false},
		{Poddavki, "W:WKc1,Ke1,Kg1:BKd4", NoEndgame, false},
	} {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.v.Endgame(&p); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.v.Name, c.fen, got, c.want)
		}
		if got := c.v.onRoad(&p); got != c.road {
			t.Errorf("%s %s: on the road %v, want %v", c.v.Name, c.fen, got, c.road)
		}
	}
}

// counterStep is one position of a game followed by the counter: the position
// reached (x: by a capture or promotion), repeated n times (quiet moves
// that keep the material and the lone king's square), and the counter after.
type counterStep struct {
	fen      string
	material bool
	n        int // times (0 counts as 1)
	e        Endgame
	plies    int
	road     int    // -1: the road counter does not run
	why      string // Reason ("" while no counter has reached its limit)
}

// The counter stepped across hand-made games: starts, restarts, stops, and
// the 7.2.7 road counter beside the material one.
func TestEndgameCounterSteps(t *testing.T) {
	const (
		road   = "5-move rule (lone king on the main road"
		rule15 = "15-move rule"
	)
	for _, c := range []struct {
		name  string
		v     *Variant
		steps []counterStep // the first is the start (NewEndgameCounter)
	}{
		{"7.2.7: 3K v K on the road, drawn at the 10th ply", Russian, []counterStep{
			{fen: "B:WKc1,Ke1,Kg1:BKh8", e: LoneVs3Kings, road: 0},
			{fen: "W:WKc1,Ke1,Kg1:BKg7", e: LoneVs3Kings, plies: 1, road: 1},
			{fen: "B:WKd2,Ke1,Kg1:BKg7", n: 8, e: LoneVs3Kings, plies: 9, road: 9},
			{fen: "W:WKd2,Ke1,Kg1:BKa1", e: LoneVs3Kings, plies: 10, road: 10, why: road},
		}},
		{"7.2.7 stops off the road and starts again on it; 7.2.4 runs on", Russian, []counterStep{
			{fen: "B:WKc1,Ke1,Kg1:BKh8", e: LoneVs3Kings, road: 0},
			{fen: "W:WKc1,Ke1,Kg1:BKg7", n: 5, e: LoneVs3Kings, plies: 5, road: 5},
			{fen: "W:WKc1,Ke1,Kg1:BKh6", e: LoneVs3Kings, plies: 6, road: -1},
			{fen: "W:WKc1,Ke1,Kg1:BKg7", e: LoneVs3Kings, plies: 7, road: 0},
			{fen: "W:WKc1,Ke1,Kg1:BKg7", n: 9, e: LoneVs3Kings, plies: 16, road: 9},
			{fen: "W:WKc1,Ke1,Kg1:BKh6", e: LoneVs3Kings, plies: 17, road: -1},
			{fen: "W:WKc1,Ke1,Kg1:BKh6", n: 12, e: LoneVs3Kings, plies: 29, road: -1},
			{fen: "W:WKc1,Ke1,Kg1:BKh6", e: LoneVs3Kings, plies: 30, road: -1, why: rule15},
		}},
		{"7.2.7: a promotion 2K+M -> 3K keeps the road counter, starts 7.2.4", Russian, []counterStep{
			{fen: "W:WKc1,Ke1,g7:BKa1", e: Balance45, road: 0},
			{fen: "B:WKc1,Ke1,g7:BKa1", n: 4, e: Balance45, plies: 4, road: 4},
			{fen: "B:WKc1,Ke1,Kh8:BKa1", material: true, e: LoneVs3Kings, plies: 0, road: 5},
			{fen: "W:WKc1,Ke1,Kh8:BKb2", n: 4, e: LoneVs3Kings, plies: 4, road: 9},
			{fen: "B:WKc1,Ke1,Kh8:BKb2", e: LoneVs3Kings, plies: 5, road: 10, why: road},
		}},
		{"7.2.7 ends when the lone king takes a piece: 7.2.8 starts", Russian, []counterStep{
			{fen: "W:WKc1,a3,e3:BKd4", e: Balance45, road: 0},
			{fen: "B:WKc1,a3,f4:BKd4", n: 3, e: Balance45, plies: 3, road: 3},
			{fen: "W:WKc1,a3:BKg5", material: true, e: LoneVs2, plies: 0, road: -1},
			{fen: "W:WKc1,a3:BKg5", n: 10, e: LoneVs2, plies: 10, road: -1, why: "5-move rule (lone king v one"},
		}},
		{"7.2.7 starts when the lone king's capture leaves 3K v K on the road", Russian, []counterStep{
			{fen: "B:WKc1,Ke1,Kg1,Kf6:BKh8", e: LoneVs3Kings, road: -1},
			{fen: "W:WKc1,Ke1,Kg1:BKe5", material: true, e: LoneVs3Kings, plies: 1, road: 0},
		}},
		{"2K v K on the road: 7.2.8 only", Russian, []counterStep{
			{fen: "W:WKc1,Ke1:BKd4", e: LoneVs2, road: -1},
			{fen: "B:WKc1,Kf2:BKd4", n: 10, e: LoneVs2, plies: 10, road: -1, why: "5-move rule (lone king v one"},
		}},
		{"7.2.6 restarts at a promotion within the category", Russian, []counterStep{
			{fen: "W:WKa1,c7:BKh8,f6", e: Balance45, road: -1},
			{fen: "B:WKb2,c7:BKh8,f6", n: 20, e: Balance45, plies: 20, road: -1},
			{fen: "B:WKb2,Kd8:BKh8,f6", material: true, e: Balance45, plies: 0, road: -1},
			{fen: "W:WKb2,Kd8:BKh8,f6", n: 60, e: Balance45, plies: 60, road: -1, why: "30-move rule"},
		}},
		{"International 16-move: a promotion counts on, the lone king's capture restarts", International, []counterStep{
			{fen: "W:WK46,7,33:BK5", e: LoneVs3, road: -1},
			{fen: "B:WK46,K1,33:BK5", material: true, e: LoneVs3, plies: 1, road: -1},
			{fen: "W:WK46,K1,33:BK5", n: 20, e: LoneVs3, plies: 21, road: -1},
			{fen: "W:WK46,K1:BK28", material: true, e: LoneVs2, plies: 0, road: -1},
			{fen: "W:WK46,K1:BK28", n: 9, e: LoneVs2, plies: 9, road: -1},
			{fen: "B:WK46:BK28", material: true, e: LoneVs2, plies: 10, road: -1, why: "5-move rule"},
			{fen: "W:WK46:B", material: true, e: NoEndgame, road: -1},
		}},
		{"International: no road rule on the long diagonal", International, []counterStep{
			{fen: "B:WK46,K47,K48:BK5", e: LoneVs3, road: -1},
			{fen: "W:WK46,K47,K48:BK23", n: 31, e: LoneVs3, plies: 31, road: -1},
			{fen: "W:WK46,K47,K48:BK23", e: LoneVs3, plies: 32, road: -1, why: "16-move rule"},
		}},
		{"no configuration: no counter", Russian, []counterStep{
			{fen: "W:WKc1,c3,e3,g3:BKh8,f6,d6,b6", road: -1},
			{fen: "W:WKc1,c3,e3,g3:BKh8,f6,d6,b6", n: 200, road: -1},
			{fen: "W:WKc1,c3,e3:BKh8,f6,d6,b6", material: true, e: Balance67, road: -1},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ctr EndgameCounter
			var hist []Position
			for i, s := range c.steps {
				p, err := c.v.ParseFEN(s.fen)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k < max(s.n, 1); k++ {
					if i == 0 && k == 0 {
						ctr = c.v.NewEndgameCounter(&p)
					} else {
						ctr = c.v.NextEndgameCounter(ctr, &p, s.material && k == 0)
					}
					hist = append(hist, p)
				}
				got := counterStep{fen: s.fen, material: s.material, n: s.n, e: ctr.Endgame(), plies: ctr.Plies(), road: ctr.RoadPlies(), why: ctr.Reason()}
				if got.why != "" && strings.HasPrefix(got.why, s.why) && s.why != "" {
					got.why = s.why
				}
				if got != s {
					t.Fatalf("step %d: got %+v, want %+v", i, got, s)
				}
				if ctr.AtLimit() != (s.why != "") {
					t.Fatalf("step %d: expired %v", i, ctr.AtLimit())
				}
				// The same counter from the history alone.
				if h := c.v.EndgameCounterAfter(hist[:len(hist)-1], &hist[len(hist)-1]); h != ctr {
					t.Fatalf("step %d: EndgameCounterAfter %+v, stepped %+v", i, h, ctr)
				}
			}
		})
	}
}

func TestEndgameCounterLeft(t *testing.T) {
	v := Russian
	p, _ := v.ParseFEN("B:WKc1,Ke1,Kg1:BKh8")
	c := v.NewEndgameCounter(&p)
	if c.Left() != RoadLimit {
		t.Errorf("3K v K on the road: %d plies left, want %d", c.Left(), RoadLimit)
	}
	q, _ := v.ParseFEN("W:WKc1,Ke1,Kg1:BKh6")
	for range 12 {
		c = v.NextEndgameCounter(c, &q, false)
	}
	if c.Left() != 30-12 {
		t.Errorf("off the road after 12 plies: %d left, want 18", c.Left())
	}
	e, _ := v.ParseFEN("W:WKc1,c3,e3,g3:BKh8,f6,d6,b6")
	if c := v.NewEndgameCounter(&e); c.Left() < 1<<30 || c.AtLimit() || c.Reason() != "" {
		t.Errorf("no counter: left %d", c.Left())
	}
	var zero EndgameCounter
	if zero.Endgame() != NoEndgame || zero.RoadPlies() != -1 || zero.AtLimit() {
		t.Error("zero EndgameCounter is not 'no counter'")
	}
}

// The search steps the counter at every node: it must not allocate.
func TestEndgameCounterDoesNotAllocate(t *testing.T) {
	v := Russian
	p, _ := v.ParseFEN("B:WKc1,Ke1,g7:BKh8")
	c := v.NewEndgameCounter(&p)
	if n := testing.AllocsPerRun(100, func() {
		c = v.NextEndgameCounter(c, &p, true)
		c = v.NextEndgameCounter(c, &p, false)
		_ = c.AtLimit()
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
