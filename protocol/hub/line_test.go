package hub

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

const startPos = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"

// protocolExamples are the lines of docs/protocols.md section 1 (and the other
// shapes the section describes), with the Line they must parse to. canonical
// marks lines that Format writes back byte for byte.
var protocolExamples = []struct {
	in        string
	want      Line
	canonical bool
}{
	// 1.3 handshake
	{"hub", Line{Command: "hub"}, true},
	{`id name=Scan version=3.1 author="Fabien Letouzey" country=France`,
		Line{"id", []Arg{A("name", "Scan"), A("version", "3.1"), A("author", "Fabien Letouzey"), A("country", "France")}}, true},
	{`param name=variant value=normal type=enum values="normal killer bt frisian losing"`,
		Line{"param", []Arg{A("name", "variant"), A("value", "normal"), A("type", "enum"), A("values", "normal killer bt frisian losing")}}, true},
	{"param name=book value=true type=bool",
		Line{"param", []Arg{A("name", "book"), A("value", "true"), A("type", "bool")}}, true},
	{"param name=threads value=1 type=int min=1 max=16",
		Line{"param", []Arg{A("name", "threads"), A("value", "1"), A("type", "int"), A("min", "1"), A("max", "16")}}, true},
	{"param name=tt-size value=24 type=int min=16 max=30",
		Line{"param", []Arg{A("name", "tt-size"), A("value", "24"), A("type", "int"), A("min", "16"), A("max", "30")}}, true},
	{"param name=margin value=0.5 type=real min=0.0 max=1.0",
		Line{"param", []Arg{A("name", "margin"), A("value", "0.5"), A("type", "real"), A("min", "0.0"), A("max", "1.0")}}, true},
	{`param name=book-file value="" type=string`,
		Line{"param", []Arg{A("name", "book-file"), A("value", ""), A("type", "string")}}, true},
	{"wait", Line{Command: "wait"}, true},
	{"set-param name=variant value=frisian",
		Line{"set-param", []Arg{A("name", "variant"), A("value", "frisian")}}, true},
	{"set-param name=initial-time value=60",
		Line{"set-param", []Arg{A("name", "initial-time"), A("value", "60")}}, true},
	{"set-param name=book value=true",
		Line{"set-param", []Arg{A("name", "book"), A("value", "true")}}, true},
	{"set-param name=bb-size value=none",
		Line{"set-param", []Arg{A("name", "bb-size"), A("value", "none")}}, true},
	{"init", Line{Command: "init"}, true},
	{"ready", Line{Command: "ready"}, true},
	// 1.4 GUI -> engine
	{"new-game", Line{Command: "new-game"}, true},
	{"pos pos=" + startPos, Line{"pos", []Arg{A("pos", startPos)}}, true},
	{"pos pos=" + startPos + ` moves="32-28 19-23"`,
		Line{"pos", []Arg{A("pos", startPos), A("moves", "32-28 19-23")}}, true},
	{"pos pos=" + startPos + ` moves="31-26 16-21 32-27 21x32x27"`,
		Line{"pos", []Arg{A("pos", startPos), A("moves", "31-26 16-21 32-27 21x32x27")}}, true},
	{`pos start moves="32-28"`, Line{"pos", []Arg{F("start"), A("moves", "32-28")}}, false},
	{"pos start", Line{"pos", []Arg{F("start")}}, true},
	{"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
		Line{"pos", []Arg{A("pos", "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww")}}, true},
	{"pos pos=Weeeeeeeeeebeeeeeebeeeweeeeeeeeee",
		Line{"pos", []Arg{A("pos", "Weeeeeeeeeebeeeeeebeeeweeeeeeeeee")}}, true},
	{`pos pos=` + startPos + ` moves=""`, Line{"pos", []Arg{A("pos", startPos), A("moves", "")}}, true},
	{"go think", Line{"go", []Arg{F("think")}}, true},
	{"go ponder", Line{"go", []Arg{F("ponder")}}, true},
	{"go analyze", Line{"go", []Arg{F("analyze")}}, true},
	{"go mcts", Line{"go", []Arg{F("mcts")}}, true},
	{"ponder-hit", Line{Command: "ponder-hit"}, true},
	{"stop", Line{Command: "stop"}, true},
	{"ping", Line{Command: "ping"}, true},
	{"quit", Line{Command: "quit"}, true},
	// 1.8 level
	{"level depth=12", Line{"level", []Arg{A("depth", "12")}}, true},
	{"level nodes=1000000", Line{"level", []Arg{A("nodes", "1000000")}}, true},
	{"level move-time=1.5", Line{"level", []Arg{A("move-time", "1.5")}}, true},
	{"level time=300", Line{"level", []Arg{A("time", "300")}}, true},
	{"level moves=40 time=120.5", Line{"level", []Arg{A("moves", "40"), A("time", "120.5")}}, true},
	{"level time=9.9 inc=0.1", Line{"level", []Arg{A("time", "9.9"), A("inc", "0.1")}}, true},
	{"level infinite", Line{"level", []Arg{F("infinite")}}, true},
	{"level infinite ponder", Line{"level", []Arg{F("infinite"), F("ponder")}}, true},
	{"level handicap=3", Line{"level", []Arg{A("handicap", "3")}}, true},
	{"level ply=5", Line{"level", []Arg{A("ply", "5")}}, true},
	// 1.5 engine -> GUI
	{"info depth=12 score=0.23 nodes=123456 time=0.5 nps=0.2 pv=\"32-28 19-23\"",
		Line{"info", []Arg{A("depth", "12"), A("score", "0.23"), A("nodes", "123456"), A("time", "0.5"), A("nps", "0.2"), A("pv", "32-28 19-23")}}, true},
	{`info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 pv="32-28 17-22 28x17x22"`,
		Line{"info", []Arg{A("depth", "21"), A("mean-depth", "20.8"), A("score", "-0.01"), A("nodes", "31261613"),
			A("time", "3.906"), A("nps", "8.0"), A("pv", "32-28 17-22 28x17x22")}}, true},
	{`info depth=1 mean-depth=1.0 score=0.01 nodes=9 time=0.001 nps=0.1 pv="31-26"`,
		Line{"info", []Arg{A("depth", "1"), A("mean-depth", "1.0"), A("score", "0.01"), A("nodes", "9"),
			A("time", "0.001"), A("nps", "0.1"), A("pv", "31-26")}}, false},
	{"info score=99.87", Line{"info", []Arg{A("score", "99.87")}}, true},
	{"done move=32-28 ponder=19-23", Line{"done", []Arg{A("move", "32-28"), A("ponder", "19-23")}}, true},
	{"done move=32-28 ponder=17-22", Line{"done", []Arg{A("move", "32-28"), A("ponder", "17-22")}}, true},
	{"done move=32-28", Line{"done", []Arg{A("move", "32-28")}}, true},
	{"done move=28x19x23", Line{"done", []Arg{A("move", "28x19x23")}}, true},
	{"done move=40x14x19x29", Line{"done", []Arg{A("move", "40x14x19x29")}}, true},
	{"done move=10x28x14x23", Line{"done", []Arg{A("move", "10x28x14x23")}}, true},
	{"done", Line{Command: "done"}, true},
	{"pong", Line{Command: "pong"}, true},
	{`error message="bad command"`, Line{"error", []Arg{A("message", "bad command")}}, true},
	{`error message="illegal move"`, Line{"error", []Arg{A("message", "illegal move")}}, true},
	{`error message="missing name"`, Line{"error", []Arg{A("message", "missing name")}}, true},
	{`id name=Mock version=0.1 author="Nobody Here" country=Nowhere`,
		Line{"id", []Arg{A("name", "Mock"), A("version", "0.1"), A("author", "Nobody Here"), A("country", "Nowhere")}}, true},
	{`param name=variant value=normal type=enum values="normal frisian bt losing"`,
		Line{"param", []Arg{A("name", "variant"), A("value", "normal"), A("type", "enum"), A("values", "normal frisian bt losing")}}, true},
}

