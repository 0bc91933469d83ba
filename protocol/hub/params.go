package hub

// The handshake (hub, set-param, init) and the engine's parameters.
//
// Output rules for id and param lines (docs/protocols.md 1.11): pydraughts splits
// them on spaces outside quotes and then each token on "=" into exactly two
// parts, so these lines carry only name=value pairs, never bare flags, and
// Format quotes every value that is not a plain name (spaces, empty).

import (
	"cmp"
	"fmt"
	"os"
	"strconv"
	"strings"

	"damka/board"
	"damka/egdb"
	"damka/engine"
	"damka/eval"
	"damka/format/hubtext"
)

// builtinEval reports whether an eval value names a built-in evaluation
// rather than a weights file.
func builtinEval(value string) bool {
	switch value {
	case "", "learned", "hand", "none":
		return true
	}
	return false
}

// Limits of the integer parameters, as declared in the param lines.
const (
	maxThreads = engine.MaxThreads
	maxHashMB  = engine.MaxHashMB
	maxMultiPV = 32
	// maxBookMargin: a book move more than a man worse than the best is
	// not an opening choice.
	maxBookMargin = 100
)

// param is one engine parameter: its declaration and how to read and set it.
type param struct {
	name   string
	typ    string // bool, int, string or enum
	min    int    // int only
	max    int    // int only
	get    func(s *Session) string
	set    func(s *Session, value string) error
	values func() string // enum only: the allowed values, space-separated
	// check and load, if set, are for a parameter that names a file; both
	// run before set. check looks at the path without opening it, on the
	// session's goroutine, so it must not block; load reads the file, on a
	// worker for set-param (load.go), so it may use only what does not
	// change after NewSession.
	check func(value string) error
	load  func(s *Session, value string) error
}

