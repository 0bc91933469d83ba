package dxp

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// stream concatenates the wire forms of msgs.
func stream(t *testing.T, msgs ...Message) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, m := range msgs {
		if err := Write(&buf, m); err != nil {
			t.Fatalf("Write(%#v): %v", m, err)
		}
	}
	return buf.Bytes()
}

type result struct {
	msg Message
	err error
}

// readAll calls Next until a non-recoverable error, collecting everything.
func readAll(t *testing.T, r *Reader) []result {
	t.Helper()
	var out []result
	for i := 0; i < 100; i++ {
		m, err := r.Next()
		out = append(out, result{m, err})
		if err != nil && !errors.Is(err, ErrTooLong) && !errors.Is(err, ErrMalformed) {
			return out
		}
	}
	t.Fatal("reader did not terminate")
	return nil
}

func checkResults(t *testing.T, got []result, want []result) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d results %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if !reflect.DeepEqual(got[i].msg, want[i].msg) {
			t.Errorf("result %d: message %#v, want %#v", i, got[i].msg, want[i].msg)
		}
		switch {
		case want[i].err == nil && got[i].err != nil,
			want[i].err != nil && !errors.Is(got[i].err, want[i].err):
			t.Errorf("result %d: error %v, want %v", i, got[i].err, want[i].err)
		}
	}
}

var dialogue = []Message{
	GameReq{Version: 1, Initiator: "DXP Client", FollowerColor: Black, Minutes: 5, Moves: 75, Position: startPos()},
	GameAcc{Follower: "damka", Code: AccAccepted},
	Move{Time: 1, From: 32, To: 28},
	Move{Time: 2, From: 19, To: 23},
	Move{Time: 0, From: 28, To: 19, Captured: []int{23}},
	Chat{Text: "error: illegal move"},
	BackReq{MoveNumber: 2, ToMove: White},
	BackAcc{Code: BackUnsupported},
	GameEnd{Reason: EndILose, Stop: StopContinue},
	GameEnd{Reason: EndNoReason, Stop: StopAll},
}

func wantDialogue(final error) []result {
	var want []result
	for _, m := range dialogue {
		want = append(want, result{msg: m})
	}
	return append(want, result{err: final})
}

func TestReaderSeveralMessagesOneStream(t *testing.T) {
	r := NewReader(bytes.NewReader(stream(t, dialogue...)))
	checkResults(t, readAll(t, r), wantDialogue(io.EOF))
	// EOF is sticky.
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("Next after EOF = %v", err)
	}
}

func TestReaderSplitReads(t *testing.T) {
	data := stream(t, dialogue...)
	for name, rd := range map[string]io.Reader{
		"one byte":  iotest.OneByteReader(bytes.NewReader(data)),
		"half":      iotest.HalfReader(bytes.NewReader(data)),
		"data+EOF":  iotest.DataErrReader(bytes.NewReader(data)),
		"one byte+": iotest.DataErrReader(iotest.OneByteReader(bytes.NewReader(data))),
	} {
		t.Run(name, func(t *testing.T) {
			checkResults(t, readAll(t, NewReader(rd)), wantDialogue(io.EOF))
		})
	}
}

func TestReaderEOFMidMessage(t *testing.T) {
	data := append(stream(t, GameEnd{}), "M00120"...)
	for name, rd := range map[string]io.Reader{
		"whole":    bytes.NewReader(data),
		"one byte": iotest.OneByteReader(bytes.NewReader(data)),
	} {
		t.Run(name, func(t *testing.T) {
			r := NewReader(rd)
			checkResults(t, readAll(t, r), []result{{msg: GameEnd{}}, {err: io.ErrUnexpectedEOF}})
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("Next after unexpected EOF = %v, want io.EOF", err)
			}
		})
	}
}

func TestReaderTooLong(t *testing.T) {
	junk := bytes.Repeat([]byte("x"), 300)
	var data []byte
	data = append(data, stream(t, BackAcc{Code: 2})...)
	data = append(data, junk...)
	data = append(data, 0)
	data = append(data, stream(t, Move{Time: 3, From: 31, To: 26})...)
	data = append(data, junk...) // unterminated at EOF
	want := []result{
		{msg: BackAcc{Code: 2}},
		{err: ErrTooLong},
		{msg: Move{Time: 3, From: 31, To: 26}},
		{err: ErrTooLong},
		{err: io.EOF},
	}
	for name, rd := range map[string]func() io.Reader{
		"whole":    func() io.Reader { return bytes.NewReader(data) },
		"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
	} {
		t.Run(name, func(t *testing.T) {
			checkResults(t, readAll(t, NewReaderSize(rd(), 200)), want)
		})
	}
}