func TestParseProtocolExamples(t *testing.T) {
	for _, tc := range protocolExamples {
		got, err := ParseLine(tc.in)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseLine(%q)\n got %#v\nwant %#v", tc.in, got, tc.want)
		}
		out := Format(got.Command, got.Args...)
		if tc.canonical && out != tc.in {
			t.Errorf("Format(ParseLine(%q)) = %q", tc.in, out)
		}
		again, err := ParseLine(out)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("round trip %q -> %q -> %#v, %v", tc.in, out, again, err)
		}
		if s := got.String(); s != out {
			t.Errorf("String() = %q, Format = %q", s, out)
		}
	}
}

func TestParseWhitespace(t *testing.T) {
	want := Line{"pos", []Arg{A("pos", startPos), A("moves", "32-28 19-23"), F("start")}}
	tokens := []string{"pos", "pos=" + startPos, `moves="32-28 19-23"`, "start"}
	base := strings.Join(tokens, " ")
	inputs := []string{
		base,
		base + "\n",
		base + "\r\n",
		base + "\r",
		"  " + base + "   ",
		"\t" + strings.Join(tokens, "\t") + "\t\r\n",
		strings.Join(tokens, " \t  ") + " \r",
		strings.Join(tokens, "\t\t") + "\r\n",
		"\r\n" + base,
		"\v\f" + base + "\u00a0",             // Unicode spaces are separators
		strings.Join(tokens, "\u3000\u0085"), // ideographic space, NEL
	}
	for _, in := range inputs {
		got, err := ParseLine(in)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", in, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ParseLine(%q)\n got %#v\nwant %#v", in, got, want)
		}
	}
	// Spaces inside quotes are kept as they are, including leading,
	// trailing and repeated ones.
	got, err := ParseLine(`set-param name=x value="  a  b  " other=1`)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := got.Get("value"); v != "  a  b  " {
		t.Errorf("quoted spaces: got %q", v)
	}
	if v, _ := got.Get("other"); v != "1" {
		t.Errorf("after quoted value: got %q", v)
	}
}

