package dxp

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// Examples copied byte for byte from docs/protocols.md §2.3.
const (
	specGameReqA = "R01Tornado voor Windows 4.0        W060065A"
	specGameAcc  = "ATornado voor Windows 4.0        0"
	specMove     = "M0012061100"
	specCapture  = "M001205250422122320"
	specGameEnd  = "E00"
	specBackReq  = "B005Z"
	specBackAcc  = "K0"
	specChat     = "CWhat do you think about move 35?"
	specGameReqB = "R01DXP Client                      Z005075BWzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
)

func startPos() *Position {
	p := StandardPosition()
	return &p
}

func customPos() *Position {
	p := Position{ToMove: Black}
	for i := range p.Squares {
		p.Squares[i] = Empty
	}
	p.Squares[0] = WhiteKing
	p.Squares[22] = BlackMan
	p.Squares[27] = WhiteMan
	p.Squares[49] = BlackKing
	return &p
}

func twentyCaptures() []int {
	c := make([]int, MaxCaptures)
	for i := range c {
		c[i] = 50 - 2*i
	}
	return c
}

var roundTrips = []struct {
	name string
	msg  Message
	wire string // without NUL
}{
	{"spec gamereq A", GameReq{Version: 1, Initiator: "Tornado voor Windows 4.0", FollowerColor: White, Minutes: 60, Moves: 65}, specGameReqA},
	{"spec gamereq B pydraughts", GameReq{Version: 1, Initiator: "DXP Client", FollowerColor: Black, Minutes: 5, Moves: 75, Position: startPos()}, specGameReqB},
	{"gamereq custom position", GameReq{Version: 1, Initiator: "damka", FollowerColor: White, Minutes: 999, Moves: 0, Position: customPos()},
		"R01damka                           W999000BZ" +
			"W" + strings.Repeat("e", 21) + "z" + "eeee" + "w" + strings.Repeat("e", 21) + "Z"},
	{"gamereq empty name, full name", GameReq{Version: 0, Initiator: "", FollowerColor: Black, Minutes: 0, Moves: 999}, "R00                                Z000999A"},
	{"gamereq 32-char name", GameReq{Version: 99, Initiator: strings.Repeat("x", 32), FollowerColor: White, Minutes: 1, Moves: 1}, "R99" + strings.Repeat("x", 32) + "W001001A"},
	{"gamereq fractional minutes", GameReq{Version: 1, Initiator: "mm", FollowerColor: White, Minutes: 2.5, Moves: 0}, "R01mm                              W2.5000A"},
	{"gamereq minutes below one", GameReq{Version: 1, Initiator: "mm", FollowerColor: White, Minutes: 0.17, Moves: 0}, "R01mm                              W.17000A"},
	{"gamereq half minute", GameReq{Version: 1, Initiator: "mm", FollowerColor: White, Minutes: 0.5, Moves: 0}, "R01mm                              W0.5000A"},
	{"spec gameacc", GameAcc{Follower: "Tornado voor Windows 4.0", Code: AccAccepted}, specGameAcc},
	{"gameacc refuse all", GameAcc{Follower: "Scan", Code: AccRefuseAll}, "AScan                            3"},
	{"spec move", Move{Time: 12, From: 6, To: 11}, specMove},
	{"spec capture unsorted", Move{Time: 12, From: 5, To: 25, Captured: []int{22, 12, 23, 20}}, specCapture},
	{"circular king capture", Move{Time: 9999, From: 46, To: 46, Captured: []int{37, 39, 28}}, "M9999464603373928"},
	{"twenty captures", Move{Time: 0, From: 1, To: 50, Captured: twentyCaptures()}, "M0000015020" + "5048464442403836343230282624222018161412"},
	{"spec gameend", GameEnd{Reason: EndNoReason, Stop: StopContinue}, specGameEnd},
	{"gameend I lose, stop", GameEnd{Reason: EndILose, Stop: StopAll}, "E11"},
	{"gameend draw", GameEnd{Reason: EndDraw, Stop: StopContinue}, "E20"},
	{"gameend I win", GameEnd{Reason: EndIWin, Stop: StopAll}, "E31"},
	{"spec backreq", BackReq{MoveNumber: 5, ToMove: Black}, specBackReq},
	{"backreq 999 white", BackReq{MoveNumber: 999, ToMove: White}, "B999W"},
	{"spec backacc", BackAcc{Code: BackAccepted}, specBackAcc},
	{"backacc unsupported", BackAcc{Code: BackUnsupported}, "K1"},
	{"backacc refused", BackAcc{Code: BackRefused}, "K2"},
	{"spec chat", Chat{Text: "What do you think about move 35?"}, specChat},
	{"chat one char", Chat{Text: "x"}, "Cx"},
	{"chat max length with controls", Chat{Text: "\x01\t" + strings.Repeat("y", 123) + "\x7f"}, "C\x01\t" + strings.Repeat("y", 123) + "\x7f"},
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range roundTrips {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Encode(tc.msg)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if want := tc.wire + "\x00"; string(got) != want {
				t.Fatalf("Encode =\n %q\nwant\n %q", got, want)
			}
			dec, err := Decode([]byte(tc.wire))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !reflect.DeepEqual(dec, tc.msg) {
				t.Fatalf("Decode = %#v\nwant %#v", dec, tc.msg)
			}
			if dec.Type() != tc.wire[0] {
				t.Errorf("Type() = %q, want %q", dec.Type(), tc.wire[0])
			}
		})
	}
}

