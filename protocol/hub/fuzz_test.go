package hub

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// FuzzParseLine checks that ParseLine never panics, that its errors are
// well-formed, and that every line it accepts survives Format: the formatted
// text parses back to an equal Line and is a fixed point of Format.
//
// Seeds: testdata/fuzz/FuzzParseLine plus the protocol examples of
// line_test.go.
func FuzzParseLine(f *testing.F) {
	for _, tc := range protocolExamples {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("ParseLine(%q): error %T %v is not *SyntaxError", s, err, err)
			}
			if se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("ParseLine(%q): offset %d outside [0, %d]", s, se.Offset, len(s))
			}
			if !reflect.DeepEqual(l, Line{}) {
				t.Fatalf("ParseLine(%q) returned %#v with error %v", s, l, err)
			}
			return
		}
		checkParsed(t, s, l)

		out := Format(l.Command, l.Args...)
		again, err := ParseLine(out)
		if err != nil {
			t.Fatalf("ParseLine(%q) = %#v; Format gave %q which fails: %v", s, l, out, err)
		}
		if !reflect.DeepEqual(again, l) {
			t.Fatalf("round trip of %q via %q:\n got %#v\nwant %#v", s, out, again, l)
		}
		if out2 := Format(again.Command, again.Args...); out2 != out {
			t.Fatalf("Format not stable: %q then %q", out, out2)
		}
		if l.String() != out {
			t.Fatalf("String() = %q, Format = %q", l.String(), out)
		}

		// Surrounding whitespace and a line terminator change nothing.
		for _, v := range []string{s + "\r\n", s + "\n", " \t" + s + " "} {
			lv, err := ParseLine(v)
			if err != nil || !reflect.DeepEqual(lv, l) {
				t.Fatalf("ParseLine(%q) = %#v, %v; ParseLine(%q) = %#v", v, lv, err, s, l)
			}
		}
	})
}

// checkParsed checks the invariants of a successfully parsed line.
func checkParsed(t *testing.T, s string, l Line) {
	t.Helper()
	if l.Command == "" {
		if l.Args != nil {
			t.Fatalf("ParseLine(%q): blank command with args %#v", s, l.Args)
		}
		if strings.TrimFunc(s, unicode.IsSpace) != "" {
			t.Fatalf("ParseLine(%q): blank result for a non-blank line", s)
		}
		return
	}
	if !isName(l.Command) {
		t.Fatalf("ParseLine(%q): command %q is not a name", s, l.Command)
	}
	if l.Args != nil && len(l.Args) == 0 {
		t.Fatalf("ParseLine(%q): empty non-nil Args", s)
	}
	for _, a := range l.Args {
		if !isName(a.Name) {
			t.Fatalf("ParseLine(%q): argument name %q is not a name", s, a.Name)
		}
		if a.Flag && a.Value != "" {
			t.Fatalf("ParseLine(%q): flag %q with value %q", s, a.Name, a.Value)
		}
		if cleanValue(a.Value) != a.Value {
			t.Fatalf("ParseLine(%q): value %q of %q holds characters a line cannot carry", s, a.Value, a.Name)
		}
		if !strings.Contains(s, a.Name) || !strings.Contains(s, a.Value) {
			t.Fatalf("ParseLine(%q): argument %#v is not taken from the line", s, a)
		}
	}
}

// FuzzFormat checks that Format always produces a line that parses, and that
// arguments the protocol can carry come back unchanged.
func FuzzFormat(f *testing.F) {
	f.Add("info", "pv", "32-28 19-23", "think")
	f.Add("error", "message", `bad "x"`, "")
	f.Add("", "", "", "")
	f.Add("a b", "c=d", "e\nf", "g\"h")
	f.Add("x", "a", "\xff", "\x00")
	f.Fuzz(func(t *testing.T, cmd, name, value, flag string) {
		args := []Arg{A(name, value), F(flag)}
		out := Format(cmd, args...)
		if strings.ContainsAny(out, "\r\n") {
			t.Fatalf("Format(%q, %#v) = %q spans lines", cmd, args, out)
		}
		l, err := ParseLine(out)
		if err != nil {
			t.Fatalf("Format(%q, %#v) = %q does not parse: %v", cmd, args, out, err)
		}
		if len(l.Args) != 2 || l.Args[0].Flag || !l.Args[1].Flag {
			t.Fatalf("Format(%q, %#v) = %q parses as %#v", cmd, args, out, l)
		}
		if isName(cmd) && isName(name) && isName(flag) && cleanValue(value) == value {
			want := Line{cmd, args}
			if !reflect.DeepEqual(l, want) {
				t.Fatalf("Format(%q, %#v) = %q parses as %#v", cmd, args, out, l)
			}
		}
		e, err := ParseLine(ErrorLine(value))
		if err != nil || e.Command != "error" || len(e.Args) != 1 || e.Args[0].Name != "message" {
			t.Fatalf("ErrorLine(%q) = %q parses as %#v, %v", value, ErrorLine(value), e, err)
		}
		if cleanValue(value) == value && e.Args[0].Value != value {
			t.Fatalf("ErrorLine(%q) carries %q", value, e.Args[0].Value)
		}
	})
}
