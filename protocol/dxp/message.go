// Package dxp implements the message layer of DamExchange (DXP), the TCP
// protocol used for engine-vs-engine International draughts matches.
//
// Wire format (layer 1): every message is 1–127 ASCII characters (codes
// 1–127) followed by a single NUL byte; TCP may split or coalesce messages,
// so a receiver buffers until the NUL (see Reader). The first character is
// the message type; all numbers are fixed-width, zero-padded decimal ASCII.
// Offsets are 0-based:
//
//	R GAMEREQ  R vv nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn c ttt mmm A          43 bytes
//	           R vv nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn c ttt mmm B s ppp…p 94 bytes
//	           vv version @1-2, initiator name @3-34 (space padded right),
//	           follower colour @35 (W/Z), minutes per player @36-38,
//	           move limit @39-41 (000 = none), start indicator @42
//	           (A = standard start, B = position follows), side to move @43,
//	           squares 1..50 @44-93 (e, w, z, W, Z)
//	A GAMEACC  A + follower name @1-32 + acceptance code @33               34 bytes
//	M MOVE     M + seconds used @1-4 + from @5-6 + to @7-8 + count @9-10
//	           + 2 digits per captured square                         11+2n bytes
//	E GAMEEND  E + reason @1 + stop code @2                                 3 bytes
//	B BACKREQ  B + move number @1-3 + side to move @4                       5 bytes
//	K BACKACC  K + acceptance code @1                                       2 bytes
//	C CHAT     C + 1–126 characters of text                           2–127 bytes
//
// The spec is docs/protocols.md, section 2. Decoding is
// strict except for the GAMEREQ time field, which real tools fill with
// fractions and spaces (see GameReq.Minutes).
package dxp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Message type letters as they appear in the first byte of a message.
const (
	TypeGameReq = 'R'
	TypeGameAcc = 'A'
	TypeMove    = 'M'
	TypeGameEnd = 'E'
	TypeBackReq = 'B'
	TypeBackAcc = 'K'
	TypeChat    = 'C'
)

// Protocol limits from the spec.
const (
	// MaxMessageLen is the longest message body (without the NUL) the spec allows.
	MaxMessageLen = 127
	// NameLen is the width of the player-name field in GAMEREQ and GAMEACC.
	NameLen = 32
	// MaxChatLen is the longest chat text; the type letter takes the 127th byte.
	MaxChatLen = MaxMessageLen - 1
	// MaxCaptures is the most pieces one move can capture (a full side).
	MaxCaptures = 20
	// NumSquares is the number of playable squares; DXP is 10x10 only.
	NumSquares = 50
	// Version is the only protocol version in use.
	Version = 1
)

// ErrMalformed is matched (via errors.Is) by every error Decode returns.
var ErrMalformed = errors.New("dxp: malformed message")

// SyntaxError reports why a message body could not be decoded. It keeps the
// raw body so a caller can quote it back, e.g. in an "error: ..." chat.
type SyntaxError struct {
	Msg    string // the raw message body, without the NUL
	Reason string
}

func (e *SyntaxError) Error() string {
	raw := e.Msg
	if len(raw) > 64 {
		raw = raw[:64] + "..."
	}
	return fmt.Sprintf("dxp: malformed message %q: %s", raw, e.Reason)
}

func (e *SyntaxError) Unwrap() error { return ErrMalformed }

// Color is a side as DXP spells it: W for white, Z (zwart) for black.
type Color byte

const (
	White Color = 'W'
	Black Color = 'Z'
)

func (c Color) valid() bool { return c == White || c == Black }

func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%q)", byte(c))
}

// Piece is the content of one square in a GAMEREQ position.
type Piece byte

const (
	Empty     Piece = 'e'
	WhiteMan  Piece = 'w'
	BlackMan  Piece = 'z'
	WhiteKing Piece = 'W'
	BlackKing Piece = 'Z'
)