func TestEncodePointer(t *testing.T) {
	for _, tc := range roundTrips {
		p := reflect.New(reflect.TypeOf(tc.msg))
		p.Elem().Set(reflect.ValueOf(tc.msg))
		got, err := Encode(p.Interface().(Message))
		if err != nil || string(got) != tc.wire+"\x00" {
			t.Errorf("%s: Encode(pointer) = %q, %v", tc.name, got, err)
		}
	}
}

// Fields other tools fill differently from our canonical encoding.
func TestDecodeLenientTime(t *testing.T) {
	for _, tc := range []struct {
		field string
		want  float64
		canon string
	}{
		{" 60", 60, "060"},
		{"60 ", 60, "060"},
		{" 5 ", 5, "005"},
		{"2.5", 2.5, "2.5"},
		{".17", 0.17, ".17"},
		{".5 ", 0.5, "0.5"},
		{"10.", 10, "010"},
		{"  0", 0, "000"},
	} {
		wire := "R01x                               W" + tc.field + "000A"
		m, err := Decode([]byte(wire))
		if err != nil {
			t.Errorf("time %q: %v", tc.field, err)
			continue
		}
		req := m.(GameReq)
		if req.Minutes != tc.want {
			t.Errorf("time %q: Minutes = %v, want %v", tc.field, req.Minutes, tc.want)
		}
		enc, err := Encode(req)
		if err != nil {
			t.Errorf("time %q: re-encode: %v", tc.field, err)
			continue
		}
		if got := string(enc[36:39]); got != tc.canon {
			t.Errorf("time %q re-encoded as %q, want %q", tc.field, got, tc.canon)
		}
	}
}

func TestStandardPosition(t *testing.T) {
	p := StandardPosition()
	var b strings.Builder
	for _, sq := range p.Squares {
		b.WriteByte(byte(sq))
	}
	if want := "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww"; b.String() != want || p.ToMove != White {
		t.Errorf("StandardPosition = %c %s", p.ToMove, b.String())
	}
}

