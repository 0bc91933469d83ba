package dxp

import (
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"damka/board"
	"damka/engine"
)

// Defaults for Config fields left at their zero value.
const (
	DefaultName = "damka"
	// DefaultReadTimeout bounds every wait for a message the peer owes us
	// (GAMEACC, a GAMEEND confirmation), and is the grace added to the
	// peer's own clock while we wait for its move. DXP has no clock on the
	// wire, so a peer may legitimately think for its whole remaining time;
	// the grace covers its estimate differing from ours.
	DefaultReadTimeout = 5 * time.Minute
	// DefaultMaxMinutes caps the thinking time a GAMEREQ may claim (per
	// player, for the whole game). A follower waits for the peer's move as
	// long as the peer's clock allows, so an absurd request (mm's default
	// is 999 minutes) would let a silent peer hold the follower, which
	// serves one connection at a time, for that long. Two hours a side is
	// beyond any tournament time control; longer requests are played at
	// the cap, said in the log.
	DefaultMaxMinutes = 120
	// AdjudicateScore is the score (100 = one man) beyond which an
	// initiator adjudicates a game that reached its move limit as won or
	// lost, as Scan does with ±3.0; anything closer is a draw.
	AdjudicateScore = 300
)

// Config is what both roles share.
type Config struct {
	// Name is sent in GAMEREQ or GAMEACC (at most 32 characters; longer
	// names are cut). Empty means DefaultName.
	Name string
	// Searcher chooses our moves. It is used by one game at a time.
	Searcher engine.Searcher
	// Logger receives one line per notable event; nil discards them.
	Logger *log.Logger
	// ReadTimeout: see DefaultReadTimeout. Zero means the default; a
	// negative value disables it.
	ReadTimeout time.Duration
	// IdleTimeout bounds how long a follower waits for a GAMEREQ, from
	// the connection or the end of a game: chats, garbage and stray
	// messages do not extend it. Zero means ReadTimeout, so that the one
	// --timeout bounds every wait for a peer; negative disables it.
	IdleTimeout time.Duration
	// MaxMinutes caps the thinking time a follower accepts from a GAMEREQ:
	// see DefaultMaxMinutes. Zero means the default; negative, no cap.
	MaxMinutes float64
	// RefuseTakeBack answers every BACKREQ with "not supported" (K1)
	// instead of taking moves back.
	RefuseTakeBack bool
	// KeepServing makes Serve wait for the next connection after a peer
	// asked to stop entirely (stop code 1) instead of returning: on an
	// open port anyone could otherwise stop the follower.
	KeepServing bool
	// OnResult, if set, is called after every game (and, for an
	// initiator, after every refused GAMEREQ), from the session goroutine.
	OnResult func(GameResult)
}

// withDefaults returns c with zero fields replaced by their defaults.
func (c Config) withDefaults() Config {
	// The name field is fixed-width ASCII: replace what it cannot carry
	// rather than fail the handshake over a cosmetic field.
	c.Name = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < ' ' || r > '~' {
			return '?'
		}
		return r
	}, c.Name))
	if c.Name == "" {
		c.Name = DefaultName
	}
	if len(c.Name) > NameLen {
		c.Name = strings.TrimSpace(c.Name[:NameLen])
	}
	if c.ReadTimeout == 0 {
		c.ReadTimeout = DefaultReadTimeout
	}
	if c.IdleTimeout == 0 {
		c.IdleTimeout = c.ReadTimeout
	}
	if c.MaxMinutes == 0 {
		c.MaxMinutes = DefaultMaxMinutes
	}
	if c.Logger == nil {
		c.Logger = log.New(io.Discard, "", 0)
	}
	return c
}

// Outcome is the result of a game from damka's point of view.
type Outcome int

const (
	NoResult Outcome = iota // unfinished, aborted or refused
	Win
	Draw
	Loss
)

func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return "no result"
}

// GameResult describes one game (or one refused GAMEREQ).
type GameResult struct {
	Number    int    // 1-based count of GAMEREQs on this connection
	Peer      string // the other program's name
	Color     Color  // the colour damka played
	StartFEN  string
	Minutes   float64
	MoveLimit int // 0: none
	Outcome   Outcome
	Reason    string   // why the game ended, in words
	Moves     []string // the moves played, in International notation
	Refused   bool     // the GAMEREQ was refused; no game was played
	// Start and Played are the game as the rules core sees it, for PDN.
	Start  board.Position
	Played []board.Move
	End    time.Time // when the game ended
}

// Plies returns the number of half-moves played.
func (r GameResult) Plies() int { return len(r.Moves) }

func (r GameResult) String() string {
	peer := r.Peer
	if peer == "" {
		peer = "?"
	}
	if r.Refused {
		return fmt.Sprintf("game %d: damka (%s) vs %s: refused: %s", r.Number, r.Color, peer, r.Reason)
	}
	return fmt.Sprintf("game %d: damka (%s) vs %s: %s (%s) after %d plies", r.Number, r.Color, peer, r.Outcome, r.Reason, r.Plies())
}

// Tally counts results from damka's point of view.
type Tally struct {
	Wins, Draws, Losses int
	Unfinished          int // games played without a result
	Refused             int
}

// Add counts one result.
func (t *Tally) Add(r GameResult) {
	switch {
	case r.Refused:
		t.Refused++
	case r.Outcome == Win:
		t.Wins++
	case r.Outcome == Draw:
		t.Draws++
	case r.Outcome == Loss:
		t.Losses++
	default:
		t.Unfinished++
	}
}

// TallyOf counts a list of results.
func TallyOf(rs []GameResult) Tally {
	var t Tally
	for _, r := range rs {
		t.Add(r)
	}
	return t
}

func (t Tally) String() string {
	return fmt.Sprintf("W-D-L %d-%d-%d (unfinished %d, refused %d)", t.Wins, t.Draws, t.Losses, t.Unfinished, t.Refused)
}