func (p Piece) valid() bool {
	switch p {
	case Empty, WhiteMan, BlackMan, WhiteKing, BlackKing:
		return true
	}
	return false
}

// Position is the optional start position of a GAMEREQ.
type Position struct {
	ToMove  Color
	Squares [NumSquares]Piece // Squares[0] is square 1
}

// StandardPosition returns the initial position written out square by
// square, which is how pydraughts always sends it (form B).
func StandardPosition() Position {
	p := Position{ToMove: White}
	for i := range p.Squares {
		switch {
		case i < 20:
			p.Squares[i] = BlackMan
		case i < 30:
			p.Squares[i] = Empty
		default:
			p.Squares[i] = WhiteMan
		}
	}
	return p
}

// Message is one of GameReq, GameAcc, Move, GameEnd, BackReq, BackAcc, Chat.
type Message interface {
	// Type returns the message's type letter, e.g. 'M'.
	Type() byte
	isMessage()
}

// GameReq (R) is sent by the initiator to start a game.
type GameReq struct {
	Version       int    // 0..99; followers refuse anything but 1 with code 1
	Initiator     string // at most 32 characters, no leading or trailing blank
	FollowerColor Color
	// Minutes is the thinking time per player for the whole game. It is a
	// float because some tools send fractions in the 3-character field
	// ("2.5", ".17"); a whole number is encoded zero-padded ("060").
	Minutes float64
	Moves   int // game length in moves, 0..999; 0 means no limit
	// Position is nil for the standard start with white to move (form A);
	// otherwise the position follows in the message (form B).
	Position *Position
}

// Acceptance codes of GAMEACC.
const (
	AccAccepted   = 0 // game accepted
	AccBadVersion = 1 // protocol version not as expected
	AccRefuseGame = 2 // refuses this game but willing to play another
	AccRefuseAll  = 3 // refuses any game
)

// GameAcc (A) is the follower's answer to GameReq.
type GameAcc struct {
	Follower string // at most 32 characters, no leading or trailing blank
	Code     int    // AccAccepted..AccRefuseAll
}

// Move (M) is one move. Captured squares may arrive in any order and are
// kept in the order received; senders should list them ascending.
type Move struct {
	Time     int // seconds used, 0..9999; informational only
	From, To int // 1..50; equal for a capture that returns to its start
	Captured []int
}

// GAMEEND reasons and stop codes.
const (
	EndNoReason = 0 // always allowed; normal in the acknowledging reply
	EndILose    = 1
	EndDraw     = 2
	EndIWin     = 3

	StopContinue = 0 // game over but willing to play another
	StopAll      = 1 // stop entirely
)

// GameEnd (E) ends a game; the side to move sends it, the other confirms.
type GameEnd struct {
	Reason int // EndNoReason..EndIWin
	Stop   int // StopContinue or StopAll
}

// BackReq (B) asks to take moves back to the given move number.
type BackReq struct {
	MoveNumber int // 1..999
	ToMove     Color
}

// Acceptance codes of BACKACC.
const (
	BackAccepted    = 0
	BackUnsupported = 1
	BackRefused     = 2 // refused, continue the game
)

// BackAcc (K) answers BackReq.
type BackAcc struct {
	Code int // BackAccepted..BackRefused
}

// Chat (C) carries free text and may be sent at any time, even between games.
type Chat struct {
	Text string // 1..126 characters, codes 1..127
}

func (GameReq) Type() byte { return TypeGameReq }
func (GameAcc) Type() byte { return TypeGameAcc }
func (Move) Type() byte    { return TypeMove }
func (GameEnd) Type() byte { return TypeGameEnd }
func (BackReq) Type() byte { return TypeBackReq }
func (BackAcc) Type() byte { return TypeBackAcc }
func (Chat) Type() byte    { return TypeChat }