func TestReaderLimitBoundary(t *testing.T) {
	// Exactly the limit passes to Decode (and fails there as too long for
	// DXP); one more byte is cut off by the Reader.
	atLimit := "C" + strings.Repeat("a", 199)
	over := "C" + strings.Repeat("a", 200)
	data := []byte(atLimit + "\x00" + over + "\x00K1\x00")
	r := NewReaderSize(bytes.NewReader(data), 200)
	checkResults(t, readAll(t, r), []result{
		{err: ErrMalformed},
		{err: ErrTooLong},
		{msg: BackAcc{Code: 1}},
		{err: io.EOF},
	})
}

func TestReaderDefaultLimit(t *testing.T) {
	huge := bytes.Repeat([]byte("C"), 3*DefaultMaxFrame)
	data := append(append(huge, 0), "E01\x00"...)
	r := NewReader(iotest.HalfReader(bytes.NewReader(data)))
	checkResults(t, readAll(t, r), []result{
		{err: ErrTooLong},
		{msg: GameEnd{Stop: StopAll}},
		{err: io.EOF},
	})
}

func TestReaderSmallLimitRaised(t *testing.T) {
	long := Chat{Text: strings.Repeat("m", MaxChatLen)}
	r := NewReaderSize(bytes.NewReader(stream(t, long)), 10)
	checkResults(t, readAll(t, r), []result{{msg: long}, {err: io.EOF}})
}

func TestReaderMalformedKeepsSync(t *testing.T) {
	data := []byte("\x00X00\x00M0012061100\x00E1x\x00K0\x00")
	r := NewReader(bytes.NewReader(data))
	checkResults(t, readAll(t, r), []result{
		{err: ErrMalformed}, // empty frame
		{err: ErrMalformed}, // unknown type
		{msg: Move{Time: 12, From: 6, To: 11}},
		{err: ErrMalformed},
		{msg: BackAcc{}},
		{err: io.EOF},
	})
}

func TestReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	rd := io.MultiReader(bytes.NewReader([]byte("K0\x00K1")), iotest.ErrReader(boom))
	r := NewReader(rd)
	checkResults(t, readAll(t, r), []result{{msg: BackAcc{}}, {err: boom}})
	if _, err := r.Next(); err != boom {
		t.Errorf("read error not sticky: %v", err)
	}
}

type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

func TestReaderNoProgress(t *testing.T) {
	if _, err := NewReader(stuckReader{}).Next(); err != io.ErrNoProgress {
		t.Errorf("Next = %v, want io.ErrNoProgress", err)
	}
}

type liarReader struct{}

func (liarReader) Read(p []byte) (int, error) { return len(p) + 1, nil }

func TestReaderBadReadCount(t *testing.T) {
	r := NewReader(liarReader{})
	for range 2 {
		if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "invalid read count") {
			t.Errorf("Next = %v, want invalid read count error", err)
		}
	}
}

type recordWriter struct{ writes [][]byte }

func (w *recordWriter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, append([]byte(nil), p...))
	return len(p), nil
}

func TestWrite(t *testing.T) {
	var w recordWriter
	if err := Write(&w, Move{Time: 12, From: 5, To: 25, Captured: []int{22, 12, 23, 20}}); err != nil {
		t.Fatal(err)
	}
	if len(w.writes) != 1 || string(w.writes[0]) != specCapture+"\x00" {
		t.Errorf("writes = %q, want one write of the message and its NUL", w.writes)
	}
	if err := Write(&w, Move{From: 0, To: 1}); err == nil || len(w.writes) != 1 {
		t.Errorf("invalid message: err %v, writes %q", err, w.writes)
	}
	if err := Write(iotest.TruncateWriter(io.Discard, 0), GameEnd{}); err != nil {
		t.Errorf("Write to discard: %v", err)
	}
}