func TestParseBlank(t *testing.T) {
	for _, in := range []string{"", " ", "\t", "\n", "\r\n", "  \t \r\n", "\u00a0"} {
		got, err := ParseLine(in)
		if err != nil || got.Command != "" || got.Args != nil {
			t.Errorf("ParseLine(%q) = %#v, %v; want Line{}, nil", in, got, err)
		}
	}
}

func TestParseOther(t *testing.T) {
	tests := []struct {
		in   string
		want Line
	}{
		// Repeated names are kept, in order.
		{"x a=1 a=2", Line{"x", []Arg{A("a", "1"), A("a", "2")}}},
		// Quoted values may hold '=', spaces, and characters that need no quoting.
		{`x a="b=c" d="e f=g"`, Line{"x", []Arg{A("a", "b=c"), A("d", "e f=g")}}},
		{`x a="plain"`, Line{"x", []Arg{A("a", "plain")}}},
		{`x a=""`, Line{"x", []Arg{A("a", "")}}},
		{`x a="" b`, Line{"x", []Arg{A("a", ""), F("b")}}},
		// Single quotes, punctuation and non-ASCII are ordinary name characters.
		{`id author=O'Brien country=Österreich x=日本 y=\path z=a'b'`,
			Line{"id", []Arg{A("author", "O'Brien"), A("country", "Österreich"), A("x", "日本"), A("y", `\path`), A("z", "a'b'")}}},
		{"x a=\ufffd", Line{"x", []Arg{A("a", "\ufffd")}}}, // encoded U+FFFD is a character like any other
		{"x-y_z.1 --flag=2", Line{"x-y_z.1", []Arg{A("--flag", "2")}}},
		{`x a="ü é"`, Line{"x", []Arg{A("a", "ü é")}}},
		{"x a=\"non\u00a0breaking\"", Line{"x", []Arg{A("a", "non\u00a0breaking")}}},
	}
	for _, tc := range tests {
		got, err := ParseLine(tc.in)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseLine(%q)\n got %#v\nwant %#v", tc.in, got, tc.want)
		}
		again, err := ParseLine(got.String())
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("round trip %q -> %q -> %#v, %v", tc.in, got.String(), again, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{`pos moves="32-28 19-23`, 10, "unterminated quote"},
		{`x a="`, 4, "unterminated quote"},
		{`x a="b" c="d`, 10, "unterminated quote"},
		{"x a=\"b\r\n", 6, "control character U+000D"}, // a quote cannot run past the line end
		{"a=", 1, "command \"a\" cannot have a value"},
		{"x a=", 4, "missing value after \"a=\""},
		{"x a= b", 4, "missing value after \"a=\""},
		{"x a=\t", 4, "missing value after \"a=\""},
		{"=b", 0, "'=' with no name"},
		{"x =b", 2, "'=' with no name"},
		{"x a =b", 4, "'=' with no name"},
		{"x =", 2, "'=' with no name"},
		{"=", 0, "'=' with no name"},
		{"x a==b", 4, "'=' at the start of the value"},
		{"x a=b=c", 5, "'=' inside the bare value"},
		{`"x"`, 0, "command cannot be quoted"},
		{`"hub`, 0, "command cannot be quoted"},
		{`x "a"=b`, 2, "argument name cannot be quoted"},
		{`x "a"`, 2, "argument name cannot be quoted"},
		{`hu"b`, 2, "'\"' inside command \"hu\""},
		{`x a"b=c`, 3, "'\"' inside argument name \"a\""},
		{`x a=b"c`, 5, "'\"' inside the bare value"},
		{`x a=b"`, 5, "'\"' inside the bare value"},
		{`x a="b"c`, 7, "missing space after the quoted value"},
		{`x a="b""c"`, 7, "missing space after the quoted value"},
		{`x a="b"=c`, 7, "missing space after the quoted value"},
		{"x\x00", 1, "control character U+0000"},
		{"\x00", 0, "control character U+0000"},
		{"x a=b\x00c", 5, "control character U+0000"},
		{"x a=\"b\x00c\"", 6, "control character U+0000"},
		{"x a\x00=1", 3, "control character U+0000"},
		{"x a=\"b\tc\"", 6, "control character U+0009"},
		{"x a=\"b\nc\"", 6, "control character U+000A"},
		{"x a=b\x1bc", 5, "control character U+001B"},
		{"x a=b\x7f", 5, "control character U+007F"},
		{"x a=b\u0080", 5, "control character U+0080"},
		{"x a=b\xff", 5, "invalid UTF-8 byte 0xff"},
		{"\xc3", 0, "invalid UTF-8 byte 0xc3"},
		{"x a=\"\xed\xa0\x80\"", 5, "invalid UTF-8 byte 0xed"}, // surrogate half
	}
	for _, tc := range tests {
		got, err := ParseLine(tc.in)
		if err == nil {
			t.Errorf("ParseLine(%q) = %#v, want an error", tc.in, got)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseLine(%q): error %T is not *SyntaxError", tc.in, err)
			continue
		}
		if se.Offset != tc.offset || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("ParseLine(%q): got offset %d %q, want offset %d containing %q", tc.in, se.Offset, se.Msg, tc.offset, tc.msg)
		}
		if !strings.HasPrefix(err.Error(), "hub: bad line at byte ") {
			t.Errorf("ParseLine(%q): error text %q", tc.in, err)
		}
		if !reflect.DeepEqual(got, Line{}) {
			t.Errorf("ParseLine(%q) returned %#v with its error, want Line{}", tc.in, got)
		}
	}
}