func (GameReq) isMessage() {}
func (GameAcc) isMessage() {}
func (Move) isMessage()    {}
func (GameEnd) isMessage() {}
func (BackReq) isMessage() {}
func (BackAcc) isMessage() {}
func (Chat) isMessage()    {}

// Encode returns the wire form of m, including the NUL terminator. It
// refuses fields the fixed-width format cannot carry rather than truncating
// them, since a silently altered move or name would desynchronise the match.
// Pointers to message types are accepted as well.
func Encode(m Message) ([]byte, error) {
	switch v := m.(type) {
	case GameReq:
		return encodeGameReq(v)
	case *GameReq:
		if v != nil {
			return encodeGameReq(*v)
		}
	case GameAcc:
		return encodeGameAcc(v)
	case *GameAcc:
		if v != nil {
			return encodeGameAcc(*v)
		}
	case Move:
		return encodeMove(v)
	case *Move:
		if v != nil {
			return encodeMove(*v)
		}
	case GameEnd:
		return encodeGameEnd(v)
	case *GameEnd:
		if v != nil {
			return encodeGameEnd(*v)
		}
	case BackReq:
		return encodeBackReq(v)
	case *BackReq:
		if v != nil {
			return encodeBackReq(*v)
		}
	case BackAcc:
		return encodeBackAcc(v)
	case *BackAcc:
		if v != nil {
			return encodeBackAcc(*v)
		}
	case Chat:
		return encodeChat(v)
	case *Chat:
		if v != nil {
			return encodeChat(*v)
		}
	}
	return nil, fmt.Errorf("dxp: cannot encode %T", m)
}

func encErr(typ, format string, args ...any) error {
	return fmt.Errorf("dxp: encode %s: %s", typ, fmt.Sprintf(format, args...))
}

// appendNum appends v zero-padded to width digits; the caller has checked
// that v fits.
func appendNum(b []byte, v, width int) []byte {
	s := strconv.Itoa(v)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

func checkRange(typ, field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return encErr(typ, "%s %d out of range %d..%d", field, v, lo, hi)
	}
	return nil
}

// checkName enforces the spec's "no leading blank" and, because padding is
// stripped on receipt, also forbids a trailing blank that could not survive
// the round trip.
func checkName(name string) string {
	if len(name) > NameLen {
		return fmt.Sprintf("name %q longer than %d characters", name, NameLen)
	}
	if name != "" && (name[0] == ' ' || name[len(name)-1] == ' ') {
		return fmt.Sprintf("name %q starts or ends with a blank", name)
	}
	for i := 0; i < len(name); i++ {
		if name[i] == 0 || name[i] > 127 {
			return fmt.Sprintf("name %q contains byte 0x%02x outside ASCII 1..127", name, name[i])
		}
	}
	return ""
}

func appendName(b []byte, name string) []byte {
	b = append(b, name...)
	for i := len(name); i < NameLen; i++ {
		b = append(b, ' ')
	}
	return b
}

// formatMinutes fits the thinking time into the 3-character field, using
// the fractional forms other tools send ("2.5", ".17") only when needed.
func formatMinutes(m float64) (string, bool) {
	if math.IsNaN(m) || m < 0 || m > 999 {
		return "", false
	}
	if m == math.Trunc(m) {
		return fmt.Sprintf("%03d", int(m)), true
	}
	s := strconv.FormatFloat(m, 'f', -1, 64)
	s = strings.TrimPrefix(s, "0")
	if len(s) > 3 {
		return "", false
	}
	return strings.Repeat("0", 3-len(s)) + s, true
}

