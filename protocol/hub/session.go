package hub

// This file is the engine side of the protocol: the Session, its input loop
// and its single writer. The commands themselves live in files by concern:
// params.go (hub, set-param, init), position.go (pos), level.go (level) and
// search.go (go, stop, ponder-hit, info, done).
//
// Concurrency. Run owns all session state and is the only goroutine that
// touches it. Two helpers run beside it:
//   - a reader goroutine that reads input lines and sends them on a channel,
//     so that input is read while a search runs (ping, stop, ponder-hit must
//     be answered during a search, and EOF must end the program at once);
//   - one search goroutine per go, which calls Searcher.Search and sends the
//     Result back; its info callback writes info lines directly.
//   - a worker per set-param that names a file (book-path), which reads it
//     and sends the verdict back (load.go).
// Output goes through one lineWriter with a mutex, so that an info line from
// the search goroutine and a pong from Run never interleave.
//
// Commands during a search. Only ping, stop and ponder-hit are allowed while
// searching (docs/protocols.md 1.4). Following Scan, any other line - a known
// command, an unknown one or a malformed one - first ends the search (Stop,
// then the done line), and is then processed as if the engine were idle.
// Blank lines change nothing.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"damka/board"
	"damka/engine"
	"damka/engine/skill"
	"damka/eval"
	"damka/format/hubtext"
)

// MaxLineBytes bounds one input line. Longer lines are answered with an
// error and skipped, so random input cannot make the session grow without
// bound. A whole game in moves= (pydraughts sends all of it) is a few KB.
const MaxLineBytes = 1 << 20

// stopRetry is how often Stop is repeated until the search returns. Stop is
// a no-op when the searcher is idle, and the search goroutine may not have
// entered Search yet when stop arrives; repeating it closes that race
// without knowing how a searcher implements Stop.
const stopRetry = 5 * time.Millisecond

// Session is one Hub conversation on the engine side. Create it with
// NewSession and call Run once.
type Session struct {
	searcher engine.Searcher
	// level is searcher as the skill parameters see it: the searcher given
	// to NewSession, at full strength until skill or elo says otherwise.
	level   *skill.Searcher
	elo     int // the elo parameter as set (0: off)
	in      io.Reader
	out     *lineWriter
	log     *logWriter
	name    string
	version string
	author  string
	country string

	// Options (params.go). engineOpts go to the searcher; optsDirty says
	// they changed since the searcher last saw them.
	variant    *board.Variant
	engineOpts engine.Options
	optsDirty  bool
	// evalName is the eval parameter as set; loadedEval the weights its
	// load read (written by the load worker before set reads it).
	evalName   string
	loadedEval *eval.Weights
	ponder     bool
	numbering  hubtext.Numbering // of the squares in moves (move-numbering)

	// Game state (position.go, level.go): the game whose current position
	// is the root of the next search, and the limits of the next search.
	game *board.Game
	// limits are the limits in force; levelFresh says that the next level
	// line starts a new set (level.go).
	limits     engine.Limits
	levelFresh bool
	// noPosition is set by a refused pos: go has nothing to search until
	// a valid pos or a new game (position.go).
	noPosition bool

	search *running // the search in progress, nil when idle (search.go)
	// load is the set-param whose file a worker reads, nil when none
	// (load.go); it is never set while a search runs.
	load *pendingLoad
	// openBook reads a book file (tests slow it down); set by NewSession
	// only, as workers call it.
	openBook func(path string) error

	trace trace // for Status (status.go)
}

// Option configures a Session.
type Option func(*Session)

// WithVariant sets the variant before any set-param (default International).
func WithVariant(v *board.Variant) Option {
	return func(s *Session) {
		if v != nil {
			s.variant = v
		}
	}
}

// WithEngineOptions sets the threads, hash size and multi-PV declared by hub
// and given to the searcher (zero fields keep their defaults 1, 16, 1).
func WithEngineOptions(o engine.Options) Option {
	return func(s *Session) {
		if o.Threads > 0 {
			s.engineOpts.Threads = o.Threads
		}
		if o.HashMB > 0 {
			s.engineOpts.HashMB = o.HashMB
		}
		if o.MultiPV > 0 {
			s.engineOpts.MultiPV = o.MultiPV
		}
	}
}

