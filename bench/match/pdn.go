package match

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"time"

	"damka/board"
	"damka/format/pdn"
)

// gamePDN turns a finished game into a pdn.Game: tags Event, Site, Date,
// Round (the game number, which --resume reads back), White, Black, Result,
// GameType and FEN (both written by pdn.Write), Variant, TimeControl,
// Termination and Opening (the opening's index in the suite, 1-based).
func (r *runner) gamePDN(g *Record) (*pdn.Game, error) {
	cfg := r.cfg
	result := pdn.ResultToken(cfg.Variant, g.Result)
	tags := []pdn.Tag{
		{Name: "Event", Value: cfg.Event},
		{Name: "Site", Value: "damka match"},
		{Name: "Date", Value: pdn.Date(g.End)},
		{Name: "Round", Value: strconv.Itoa(g.Index + 1)},
		{Name: "White", Value: cfg.Engines[g.White].Name},
		{Name: "Black", Value: cfg.Engines[g.Black].Name},
		{Name: "Result", Value: result},
		{Name: "GameType", Value: strconv.Itoa(pdn.GameType(cfg.Variant))},
		{Name: "Variant", Value: cfg.Variant.Name},
		{Name: "TimeControl", Value: cfg.TC.String()},
		{Name: "Termination", Value: g.Reason},
		{Name: "Opening", Value: strconv.Itoa(g.Opening + 1)},
	}
	pg, err := board.GameOf(cfg.Variant, g.Start, g.Moves)
	if err != nil {
		return nil, fmt.Errorf("pdn: %v", err)
	}
	return &pdn.Game{Game: pg, Tags: tags, Result: result, Comments: thinkComments(g)}, nil
}

// thinkComments are the PDN comments of a game's engine moves: the time
// the move took, the clock left after it, and the engine's depth and score
// (men, the mover's view), e.g. {0.412s 9.69s d17 +0.05}. The opening's
// moves have none.
func thinkComments(g *Record) []string {
	if len(g.Thinks) == 0 {
		return nil
	}
	cs := make([]string, len(g.Moves))
	first := len(g.Moves) - len(g.Thinks)
	for i, th := range g.Thinks {
		c := fmt.Sprintf("%.3fs", th.Elapsed.Seconds())
		if th.Left > 0 {
			c += fmt.Sprintf(" %.2fs", th.Left.Seconds())
		}
		if th.HasInfo {
			c += fmt.Sprintf(" d%d %+.2f", th.Depth, th.Score)
		}
		cs[first+i] = c
	}
	return cs
}

// pdnFile appends finished games to the --pdn file.
type pdnFile struct {
	f *os.File
}

// appendGame writes one game to the --pdn file (AppendPDN).
func (p *pdnFile) appendGame(g *pdn.Game) error { return AppendPDN(p.f, g) }

// AppendPDN writes one game to f in a single write and syncs it to disk, so
// that a crash or an interrupt never loses a finished game and never leaves
// half of one behind. Every command that appends games (match, dxp) uses it.
func AppendPDN(f *os.File, g *pdn.Game) error {
	var buf bytes.Buffer
	if err := g.Write(&buf); err != nil {
		return err
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		return err
	}
	return f.Sync()
}

// openPDN opens the output file. Without resume an existing non-empty file
// is refused: appending a new match to an old one would make a later
// --resume read the wrong games.
func openPDN(path string, resume bool) (*pdnFile, error) {
	if !resume {
		if st, err := os.Stat(path); err == nil && st.Size() > 0 {
			return nil, fmt.Errorf("%s already holds games: use --resume to continue that match, or another file", path)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &pdnFile{f: f}, nil
}

// playedGame is a game read back from the PDN file for --resume.
type playedGame struct {
	index int
	white float64
	// record holds the engines, moves and thinking times read back from
	// the move comments (nil for a game without them), for the clock use.
	record *Record
	// failed names the engine whose failure decided the game (the
	// Termination tag), or is -1.
	failed int
}

// readPlayed reads the games an interrupted match already wrote and checks
// that each belongs to this match: its Round names a game of the schedule,
// and its players and opening are the ones that game number gets.
func (r *runner) readPlayed(path string) ([]playedGame, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	games, err := pdn.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("resume: %s: %v", path, err)
	}
	seen := map[int]bool{}
	var out []playedGame
	for i, g := range games {
		n := i + 1
		tag := func(name string) string {
			v, _ := g.TagValue(name)
			return v
		}
		round, err := strconv.Atoi(tag("Round"))
		if err != nil || round < 1 || round > r.sched.total() {
			return nil, fmt.Errorf("resume: %s: game %d has Round %q, not a game number of this match (1..%d)", path, n, tag("Round"), r.sched.total())
		}
		idx := round - 1
		if !r.sched.mine(idx) {
			return nil, fmt.Errorf("resume: %s: game %d (Round %d) belongs to another shard than %d/%d", path, n, round, r.sched.shard, r.sched.shards)
		}
		if seen[idx] {
			return nil, fmt.Errorf("resume: %s: game number %d appears twice", path, round)
		}
		seen[idx] = true
		wi, bi, oi := r.sched.at(idx)
		if g.Variant() != r.cfg.Variant {
			return nil, fmt.Errorf("resume: %s: game %d is %s, the match is %s", path, n, g.Variant().Name, r.cfg.Variant.Name)
		}
		if tag("White") != r.cfg.Engines[wi].Name || tag("Black") != r.cfg.Engines[bi].Name {
			return nil, fmt.Errorf("resume: %s: game %d (Round %d) is %s vs %s, this match plays %s vs %s there",
				path, n, round, tag("White"), tag("Black"), r.cfg.Engines[wi].Name, r.cfg.Engines[bi].Name)
		}
		op := r.openings[oi]
		if g.Start() != op.Start || len(g.Moves()) < len(op.Moves) || !movesEqual(g.Moves()[:len(op.Moves)], op.Moves) {
			return nil, fmt.Errorf("resume: %s: game %d (Round %d) did not start from opening %d of this match (different openings file?)",
				path, n, round, oi+1)
		}
		w, ok := pdn.ResultScore(g.Result)
		if !ok {
			return nil, fmt.Errorf("resume: %s: game %d (Round %d) has no result (%q)", path, n, round, g.Result)
		}
		rec, failed := readBack(g, wi, bi, r.cfg.Engines[wi].Name, r.cfg.Engines[bi].Name)
		out = append(out, playedGame{index: idx, white: w, record: rec, failed: failed})
	}
	return out, nil
}

func movesEqual(a, b []board.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// now is the clock of the Date tag; tests may fix it.
var now = time.Now
