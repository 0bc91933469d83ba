package dxp

import (
	"bytes"
	"errors"
	"io"
)

// DefaultMaxFrame bounds how many bytes a Reader buffers while waiting for a
// NUL. It is far above MaxMessageLen so that an over-long but otherwise
// readable message still reaches Decode and gets a precise error, while a
// peer that never sends a NUL cannot make us buffer without limit.
const DefaultMaxFrame = 4096

// ErrTooLong is returned by Reader.Next for a frame longer than the Reader's
// limit. The Reader skips to the next NUL and can be used again.
var ErrTooLong = errors.New("dxp: message too long")

// Reader splits a DXP byte stream into messages at NUL bytes. TCP may split
// a message over several reads or deliver several in one, so bytes are
// buffered until a terminator arrives.
type Reader struct {
	r     io.Reader
	max   int
	buf   []byte
	start int // buf[start:end] holds bytes not yet consumed
	end   int
	skip  bool // discarding the rest of an over-long frame
	err   error
}

// NewReader returns a Reader with the DefaultMaxFrame limit.
func NewReader(r io.Reader) *Reader { return NewReaderSize(r, DefaultMaxFrame) }

// NewReaderSize returns a Reader that rejects frames longer than max bytes
// (excluding the NUL); max below MaxMessageLen is raised to it, so no valid
// message is ever refused.
func NewReaderSize(r io.Reader, max int) *Reader {
	if max < MaxMessageLen {
		max = MaxMessageLen
	}
	return &Reader{r: r, max: max, buf: make([]byte, max+1)}
}

// Next returns the next message. ErrTooLong and errors matching ErrMalformed
// concern a single frame only: the stream stays in sync and Next may be
// called again. At a clean end of stream Next returns io.EOF; if the stream
// ends inside a message it returns io.ErrUnexpectedEOF once, then io.EOF.
// Any other read error is returned and repeated on later calls.
func (r *Reader) Next() (Message, error) {
	noProgress := 0
	for {
		if i := bytes.IndexByte(r.buf[r.start:r.end], 0); i >= 0 {
			frame := r.buf[r.start : r.start+i]
			r.start += i + 1
			if r.skip {
				r.skip = false
				continue
			}
			// The buffer holds max+1 bytes, so a terminated frame found in
			// it is never longer than max.
			return Decode(frame)
		}
		// No terminator buffered.
		if r.skip {
			r.start, r.end = 0, 0
		} else if r.end-r.start > r.max {
			// Report now rather than at the NUL, which may never come.
			r.start, r.end = 0, 0
			r.skip = true
			return nil, ErrTooLong
		}
		if r.err != nil {
			return nil, r.endErr()
		}
		if r.start > 0 {
			r.end = copy(r.buf, r.buf[r.start:r.end])
			r.start = 0
		}
		n, err := r.r.Read(r.buf[r.end:])
		if n < 0 || n > len(r.buf)-r.end {
			r.err = errors.New("dxp: invalid read count from underlying reader")
			return nil, r.err
		}
		r.end += n
		r.err = err
		if n == 0 && err == nil {
			if noProgress++; noProgress >= 100 {
				r.err = io.ErrNoProgress
			}
		}
	}
}

// endErr converts a sticky read error, reporting a truncated frame once.
// The tail of a frame already reported as too long was dropped before this
// point, so it ends the stream cleanly.
func (r *Reader) endErr() error {
	if r.err != io.EOF {
		return r.err
	}
	r.skip = false
	if r.end > r.start {
		r.start, r.end = 0, 0
		return io.ErrUnexpectedEOF
	}
	return io.EOF
}

// Write encodes m and sends it, terminator included, in a single Write call:
// net.Conn serialises whole Write calls, so goroutines sharing a connection
// (say, a chat sender and the move loop) cannot interleave inside a message.
func Write(w io.Writer, m Message) error {
	b, err := Encode(m)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