// WithLog sets where diagnostics go (ignored arguments, engine oddities);
// the default is os.Stderr, which GUIs ignore or log.
func WithLog(w io.Writer) Option {
	return func(s *Session) {
		if w != nil {
			s.log = &logWriter{w: w}
		}
	}
}

// WithVersion sets the version announced in the id line.
func WithVersion(v string) Option {
	return func(s *Session) {
		if v != "" {
			s.version = v
		}
	}
}

// NewSession returns a session that reads commands from in, writes answers
// to out and searches with searcher.
func NewSession(searcher engine.Searcher, in io.Reader, out io.Writer, opts ...Option) *Session {
	s := &Session{
		searcher:   searcher,
		in:         in,
		out:        &lineWriter{w: out},
		log:        &logWriter{w: os.Stderr},
		name:       "damka",
		version:    "dev",
		author:     "damka team",
		country:    "International",
		variant:    board.International,
		engineOpts: engine.Options{Threads: 1, HashMB: engine.DefaultHashMB, MultiPV: 1, EGDBCacheMB: engine.DefaultEGDBCacheMB, Book: true},
		optsDirty:  true,
		openBook:   openBook,
	}
	for _, o := range opts {
		o(s)
	}
	// A level of 20 passes every call through unchanged.
	s.level, _ = skill.New(searcher, skill.Config{Level: skill.MaxLevel, Pace: true, Options: s.engineOpts})
	s.searcher = s.level
	s.game = board.NewGame(s.variant, s.variant.Start())
	s.levelFresh = true
	return s
}

// input is one event of the reader goroutine: a line, a line that was too
// long (skipped), or the end of input (err, io.EOF for a clean end).
type input struct {
	text    string
	tooLong bool
	err     error
}

// Run serves commands until quit or the end of input. On EOF it assumes the
// GUI is gone: a running search is stopped (its done line is still written,
// so that every go gets its done) and Run returns nil at once. It returns a
// read error other than EOF, or the first write error (the GUI is gone too).
// The searcher is never in use after Run returns.
func (s *Session) Run() error {
	lines := make(chan input)
	quit := make(chan struct{})
	defer close(quit)
	go s.read(lines, quit)

	for {
		var results <-chan engine.Result
		var retry <-chan time.Time
		var loaded <-chan error
		if s.load != nil {
			loaded = s.load.done
		}
		if s.search != nil {
			results = s.search.result
			if s.search.retry != nil {
				retry = s.search.retry.C
			}
		}
		select {
		case in := <-lines:
			if in.err != nil {
				s.abortSearch()
				if errors.Is(in.err, io.EOF) {
					return nil
				}
				return in.err
			}
			s.trace.begun.set(in.text)
			if s.handle(in) {
				s.abortSearch()
				return s.out.Err()
			}
			s.trace.ended.set(in.text)
		case r := <-results:
			s.finish(r)
		case err := <-loaded:
			if s.finishLoad(err) {
				s.abortSearch()
				return s.out.Err()
			}
		case <-retry:
			s.searcher.Stop()
		case <-s.watchdogC():
			s.watchdogFired()
		}
		if err := s.out.Err(); err != nil {
			s.abortSearch()
			return err
		}
	}
}

// read sends input lines to lines until the end of input or quit.
func (s *Session) read(lines chan<- input, quit <-chan struct{}) {
	br := bufio.NewReaderSize(s.in, 64<<10)
	send := func(in input) bool {
		select {
		case lines <- in:
			return true
		case <-quit:
			return false
		}
	}
	for {
		in := readLine(br)
		if in.err == nil {
			s.trace.read.set(in.text)
		}
		if in.err != nil && (in.text != "" || in.tooLong) {
			// A last line without its newline is still a line.
			last := in
			last.err = nil
			if !send(last) {
				return
			}
			in = input{err: in.err}
		}
		if !send(in) || in.err != nil {
			return
		}
	}
}