// params lists the parameters in the order hub declares them.
var params = []param{
	{name: "variant", typ: "enum", values: variantValues,
		get: func(s *Session) string { return hubtext.VariantName(s.variant) },
		set: func(s *Session, value string) error {
			v, err := lookupVariant(value)
			if err != nil {
				return err
			}
			// A new variant means a new board: the old position cannot be
			// kept, so the session starts over from the initial position.
			s.variant = v
			s.startPosition()
			return nil
		}},
	{name: "threads", typ: "int", min: 1, max: maxThreads,
		get: func(s *Session) string { return strconv.Itoa(s.engineOpts.Threads) },
		set: func(s *Session, value string) error {
			return s.setInt(&s.engineOpts.Threads, "threads", value, 1, maxThreads)
		}},
	{name: "hash", typ: "int", min: 1, max: maxHashMB, // MB
		get: func(s *Session) string { return strconv.Itoa(s.engineOpts.HashMB) },
		set: func(s *Session, value string) error {
			return s.setInt(&s.engineOpts.HashMB, "hash", value, 1, maxHashMB)
		}},
	{name: "multipv", typ: "int", min: 1, max: maxMultiPV,
		get: func(s *Session) string { return strconv.Itoa(s.engineOpts.MultiPV) },
		set: func(s *Session, value string) error {
			return s.setInt(&s.engineOpts.MultiPV, "multipv", value, 1, maxMultiPV)
		}},
	// book plays from the opening book (go think; go analyze searches):
	// the file at book-path, or the one built into damka for the variant
	// (International and Russian). On by default, as in Scan.
	{name: "book", typ: "bool",
		get: func(s *Session) string { return strconv.FormatBool(s.engineOpts.Book) },
		set: func(s *Session, value string) error {
			use := s.engineOpts.Book
			if err := setBool(&use, "book", value); err != nil {
				return err
			}
			if use != s.engineOpts.Book {
				s.engineOpts.Book, s.optsDirty = use, true
			}
			return nil
		}},
	// book-path is a book file built by damka book build; empty means the
	// book built into damka. It is read when set, so that a bad file is an
	// error the GUI sees.
	{name: "book-path", typ: "string",
		get: func(s *Session) string { return s.engineOpts.BookPath },
		check: func(value string) error {
			if value == "" {
				return nil
			}
			return regularFile("book-path", value)
		},
		load: func(s *Session, value string) error {
			if value == "" {
				return nil
			}
			if err := s.openBook(value); err != nil {
				return fmt.Errorf("book-path %s: %v", quoteValue(value), err)
			}
			return nil
		},
		set: func(s *Session, value string) error {
			if value != s.engineOpts.BookPath {
				s.engineOpts.BookPath, s.optsDirty = value, true
			}
			return nil
		}},
	// book-margin lets the book play any of its moves within this many
	// hundredths of a man of its best, weighted towards the best.
	{name: "book-margin", typ: "int", min: 0, max: maxBookMargin,
		get: func(s *Session) string { return strconv.Itoa(s.engineOpts.BookMargin) },
		set: func(s *Session, value string) error {
			return s.setInt(&s.engineOpts.BookMargin, "book-margin", value, 0, maxBookMargin)
		}},
	// eval picks the evaluation: learned (the weights built into damka for
	// International and Russian, the hand-made evaluation elsewhere), hand,
	// or a weights file from damka tune, read when set. draughtsnet sends
	// eval=none (Scan's evaluation file setting, "no file"): that is the
	// built-in evaluation too.
	{name: "eval", typ: "string",
		get: func(s *Session) string { return cmp.Or(s.evalName, "learned") },
		check: func(value string) error {
			if builtinEval(value) {
				return nil
			}
			return regularFile("eval", value)
		},
		load: func(s *Session, value string) error {
			s.loadedEval = nil
			if builtinEval(value) {
				return nil
			}
			w, err := eval.LoadWeights(value)
			if err != nil {
				return fmt.Errorf("eval %s: %v", quoteValue(value), unwrapPath(err))
			}
			s.loadedEval = w
			return nil
		},
		set: func(s *Session, value string) error {
			s.evalName = value
			s.engineOpts.Eval, s.engineOpts.HandEval = s.loadedEval, value == "hand"
			s.optsDirty = true
			return nil
		}},
	// egdb-path is a directory of endgame tables (damka egdb build), used
	// over the tables embedded in the binary; empty means those alone.
	// egdb turns tables off.
	{name: "egdb-path", typ: "string",
		get: func(s *Session) string { return s.engineOpts.EGDBPath },
		set: func(s *Session, value string) error {
			if value != "" {
				if fi, err := os.Stat(value); err != nil || !fi.IsDir() {
					return fmt.Errorf("egdb-path %s is not a readable directory", quoteValue(value))
				}
				// What the directory lacks or holds damaged is not an
				// error (the built-in tables serve instead), but the
				// GUI is told, one info line per file.
				for _, err := range egdb.Check(value, s.variant) {
					s.sendf("info", A("message", infoText("egdb-path: "+err.Error())))
				}
			}
			if value != s.engineOpts.EGDBPath {
				s.engineOpts.EGDBPath, s.optsDirty = value, true
			}
			return nil
		}},
	{name: "egdb", typ: "bool",
		get: func(s *Session) string { return strconv.FormatBool(!s.engineOpts.NoEGDB) },
		set: func(s *Session, value string) error {
			use := !s.engineOpts.NoEGDB
			if err := setBool(&use, "egdb", value); err != nil {
				return err
			}
			if use == s.engineOpts.NoEGDB {
				s.engineOpts.NoEGDB, s.optsDirty = !use, true
			}
			return nil
		}},
	// egdb-cache is the memory for decoded table blocks, in MB.
	{name: "egdb-cache", typ: "int", min: 1, max: maxHashMB,
		get: func(s *Session) string { return strconv.Itoa(s.engineOpts.EGDBCacheMB) },
		set: func(s *Session, value string) error {
			return s.setInt(&s.engineOpts.EGDBCacheMB, "egdb-cache", value, 1, maxHashMB)
		}},
	// move-numbering is how the squares of moves are numbered on the
	// boards written a1..h8 (Russian, Brazilian, ...): bottom-up (1 = a1,
	// pydraughts 0.6 and later) or top-down (1 = b8, as in the position
	// string: pydraughts 0.5.7, which lidraughts-bot pins). Positions and
	// the numeric boards are the same in both.
	{name: "move-numbering", typ: "enum", values: moveNumberingValues,
		get: func(s *Session) string { return s.numbering.String() },
		set: func(s *Session, value string) error {
			n, err := hubtext.ParseNumbering(value)
			if err != nil {
				return err
			}
			s.numbering = n
			return nil
		}},
	// ponder tells the GUI whether it may send go ponder; the engine itself
	// ponders only when asked to, so the value changes nothing here.
	{name: "ponder", typ: "bool",
		get: func(s *Session) string { return strconv.FormatBool(s.ponder) },
		set: func(s *Session, value string) error { return setBool(&s.ponder, "ponder", value) }},
}

// lookupVariant accepts the Hub names and all of damka's names and aliases.
func lookupVariant(name string) (*board.Variant, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	for _, v := range board.Variants() {
		if hubtext.VariantName(v) == want {
			return v, nil
		}
	}
	if v, err := board.Lookup(want); err == nil {
		return v, nil
	}
	return nil, fmt.Errorf("unknown variant %s (known: %s)", clip(name), variantValues())
}

// moveNumberingValues is the values list of the move-numbering enum.
func moveNumberingValues() string { return strings.Join(hubtext.NumberingNames(), " ") }

