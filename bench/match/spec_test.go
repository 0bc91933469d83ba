package match

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSplitCommand(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"./damka hub", []string{"./damka", "hub"}},
		{"  a   b\tc ", []string{"a", "b", "c"}},
		{`'/opt/my engine/scan' hub`, []string{"/opt/my engine/scan", "hub"}},
		{`"a \"b\" c" d`, []string{`a "b" c`, "d"}},
		{`a\ b c`, []string{"a b", "c"}},
		{`x'y'"z"`, []string{"xyz"}},
		{`''`, []string{""}},
		{"", nil},
	} {
		got, err := SplitCommand(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{`'abc`, `"abc`, `abc\`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q): no error", bad)
		}
	}
}

func TestParseEngineSpec(t *testing.T) {
	sp, err := ParseEngineSpec(`cmd=./damka hub,name=Other,option.threads=1,option.tt-size=22`)
	if err != nil {
		t.Fatal(err)
	}
	want := EngineSpec{Name: "Other", Cmd: []string{"./damka", "hub"},
		Options: []Option{{"threads", "1"}, {"tt-size", "22"}}}
	if !reflect.DeepEqual(sp, want) {
		t.Errorf("got %+v, want %+v", sp, want)
	}
	sp, err = ParseEngineSpec(`cmd="/opt/scan/scan hub --list=a,b",dir=/opt/scan`)
	if err != nil {
		t.Fatal(err)
	}
	if sp.Name != "scan" || sp.Dir != "/opt/scan" || !reflect.DeepEqual(sp.Cmd, []string{"/opt/scan/scan", "hub", "--list=a,b"}) {
		t.Errorf("quoted cmd: got %+v", sp)
	}
	for bad, msg := range map[string]string{
		"":                          "empty",
		"name=x":                    "missing cmd",
		"cmd=":                      "empty cmd",
		"cmd=a,cmd=b":               "twice",
		"cmd=a,speed=3":             "unknown key",
		"cmd=a,junk":                "not key=value",
		"cmd=a,option.=1":           "bad option name",
		"cmd=a,proto=dxp":           "needs addr",
		"proto=dxp,addr=h:1,cmd=a":  "takes only addr and name",
		"cmd=a,addr=h:1":            "addr= is for proto=dxp",
		"cmd=a,proto=uci":           "not supported",
		`cmd="a,b`:                  "unterminated",
		`cmd=a,name="x"y"`:          "unterminated",
		"cmd=a,name=":               "empty name",
		"cmd='unterminated quote,x": "unterminated",
	} {
		_, err := ParseEngineSpec(bad)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseEngineSpec(%q) = %v, want an error with %q", bad, err, msg)
		}
	}
}

func TestUniqueNames(t *testing.T) {
	specs := []EngineSpec{{Name: "damka"}, {Name: "scan"}, {Name: "damka"}, {Name: "damka"}}
	uniqueNames(specs)
	var got []string
	for _, s := range specs {
		got = append(got, s.Name)
	}
	if want := []string{"damka", "scan", "damka-2", "damka-3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParseTC(t *testing.T) {
	for in, want := range map[string]TimeControl{
		"60+0.5":  {Base: 60 * time.Second, Inc: 500 * time.Millisecond},
		"40/60+0": {Moves: 40, Base: 60 * time.Second},
		"40/90":   {Moves: 40, Base: 90 * time.Second},
		"10":      {Base: 10 * time.Second},
		"0.5+0.1": {Base: 500 * time.Millisecond, Inc: 100 * time.Millisecond},
	} {
		got, err := ParseTC(in)
		if err != nil || got != want {
			t.Errorf("ParseTC(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "0+1", "-5+1", "40/", "/60", "0/60", "60+", "60+x", "60+-1", "NaN"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("ParseTC(%q): no error", bad)
		}
	}
	for tc, want := range map[TimeControl]string{
		{Base: 60 * time.Second, Inc: 500 * time.Millisecond}: "60+0.5",
		{Moves: 40, Base: 60 * time.Second}:                   "40/60",
		{Base: 10 * time.Second}:                              "10+0",
		{Depth: 6}:                                            "depth=6",
		{MoveTime: 100 * time.Millisecond, Nodes: 5000}:       "movetime=0.1,nodes=5000",
		{}: "-",
	} {
		if got := tc.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", tc, got, want)
		}
	}
}

func levelText(c *clock) string {
	var parts []string
	for _, a := range c.level() {
		parts = append(parts, a.Name+"="+a.Value)
	}
	return strings.Join(parts, " ")
}

func TestClock(t *testing.T) {
	// Fischer 10+0.1: the engine is told time = clock - inc (docs/protocols.md
	// 1.8, as pydraughts does), and the increment comes after each move.
	c := newClock(TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond})
	if got := levelText(&c); got != "time=9.9 inc=0.1" {
		t.Errorf("first level: %q", got)
	}
	if c.spend(2*time.Second, 0) {
		t.Fatal("flagged with time left")
	}
	if c.left != 8100*time.Millisecond {
		t.Errorf("left %v, want 8.1s", c.left)
	}
	if c.allowance(50*time.Millisecond) != 8150*time.Millisecond {
		t.Errorf("allowance %v", c.allowance(50*time.Millisecond))
	}
	// Over the clock but within the margin: clamped to zero, plus inc.
	if c.spend(8120*time.Millisecond, 50*time.Millisecond) {
		t.Fatal("flagged within the margin")
	}
	if c.left != 100*time.Millisecond {
		t.Errorf("left %v, want 0.1s", c.left)
	}
	if got := levelText(&c); got != "time=0 inc=0.1" {
		t.Errorf("level at zero: %q", got)
	}
	if !c.spend(200*time.Millisecond, 50*time.Millisecond) {
		t.Error("not flagged beyond clock + margin")
	}

	// 2 moves per 5 s: the period time comes back after the second move.
	c = newClock(TimeControl{Moves: 2, Base: 5 * time.Second})
	if got := levelText(&c); got != "moves=2 time=5" {
		t.Errorf("period level: %q", got)
	}
	c.spend(time.Second, 0)
	if got := levelText(&c); got != "moves=1 time=4" {
		t.Errorf("period level 2: %q", got)
	}
	c.spend(time.Second, 0)
	if got := levelText(&c); got != "moves=2 time=8" {
		t.Errorf("period level 3: %q", got)
	}

	// Fixed limits: no clock, no forfeit (the hang timeout applies).
	c = newClock(TimeControl{Depth: 6, Nodes: 1000})
	if got := levelText(&c); got != "depth=6 nodes=1000" || c.allowance(time.Second) != 0 || c.spend(time.Hour, 0) {
		t.Errorf("depth/nodes: level %q allowance %v", got, c.allowance(time.Second))
	}
	c = newClock(TimeControl{MoveTime: 100 * time.Millisecond})
	if got := levelText(&c); got != "move-time=0.1" {
		t.Errorf("movetime level %q", got)
	}
	if c.spend(140*time.Millisecond, 50*time.Millisecond) || !c.spend(160*time.Millisecond, 50*time.Millisecond) {
		t.Error("movetime margin")
	}
}