func encodeGameReq(m GameReq) ([]byte, error) {
	const typ = "GAMEREQ"
	if err := checkRange(typ, "version", m.Version, 0, 99); err != nil {
		return nil, err
	}
	if why := checkName(m.Initiator); why != "" {
		return nil, encErr(typ, "%s", why)
	}
	if !m.FollowerColor.valid() {
		return nil, encErr(typ, "invalid follower colour %q", byte(m.FollowerColor))
	}
	minutes, ok := formatMinutes(m.Minutes)
	if !ok {
		return nil, encErr(typ, "thinking time %v minutes does not fit in 3 characters", m.Minutes)
	}
	if err := checkRange(typ, "number of moves", m.Moves, 0, 999); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 95)
	b = append(b, TypeGameReq)
	b = appendNum(b, m.Version, 2)
	b = appendName(b, m.Initiator)
	b = append(b, byte(m.FollowerColor))
	b = append(b, minutes...)
	b = appendNum(b, m.Moves, 3)
	if m.Position == nil {
		b = append(b, 'A')
		return append(b, 0), nil
	}
	p := m.Position
	if !p.ToMove.valid() {
		return nil, encErr(typ, "invalid colour to move %q", byte(p.ToMove))
	}
	b = append(b, 'B', byte(p.ToMove))
	for i, sq := range p.Squares {
		if !sq.valid() {
			return nil, encErr(typ, "invalid piece %q on square %d", byte(sq), i+1)
		}
		b = append(b, byte(sq))
	}
	return append(b, 0), nil
}

func encodeGameAcc(m GameAcc) ([]byte, error) {
	const typ = "GAMEACC"
	if why := checkName(m.Follower); why != "" {
		return nil, encErr(typ, "%s", why)
	}
	if err := checkRange(typ, "acceptance code", m.Code, AccAccepted, AccRefuseAll); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 35)
	b = append(b, TypeGameAcc)
	b = appendName(b, m.Follower)
	b = appendNum(b, m.Code, 1)
	return append(b, 0), nil
}

func encodeMove(m Move) ([]byte, error) {
	const typ = "MOVE"
	if err := checkRange(typ, "time", m.Time, 0, 9999); err != nil {
		return nil, err
	}
	if err := checkRange(typ, "from square", m.From, 1, NumSquares); err != nil {
		return nil, err
	}
	if err := checkRange(typ, "to square", m.To, 1, NumSquares); err != nil {
		return nil, err
	}
	if len(m.Captured) > MaxCaptures {
		return nil, encErr(typ, "%d captured pieces, at most %d", len(m.Captured), MaxCaptures)
	}
	var seen [NumSquares + 1]bool
	for _, sq := range m.Captured {
		if err := checkRange(typ, "captured square", sq, 1, NumSquares); err != nil {
			return nil, err
		}
		if seen[sq] {
			return nil, encErr(typ, "square %d captured twice", sq)
		}
		seen[sq] = true
	}
	b := make([]byte, 0, 12+2*len(m.Captured))
	b = append(b, TypeMove)
	b = appendNum(b, m.Time, 4)
	b = appendNum(b, m.From, 2)
	b = appendNum(b, m.To, 2)
	b = appendNum(b, len(m.Captured), 2)
	for _, sq := range m.Captured {
		b = appendNum(b, sq, 2)
	}
	return append(b, 0), nil
}

func encodeGameEnd(m GameEnd) ([]byte, error) {
	const typ = "GAMEEND"
	if err := checkRange(typ, "reason", m.Reason, EndNoReason, EndIWin); err != nil {
		return nil, err
	}
	if err := checkRange(typ, "stop code", m.Stop, StopContinue, StopAll); err != nil {
		return nil, err
	}
	return []byte{TypeGameEnd, byte('0' + m.Reason), byte('0' + m.Stop), 0}, nil
}

func encodeBackReq(m BackReq) ([]byte, error) {
	const typ = "BACKREQ"
	if err := checkRange(typ, "move number", m.MoveNumber, 1, 999); err != nil {
		return nil, err
	}
	if !m.ToMove.valid() {
		return nil, encErr(typ, "invalid colour to move %q", byte(m.ToMove))
	}
	b := make([]byte, 0, 6)
	b = append(b, TypeBackReq)
	b = appendNum(b, m.MoveNumber, 3)
	b = append(b, byte(m.ToMove))
	return append(b, 0), nil
}

