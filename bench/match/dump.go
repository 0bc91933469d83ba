package match

import (
	"strconv"
	"strings"
	"sync"
	"time"
)

// When a damka hub does not even answer the status signal, none of its
// goroutines runs (docs/testing.md, "Time losses in self-play"). The runner
// then sends SIGQUIT: the Go runtime prints every goroutine's stack from
// inside its signal handler, which needs no goroutine to run, and the
// process exits (it is restarted after the failure anyway). The dump's
// lines are captured instead of filling the tail, and one line of it, each
// goroutine with its state and first frame outside the runtime, goes into
// the failure log:
//
//	# runner: SIGQUIT dump: 12 goroutines; 1 [select] damka/protocol/hub.(*Session).Run | ...

const (
	dumpMark  = "# runner: SIGQUIT dump: "
	dumpWait  = 2 * time.Second
	dumpLines = 2000
)

// dumpCapture collects the stderr lines that follow SIGQUIT.
type dumpCapture struct {
	mu    sync.Mutex
	on    bool
	lines []string
	cut   bool // lines were dropped beyond dumpLines
}

// add keeps s and reports true while capturing.
func (d *dumpCapture) add(s string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.on {
		return false
	}
	if len(d.lines) < dumpLines {
		d.lines = append(d.lines, s)
	} else {
		d.cut = true
	}
	return true
}

func (d *dumpCapture) start() {
	d.mu.Lock()
	d.on, d.lines, d.cut = true, nil, false
	d.mu.Unlock()
}

// stop ends the capture and returns its lines and whether some were cut.
func (d *dumpCapture) stop() ([]string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.on = false
	return d.lines, d.cut
}

// askDump sends SIGQUIT and waits up to dumpWait for the process to exit,
// then adds the compacted dump to the tail.
func (e *HubEngine) askDump() {
	e.dump.start()
	if !signalDump(e.cmd.Process) {
		e.dump.stop()
		return
	}
	select {
	case <-e.exited: // the copiers are done: every line is in
	case <-time.After(dumpWait):
	}
	lines, cut := e.dump.stop()
	if s := compactDump(lines); s != "" {
		if cut {
			s += " (the dump went on past " + strconv.Itoa(dumpLines) + " lines)"
		}
		e.tail.add(dumpMark + s)
	} else {
		e.tail.add("# runner: no stack dump within " + dumpWait.String() + " of SIGQUIT")
	}
}

// compactDump makes one line of a Go stack dump: the number of goroutines,
// then each as its id, its state and its first frame outside the runtime
// (or its first frame). Text that is not a Go dump gives "".
func compactDump(lines []string) string {
	var parts []string
	head, frame, first := "", "", ""
	emit := func() {
		if head == "" {
			return
		}
		f := frame
		if f == "" {
			f = first
		}
		parts = append(parts, strings.TrimSpace(head+" "+f))
	}
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "goroutine running on other thread"):
			frame = "(running on another thread)"
		case strings.HasPrefix(l, "goroutine "):
			emit()
			head, frame, first = goroutineHead(l), "", ""
		case head == "" || l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "created by "):
			// before the first goroutine (SIGQUIT, PC=, registers), file
			// and line, blank, the creator
		default:
			fn := l
			if i := strings.LastIndexByte(fn, '('); i > 0 {
				fn = fn[:i]
			}
			if first == "" {
				first = fn
			}
			if frame == "" && !runtimeFrame(fn) {
				frame = fn
			}
		}
	}
	emit()
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(append([]string{strconv.Itoa(len(parts)) + " goroutines"}, parts...), "; ")
}

// goroutineHead turns "goroutine 7 gp=0x... m=3 mp=0x... [running]:" into
// "7 m=3 [running]".
func goroutineHead(l string) string {
	state := ""
	if i, j := strings.IndexByte(l, '['), strings.LastIndexByte(l, ']'); i >= 0 && j > i {
		state, l = l[i:j+1], l[:i]
	}
	out := []string{}
	for k, x := range strings.Fields(l) {
		if k == 1 || strings.HasPrefix(x, "m=") && x != "m=nil" {
			out = append(out, x)
		}
	}
	return strings.Join(append(out, state), " ")
}

// runtimeFrame reports whether a function belongs to the runtime or the
// standard library's waiting machinery rather than to the program.
func runtimeFrame(fn string) bool {
	for _, p := range []string{"runtime.", "internal/", "sync.", "syscall.", "os/signal.", "time.Sleep"} {
		if strings.HasPrefix(fn, p) {
			return true
		}
	}
	return false
}
