package hub

import (
	"strings"
	"testing"
)

// errPrefix starts every error answer.
const errPrefix = `error message="`

// robustCases are bad or odd inputs and the answer each must get: a list of
// line prefixes (nil: no answer at all). After each one the session must
// still answer ping, which the harness sends behind every case.
var robustCases = []struct {
	in   string
	want []string
}{
	// Blank and whitespace lines are nothing.
	{"", nil},
	{"   \t  ", nil},
	{"\r", nil},
	// Syntax errors.
	{"\x00", []string{errPrefix + "bad line: control character"}},
	{"\x01\x02\x03", []string{errPrefix + "bad line:"}},
	{"\xff\xfe garbage", []string{errPrefix + "bad line: invalid UTF-8"}},
	{"hub\x00", []string{errPrefix + "bad line:"}},
	{`"hub"`, []string{errPrefix + "bad line: command cannot be quoted"}},
	{"hub=1", []string{errPrefix + "bad line: command"}},
	{"=", []string{errPrefix + "bad line:"}},
	{"==", []string{errPrefix + "bad line:"}},
	{`"`, []string{errPrefix + "bad line:"}},
	{`pos moves="32-28`, []string{errPrefix + "bad line: unterminated quote"}},
	{`pos moves="32-28"x`, []string{errPrefix + "bad line: missing space"}},
	{`pos moves=32-28"`, []string{errPrefix + "bad line:"}},
	{"set-param name=", []string{errPrefix + "bad line: missing value"}},
	{"set-param name= value=1", []string{errPrefix + "bad line: missing value"}},
	{"set-param name=threads value=", []string{errPrefix + "bad line: missing value"}},
	{`set-param name=threads value="2`, []string{errPrefix + "bad line: unterminated quote"}},
	{"set-param name=variant value=a=b", []string{errPrefix + "bad line:"}},
	{"level depth==3", []string{errPrefix + "bad line:"}},
	{"go think\x1b[A", []string{errPrefix + "bad line: control character"}},
	// Unknown commands, and truncated known ones, are errors.
	{"frobnicate", []string{errPrefix + "unknown command frobnicate"}},
	{"HUB", []string{errPrefix + "unknown command HUB"}},
	{"hu", []string{errPrefix + "unknown command hu"}},
	{"set-para", []string{errPrefix + "unknown command set-para"}},
	{"po", []string{errPrefix + "unknown command po"}},
	{"lev depth=3", []string{errPrefix + "unknown command lev"}},
	{"g", []string{errPrefix + "unknown command g"}},
	{"ponder", []string{errPrefix + "unknown command ponder"}},
	{"uci", []string{errPrefix + "unknown command uci"}},
	{"isready", []string{errPrefix + "unknown command isready"}},
	{strings.Repeat("x", 5000), []string{errPrefix + "unknown command xxxxxxxx"}},
	{"日本語", []string{errPrefix + "unknown command 日本語"}},
	// Known commands with unknown arguments ignore them.
	{"ping extra=1 flag", []string{"pong"}},
	{"init now", []string{"ready"}},
	{"stop", nil},
	{"stop now=1", nil},
	{"ponder-hit", nil},
	{"new-game please", nil},
	// set-param.
	{"set-param", []string{errPrefix + "set-param: missing name"}},
	{"set-param name", []string{errPrefix + "set-param: missing name"}},
	{`set-param name=""`, []string{errPrefix + "set-param: missing name"}},
	{"set-param value=3", []string{errPrefix + "set-param: missing name"}},
	{"set-param name=threads", []string{errPrefix + "set-param threads: missing value"}},
	{`set-param name=threads value=""`, []string{errPrefix + "set-param: threads must be an integer from 1 to 64, not an empty value"}},
	{"set-param name=threads value", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=threads value=abc", []string{errPrefix + "set-param: threads must be an integer from 1 to 64, not 'abc'"}},
	{"set-param name=threads value=0", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=threads value=65", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=threads value=-1", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=threads value=1.5", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=threads value=99999999999999999999999", []string{errPrefix + "set-param: threads must be"}},
	{"set-param name=hash value=65537", []string{errPrefix + "set-param: hash must be an integer from 1 to 65536"}},
	{"set-param name=hash value=0x10", []string{errPrefix + "set-param: hash must be"}},
	{"set-param name=multipv value=0", []string{errPrefix + "set-param: multipv must be"}},
	{"set-param name=book value=maybe", []string{errPrefix + "set-param: book must be true or false, not 'maybe'"}},
	{"set-param name=ponder value=", []string{errPrefix + "bad line:"}},
	{`set-param name=ponder value=""`, []string{errPrefix + "set-param: ponder must be true or false, not an empty value"}},
	{"set-param name=variant value=chess", []string{errPrefix + "set-param: unknown variant chess (known: normal russian brazilian english"}},
	{"set-param name=variant value=shogi", []string{errPrefix + "set-param: unknown variant shogi"}},
	{`set-param name=variant value=""`, []string{errPrefix + "set-param: unknown variant"}},
	{"set-param name=variant value=" + strings.Repeat("n", 3000), []string{errPrefix + "set-param: unknown variant nnnn"}},
	{"set-param name=nonsense value=1", nil},
	{`set-param name="tt size" value=22`, nil},
	{"set-param name=threads value=2 extra=1", nil},
	{`set-param name=egdb-path value=""`, nil},
	// pos.
	{"pos pos=xyz", []string{errPrefix + "bad position:"}},
	{"pos pos", []string{errPrefix + "bad position:"}},
	{`pos pos=""`, []string{errPrefix + "bad position:"}},
	{"pos pos=" + startPos[:50], []string{errPrefix + "bad position:"}},
	{"pos pos=" + startPos + "e", []string{errPrefix + "bad position:"}},
	{"pos pos=X" + startPos[1:], []string{errPrefix + "bad position:"}},
	{"pos pos=w" + startPos[1:], []string{errPrefix + "bad position:"}},
	{"pos pos=" + startPos[:30] + "Z" + startPos[31:], []string{errPrefix + "bad position:"}},
	{"pos pos=Ww" + startPos[2:], []string{errPrefix + "bad position:"}},                 // white man on square 1
	{"pos pos=W" + strings.Repeat("e", 49) + "w", []string{errPrefix + "bad position:"}}, // black not to move... has none
	{"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", []string{errPrefix + "bad position:"}}, // 8x8 string, 10x10 variant
	{"pos pos=" + strings.Repeat("W", 100000), []string{errPrefix + "bad position:"}},
	{`pos moves="99-1"`, []string{errPrefix + "illegal move 99-1 (move 1 of 1 in moves)"}},
	{`pos moves="32-28 32-28"`, []string{errPrefix + "illegal move 32-28 (move 2 of 2"}},
	{`pos moves="abc"`, []string{errPrefix + "illegal move abc"}},
	{`pos moves="32-"`, []string{errPrefix + "illegal move 32-"}},
	{`pos moves="-28"`, []string{errPrefix + "illegal move -28"}},
	{`pos moves="32--28"`, []string{errPrefix + "illegal move 32--28"}},
	{`pos moves="32-28x"`, []string{errPrefix + "illegal move 32-28x"}},
	{`pos moves="0-5"`, []string{errPrefix + "illegal move 0-5"}},
	{`pos moves="32-999999999999999999999"`, []string{errPrefix + "illegal move 32-999999999999999999999"}},
	{`pos moves="+32-28"`, []string{errPrefix + "illegal move +32-28"}},
	{`pos moves="32-28 19-23 28x19 14x23 ` + strings.Repeat("x", 200) + `"`, []string{errPrefix + "illegal move xxxxx"}},
	{"pos moves=" + strings.Repeat("32-28", 1000), []string{errPrefix + "illegal move 32-2832-28"}},
	{`pos pos=` + startPos + ` moves="32-28 19-23 28x19 14x23"`, nil},
	{"pos start", nil},
	{"pos", nil},
	{`pos moves=""`, nil},
	{"pos moves", nil},
	{"pos start foo=bar", nil},
	// level.
	{"level depth=abc", []string{errPrefix + "level: depth must be an integer from 1 to 1000, not 'abc'"}},
	{"level depth", []string{errPrefix + "level: depth needs a value"}},
	{`level depth=""`, []string{errPrefix + "level: depth must be an integer from 1 to 1000, not an empty value"}},
	{"level depth=0", []string{errPrefix + "level: depth must be"}},
	{"level depth=-3", []string{errPrefix + "level: depth must be"}},
	{"level depth=1001", []string{errPrefix + "level: depth must be"}},
	{"level depth=99999999999999999999", []string{errPrefix + "level: depth must be"}},
	{"level depth=2.5", []string{errPrefix + "level: depth must be"}},
	{"level nodes=-5", []string{errPrefix + "level: nodes must be"}},
	{"level nodes=0", []string{errPrefix + "level: nodes must be"}},
	{"level nodes=1e6", []string{errPrefix + "level: nodes must be"}},
	{"level moves=-1", []string{errPrefix + "level: moves must be"}},
	{"level moves=20000", []string{errPrefix + "level: moves must be"}},
	{"level move-time=-1", []string{errPrefix + "level: move-time must be a number of seconds"}},
	{"level move-time=abc", []string{errPrefix + "level: move-time must be"}},
	{"level move-time", []string{errPrefix + "level: move-time needs a value in seconds"}},
	{"level time=NaN", []string{errPrefix + "level: time must be"}},
	{"level time=Inf", []string{errPrefix + "level: time must be"}},
	{"level time=1e400", []string{errPrefix + "level: time must be"}},
	{"level time=1e10", []string{errPrefix + "level: time must be"}},
	{"level time=-1e10", []string{errPrefix + "level: time must be"}},
	{"level time=1,5", []string{errPrefix + "level: time must be"}},
	{"level inc=-1e10", []string{errPrefix + "level: inc must be"}},
	{"level time=10 inc", []string{errPrefix + "level: inc needs a value"}},
	{"level handicap=3 ply=7", nil},
	{"level infinite=yes", nil},
	{"level", nil},
	{"level depth=1 move-tim", nil},
	// go: a search that ends by itself (level depth) or by the next line.
	// Info lines are left out of the comparison: a search stopped before it
	// began has none (TestGoThink checks them).
	{"pos start\nlevel depth=1\ngo think", []string{"done move="}},
	{"pos start\nlevel depth=1\ngo", []string{"done move="}},
	{"pos start\nlevel depth=1\ngo thi", []string{"done move="}},
	{"pos start\nlevel depth=1\ngo think=1 analyze", []string{"done move="}},
	{"go think\nstop", []string{"done move="}},
	{"go analyze\nstop now", []string{"done move="}},
	{"go ponder\nponder-hit\nstop", []string{"done move="}},
	{"go think\nfrobnicate", []string{"done move=", errPrefix + "unknown command frobnicate"}},
	{"go think\n\x00", []string{"done move=", errPrefix + "bad line"}},
	{"go think\nlevel depth=x", []string{"done move=", errPrefix + "level: depth must be"}},
	{"go think\nhub", append([]string{"done move=", "id "}, declared()...)},
	// Lines after all that still work.
	{"hub", append([]string{"id name=damka"}, declared()...)},
	{"init", []string{"ready"}},
}

// declared is what hub answers after its id line: one param line per
// parameter, then wait.
func declared() []string {
	var out []string
	for range len(params) + len(skillParams) {
		out = append(out, "param")
	}
	return append(out, "wait")
}

func TestRobustness(t *testing.T) {
	h := newHarness(t)
	for _, tc := range robustCases {
		got := h.answer(strings.Split(tc.in, "\n")...)
		var noInfo []string
		for _, l := range got {
			if !strings.HasPrefix(l, "info ") {
				noInfo = append(noInfo, l)
			}
		}
		if !matchPrefixes(noInfo, tc.want) {
			t.Errorf("%.80q:\n got %q\nwant prefixes %q", tc.in, got, tc.want)
		}
		for _, l := range got {
			if _, err := ParseLine(l); err != nil {
				t.Errorf("%.80q: answer %.80q does not parse: %v", tc.in, l, err)
			}
			if len(l) > 1000 {
				t.Errorf("%.80q: answer of %d bytes", tc.in, len(l))
			}
		}
	}
	// The session is still fully usable.
	h.send("pos start", "level depth=2", "go think")
	if got := h.until("done"); !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("final search: %q", got)
	}
}

// TestLineTooLong feeds a line over MaxLineBytes.
func TestLineTooLong(t *testing.T) {
	h := newHarness(t)
	long := "pos moves=\"" + strings.Repeat("32-28 ", MaxLineBytes/6+10) + "\""
	got := h.answer(long)
	if len(got) != 1 || !strings.HasPrefix(got[0], errPrefix+"line too long") {
		t.Errorf("got %q", got)
	}
	if got := h.answer("init"); len(got) != 1 || got[0] != "ready" {
		t.Errorf("after a long line: %q", got)
	}
}

func matchPrefixes(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			return false
		}
	}
	return true
}