func encodeBackAcc(m BackAcc) ([]byte, error) {
	if err := checkRange("BACKACC", "acceptance code", m.Code, BackAccepted, BackRefused); err != nil {
		return nil, err
	}
	return []byte{TypeBackAcc, byte('0' + m.Code), 0}, nil
}

func encodeChat(m Chat) ([]byte, error) {
	const typ = "CHAT"
	if len(m.Text) == 0 || len(m.Text) > MaxChatLen {
		return nil, encErr(typ, "text length %d out of range 1..%d", len(m.Text), MaxChatLen)
	}
	for i := 0; i < len(m.Text); i++ {
		if c := m.Text[i]; c == 0 || c > 127 {
			return nil, encErr(typ, "byte 0x%02x at offset %d outside ASCII 1..127", c, i)
		}
	}
	b := make([]byte, 0, len(m.Text)+2)
	b = append(b, TypeChat)
	b = append(b, m.Text...)
	return append(b, 0), nil
}

// Decode parses one message body, without its NUL terminator. It never
// panics; every failure is a *SyntaxError.
func Decode(b []byte) (Message, error) {
	d := decoder{b: b}
	m := d.decode()
	if d.err != "" {
		return nil, &SyntaxError{Msg: string(b), Reason: d.err}
	}
	return m, nil
}

// decoder records only the first problem, so field parsers can run without
// checking errors after each call.
type decoder struct {
	b   []byte
	err string
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == "" {
		d.err = fmt.Sprintf(format, args...)
	}
}

// num parses a fixed-width unsigned decimal field at b[off:off+width].
func (d *decoder) num(field string, off, width int) int {
	v := 0
	for i := off; i < off+width; i++ {
		c := d.b[i]
		if c < '0' || c > '9' {
			d.fail("%s: non-digit %q at offset %d", field, c, i)
			return 0
		}
		v = v*10 + int(c-'0')
	}
	return v
}

func (d *decoder) numIn(field string, off, width, lo, hi int) int {
	v := d.num(field, off, width)
	if d.err == "" && (v < lo || v > hi) {
		d.fail("%s %d out of range %d..%d", field, v, lo, hi)
	}
	return v
}

func (d *decoder) color(field string, off int) Color {
	c := Color(d.b[off])
	if !c.valid() {
		d.fail("%s: invalid colour %q at offset %d (want W or Z)", field, byte(c), off)
	}
	return c
}

func (d *decoder) name(off int) string {
	name := strings.TrimRight(string(d.b[off:off+NameLen]), " ")
	if name != "" && name[0] == ' ' {
		d.fail("name %q has a leading blank", name)
	}
	return name
}

func (d *decoder) length(typ string, want int) bool {
	if len(d.b) != want {
		d.fail("%s must be %d bytes, got %d", typ, want, len(d.b))
		return false
	}
	return true
}

func (d *decoder) decode() Message {
	if len(d.b) == 0 {
		d.fail("empty message")
		return nil
	}
	if len(d.b) > MaxMessageLen {
		d.fail("length %d exceeds %d", len(d.b), MaxMessageLen)
		return nil
	}
	for i, c := range d.b {
		if c == 0 || c > 127 {
			d.fail("byte 0x%02x at offset %d outside ASCII 1..127", c, i)
			return nil
		}
	}
	switch d.b[0] {
	case TypeGameReq:
		return d.gameReq()
	case TypeGameAcc:
		if !d.length("GAMEACC", 34) {
			return nil
		}
		m := GameAcc{Follower: d.name(1), Code: d.numIn("acceptance code", 33, 1, AccAccepted, AccRefuseAll)}
		return m
	case TypeMove:
		return d.move()
	case TypeGameEnd:
		if !d.length("GAMEEND", 3) {
			return nil
		}
		return GameEnd{
			Reason: d.numIn("reason", 1, 1, EndNoReason, EndIWin),
			Stop:   d.numIn("stop code", 2, 1, StopContinue, StopAll),
		}
	case TypeBackReq:
		if !d.length("BACKREQ", 5) {
			return nil
		}
		return BackReq{MoveNumber: d.numIn("move number", 1, 3, 1, 999), ToMove: d.color("colour to move", 4)}
	case TypeBackAcc:
		if !d.length("BACKACC", 2) {
			return nil
		}
		return BackAcc{Code: d.numIn("acceptance code", 1, 1, BackAccepted, BackRefused)}
	case TypeChat:
		if len(d.b) < 2 {
			d.fail("CHAT without text")
			return nil
		}
		return Chat{Text: string(d.b[1:])}
	}
	d.fail("unknown message type %q", d.b[0])
	return nil
}