// readLine reads one line of at most MaxLineBytes, without its newline. A
// longer line is consumed to its end and reported as tooLong.
func readLine(br *bufio.Reader) input {
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxLineBytes+1 { // +1: the newline
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			return input{text: strings.TrimSuffix(string(buf), "\n"), tooLong: tooLong}
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return input{text: string(buf), tooLong: tooLong, err: err}
		}
	}
}

// handle processes one input line and reports whether the session must end.
func (s *Session) handle(in input) (quit bool) {
	if s.load != nil {
		return s.whileLoading(in)
	}
	if in.tooLong {
		s.abortSearch()
		s.errorf("line too long (more than %d bytes), ignored", MaxLineBytes)
		return false
	}
	l, err := ParseLine(in.text)
	if s.search != nil {
		if err == nil && s.duringSearch(l) {
			return false
		}
		s.abortSearch()
	}
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			s.errorf("bad line: %s (byte %d)", se.Msg, se.Offset)
		} else {
			s.errorf("bad line: %v", err)
		}
		return false
	}
	switch l.Command {
	case "":
		// Blank line: nothing to do.
	case "hub":
		s.cmdHub(l)
	case "set-param":
		s.cmdSetParam(l)
	case "init":
		s.cmdInit(l)
	case "new-game":
		// A new game starts from the initial position; the GUI sends its
		// own with pos as usual.
		s.startPosition()
		s.searcher.NewGame()
	case "pos":
		s.cmdPos(l)
	case "level":
		s.cmdLevel(l)
	case "go":
		s.cmdGo(l)
	case "ping":
		s.send("pong")
	case "stop", "ponder-hit":
		// Nothing is running: a search that ended on its own already sent
		// its done, which the GUI will read as the answer. Clients send a
		// stop at every game's end whatever runs (lidraughts-bot does), and
		// pydraughts reads stderr as engine output, so this is silent.
	case "quit":
		return true
	default:
		s.errorf("unknown command %s", clip(l.Command))
	}
	return false
}

// send writes one protocol line.
func (s *Session) send(line string) { s.out.Line(line) }

// sendf writes Format(cmd, args...).
func (s *Session) sendf(cmd string, args ...Arg) { s.out.Line(Format(cmd, args...)) }

// maxMessage bounds an error message: reasons quoting a huge input (a
// bad move thousands of characters long) are cut.
const maxMessage = 300

// errorf answers with an error line; the session goes on serving.
func (s *Session) errorf(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	if len(msg) > maxMessage {
		msg = clipTo(msg, maxMessage)
	}
	s.out.Line(ErrorLine(msg))
}

// logf writes a diagnostic that is not part of the protocol.
func (s *Session) logf(format string, a ...any) {
	s.log.Printf(format, a...)
}

// ignoreArg logs an argument that the command does not know. The
// protocol asks both sides to ignore what they do not understand.
func (s *Session) ignoreArg(cmd string, a Arg) {
	s.logf("%s: unknown argument %s ignored", cmd, clip(a.Name))
}

// clip shortens text quoted in a message, so that a huge input does not
// become a huge error line.
func clip(s string) string { return clipTo(s, 60) }

// clipTo cuts s to about n bytes, on a rune boundary, marking the cut.
func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xc0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

// lineWriter writes whole lines under a mutex, each with a single Write and
// a Flush when the writer has one, and remembers the first error.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// Line writes text and a newline. After an error it writes nothing.
func (lw *lineWriter) Line(text string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	_, err := io.WriteString(lw.w, text+"\n")
	if f, ok := lw.w.(interface{ Flush() error }); ok && err == nil {
		err = f.Flush()
	}
	lw.err = err
}

// Err returns the first write error.
func (lw *lineWriter) Err() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.err
}

// logWriter serialises diagnostics; write errors are ignored because the
// log is only a courtesy.
type logWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (lw *logWriter) Printf(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	lw.mu.Lock()
	defer lw.mu.Unlock()
	fmt.Fprintf(lw.w, "damka hub: %s\n", msg)
}
