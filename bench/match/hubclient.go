package match

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"damka/protocol/hub"
)

// FailKind classifies how an engine failed; every kind loses the game.
type FailKind int

const (
	Crashed  FailKind = iota + 1 // the process exited or closed its output
	Hung                         // no answer within the hang timeout
	TimeLoss                     // exceeded its clock plus the margin
	Illegal                      // a move that is not legal (or no move where one exists)
	Garbage                      // output that is not the Hub protocol
	NoStart                      // could not be started or failed the handshake
)

func (k FailKind) String() string {
	switch k {
	case Crashed:
		return "crash"
	case Hung:
		return "hang"
	case TimeLoss:
		return "time forfeit"
	case Illegal:
		return "illegal move"
	case Garbage:
		return "garbage output"
	case NoStart:
		return "failed to start"
	}
	return "failure(" + strconv.Itoa(int(k)) + ")"
}

// EngineError is an engine failure: what happened, and the engine's last
// lines of input and output for the log.
type EngineError struct {
	Engine string
	Kind   FailKind
	Detail string
	Tail   []string
}

func (e *EngineError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Engine, e.Kind, e.Detail)
}

// tailLines is how many lines of an engine's conversation are kept for the
// failure log.
const tailLines = 24

// maxLine bounds one output line: a longer one is garbage (and would
// otherwise let a broken engine fill the runner's memory).
const maxLine = 1 << 16

// ring keeps the last lines an engine read and wrote; the stdout and stderr
// copiers and the game goroutine all add to it.
type ring struct {
	mu    sync.Mutex
	lines [tailLines]string
	n     int
}

func (r *ring) add(s string) {
	limit := 300
	if strings.Contains(s, statusMark) || strings.HasPrefix(s, dumpMark) {
		limit = maxStatus
	}
	if len(s) > limit {
		s = s[:limit-3] + "..."
	}
	r.mu.Lock()
	r.lines[r.n%tailLines] = s
	r.n++
	r.mu.Unlock()
}

func (r *ring) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := min(r.n, tailLines)
	out := make([]string, 0, k)
	for i := r.n - k; i < r.n; i++ {
		out = append(out, r.lines[i%tailLines])
	}
	return out
}

// outLine is one line the engine wrote on stdout; tooLong marks a line cut
// at maxLine.
type outLine struct {
	text    string
	tooLong bool
}

// lineWriter receives the engine's stdout or stderr from os/exec's copier
// and splits it into lines. Stdout lines go to a channel; the send gives up
// once the engine is being killed so that the copier never blocks forever.
type lineWriter struct {
	buf     []byte
	out     chan<- outLine // nil for stderr
	quit    <-chan struct{}
	tail    *ring
	prefix  string
	dropped bool // the current line went over maxLine
	// dump, on stderr only: while it captures, lines go to it instead of
	// the tail (askDump).
	dump *dumpCapture
}

func (w *lineWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.append(p)
			break
		}
		w.append(p[:i])
		w.flush()
		p = p[i+1:]
	}
	return n, nil
}

func (w *lineWriter) append(p []byte) {
	if w.dropped {
		return
	}
	if len(w.buf)+len(p) > maxLine {
		w.dropped = true
		w.buf = append(w.buf, p[:maxLine-len(w.buf)]...)
		return
	}
	w.buf = append(w.buf, p...)
}

func (w *lineWriter) flush() {
	s := strings.TrimRight(string(w.buf), "\r")
	l := outLine{s, w.dropped}
	w.buf, w.dropped = w.buf[:0], false
	if w.dump != nil && w.dump.add(s) {
		return
	}
	w.tail.add(w.prefix + s)
	if w.out == nil {
		return
	}
	select {
	case w.out <- l:
	case <-w.quit:
	}
}

// close delivers a last line that had no newline.
func (w *lineWriter) close() {
	if len(w.buf) > 0 || w.dropped {
		w.flush()
	}
}

// Timeouts bounds the waits of a Hub engine.
type Timeouts struct {
	Init time.Duration // hub ... wait and init ... ready; 0: 30 s
	Hang time.Duration // a search without clock; 0: 60 s
}

func (t Timeouts) init() time.Duration {
	if t.Init <= 0 {
		return 30 * time.Second
	}
	return t.Init
}

func (t Timeouts) hang() time.Duration {
	if t.Hang <= 0 {
		return 60 * time.Second
	}
	return t.Hang
}

