package web

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"damka/board"
	"damka/egdb"
	"damka/engine/skill"
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
	// View is the ply of the position shown, Plies the game's length:
	// View < Plies while walking back through the game.
	// Seq orders the states of a session as they were made: a reply that
	// arrives after a newer event (a finished review changes no position,
	// so Gen does not tell them apart) is dropped by the page.
	Seq   uint64 `json:"seq"`
	View  int    `json:"view"`
	Plies int    `json:"plies"`
	// FirstPly is the number of the game's first ply counted from the
	// variant's first mover (1 when a set-up position has the other side
	// to move), for the move numbers of the list.
	FirstPly int         `json:"firstply"`
	Result   string      `json:"result"`  // the PDN result token of an ended game, else ""
	Example  string      `json:"example"` // a move in the variant's notation, for the move box
	Hint     string      `json:"hint,omitempty"`
	Players  [2]string   `json:"players"` // White's and Black's names
	Level    int         `json:"level"`   // the engine's level in this game, 1..20
	Review   *reviewView `json:"review,omitempty"`
	// Games lists the games of a PDN just loaded, Game the one opened.
	Games []string `json:"games,omitempty"`
	Game  int      `json:"game"`
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
	ss.seq++
	g := ss.game
	vg := ss.viewGame()
	v, p := g.Variant(), vg.Position()
	st := state{
		ID: ss.id, Variant: v.Name, Title: v.Title, FEN: vg.FEN(), ToMove: strings.ToLower(colourName(p.Side)),
		Human: humanName(ss.human), Flip: ss.flip, Time: ss.tc.Name, Status: ss.statusText(), Over: ss.over(),
		Thinking: ss.searching && ss.kind == searchMove, Analysing: ss.analysing, MultiPV: ss.multiPV,
		Lines: sortedLines(ss.lines), Gen: ss.gen, Moves: []legal{}, History: []string{},
		View: vg.Len(), Plies: g.Len(), Players: ss.players(), Seq: ss.seq,
		Level: cmp.Or(ss.level, skill.MaxLevel),
	}
	if start := g.Start(); start.Side != v.FirstMover {
		st.FirstPly = 1
	}
	if r := ss.resultToken(); r != "*" {
		st.Result = r
	}
	if start := v.Start(); true {
		if ms := legalMoves(v, &start); len(ms) > 0 {
			st.Example = ms[0].Text
		}
	}
	opt := diagram.Options{Flip: ss.flip, Towers: vg.Towers()}
	if n := vg.Len(); n > 0 {
		diagram.LastMove(v, g.At(n-1), g.Moves()[n-1], &opt)
		if n > 1 {
			opt.Previous = diagram.Route(v, g.At(n-2), g.Moves()[n-2])
		}
	}
	if ss.hint != nil {
		opt.Hint = diagram.Route(v, p, *ss.hint)
		st.Hint = v.FormatMove(p, *ss.hint)
	}
	if ss.rev != nil {
		st.Review = ss.rev.view(vg.Len())
		if best := ss.rev.better(vg.Len()); best != "" && ss.hint == nil {
			// The move played from the position before was marked: show
			// what was better, from where it would have been played.
			if m, err := v.ParseMove(g.At(vg.Len()-1), best); err == nil {
				opt.Hint = diagram.Route(v, g.At(vg.Len()-1), m)
			}
		}
	}
	st.SVG = diagram.String(v, p, opt)
	for i, m := range g.Moves() {
		st.History = append(st.History, v.FormatMove(g.At(i), m))
	}
	live := vg == g && !st.Over
	if live || vg != g && ss.bothHuman() && !vg.Status().Over {
		st.Moves = legalMoves(v, p)
	}
	if ss.tc.clocked() {
		c := ss.clock
		running := ""
		if ss.clockRunning() {
			side := g.Position().Side
			c[side] -= time.Since(ss.turnAt)
			running = strings.ToLower(colourName(side))
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

// players are the names of White and Black: of the loaded game, else
// who plays each side now (mu held).
func (ss *session) players() [2]string {
	engineName := "damka"
	if ss.level != 0 && ss.level < skill.MaxLevel {
		engineName = fmt.Sprintf("damka (level %d)", ss.level)
	}
	names := [2]string{engineName, engineName}
	for c := range 2 {
		if ss.human[c] {
			names[c] = "Human"
		}
	}
	for _, t := range ss.tags {
		switch {
		case strings.EqualFold(t.Name, "White") && t.Value != "":
			names[board.White] = t.Value
		case strings.EqualFold(t.Name, "Black") && t.Value != "":
			names[board.Black] = t.Value
		}
	}
	return names
}

// resultToken is the PDN result of the game ("*" while it goes on).
func (ss *session) resultToken() string {
	if !ss.over() {
		if ss.loadedResult != "" {
			return ss.loadedResult // a loaded game keeps its result (a resignation, say)
		}
		return "*"
	}
	w := ss.game.Status().White()
	switch {
	case ss.lostOnTime >= 0:
		w = float64(ss.lostOnTime) // White's score: 1 when Black lost
	case ss.resigned >= 0:
		w = float64(ss.resigned)
	case ss.agreed:
		w = 0.5
	}
	return pdn.ResultToken(ss.game.Variant(), w)
}

// pdn writes the game as PDN: a loaded game with its own tags, a game
// played here with the players, the date and the clock.
func (ss *session) pdn() (string, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	g := &pdn.Game{Game: ss.game.Clone()}
	result := ss.resultToken()
	names := ss.players()
	if len(ss.tags) > 0 {
		g.Tags = append([]pdn.Tag(nil), ss.tags...)
	} else {
		g.Tags = []pdn.Tag{
			{Name: "Event", Value: "damka serve"},
			{Name: "Date", Value: pdn.Date(time.Now())},
			{Name: "White", Value: names[board.White]},
			{Name: "Black", Value: names[board.Black]},
		}
		if ss.tc.clocked() {
			g.Tags = append(g.Tags, pdn.Tag{Name: "TimeControl", Value: fmt.Sprintf("%.0f+%.0f", ss.tc.Base.Seconds(), ss.tc.Inc.Seconds())})
		}
	}
	g.Tags = append(g.Tags, pdn.Tag{Name: "Result", Value: result})
	g.Result = result
	if len(ss.notes) > 0 || ss.rev != nil && ss.rev.result != nil {
		g.Comments = make([]string, g.Len())
		for ply, note := range ss.notes {
			// A note at ply n is said before move n: after move n-1.
			if ply > 0 && ply <= len(g.Comments) {
				g.Comments[ply-1] = note
			}
		}
		if ss.rev != nil && ss.rev.result != nil {
			for i, m := range ss.rev.result.Moves {
				if i < len(g.Comments) && m.Mark != "" {
					g.Comments[i] = strings.TrimSpace(g.Comments[i] + " " + m.Mark + " better " + m.Best)
				}
			}
		}
	}
	var sb strings.Builder
	if err := g.Write(&sb); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// loadPDN opens game n (0-based) of a PDN text for review: both sides for
// the person, no clock, its tags kept for the export; the variant comes
// from the tags. The reply lists every game of the text to choose from.
func (ss *session) loadPDN(text string, n int) (state, error) {
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
	if n < 0 || n >= len(games) {
		return state{}, badf("the PDN holds %d games, not a game %d", len(games), n+1)
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	g := games[n]
	ss.human, ss.tc = [2]bool{true, true}, reviewTimeControl
	ss.flip = false
	ss.setGame(g.Game)
	ss.firstLen = 0
	ss.tags = nil
	for _, t := range g.Tags {
		if !strings.EqualFold(t.Name, "Result") {
			ss.tags = append(ss.tags, t)
		}
	}
	if g.Result != "*" {
		ss.loadedResult = g.Result
	}
	st := ss.stateLocked()
	for _, o := range games {
		st.Games = append(st.Games, gameTitle(o))
	}
	st.Game = n
	return st, nil
}

// gameTitle names a game of a PDN file in the page's menu.
func gameTitle(g *pdn.Game) string {
	name := func(tag, none string) string {
		if v, ok := g.TagValue(tag); ok && v != "" && v != "?" {
			return v
		}
		return none
	}
	return fmt.Sprintf("%s - %s %s (%s, %d moves)", name("White", "White"), name("Black", "Black"), name("Result", "*"), g.Variant().Title, (g.Len()+1)/2)
}
