package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// TestLineEditor feeds key strokes to the editor and checks the lines it
// returns, up to the end of the input.
func TestLineEditor(t *testing.T) {
	for _, tc := range []struct {
		name, keys string
		want       []string
	}{
		{"plain", "32-28\rgo\n", []string{"32-28", "go"}},
		{"backspace", "ab\x7fc\r", []string{"ac"}},
		{"backspace on empty", "\x7f\x7fa\r", []string{"a"}},
		{"ctrl-u clears", "abc\x15de\r", []string{"de"}},
		{"history up", "one\rtwo\r\x1b[A\x1b[A\r", []string{"one", "two", "one"}},
		{"history up past the first", "one\r\x1b[A\x1b[A\x1b[A\r", []string{"one", "one"}},
		{"history down back to the draft", "old\rdra\x1b[A\x1b[B\r", []string{"old", "dra"}},
		{"history edit", "32-28\r\x1b[A\x7f7\r", []string{"32-28", "32-27"}},
		{"repeats kept once", "x\rx\r\x1b[A\x1b[A\r", []string{"x", "x", "x"}},
		{"other escapes ignored", "a\x1b[C\x1b[3~\x1bOHb\r", []string{"ab"}},
		{"control keys ignored", "a\x01\x02b\r", []string{"ab"}},
		{"utf-8", "é⛀\r", []string{"é⛀"}},
		{"backspace a rune", "aé\x7f\r", []string{"a"}},
		{"ctrl-d inside a line", "ab\x04c\r", []string{"abc"}},
		{"ctrl-d ends", "a\r\x04b\r", []string{"a"}},
		{"ctrl-c ends", "a\r\x03b\r", []string{"a"}},
		{"eof mid-line", "abc", nil},
		{"bad utf-8", "\xff\xfea\r", []string{"\ufffd\ufffda"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			e := &lineEditor{in: bufio.NewReader(strings.NewReader(tc.keys)), out: &out}
			var got []string
			for {
				line, err := e.Line("> ")
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, line)
				if len(got) > 10 {
					t.Fatal("no end")
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("lines %q, want %q", got, tc.want)
			}
		})
	}
}

// TestScanSource: piped input as it comes, prompt printed when given.
func TestScanSource(t *testing.T) {
	var out strings.Builder
	s := newScanSource(strings.NewReader("a\r\nb\n"), &out)
	l1, _ := s.Line("")
	l2, _ := s.Line("> ")
	_, err := s.Line("")
	if l1 != "a" || l2 != "b" || err != io.EOF || out.String() != "> " {
		t.Errorf("got %q %q %v, output %q", l1, l2, err, out.String())
	}
}