// HubEngine is one running Hub engine process, driven by one goroutine at
// a time (the game that owns it).
type HubEngine struct {
	Spec   EngineSpec
	ID     map[string]string // the id line: name, version, author, ...
	Params map[string]hub.Line

	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan outLine
	exited  chan struct{}   // closed once the process was waited for
	exitErr error           // valid after exited is closed
	quit    chan struct{}   // closed by Kill
	abort   <-chan struct{} // closed when the match ends: Think gives up
	killed  sync.Once
	tail    ring
	dump    dumpCapture
	timeout Timeouts
}

// StartHub starts the engine and completes the handshake: hub ... wait, then
// set-param for the variant (if the engine declares a variant parameter,
// refusing a variant it does not list) and for every option, then
// init ... ready. hubVariant is the Hub name of the variant ("normal",
// "russian", ...). On failure the process is killed and the error is an
// *EngineError of kind NoStart.
func StartHub(spec EngineSpec, hubVariant string, to Timeouts) (*HubEngine, error) {
	if spec.DXP || len(spec.Cmd) == 0 {
		return nil, &EngineError{Engine: spec.Name, Kind: NoStart, Detail: "not a Hub command (a DXP engine plays only in a match, through the runner)"}
	}
	watchMachine()
	e := &HubEngine{
		Spec:    spec,
		ID:      map[string]string{},
		Params:  map[string]hub.Line{},
		lines:   make(chan outLine, 64),
		exited:  make(chan struct{}),
		quit:    make(chan struct{}),
		timeout: to,
	}
	fail := func(format string, a ...any) error {
		e.Kill()
		return &EngineError{Engine: spec.Name, Kind: NoStart, Detail: fmt.Sprintf(format, a...), Tail: e.tail.snapshot()}
	}
	// stdin is an os.Pipe of our own so that writes can carry a deadline: an
	// engine that stops reading must not block the runner.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	e.stdin = pw
	out := &lineWriter{out: e.lines, quit: e.quit, tail: &e.tail, prefix: "< "}
	errw := &lineWriter{quit: e.quit, tail: &e.tail, prefix: "<stderr ", dump: &e.dump}
	e.cmd = exec.Command(spec.Cmd[0], spec.Cmd[1:]...)
	e.cmd.Dir = spec.Dir
	// A Go engine's SIGQUIT dump (askDump) then shows the runtime's own
	// goroutines and frames too.
	if os.Getenv("GOTRACEBACK") == "" {
		e.cmd.Env = append(os.Environ(), "GOTRACEBACK=system")
	}
	e.cmd.Stdin = pr
	e.cmd.Stdout = out
	e.cmd.Stderr = errw
	// A grandchild that inherited stdout would keep the copier (and Wait)
	// alive after the engine is killed; WaitDelay bounds that.
	e.cmd.WaitDelay = 2 * time.Second
	if err := e.cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, &EngineError{Engine: spec.Name, Kind: NoStart, Detail: err.Error()}
	}
	pr.Close()
	go func() {
		err := e.cmd.Wait()
		out.close()
		errw.close()
		e.exitErr = err
		close(e.exited)
	}()

	if err := e.send("hub"); err != nil {
		return nil, fail("%v", err)
	}
	deadline := time.Now().Add(to.init())
	for {
		// Some engines print a banner when they start; lines that are not
		// the protocol are skipped until wait (they stay in the tail).
		raw, err := e.readRaw(deadline)
		if err != nil {
			return nil, fail("waiting for wait: %v", err)
		}
		l, perr := hub.ParseLine(raw.text)
		if perr != nil || raw.tooLong {
			continue
		}
		switch l.Command {
		case "id":
			for _, a := range l.Args {
				e.ID[a.Name] = a.Value
			}
		case "param":
			if name, ok := l.Get("name"); ok {
				e.Params[name] = l
			}
		}
		if l.Command == "wait" {
			break
		}
	}
	if p, ok := e.Params["variant"]; ok {
		if vals, ok := p.Get("values"); ok && !containsWord(vals, hubVariant) {
			return nil, fail("engine does not play variant %q (its variants: %s)", hubVariant, vals)
		}
		if err := e.send(hub.Format("set-param", hub.A("name", "variant"), hub.A("value", hubVariant))); err != nil {
			return nil, fail("%v", err)
		}
	} else if hubVariant != "normal" {
		e.tail.add("# engine declares no variant parameter; assuming it plays " + hubVariant)
	}
	for _, o := range spec.Options {
		if _, ok := e.Params[o.Name]; !ok {
			e.tail.add("# option " + o.Name + " is not declared by the engine; sent anyway")
		}
		if err := e.send(hub.Format("set-param", hub.A("name", o.Name), hub.A("value", o.Value))); err != nil {
			return nil, fail("%v", err)
		}
	}
	if err := e.send("init"); err != nil {
		return nil, fail("%v", err)
	}
	deadline = time.Now().Add(to.init())
	for {
		// Between init and ready an engine may print anything (docs/protocols.md
		// 1.3), so lines that do not parse are skipped here.
		l, err := e.readRaw(deadline)
		if err != nil {
			return nil, fail("waiting for ready: %v", err)
		}
		if pl, perr := hub.ParseLine(l.text); perr == nil && pl.Command == "ready" {
			return e, nil
		}
	}
}

