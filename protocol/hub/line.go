// Package hub implements the Hub protocol (version 2) spoken by Scan, the
// Hub GUI, GWDGUI and lidraughts bots through pydraughts.
//
// This file is the line layer: splitting one protocol line into a command
// and its arguments (ParseLine) and writing one (Format). The grammar is the
// one of docs/protocols.md section 1.2:
//
//	line  = [ws] [name {ws arg}] [ws]
//	arg   = name | name "=" value
//	value = name | '"' {any character except '"'} '"'
//
// A name is a non-empty run of characters that are not whitespace, not
// control characters, not '=' and not '"'. Whitespace (any Unicode space,
// including tab and the '\r' a Windows client leaves before '\n') separates
// tokens; runs of it are meaningless. The protocol has no escape mechanism, so
// a quoted value can never contain '"'.
//
// Choices this package makes where the protocol text is silent:
//   - '=' must touch both the argument name and the value: "a = b", "a= b"
//     and "a =b" are rejected. Every known client writes name=value.
//   - A quoted value must be followed by whitespace or the end of the line.
//   - No token, quoted or not, may contain a control character (C0, DEL or
//     C1, tab included) or invalid UTF-8. Between tokens, control characters
//     that are whitespace (tab, '\n', '\v', '\f', '\r', U+0085) are separators.
//   - The command is a bare name; it can neither be quoted nor take a value.
//   - Repeated argument names are kept in order; Get returns the first.
//
// Parsing is a single left-to-right pass, linear in the length of the line.
package hub

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Arg is one argument: Name, and Value ("" for a flag); Flag reports whether
// it had no "=value".
type Arg struct {
	Name, Value string
	Flag        bool
}

// Line is one parsed protocol line. A blank line is the zero Line
// (Command == "" and no Args).
type Line struct {
	Command string
	Args    []Arg
}

// SyntaxError is the error ParseLine returns for malformed input.
type SyntaxError struct {
	Offset int    // byte offset in the line where the problem was found
	Msg    string // what is wrong
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("hub: bad line at byte %d: %s", e.Offset, e.Msg)
}

// A returns a valued argument name=value.
func A(name, value string) Arg { return Arg{Name: name, Value: value} }

// F returns a flag argument (a name with no value), e.g. "think" in "go think".
func F(name string) Arg { return Arg{Name: name, Flag: true} }

// isSpace reports whether r separates tokens.
func isSpace(r rune) bool { return unicode.IsSpace(r) }

// isNameRune reports whether r may appear in a name (and in a bare value).
func isNameRune(r rune) bool {
	return r != '=' && r != '"' && !unicode.IsSpace(r) && !unicode.IsControl(r)
}

// isName reports whether s is a valid name: non-empty, valid UTF-8, and made
// of name characters only. U+FFFD itself is a valid name character; only
// undecodable bytes are refused.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == 0x7f || c == '=' || c == '"' {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return false
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return false
		}
		i += n
	}
	return true
}

// scanner walks a line; pos is a byte offset into s.
type scanner struct {
	s   string
	pos int
}

// peek decodes the rune at pos. At the end it returns (-1, 0). Undecodable
// bytes are reported as (utf8.RuneError, 1).
func (sc *scanner) peek() (rune, int) {
	if sc.pos >= len(sc.s) {
		return -1, 0
	}
	if c := sc.s[sc.pos]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(sc.s[sc.pos:])
}

func (sc *scanner) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: sc.pos, Msg: fmt.Sprintf(format, args...)}
}

// badRune returns the error for a rune that is neither a name character,
// '=', '"' nor whitespace, or nil if r is none of those problems.
func (sc *scanner) badRune(r rune, n int) error {
	if r == utf8.RuneError && n == 1 {
		return sc.errorf("invalid UTF-8 byte 0x%02x", sc.s[sc.pos])
	}
	if unicode.IsControl(r) {
		return sc.errorf("control character %U", r)
	}
	return nil
}

// skipSpace skips whitespace and reports whether anything is left.
func (sc *scanner) skipSpace() bool {
	for {
		r, n := sc.peek()
		if n == 0 {
			return false
		}
		if !isSpace(r) {
			return true
		}
		sc.pos += n
	}
}

// atSeparator reports whether pos is at the end or at whitespace.
func (sc *scanner) atSeparator() bool {
	r, n := sc.peek()
	return n == 0 || isSpace(r)
}