func (d *decoder) gameReq() Message {
	const shortLen, longLen = 43, 94
	if len(d.b) < shortLen {
		d.fail("GAMEREQ must be %d or %d bytes, got %d", shortLen, longLen, len(d.b))
		return nil
	}
	m := GameReq{
		Version:       d.num("version", 1, 2),
		Initiator:     d.name(3),
		FollowerColor: d.color("follower colour", 35),
		Minutes:       d.minutes(36),
		Moves:         d.num("number of moves", 39, 3),
	}
	switch d.b[42] {
	case 'A':
		if !d.length("GAMEREQ with start indicator A", shortLen) {
			return nil
		}
	case 'B':
		if !d.length("GAMEREQ with start indicator B", longLen) {
			return nil
		}
		p := &Position{ToMove: d.color("colour to move", 43)}
		for i := range p.Squares {
			pc := Piece(d.b[44+i])
			if !pc.valid() {
				d.fail("invalid piece %q on square %d", byte(pc), i+1)
			}
			p.Squares[i] = pc
		}
		m.Position = p
	default:
		d.fail("invalid start indicator %q (want A or B)", d.b[42])
	}
	return m
}

// minutes parses the 3-character time field leniently, as Scan and Moby Dam
// do: surrounding blanks and a decimal point are tolerated because `mm`
// documents values such as "2.5" and ".17". Signs, exponents and inner
// blanks are still rejected so the value stays re-encodable.
func (d *decoder) minutes(off int) float64 {
	raw := string(d.b[off : off+3])
	s := strings.Trim(raw, " ")
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			d.fail("thinking time %q: unexpected %q", raw, c)
			return 0
		}
	}
	if digits == 0 || dots > 1 {
		d.fail("thinking time %q is not a number", raw)
		return 0
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		d.fail("thinking time %q: %v", raw, err)
		return 0
	}
	return v
}

func (d *decoder) move() Message {
	if len(d.b) < 11 {
		d.fail("MOVE must be at least 11 bytes, got %d", len(d.b))
		return nil
	}
	m := Move{
		Time: d.num("time", 1, 4),
		From: d.numIn("from square", 5, 2, 1, NumSquares),
		To:   d.numIn("to square", 7, 2, 1, NumSquares),
	}
	n := d.numIn("number captured", 9, 2, 0, MaxCaptures)
	if d.err != "" {
		return nil
	}
	if len(d.b) != 11+2*n {
		d.fail("MOVE with %d captures must be %d bytes, got %d", n, 11+2*n, len(d.b))
		return nil
	}
	if n > 0 {
		m.Captured = make([]int, n)
		var seen [NumSquares + 1]bool
		for i := range n {
			sq := d.numIn("captured square", 11+2*i, 2, 1, NumSquares)
			if d.err != "" {
				return nil
			}
			if seen[sq] {
				d.fail("square %d captured twice", sq)
				return nil
			}
			seen[sq] = true
			m.Captured[i] = sq
		}
	}
	return m
}
