package match

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"
)

// Option is one engine option, sent as "set-param name=NAME value=VALUE"
// before init, in the order given.
type Option struct{ Name, Value string }

// EngineSpec says how to start one engine and what to call it.
type EngineSpec struct {
	Name    string   // shown in PDN tags, logs and tables; defaults to the command's base name
	Cmd     []string // argv, already split
	Dir     string   // working directory ("" = the runner's)
	Options []Option // option.NAME=VALUE, in order
	// DXP is set for an engine reached over DamExchange (proto=dxp): Addr
	// is the follower's host:port and Cmd, Dir and Options are unused.
	DXP  bool
	Addr string
}

// ParseEngineSpec reads an --engine value: comma-separated key=value pairs,
//
//	cmd=./damka hub,name=Other,option.threads=1,dir=/opt/scan
//
// Keys: cmd (required; split into arguments as a shell would, with simple
// quoting), name, dir, option.NAME. A value that itself holds a comma must
// be quoted: cmd="./eng --list a,b". proto=hub is the default.
//
// proto=dxp,addr=HOST:PORT[,name=NAME] is an engine that already runs as a
// DXP follower (Kingsrow, Scan dxp, damka dxp): the runner connects to it
// as the DXP initiator. It takes no cmd, dir or option.NAME; the name
// defaults to the address. See dxp.go for the restrictions.
func ParseEngineSpec(s string) (EngineSpec, error) {
	var sp EngineSpec
	fields, err := splitSpec(s)
	if err != nil {
		return sp, err
	}
	seen := map[string]bool{}
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return sp, fmt.Errorf("engine %q: field %q is not key=value", s, f)
		}
		val = unquote(strings.TrimSpace(val))
		lk := strings.ToLower(key)
		if seen[lk] {
			return sp, fmt.Errorf("engine %q: %s given twice", s, key)
		}
		seen[lk] = true
		switch {
		case lk == "cmd":
			if sp.Cmd, err = SplitCommand(val); err != nil {
				return sp, fmt.Errorf("engine %q: cmd: %v", s, err)
			}
			if len(sp.Cmd) == 0 {
				return sp, fmt.Errorf("engine %q: empty cmd", s)
			}
		case lk == "name":
			if val == "" {
				return sp, fmt.Errorf("engine %q: empty name", s)
			}
			if strings.ContainsAny(val, "\"\n\r") {
				return sp, fmt.Errorf("engine %q: name %q may not hold quotes or line breaks", s, val)
			}
			sp.Name = val
		case lk == "dir":
			sp.Dir = val
		case lk == "addr":
			if val == "" {
				return sp, fmt.Errorf("engine %q: empty addr", s)
			}
			sp.Addr = val
		case lk == "proto":
			switch strings.ToLower(val) {
			case "hub":
			case "dxp":
				sp.DXP = true
			default:
				return sp, fmt.Errorf("engine %q: proto=%s is not supported (hub or dxp)", s, val)
			}
		case strings.HasPrefix(lk, "option."):
			name := key[len("option."):]
			if name == "" || strings.ContainsFunc(name, func(r rune) bool { return r == '=' || r == '"' || unicode.IsSpace(r) }) {
				return sp, fmt.Errorf("engine %q: bad option name %q", s, name)
			}
			sp.Options = append(sp.Options, Option{name, val})
		default:
			return sp, fmt.Errorf("engine %q: unknown key %q (want cmd, name, dir, proto, addr, option.NAME)", s, key)
		}
	}
	if sp.DXP {
		switch {
		case sp.Addr == "":
			return sp, fmt.Errorf("engine %q: proto=dxp needs addr=HOST:PORT", s)
		case sp.Cmd != nil || sp.Dir != "" || len(sp.Options) > 0:
			return sp, fmt.Errorf("engine %q: proto=dxp takes only addr and name (the runner does not start a DXP engine)", s)
		}
		if sp.Name == "" {
			sp.Name = sp.Addr
		}
		return sp, nil
	}
	if sp.Addr != "" {
		return sp, fmt.Errorf("engine %q: addr= is for proto=dxp", s)
	}
	if sp.Cmd == nil {
		return sp, fmt.Errorf("engine %q: missing cmd=", s)
	}
	if sp.Name == "" {
		sp.Name = filepath.Base(sp.Cmd[0])
	}
	return sp, nil
}

// splitSpec splits s on commas that are outside double or single quotes.
func splitSpec(s string) ([]string, error) {
	var out []string
	var quote rune
	start := 0
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == ',':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("engine %q: unterminated %c quote", s, quote)
	}
	out = append(out, s[start:])
	var fields []string
	for _, f := range out {
		if strings.TrimSpace(f) != "" {
			fields = append(fields, f)
		}
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty engine specification")
	}
	return fields, nil
}

// unquote removes one pair of surrounding quotes, if any.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// SplitCommand splits a command line into arguments the way a POSIX shell
// would for the simple cases: white space separates arguments, single
// quotes keep everything literally, double quotes keep everything except
// that \" and \\ are escapes, and a backslash outside quotes escapes the
// next character. No variables, globs or redirections: the engine is
// started directly, never through a shell, so that killing it kills the
// engine and not only a shell around it.
func SplitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\'':
			inArg = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(string(rs[i+1 : j]))
			i = j
		case r == '"':
			inArg = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && (rs[j+1] == '"' || rs[j+1] == '\\') {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			i = j
		case r == '\\':
			if i+1 == len(rs) {
				return nil, fmt.Errorf("trailing backslash in %q", s)
			}
			inArg = true
			i++
			cur.WriteRune(rs[i])
		case unicode.IsSpace(r):
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			inArg = true
			cur.WriteRune(r)
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

// uniqueNames makes engine names distinct ("damka", "damka-2") so that PDN
// tags, tables and --resume can tell the engines apart.
func uniqueNames(specs []EngineSpec) {
	used := map[string]int{}
	for i := range specs {
		used[specs[i].Name]++
	}
	count := map[string]int{}
	for i := range specs {
		n := specs[i].Name
		if used[n] < 2 {
			continue
		}
		count[n]++
		if count[n] > 1 {
			specs[i].Name = fmt.Sprintf("%s-%d", n, count[n])
		}
	}
}