// variantValues is the values list of the variant enum.
func variantValues() string {
	var names []string
	for _, v := range board.Variants() {
		names = append(names, hubtext.VariantName(v))
	}
	return strings.Join(names, " ")
}

func (s *Session) setInt(dst *int, name, value string, lo, hi int) error {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return fmt.Errorf("%s must be an integer from %d to %d, not %s", name, lo, hi, quoteValue(value))
	}
	if *dst != n {
		*dst = n
		s.optsDirty = true
	}
	return nil
}

func setBool(dst *bool, name, value string) error {
	switch strings.ToLower(value) {
	case "true", "1", "yes", "on":
		*dst = true
	case "false", "0", "no", "off":
		*dst = false
	default:
		return fmt.Errorf("%s must be true or false, not %s", name, quoteValue(value))
	}
	return nil
}

// quoteValue shows a value in a message: clipped, and visibly empty.
// infoText fits a message into an info line: pydraughts splits each
// argument on '=' into exactly two parts (docs/protocols.md 1.11).
func infoText(msg string) string {
	msg = strings.ReplaceAll(msg, "=", ":")
	if len(msg) > maxMessage {
		msg = clipTo(msg, maxMessage)
	}
	return msg
}

func quoteValue(v string) string {
	if v == "" {
		return "an empty value"
	}
	return "'" + clip(v) + "'"
}

// SetParam sets a parameter by name, as set-param does; cmd uses it for
// "--name=value" command-line arguments. Unknown names are an error here
// (set-param itself ignores them).
func (s *Session) SetParam(name, value string) error {
	if p := lookupParam(name); p != nil {
		if p.check != nil {
			if err := p.check(value); err != nil {
				return err
			}
		}
		if p.load != nil {
			if err := p.load(s, value); err != nil {
				return err
			}
		}
		return p.set(s, value)
	}
	return fmt.Errorf("unknown parameter %s", clip(name))
}

// HasParam reports whether name is one of the session's parameters, or one
// of Scan's that it accepts (params_scan.go).
func HasParam(name string) bool { return lookupParam(name) != nil }

func lookupParam(name string) *param {
	name = strings.ToLower(name)
	for _, table := range [][]param{params, skillParams, scanParams} {
		for i := range table {
			if table[i].name == name {
				return &table[i]
			}
		}
	}
	return nil
}

// cmdHub answers hub with id, one param line per parameter, and wait.
func (s *Session) cmdHub(Line) {
	s.sendf("id", A("name", s.name), A("version", s.version), A("author", s.author), A("country", s.country))
	for _, p := range append(params[:len(params):len(params)], skillParams...) {
		args := []Arg{A("name", p.name), A("value", p.get(s)), A("type", p.typ)}
		switch p.typ {
		case "int":
			args = append(args, A("min", strconv.Itoa(p.min)), A("max", strconv.Itoa(p.max)))
		case "enum":
			args = append(args, A("values", p.values()))
		}
		s.sendf("param", args...)
	}
	s.send("wait")
}

// cmdSetParam handles set-param name=N value=V. Unknown names are ignored
// with a log line (lidraughts-bot and draughtsnet send Scan's own params);
// a bad value for a known one is an error and changes nothing.
func (s *Session) cmdSetParam(l Line) {
	name, ok := l.Get("name")
	if !ok || name == "" {
		s.errorf("set-param: missing name")
		return
	}
	if !HasParam(name) {
		s.logf("set-param: unknown parameter %s ignored", clip(name))
		return
	}
	value, ok := l.Get("value")
	if !ok {
		s.errorf("set-param %s: missing value", clip(name))
		return
	}
	for _, a := range l.Args {
		if a.Name != "name" && a.Name != "value" {
			s.ignoreArg("set-param", a)
		}
	}
	if p := lookupParam(name); p.load != nil {
		s.startLoad(p, value)
		return
	}
	if err := s.SetParam(name, value); err != nil {
		s.errorf("set-param: %v", err)
	}
}

// cmdInit hands the options to the searcher (this is where a real engine
// allocates its hash table) and answers ready.
func (s *Session) cmdInit(Line) {
	s.applyOptions()
	// A fresh hash table's pages come from the system on the first write,
	// which costs about 1.5 ms per MB on a virtual machine whose host backs
	// guest memory lazily (100 ms for the default 64 MB, measured). Cleared
	// here, where the GUI waits for ready, that cost is not paid by the
	// first new-game, whose time a GUI charges to the first move's clock.
	s.searcher.NewGame()
	s.send("ready")
}

// applyOptions gives changed options to the searcher. It runs at init and
// before a search, never during one.
func (s *Session) applyOptions() {
	if s.optsDirty {
		if err := engine.ApplyOptions(s.searcher, s.engineOpts); err != nil {
			s.errorf("%v", err) // a smaller hash table: the session goes on with it
		}
		s.optsDirty = false
	}
}
