package hub

// Parameters that name files are checked by reading the file, which may
// take long (a slow disk) or for ever (a FIFO with no writer, /dev/stdin, a
// device). Only regular files are opened: set-param first checks what the
// path is (a stat, which does not block on a FIFO) and refuses anything
// else at once, in order with the other answers. The file itself is read
// by a worker, never on the session's goroutine: until the worker answers,
// the session still answers ping and obeys quit and the end of input, and
// every other line waits in a queue and is handled, in order, once the
// parameter is set (init and go must see it). So a pong may overtake the
// answer to a set-param whose file is slow to read.

import (
	"fmt"
	"os"

	"damka/book"
)

// maxQueued bounds the lines kept while a load runs; beyond it lines are
// refused with an error, so that input cannot grow the session without
// bound behind a slow file.
const maxQueued = 4096

// openBook reads a book file: the default of Session.openBook.
func openBook(path string) error {
	_, err := book.Open(path)
	return err
}

// pendingLoad is a set-param whose file a worker is reading.
type pendingLoad struct {
	p      *param
	value  string
	done   chan error // the worker's verdict
	queued []input    // lines read meanwhile, handled after it
}

// regularFile refuses what is not a regular file (after symlinks): opening
// a FIFO or a device blocks, or reads what is not a file.
func regularFile(what, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s %s: %v", what, quoteValue(path), unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s %s is not a regular file (%s)", what, quoteValue(path), fileKind(fi.Mode()))
	}
	return nil
}

// unwrapPath drops the path from an os error, which the message quotes
// (clipped) already.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// startLoad hands p's file to a worker, after p's check; finishLoad sets p
// when it answers.
func (s *Session) startLoad(p *param, value string) {
	if p.check != nil {
		if err := p.check(value); err != nil {
			s.errorf("set-param: %v", err)
			return
		}
	}
	ld := &pendingLoad{p: p, value: value, done: make(chan error, 1)}
	s.load = ld
	go func() { ld.done <- p.load(s, value) }()
}

// whileLoading handles a line read while a load runs and reports whether
// the session must end.
func (s *Session) whileLoading(in input) (quit bool) {
	if !in.tooLong {
		if l, err := ParseLine(in.text); err == nil {
			switch l.Command {
			case "":
				return false
			case "ping":
				s.send("pong")
				return false
			case "quit":
				return true
			}
		}
	}
	if len(s.load.queued) >= maxQueued {
		s.errorf("busy reading %s: line ignored", s.load.p.name)
		return false
	}
	s.load.queued = append(s.load.queued, in)
	return false
}

// finishLoad sets the parameter whose file was read (or answers why it
// cannot be), then handles the lines queued meanwhile, and reports whether
// one of them ended the session.
func (s *Session) finishLoad(err error) (quit bool) {
	ld := s.load
	s.load = nil
	if err == nil {
		err = ld.p.set(s, ld.value)
	}
	if err != nil {
		s.errorf("set-param: %v", err)
	}
	for i, in := range ld.queued {
		if s.handle(in) {
			return true
		}
		if s.load != nil {
			// Another set-param of a file: the rest waits for it.
			s.load.queued = append(s.load.queued, ld.queued[i+1:]...)
			return false
		}
	}
	return false
}