func containsWord(list, w string) bool {
	for _, f := range strings.Fields(list) {
		if f == w {
			return true
		}
	}
	return false
}

// send writes one line to the engine, with a deadline so that an engine
// that no longer reads its input is caught as hung.
func (e *HubEngine) send(line string) error {
	e.tail.add("> " + line)
	e.stdin.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("engine does not read its input")
		}
		return fmt.Errorf("write: %v", err)
	}
	return nil
}

// errTimeout is returned by the read functions when the deadline passes.
var errTimeout = errors.New("timeout")

// errExited is wrapped by the read functions when the engine is gone.
var errExited = errors.New("engine exited")

// readRaw returns the next stdout line before the deadline.
func (e *HubEngine) readRaw(deadline time.Time) (outLine, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l := <-e.lines:
		return l, nil
	default:
	}
	select {
	case l := <-e.lines:
		return l, nil
	case <-e.exited:
		// Wait returns after the copier delivered everything: drain first.
		select {
		case l := <-e.lines:
			return l, nil
		default:
		}
		return outLine{}, fmt.Errorf("%w (%v)", errExited, exitText(e.exitErr))
	case <-t.C:
		return outLine{}, errTimeout
	case <-e.abort:
		return outLine{}, errAbandoned
	}
}

// stoppedBySignal reports whether the process has ended (or ends within
// a second) killed by SIGTERM or SIGINT, the signals of a stop from outside.
func (e *HubEngine) stoppedBySignal() bool {
	select {
	case <-e.exited:
	case <-time.After(time.Second):
		return false
	}
	var xe *exec.ExitError
	if !errors.As(e.exitErr, &xe) {
		return false
	}
	ws, ok := xe.Sys().(interface {
		Signaled() bool
		Signal() syscall.Signal
	})
	return ok && ws.Signaled() && (ws.Signal() == syscall.SIGTERM || ws.Signal() == syscall.SIGINT)
}