func TestGetHas(t *testing.T) {
	l, err := ParseLine(`level infinite time=10 time=20 empty=""`)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := l.Get("time"); !ok || v != "10" {
		t.Errorf(`Get("time") = %q, %v; want "10", true (first wins)`, v, ok)
	}
	if v, ok := l.Get("infinite"); !ok || v != "" {
		t.Errorf(`Get("infinite") = %q, %v; want "", true`, v, ok)
	}
	if v, ok := l.Get("empty"); !ok || v != "" {
		t.Errorf(`Get("empty") = %q, %v; want "", true`, v, ok)
	}
	if v, ok := l.Get("depth"); ok || v != "" {
		t.Errorf(`Get("depth") = %q, %v; want "", false`, v, ok)
	}
	for name, want := range map[string]bool{"infinite": true, "time": true, "empty": true, "depth": false, "level": false, "": false} {
		if got := l.Has(name); got != want {
			t.Errorf("Has(%q) = %v, want %v", name, got, want)
		}
	}
	var zero Line
	if zero.Has("x") {
		t.Error("zero Line has x")
	}
}

func TestInt(t *testing.T) {
	l, err := ParseLine(`level depth=12 neg=-3 plus=+4 big=9223372036854775807 huge=9223372036854775808 real=1.5 word=abc under=1_000 flag empty="" sp=" 1"`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		v       int
		ok, err bool
	}{
		{"depth", 12, true, false},
		{"neg", -3, true, false},
		{"plus", 4, true, false},
		{"big", 1<<63 - 1, true, false},
		{"huge", 0, true, true},
		{"real", 0, true, true},
		{"word", 0, true, true},
		{"under", 0, true, true},
		{"flag", 0, true, true},
		{"empty", 0, true, true},
		{"sp", 0, true, true},
		{"missing", 0, false, false},
	}
	for _, tc := range tests {
		v, ok, err := l.Int(tc.name)
		if v != tc.v || ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("Int(%q) = %d, %v, %v; want %d, %v, err=%v", tc.name, v, ok, err, tc.v, tc.ok, tc.err)
		}
		if err != nil && !strings.Contains(err.Error(), tc.name) {
			t.Errorf("Int(%q) error %q does not name the argument", tc.name, err)
		}
	}
	if _, _, err := l.Int("flag"); err == nil || !strings.Contains(err.Error(), "no value") {
		t.Errorf("Int(flag) error = %v, want one saying it has no value", err)
	}
}

