package main

// The input of a play session, one line at a time: from a pipe or a file
// as it comes; from a terminal with a prompt and, where the terminal can be
// put in raw mode (play_term_*.go), with a small line editor: backspace,
// Ctrl-U to clear, the up and down arrows through the lines typed before.

import (
	"bufio"
	"io"
	"unicode/utf8"
)

// lineSource gives the session its input lines.
type lineSource interface {
	// Line returns the next line without its end; io.EOF when the input
	// is over (or the person pressed Ctrl-D on an empty line or Ctrl-C).
	Line(prompt string) (string, error)
}

// scanSource reads lines as they come, printing the prompt (if any) first.
type scanSource struct {
	sc  *bufio.Scanner
	out io.Writer
}

func newScanSource(in io.Reader, out io.Writer) *scanSource {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	return &scanSource{sc: sc, out: out}
}

func (s *scanSource) Line(prompt string) (string, error) {
	io.WriteString(s.out, prompt)
	if !s.sc.Scan() {
		if err := s.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return s.sc.Text(), nil
}

// maxLine bounds an edited line, as the scanner's buffer bounds a piped one.
const maxLine = 1 << 16

// lineEditor edits a line on a terminal in raw mode: raw (if not nil) puts
// the terminal in raw mode and returns the function that restores it, so
// that the terminal is raw only while a line is typed and the engine's
// thinking can be interrupted as usual.
type lineEditor struct {
	in      *bufio.Reader
	out     io.Writer
	raw     func() (restore func())
	history []string
}

func (e *lineEditor) Line(prompt string) (string, error) {
	if e.raw != nil {
		defer e.raw()()
	}
	var buf []rune
	hist := len(e.history) // the entry shown; len(history) is the new line
	draft := ""            // the new line while the history is browsed
	redraw := func() { io.WriteString(e.out, "\r\033[K"+prompt+string(buf)) }
	redraw()
	for {
		c, err := e.in.ReadByte()
		if err != nil {
			io.WriteString(e.out, "\r\n")
			return "", err
		}
		switch c {
		case '\r', '\n':
			io.WriteString(e.out, "\r\n")
			line := string(buf)
			if line != "" && (len(e.history) == 0 || e.history[len(e.history)-1] != line) {
				e.history = append(e.history, line)
			}
			return line, nil
		case 3: // Ctrl-C
			io.WriteString(e.out, "^C\r\n")
			return "", io.EOF
		case 4: // Ctrl-D: the end of input on an empty line
			if len(buf) == 0 {
				io.WriteString(e.out, "\r\n")
				return "", io.EOF
			}
		case 0x7f, 8: // backspace
			if len(buf) > 0 {
				buf = buf[:len(buf)-1]
				redraw()
			}
		case 0x15: // Ctrl-U
			buf = buf[:0]
			redraw()
		case 0x1b: // an escape sequence: the arrows move through the history
			seq := e.escape()
			switch {
			case seq == "[A" && hist > 0:
				if hist == len(e.history) {
					draft = string(buf)
				}
				hist--
				buf = []rune(e.history[hist])
				redraw()
			case seq == "[B" && hist < len(e.history):
				hist++
				if hist == len(e.history) {
					buf = []rune(draft)
				} else {
					buf = []rune(e.history[hist])
				}
				redraw()
			}
		default:
			if c < 0x20 || len(buf) >= maxLine {
				continue // other control keys, or a line too long
			}
			r := rune(c)
			if c >= utf8.RuneSelf {
				// The rest of a UTF-8 sequence follows.
				e.in.UnreadByte()
				var size int
				r, size, err = e.in.ReadRune()
				if err != nil || size == 0 {
					continue
				}
			}
			buf = append(buf, r)
			io.WriteString(e.out, string(r))
		}
	}
}

// escape reads the rest of an escape sequence after ESC: "[" or "O", then
// parameters up to a final letter or '~' ("[A" for the up arrow). A
// terminal sends a key's sequence in one piece, so only bytes already
// buffered are read: a lone ESC does not wait for the next key.
func (e *lineEditor) escape() string {
	if e.in.Buffered() == 0 {
		return ""
	}
	c, err := e.in.ReadByte()
	if err != nil || c != '[' && c != 'O' {
		return ""
	}
	seq := []byte{'['}
	for len(seq) < 16 && e.in.Buffered() > 0 {
		c, err := e.in.ReadByte()
		if err != nil {
			break
		}
		seq = append(seq, c)
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '~' {
			break
		}
	}
	return string(seq)
}