// name reads a bare name starting at pos, stopping before whitespace, '=' or
// the end. what says which kind of token it is, for error messages.
func (sc *scanner) name(what string) (string, error) {
	start := sc.pos
	for {
		r, n := sc.peek()
		if n == 0 || isSpace(r) || r == '=' {
			break
		}
		if r == '"' {
			if sc.pos == start {
				return "", sc.errorf("%s cannot be quoted", what)
			}
			return "", sc.errorf("'\"' inside %s %q", what, sc.s[start:sc.pos])
		}
		if err := sc.badRune(r, n); err != nil {
			return "", err
		}
		sc.pos += n
	}
	if sc.pos == start {
		// Only '=' can stop a name before its first character.
		return "", sc.errorf("'=' with no name before it")
	}
	return sc.s[start:sc.pos], nil
}

// value reads the value after '=' for argument arg.
func (sc *scanner) value(arg string) (string, error) {
	r, n := sc.peek()
	switch {
	case n == 0 || isSpace(r):
		return "", sc.errorf("missing value after %q (write %s=\"\" for an empty value)", arg+"=", arg)
	case r == '=':
		return "", sc.errorf("'=' at the start of the value of %q (quote the value)", arg)
	case r == '"':
		open := sc.pos
		sc.pos++
		start := sc.pos
		for {
			r, n := sc.peek()
			if n == 0 {
				sc.pos = open
				return "", sc.errorf("unterminated quote in the value of %q", arg)
			}
			if r == '"' {
				v := sc.s[start:sc.pos]
				sc.pos++
				if !sc.atSeparator() {
					return "", sc.errorf("missing space after the quoted value of %q", arg)
				}
				return v, nil
			}
			if err := sc.badRune(r, n); err != nil {
				return "", err
			}
			sc.pos += n
		}
	}
	start := sc.pos
	for {
		r, n := sc.peek()
		if n == 0 || isSpace(r) {
			return sc.s[start:sc.pos], nil
		}
		switch r {
		case '=':
			return "", sc.errorf("'=' inside the bare value of %q (quote the value)", arg)
		case '"':
			return "", sc.errorf("'\"' inside the bare value of %q", arg)
		}
		if err := sc.badRune(r, n); err != nil {
			return "", err
		}
		sc.pos += n
	}
}

// ParseLine splits one protocol line into its command and arguments.
//
// The line may still carry its terminator ("\n" or "\r\n"); surrounding
// whitespace is ignored. A blank line returns Line{} and no error. Malformed
// input (unterminated quote, '=' with no name, a missing value, a quote inside
// a bare name, a quoted command, control characters, invalid UTF-8) returns a
// *SyntaxError; an engine typically answers it with ErrorLine.
//
// The returned strings share memory with s.
func ParseLine(s string) (Line, error) {
	sc := &scanner{s: s}
	if !sc.skipSpace() {
		return Line{}, nil
	}
	cmd, err := sc.name("command")
	if err != nil {
		return Line{}, err
	}
	if r, _ := sc.peek(); r == '=' {
		return Line{}, sc.errorf("command %q cannot have a value", cmd)
	}
	l := Line{Command: cmd}
	for sc.skipSpace() {
		name, err := sc.name("argument name")
		if err != nil {
			return Line{}, err
		}
		if r, _ := sc.peek(); r != '=' {
			l.Args = append(l.Args, Arg{Name: name, Flag: true})
			continue
		}
		sc.pos++ // '='
		v, err := sc.value(name)
		if err != nil {
			return Line{}, err
		}
		l.Args = append(l.Args, Arg{Name: name, Value: v})
	}
	return l, nil
}