func exitText(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// readUntil returns the next non-blank protocol line; a line that does not
// parse is an error.
func (e *HubEngine) readUntil(deadline time.Time) (hub.Line, error) {
	for {
		l, err := e.readRaw(deadline)
		if err != nil {
			return hub.Line{}, err
		}
		if l.tooLong {
			return hub.Line{}, fmt.Errorf("output line longer than %d bytes", maxLine)
		}
		pl, err := hub.ParseLine(l.text)
		if err != nil {
			return hub.Line{}, fmt.Errorf("unparsable line %q: %v", clipText(l.text), err)
		}
		if pl.Command != "" {
			return pl, nil
		}
	}
}

func clipText(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// NewGame tells the engine that the next search belongs to a new game.
func (e *HubEngine) NewGame() error {
	if err := e.send("new-game"); err != nil {
		return e.fail(Crashed, err.Error())
	}
	return nil
}

// Reply is the answer to one go think.
type Reply struct {
	Move    string        // the done move, as written ("" for a bare done)
	Elapsed time.Duration // from writing "go think" to reading "done"
	Score   float64       // last info score (men, side to move's view)
	HasInfo bool          // Score and Depth are set
	Depth   int
	// Stalled is the time the machine stood still during the search
	// (stall.go); it is not part of Elapsed.
	Stalled time.Duration
}

// Think sends pos, level and go think and waits for done. wait bounds the
// wait (a clock allowance, or the hang timeout when 0); timedOut is the
// failure kind to report when it passes (TimeLoss on a clock, Hung
// otherwise). Failures come back as *EngineError; the caller then kills the
// engine.
func (e *HubEngine) Think(pos string, level []hub.Arg, wait time.Duration, timedOut FailKind) (Reply, error) {
	var r Reply
	if wait <= 0 {
		wait, timedOut = e.timeout.hang(), Hung
	}
	// Whatever the engine wrote since its last done answers nothing we
	// asked (a stray info, or worse a late done); it is dropped so that it
	// cannot pass for the answer to this search. It stays in the tail.
	for drained := false; !drained; {
		select {
		case <-e.lines:
		default:
			drained = true
		}
	}
	if err := e.send(pos); err != nil {
		return r, e.fail(Crashed, err.Error())
	}
	if err := e.send(hub.Format("level", level...)); err != nil {
		return r, e.fail(Crashed, err.Error())
	}
	start := time.Now()
	proc := sampleProc(e.cmd.Process.Pid)
	if err := e.send("go think"); err != nil {
		return r, e.fail(Crashed, err.Error())
	}
	deadline := start.Add(wait)
	for {
		l, err := e.readUntil(deadline)
		switch {
		case errors.Is(err, errAbandoned):
			return r, err
		case errors.Is(err, errTimeout):
			now := time.Now()
			machine.catchUp(now)
			if s := machine.stalled(start, now); s > r.Stalled {
				// The machine stood still: the engine gets that time back.
				deadline = deadline.Add(s - r.Stalled)
				r.Stalled = s
				e.tail.add(fmt.Sprintf("# runner: the machine stood still for %.3f s during this search; not charged", s.Seconds()))
				continue
			}
			wall := time.Since(start)
			if d := describeProc(proc, sampleProc(e.cmd.Process.Pid), wall); d != "" {
				e.tail.add("# runner: " + d)
			}
			pid := e.cmd.Process.Pid
			if n, ok := unreadPipe(pid, 1); ok {
				e.tail.add(fmt.Sprintf("# runner: %d bytes of the engine's output not read yet, %d lines read and not taken", n, len(e.lines)))
			}
			if n, ok := unreadPipe(pid, 0); ok {
				e.tail.add(fmt.Sprintf("# runner: %d bytes of its input not read by the engine yet", n))
			}
			e.askStatus()
			return r, e.fail(timedOut, fmt.Sprintf("no move after %.3f s", wall.Seconds()))
		case errors.Is(err, errExited):
			return r, e.fail(Crashed, err.Error())
		case err != nil:
			return r, e.fail(Garbage, err.Error())
		}
		switch l.Command {
		case "info":
			if v, ok, err := l.Float("score"); ok && err == nil {
				r.Score, r.HasInfo = v, true
			}
			if v, ok, err := l.Int("depth"); ok && err == nil {
				r.Depth = v
			}
		case "done":
			now := time.Now()
			machine.catchUp(now)
			r.Stalled = machine.stalled(start, now)
			r.Elapsed = now.Sub(start) - r.Stalled
			r.Move, _ = l.Get("move")
			return r, nil
		}
		// Other lines (error, pong, unknown commands) are ignored as the
		// protocol asks; they stay in the tail for the log.
	}
}

// statusMark starts the line a damka hub logs on the status signal
// (hub.Session.Status); the ring keeps up to maxStatus bytes of it, as it
// carries every goroutine's stack.
const (
	statusMark = "status: last read "
	maxStatus  = 16 << 10
	statusWait = 300 * time.Millisecond
)

// askStatus sends the status signal to an engine that has not answered in
// time and waits up to statusWait for its status line on stderr, which goes
// into the tail. An engine that does not know the signal dies of it (it is
// killed after the failure anyway); a damka hub that writes nothing was not
// running its goroutines at all.
func (e *HubEngine) askStatus() {
	if !signalStatus(e.cmd.Process) {
		return
	}
	deadline := time.Now().Add(statusWait)
	for time.Now().Before(deadline) {
		for _, l := range e.tail.snapshot() {
			if strings.Contains(l, statusMark) {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	e.tail.add(fmt.Sprintf("# runner: no status line within %v of the status signal", statusWait))
	e.askDump()
}

// fail builds an EngineError with the current tail.
func (e *HubEngine) fail(kind FailKind, detail string) *EngineError {
	return &EngineError{Engine: e.Spec.Name, Kind: kind, Detail: detail, Tail: e.tail.snapshot()}
}

// Tail returns the last lines the engine read ("> ") and wrote ("< ",
// "<stderr ").
func (e *HubEngine) Tail() []string { return e.tail.snapshot() }

// Alive reports whether the process is still running.
func (e *HubEngine) Alive() bool {
	select {
	case <-e.exited:
		return false
	default:
		return true
	}
}

// Kill ends the process at once and waits for it.
func (e *HubEngine) Kill() {
	e.killed.Do(func() {
		close(e.quit)
		if e.cmd != nil && e.cmd.Process != nil {
			e.cmd.Process.Kill()
		}
	})
	if e.cmd != nil && e.cmd.Process != nil {
		<-e.exited
	}
	e.stdin.Close()
}

// Close asks the engine to quit, waits up to a second, then kills it.
func (e *HubEngine) Close() {
	if e.Alive() {
		e.send("quit")
		select {
		case <-e.exited:
		case <-time.After(time.Second):
		}
	}
	e.Kill()
}