func TestFloat(t *testing.T) {
	l, err := ParseLine(`level move-time=1.5 time=9.9 inc=0 neg=-0.01 exp=1e3 int=7 dot=.5 nan=NaN inf=Inf ninf=-inf infinity=+Infinity big=1e400 word=abc flag empty="" comma=1,5`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		v       float64
		ok, err bool
	}{
		{"move-time", 1.5, true, false},
		{"time", 9.9, true, false},
		{"inc", 0, true, false},
		{"neg", -0.01, true, false},
		{"exp", 1000, true, false},
		{"int", 7, true, false},
		{"dot", 0.5, true, false},
		{"nan", 0, true, true},
		{"inf", 0, true, true},
		{"ninf", 0, true, true},
		{"infinity", 0, true, true},
		{"big", 0, true, true},
		{"word", 0, true, true},
		{"flag", 0, true, true},
		{"empty", 0, true, true},
		{"comma", 0, true, true},
		{"missing", 0, false, false},
	}
	for _, tc := range tests {
		v, ok, err := l.Float(tc.name)
		if v != tc.v || ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("Float(%q) = %g, %v, %v; want %g, %v, err=%v", tc.name, v, ok, err, tc.v, tc.ok, tc.err)
		}
		if err != nil && !strings.Contains(err.Error(), tc.name) {
			t.Errorf("Float(%q) error %q does not name the argument", tc.name, err)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		cmd  string
		args []Arg
		want string
	}{
		{"hub", nil, "hub"},
		{"go", []Arg{F("think")}, "go think"},
		{"level", []Arg{A("move-time", "1.5")}, "level move-time=1.5"},
		{"done", []Arg{A("move", "32-28"), A("ponder", "19-23")}, "done move=32-28 ponder=19-23"},
		{"info", []Arg{A("pv", "32-28 19-23")}, `info pv="32-28 19-23"`},
		{"info", []Arg{A("pv", "32-28")}, `info pv=32-28`},
		{"param", []Arg{A("value", "")}, `param value=""`},
		{"x", []Arg{{Name: "a"}}, `x a=""`}, // the zero Arg with a name is valued, not a flag
		{"x", []Arg{A("a", "b=c")}, `x a="b=c"`},
		{"x", []Arg{A("a", "=")}, `x a="="`},
		{"x", []Arg{A("a", " lead")}, `x a=" lead"`},
		{"x", []Arg{A("a", "trail ")}, `x a="trail "`},
		{"x", []Arg{A("a", "non\u00a0breaking")}, "x a=\"non\u00a0breaking\""},
		{"x", []Arg{A("a", "Österreich")}, "x a=Österreich"},
		{"x", []Arg{A("a", "O'Brien")}, "x a=O'Brien"},
		// '"' cannot be carried: it becomes '\''.
		{"x", []Arg{A("a", `say "hi"`)}, `x a="say 'hi'"`},
		{"x", []Arg{A("a", `"`)}, `x a='`},
		{"x", []Arg{A("a", `a"b`)}, `x a=a'b`},
		// Control characters become spaces, invalid UTF-8 becomes U+FFFD.
		{"x", []Arg{A("a", "l1\nl2")}, `x a="l1 l2"`},
		{"x", []Arg{A("a", "tab\there")}, `x a="tab here"`},
		{"x", []Arg{A("a", "nul\x00")}, `x a="nul "`},
		{"x", []Arg{A("a", "bad\xff")}, "x a=bad\ufffd"},
		// A flag ignores any Value.
		{"x", []Arg{{Name: "f", Value: "v", Flag: true}}, "x f"},
		// Names are repaired, never quoted.
		{"bad cmd", []Arg{A("a=b", "1"), F(`q"`), A("", "2"), F("")}, `bad_cmd a_b=1 q_ _=2 _`},
		{"", []Arg{F("x")}, "_ x"},
		{"", nil, ""},
		{"c\x00\xff", nil, "c__"},
	}
	for _, tc := range tests {
		got := Format(tc.cmd, tc.args...)
		if got != tc.want {
			t.Errorf("Format(%q, %#v) = %q, want %q", tc.cmd, tc.args, got, tc.want)
		}
		if _, err := ParseLine(got); err != nil {
			t.Errorf("Format(%q, %#v) = %q does not parse: %v", tc.cmd, tc.args, got, err)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	// Every representable value survives Format -> ParseLine unchanged.
	values := []string{
		"", " ", "  ", "a", "a b", "a=b", "=", "==", "a b=c d", "32-28 19-23",
		"-0.01", "'", "''", `\`, "ü", "日本 語", "\u00a0", "\ufffd", "x'y z'",
		strings.Repeat("31-26 ", 1000),
	}
	for _, v := range values {
		for _, args := range [][]Arg{
			{A("v", v)},
			{A("v", v), F("f"), A("w", v)},
			{F("f"), A("v", v)},
		} {
			s := Format("cmd", args...)
			got, err := ParseLine(s)
			want := Line{"cmd", args}
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("ParseLine(Format(%#v)) = %#v, %v; text %q", args, got, err, s)
			}
		}
	}
}

func TestErrorLine(t *testing.T) {
	tests := []struct{ msg, want string }{
		{"bad command", `error message="bad command"`},
		{"bad", `error message="bad"`},
		{"", `error message=""`},
		{`unexpected "x"`, `error message="unexpected 'x'"`},
		{"two\nlines", `error message="two lines"`},
		{"a=b", `error message="a=b"`},
	}
	for _, tc := range tests {
		got := ErrorLine(tc.msg)
		if got != tc.want {
			t.Errorf("ErrorLine(%q) = %q, want %q", tc.msg, got, tc.want)
		}
		l, err := ParseLine(got)
		if err != nil || l.Command != "error" || len(l.Args) != 1 || l.Args[0].Name != "message" {
			t.Errorf("ErrorLine(%q) = %q parses as %#v, %v", tc.msg, got, l, err)
		}
	}
}

// TestLongLines checks that 1 MB lines are handled in linear time. A
// quadratic scanner would need on the order of 10^12 steps here; the limit
// is generous enough for slow, instrumented builds on a loaded machine; the
// race detector's slowdown is not what this test is about.
func TestLongLines(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB lines: skipped in -short mode (the race run)")
	}
	const mb = 1 << 20
	moves := strings.Repeat("32-28 19-23 ", mb/12)
	cases := map[string]string{
		"quoted moves":     "pos pos=" + startPos + ` moves="` + moves + `"`,
		"many args":        "info" + strings.Repeat(" a=b", mb/4),
		"many flags":       "go" + strings.Repeat(" f", mb/2),
		"long name":        strings.Repeat("n", mb),
		"long bare value":  "x a=" + strings.Repeat("v", mb),
		"spaces":           "x" + strings.Repeat(" ", mb) + "y",
		"tabs and crlf":    strings.Repeat("\t", mb) + "\r\n",
		"non-ASCII":        "x a=" + strings.Repeat("é", mb/2),
		"unterminated":     `x a="` + strings.Repeat("v ", mb/2),
		"late NUL":         `x a="` + strings.Repeat("v ", mb/2) + "\x00\"",
		"many quoted args": "x" + strings.Repeat(` a="b c"`, mb/8),
		"many empty args":  "x" + strings.Repeat(` a=""`, mb/5),
	}
	for name, in := range cases {
		start := time.Now()
		l, err := ParseLine(in)
		if err == nil {
			out := Format(l.Command, l.Args...)
			again, err := ParseLine(out)
			if err != nil || !reflect.DeepEqual(again, l) {
				t.Errorf("%s: round trip failed: %v", name, err)
			}
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %d bytes took %v", name, len(in), d)
		}
	}
	l, err := ParseLine(cases["quoted moves"])
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := l.Get("moves"); v != moves {
		t.Errorf("long moves value mangled (len %d, want %d)", len(v), len(moves))
	}
	if l, err := ParseLine(cases["many args"]); err != nil || len(l.Args) != mb/4 {
		t.Errorf("many args: %d args, %v", len(l.Args), err)
	}
	var se *SyntaxError
	if _, err := ParseLine(cases["late NUL"]); !errors.As(err, &se) || se.Offset != 5+mb {
		t.Errorf("late NUL: %v", err)
	}
}

func BenchmarkParseLine(b *testing.B) {
	line := "pos pos=" + startPos + ` moves="` + strings.Repeat("32-28 19-23 ", 100) + `"`
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, err := ParseLine(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormat(b *testing.B) {
	args := []Arg{A("depth", "21"), A("mean-depth", "20.8"), A("score", "-0.01"), A("nodes", "31261613"),
		A("time", "3.906"), A("nps", "8.0"), A("pv", "32-28 17-22 28x17x22")}
	for b.Loop() {
		_ = Format("info", args...)
	}
}