// Get returns the value of the first argument called name ("" for a flag)
// and whether there is one.
func (l Line) Get(name string) (string, bool) {
	for _, a := range l.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether an argument called name is present, flag or valued.
func (l Line) Has(name string) bool {
	_, ok := l.Get(name)
	return ok
}

// Int returns the value of the first argument called name as a decimal int.
// ok reports whether the argument is present; err is non-nil when it is
// present but is a flag or not a valid int (the error names the argument).
func (l Line) Int(name string) (v int, ok bool, err error) {
	s, ok := l.Get(name)
	if !ok {
		return 0, false, nil
	}
	if err := l.flagErr(name, s); err != nil {
		return 0, true, err
	}
	v, err = strconv.Atoi(s)
	if err != nil {
		return 0, true, fmt.Errorf("hub: %s %s=%q: not an integer", l.Command, name, s)
	}
	return v, true, nil
}

// Float returns the value of the first argument called name as a float64.
// ok reports whether the argument is present; err is non-nil when it is
// present but is a flag, not a number, or not finite (NaN, Inf, overflow).
func (l Line) Float(name string) (v float64, ok bool, err error) {
	s, ok := l.Get(name)
	if !ok {
		return 0, false, nil
	}
	if err := l.flagErr(name, s); err != nil {
		return 0, true, err
	}
	v, err = strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, true, fmt.Errorf("hub: %s %s=%q: not a finite number", l.Command, name, s)
	}
	return v, true, nil
}

// flagErr reports an argument that is present as a flag (no "=value") where
// a number is needed.
func (l Line) flagErr(name, s string) error {
	if s != "" {
		return nil
	}
	for _, a := range l.Args {
		if a.Name == name {
			if a.Flag {
				return fmt.Errorf("hub: %s %s: argument has no value, want a number", l.Command, name)
			}
			break
		}
	}
	return nil
}

// String formats l with Format.
func (l Line) String() string { return Format(l.Command, l.Args...) }

// Format writes one protocol line (without the trailing newline) using Scan's
// writer rule: a value is written bare if it is a valid name and quoted
// otherwise (so an empty value is written ""); a flag is just its name.
//
// The result always parses back without error. Inputs the protocol cannot
// carry are repaired rather than rejected, because an engine must keep
// talking:
//   - The protocol has no escape mechanism: a '"' inside a value would end
//     the quoted string early and corrupt the rest of the line. Each '"' in
//     a value is therefore written as an apostrophe ('). Values holding '"'
//     are only ever human-readable text (messages, names), for which this is
//     harmless.
//   - Control characters in a value (tab, newline, ...) become a space, since
//     a newline would split the line; invalid UTF-8 becomes U+FFFD.
//   - Command and argument names are meant to be constants. Any character not
//     allowed in a name is written as '_', and an empty name as "_" (except a
//     command that is empty with no arguments, which gives a blank line).
//
// Client quirk (docs/protocols.md 1.11): pydraughts splits id, param and info
// lines on '=' and expects exactly two parts, so those lines must use only
// valued arguments whose values contain no '='; done must start with move=.
func Format(command string, args ...Arg) string {
	if command == "" && len(args) == 0 {
		return ""
	}
	var b strings.Builder
	n := len(command)
	for _, a := range args {
		n += len(a.Name) + len(a.Value) + 4
	}
	b.Grow(n)
	writeName(&b, command)
	for _, a := range args {
		b.WriteByte(' ')
		writeName(&b, a.Name)
		if a.Flag {
			continue
		}
		b.WriteByte('=')
		writeValue(&b, a.Value, false)
	}
	return b.String()
}

// ErrorLine formats the answer an engine gives to bad input, as Scan does:
// error message="...". The message is always quoted.
func ErrorLine(msg string) string {
	var b strings.Builder
	b.Grow(len(msg) + 17)
	b.WriteString(`error message=`)
	writeValue(&b, msg, true)
	return b.String()
}

func writeName(b *strings.Builder, s string) {
	if isName(s) {
		b.WriteString(s)
		return
	}
	if s == "" {
		b.WriteByte('_')
		return
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || !isNameRune(r) {
			b.WriteByte('_')
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
}

// cleanValue maps v to a string a quoted value can hold.
func cleanValue(v string) string {
	bad := false
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			if c < ' ' || c == 0x7f || c == '"' {
				bad = true
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(v[i:])
		if (r == utf8.RuneError && n == 1) || unicode.IsControl(r) {
			bad = true
			break
		}
		i += n
	}
	if !bad {
		return v
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '"':
			return '\''
		case unicode.IsControl(r):
			return ' '
		}
		return r // strings.Map turns invalid UTF-8 into U+FFFD
	}, v)
}

func writeValue(b *strings.Builder, v string, alwaysQuote bool) {
	v = cleanValue(v)
	if !alwaysQuote && isName(v) {
		b.WriteString(v)
		return
	}
	b.WriteByte('"')
	b.WriteString(v)
	b.WriteByte('"')
}
