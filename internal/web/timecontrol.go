package web

import "time"

// timeControl is one of the page's time controls: a clock for each side
// with an increment (Fischer), or a fixed time per engine move without
// clocks.
type timeControl struct {
	Name    string        `json:"name"`
	Title   string        `json:"title"`
	Base    time.Duration `json:"-"` // each side's clock at the start; 0: no clocks
	Inc     time.Duration `json:"-"`
	PerMove time.Duration `json:"-"` // the engine's time per move when there are no clocks
}

// timeControls are the page's choices, the usual blitz and rapid controls
// of draughts servers first.
var timeControls = []timeControl{
	{Name: "move1", Title: "no clock, engine 1 s a move", PerMove: time.Second},
	{Name: "move3", Title: "no clock, engine 3 s a move", PerMove: 3 * time.Second},
	{Name: "move10", Title: "no clock, engine 10 s a move", PerMove: 10 * time.Second},
	{Name: "1+0", Title: "1 min", Base: time.Minute},
	{Name: "3+2", Title: "3 min + 2 s", Base: 3 * time.Minute, Inc: 2 * time.Second},
	{Name: "5+0", Title: "5 min", Base: 5 * time.Minute},
	{Name: "5+5", Title: "5 min + 5 s", Base: 5 * time.Minute, Inc: 5 * time.Second},
	{Name: "10+5", Title: "10 min + 5 s", Base: 10 * time.Minute, Inc: 5 * time.Second},
	{Name: "15+10", Title: "15 min + 10 s", Base: 15 * time.Minute, Inc: 10 * time.Second},
}

// quickMove is the engine's time per move for the tests' time control,
// fast enough to keep a browser test short.
const quickMove = 50 * time.Millisecond

// reviewTimeControl is a loaded game's: no clock, and a quick engine
// should the person hand it a side.
var reviewTimeControl = timeControl{Name: "review", Title: "no clock (review)", PerMove: time.Second}

func lookupTimeControl(name string) (timeControl, error) {
	if name == "" {
		return timeControls[0], nil
	}
	if name == "test" {
		return timeControl{Name: "test", Title: "engine 50 ms a move", PerMove: quickMove}, nil
	}
	for _, tc := range timeControls {
		if tc.Name == name {
			return tc, nil
		}
	}
	return timeControl{}, badf("unknown time control %q", name)
}

func (tc timeControl) clocked() bool { return tc.Base > 0 }
