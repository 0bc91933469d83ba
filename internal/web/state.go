package web

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"damka/board"
	"damka/egdb"
	"damka/format/pdn"
	"damka/internal/diagram"
)

// state is everything the page draws, sent after every change.
type state struct {
	ID        string     `json:"id"`
	Variant   string     `json:"variant"`
	Title     string     `json:"title"`
	FEN       string     `json:"fen"`
	SVG       string     `json:"svg"`
	ToMove    string     `json:"tomove"` // white or black
	Human     string     `json:"human"`  // white, black or both
	Flip      bool       `json:"flip"`
	Time      string     `json:"time"` // time control name
	Moves     []legal    `json:"moves"`
	History   []string   `json:"history"` // the moves played, in notation
	Status    string     `json:"status"`
	Over      bool       `json:"over"`
	Clock     *clocks    `json:"clock,omitempty"`
	Tables    string     `json:"tables,omitempty"` // the endgame tables' verdict
	Thinking  bool       `json:"thinking"`
	Analysing bool       `json:"analysing"`
	MultiPV   int        `json:"multipv"`
	Lines     []infoLine `json:"lines"`
	Gen       int        `json:"gen"`
}

// legal is one legal move with what the page needs to play it by clicks.
type legal struct {
	Text     string   `json:"text"` // as the server reads it back
	From     string   `json:"from"`
	To       string   `json:"to"`
	Path     []string `json:"path"`     // origin and each landing square
	Captured []string `json:"captured"` // squares of the pieces taken
}

type clocks struct {
	White   int64  `json:"white"` // milliseconds left
	Black   int64  `json:"black"`
	Running string `json:"running,omitempty"` // the side whose clock runs
}

func (ss *session) snapshot() state {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.stateLocked()
}

// stateLocked builds the state (mu held).
func (ss *session) stateLocked() state {
	g := ss.game
	v, p := g.Variant(), g.Position()
	st := state{
		ID: ss.id, Variant: v.Name, Title: v.Title, FEN: g.FEN(), ToMove: strings.ToLower(colourName(p.Side)),
		Human: humanName(ss.human), Flip: ss.flip, Time: ss.tc.Name, Status: ss.statusText(), Over: ss.over(),
		Thinking: ss.searching && !ss.human[p.Side], Analysing: ss.analysing, MultiPV: ss.multiPV,
		Lines: append([]infoLine{}, ss.lines...), Gen: ss.gen, Moves: []legal{}, History: []string{},
	}
	opt := diagram.Options{Flip: ss.flip, Towers: g.Towers()}
	if n := g.Len(); n > 0 {
		diagram.LastMove(v, g.At(n-1), g.Moves()[n-1], &opt)
	}
	st.SVG = diagram.String(v, p, opt)
	for i, m := range g.Moves() {
		st.History = append(st.History, v.FormatMove(g.At(i), m))
	}
	if !st.Over {
		st.Moves = legalMoves(v, p)
	}
	if ss.tc.clocked() {
		c := ss.clock
		running := ""
		if !st.Over {
			c[p.Side] -= time.Since(ss.turnAt)
			running = st.ToMove
		}
		st.Clock = &clocks{White: max(c[board.White], 0).Milliseconds(), Black: max(c[board.Black], 0).Milliseconds(), Running: running}
	}
	st.Tables = ss.verdict()
	return st
}

// legalMoves lists the moves of p with their routes; a move reached by
// several routes (the same pieces taken) keeps the first.
func legalMoves(v *board.Variant, p *board.Position) []legal {
	var out []legal
	seen := map[board.Move]bool{}
	names := func(sq []board.Square) []string {
		out := make([]string, len(sq))
		for i, s := range sq {
			out[i] = v.SquareName(s)
		}
		return out
	}
	v.Paths(p, func(m board.Move, path []board.Square) {
		if seen[m] {
			return
		}
		seen[m] = true
		out = append(out, legal{
			Text: v.FormatMove(p, m), From: v.SquareName(m.From), To: v.SquareName(m.To),
			Path: names(path), Captured: names(diagram.Captured(v, p, m)),
		})
	})
	return out
}

func humanName(h [2]bool) string {
	switch {
	case h[board.White] && h[board.Black]:
		return "both"
	case h[board.Black]:
		return "black"
	}
	return "white"
}

// verdict is the endgame tables' value of the position, or "" when it is
// not in them (mu held).
func (ss *session) verdict() string {
	if ss.over() {
		return ""
	}
	v, p := ss.game.Variant(), ss.game.Position()
	db := ss.srv.tablesFor(v)
	if db == nil || p.TotalCount() > db.MaxPieces() {
		return ""
	}
	r, err := db.Lookup(p)
	if err != nil {
		if errors.Is(err, egdb.ErrNotInTables) {
			return ""
		}
		return "endgame tables: " + err.Error()
	}
	mover, other := colourName(p.Side), colourName(1-p.Side)
	var text string
	switch r.Value {
	case egdb.Win:
		text = mover + " wins"
	case egdb.Loss:
		text = other + " wins"
	default:
		return "endgame tables: draw"
	}
	if r.Dist >= 0 {
		text += " in " + strconv.Itoa(r.Dist) + " plies"
	}
	return "endgame tables: " + text + " with best play"
}

// pdn writes the game as PDN.
func (ss *session) pdn() (string, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	g := &pdn.Game{Game: ss.game.Clone()}
	white, black := "damka", "damka"
	if ss.human[board.White] {
		white = "Human"
	}
	if ss.human[board.Black] {
		black = "Human"
	}
	result := "*"
	if ss.over() {
		w := ss.game.Status().White()
		if ss.lostOnTime >= 0 {
			w = float64(ss.lostOnTime) // White's score: 1 when Black lost
		}
		result = pdn.ResultToken(g.Variant(), w)
	}
	g.Tags = []pdn.Tag{
		{Name: "Event", Value: "damka serve"},
		{Name: "Date", Value: pdn.Date(time.Now())},
		{Name: "White", Value: white},
		{Name: "Black", Value: black},
		{Name: "Result", Value: result},
	}
	if ss.tc.clocked() {
		g.Tags = append(g.Tags, pdn.Tag{Name: "TimeControl", Value: fmt.Sprintf("%.0f+%.0f", ss.tc.Base.Seconds(), ss.tc.Inc.Seconds())})
	}
	g.Result = result
	var sb strings.Builder
	if err := g.Write(&sb); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// loadPDN replaces the game by the first game of a PDN text; its
// variant comes from the PDN's tags.
func (ss *session) loadPDN(text string) (state, error) {
	if strings.TrimSpace(text) == "" {
		return state{}, badf("the PDN is empty")
	}
	games, err := pdn.Read(strings.NewReader(text))
	if err != nil {
		return state{}, badf("bad PDN: %v", err)
	}
	if len(games) == 0 {
		return state{}, badf("bad PDN: no game in it")
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.setGame(games[0].Game)
	return ss.stateLocked(), nil
}