func TestDecodeErrors(t *testing.T) {
	reqA := []byte(specGameReqA)
	reqB := []byte(specGameReqB)
	with := func(b []byte, off int, s string) string {
		c := append([]byte(nil), b...)
		copy(c[off:], s)
		return string(c)
	}
	for _, tc := range []struct {
		name, wire, reason string
	}{
		{"empty", "", "empty message"},
		{"unknown type", "X00", "unknown message type"},
		{"lower-case type", "m0012061100", "unknown message type"},
		{"over 127 bytes", "C" + strings.Repeat("a", 127), "exceeds 127"},
		{"embedded NUL", "E0\x00", "outside ASCII"},
		{"non-ASCII byte", "Cé", "outside ASCII"},

		{"gamereq too short", specGameReqA[:42], "GAMEREQ must be 43 or 94"},
		{"gamereq A trailing byte", specGameReqA + "W", "start indicator A must be 43"},
		{"gamereq A with position", specGameReqA + specGameReqB[43:], "start indicator A must be 43"},
		{"gamereq B truncated", specGameReqB[:93], "start indicator B must be 94"},
		{"gamereq B trailing byte", specGameReqB + "e", "start indicator B must be 94"},
		{"gamereq B without position", specGameReqB[:43], "start indicator B must be 94"},
		{"gamereq version non-digit", with(reqA, 1, "0x"), "version: non-digit"},
		{"gamereq leading blank name", with(reqA, 3, " Tornado"), "leading blank"},
		{"gamereq bad follower colour", with(reqA, 35, "B"), "follower colour: invalid colour"},
		{"gamereq lower-case colour", with(reqA, 35, "w"), "follower colour: invalid colour"},
		{"gamereq time blank", with(reqA, 36, "   "), "not a number"},
		{"gamereq time inner blank", with(reqA, 36, "1 5"), "unexpected ' '"},
		{"gamereq time sign", with(reqA, 36, "-10"), "unexpected '-'"},
		{"gamereq time exponent", with(reqA, 36, "1e2"), "unexpected 'e'"},
		{"gamereq time two dots", with(reqA, 36, "1.."), "not a number"},
		{"gamereq time dot only", with(reqA, 36, " . "), "not a number"},
		{"gamereq moves non-digit", with(reqA, 39, "06 "), "number of moves: non-digit"},
		{"gamereq bad start indicator", with(reqA, 42, "C"), "invalid start indicator"},
		{"gamereq B bad colour to move", with(reqB, 43, "X"), "colour to move: invalid colour"},
		{"gamereq B bad piece", with(reqB, 44+30, "x"), "invalid piece 'x' on square 31"},

		{"gameacc short", specGameAcc[:33], "GAMEACC must be 34"},
		{"gameacc long", specGameAcc + "0", "GAMEACC must be 34"},
		{"gameacc code 4", specGameAcc[:33] + "4", "acceptance code 4 out of range"},
		{"gameacc code non-digit", specGameAcc[:33] + "y", "acceptance code: non-digit"},
		{"gameacc leading blank", "A Scan                           0", "leading blank"},

		{"move short", "M001206110", "at least 11"},
		{"move trailing byte", specMove + "0", "with 0 captures must be 11"},
		{"move fewer captured than count", specCapture[:17], "with 4 captures must be 19"},
		{"move more captured than count", specCapture + "33", "with 4 captures must be 19"},
		{"move time non-digit", "M00a2061100", "time: non-digit"},
		{"move time blank", "M 012061100", "time: non-digit"},
		{"move from 00", "M0012001100", "from square 0 out of range"},
		{"move from 51", "M0012511100", "from square 51 out of range"},
		{"move to 99", "M0012069900", "to square 99 out of range"},
		{"move to signed", "M001206-100", "to square: non-digit"},
		{"move count 21", "M0000015021" + strings.Repeat("01", 21), "number captured 21 out of range"},
		{"move count blank", "M00120611 1" + "12", "number captured: non-digit"},
		{"move captured 00", "M001205250100", "captured square 0 out of range"},
		{"move captured 51", "M001205250151", "captured square 51 out of range"},
		{"move captured non-digit", "M00120525011a", "captured square: non-digit"},
		{"move captured twice", "M00120525022222", "captured twice"},

		{"gameend short", "E0", "GAMEEND must be 3"},
		{"gameend long", "E000", "GAMEEND must be 3"},
		{"gameend reason 4", "E40", "reason 4 out of range"},
		{"gameend stop 2", "E02", "stop code 2 out of range"},
		{"gameend placeholder", "E1x", "stop code: non-digit"},

		{"backreq short", "B05Z", "BACKREQ must be 5"},
		{"backreq move 0", "B000W", "move number 0 out of range"},
		{"backreq non-digit", "B0a5Z", "move number: non-digit"},
		{"backreq bad colour", "B005B", "colour to move: invalid colour"},

		{"backacc short", "K", "BACKACC must be 2"},
		{"backacc long", "K00", "BACKACC must be 2"},
		{"backacc code 3", "K3", "acceptance code 3 out of range"},

		{"chat without text", "C", "CHAT without text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode([]byte(tc.wire))
			if err == nil {
				t.Fatalf("Decode(%q) = %#v, want error", tc.wire, m)
			}
			if m != nil {
				t.Errorf("Decode returned message %#v with error", m)
			}
			if !errors.Is(err, ErrMalformed) {
				t.Errorf("error %v does not match ErrMalformed", err)
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Msg != tc.wire {
				t.Errorf("error %#v is not a *SyntaxError carrying the message", err)
			}
			if !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("error %q does not mention %q", err, tc.reason)
			}
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	okReq := GameReq{Version: 1, Initiator: "x", FollowerColor: White, Minutes: 5, Moves: 0}
	req := func(f func(*GameReq)) GameReq {
		r := okReq
		f(&r)
		return r
	}
	badPiece := StandardPosition()
	badPiece.Squares[7] = 'q'
	badToMove := StandardPosition()
	badToMove.ToMove = 0
	var nilMove *Move
	for _, tc := range []struct {
		name   string
		msg    Message
		reason string
	}{
		{"nil", nil, "cannot encode"},
		{"nil pointer", nilMove, "cannot encode"},

		{"version 100", req(func(r *GameReq) { r.Version = 100 }), "version 100 out of range"},
		{"version -1", req(func(r *GameReq) { r.Version = -1 }), "version -1 out of range"},
		{"name too long", req(func(r *GameReq) { r.Initiator = strings.Repeat("n", 33) }), "longer than 32"},
		{"name leading blank", req(func(r *GameReq) { r.Initiator = " x" }), "starts or ends with a blank"},
		{"name trailing blank", req(func(r *GameReq) { r.Initiator = "x " }), "starts or ends with a blank"},
		{"name NUL", req(func(r *GameReq) { r.Initiator = "a\x00b" }), "outside ASCII"},
		{"name non-ASCII", req(func(r *GameReq) { r.Initiator = "Damë" }), "outside ASCII"},
		{"follower colour zero", req(func(r *GameReq) { r.FollowerColor = 0 }), "invalid follower colour"},
		{"minutes negative", req(func(r *GameReq) { r.Minutes = -1 }), "does not fit"},
		{"minutes NaN", req(func(r *GameReq) { r.Minutes = math.NaN() }), "does not fit"},
		{"minutes Inf", req(func(r *GameReq) { r.Minutes = math.Inf(1) }), "does not fit"},
		{"minutes 1000", req(func(r *GameReq) { r.Minutes = 1000 }), "does not fit"},
		{"minutes 999.5", req(func(r *GameReq) { r.Minutes = 999.5 }), "does not fit"},
		{"minutes 0.125", req(func(r *GameReq) { r.Minutes = 0.125 }), "does not fit"},
		{"minutes 12.5", req(func(r *GameReq) { r.Minutes = 12.5 }), "does not fit"},
		{"moves 1000", req(func(r *GameReq) { r.Moves = 1000 }), "number of moves 1000 out of range"},
		{"moves negative", req(func(r *GameReq) { r.Moves = -1 }), "number of moves -1 out of range"},
		{"bad piece", req(func(r *GameReq) { r.Position = &badPiece }), "invalid piece 'q' on square 8"},
		{"bad colour to move", req(func(r *GameReq) { r.Position = &badToMove }), "invalid colour to move"},

		{"gameacc code 4", GameAcc{Follower: "x", Code: 4}, "acceptance code 4 out of range"},
		{"gameacc code -1", GameAcc{Follower: "x", Code: -1}, "acceptance code -1 out of range"},
		{"gameacc long name", GameAcc{Follower: strings.Repeat("n", 40)}, "longer than 32"},

		{"move time negative", Move{Time: -1, From: 1, To: 2}, "time -1 out of range"},
		{"move time 10000", Move{Time: 10000, From: 1, To: 2}, "time 10000 out of range"},
		{"move from 0", Move{From: 0, To: 2}, "from square 0 out of range"},
		{"move to 51", Move{From: 1, To: 51}, "to square 51 out of range"},
		{"move captured 0", Move{From: 1, To: 3, Captured: []int{0}}, "captured square 0 out of range"},
		{"move captured 51", Move{From: 1, To: 3, Captured: []int{51}}, "captured square 51 out of range"},
		{"move captured twice", Move{From: 1, To: 3, Captured: []int{7, 7}}, "square 7 captured twice"},
		{"move 21 captures", Move{From: 1, To: 3, Captured: append(twentyCaptures(), 1)}, "21 captured pieces"},
		{"move 100 captures", Move{From: 1, To: 3, Captured: make([]int, 100)}, "100 captured pieces"},

		{"gameend reason 4", GameEnd{Reason: 4}, "reason 4 out of range"},
		{"gameend stop 2", GameEnd{Stop: 2}, "stop code 2 out of range"},
		{"backreq 0", BackReq{MoveNumber: 0, ToMove: White}, "move number 0 out of range"},
		{"backreq 1000", BackReq{MoveNumber: 1000, ToMove: White}, "move number 1000 out of range"},
		{"backreq colour", BackReq{MoveNumber: 3, ToMove: 'w'}, "invalid colour to move"},
		{"backacc 3", BackAcc{Code: 3}, "acceptance code 3 out of range"},
		{"chat empty", Chat{}, "text length 0"},
		{"chat 127", Chat{Text: strings.Repeat("c", 127)}, "text length 127"},
		{"chat NUL", Chat{Text: "a\x00"}, "outside ASCII"},
		{"chat non-ASCII", Chat{Text: "zwart ♛"}, "outside ASCII"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Encode(tc.msg)
			if err == nil {
				t.Fatalf("Encode = %q, want error", b)
			}
			if b != nil {
				t.Errorf("Encode returned bytes %q with error", b)
			}
			if !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("error %q does not mention %q", err, tc.reason)
			}
		})
	}
}

func TestColorString(t *testing.T) {
	if White.String() != "white" || Black.String() != "black" || Color('x').String() != `Color('x')` {
		t.Errorf("Color.String: %s %s %s", White, Black, Color('x'))
	}
}
