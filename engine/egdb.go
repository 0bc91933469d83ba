package engine

import (
	"fmt"

	"damka/board"
	"damka/egdb"
)

// The search's side of the endgame tables (package egdb): their results as
// search scores, when a result may be used under the draw rules, and the
// tables each variant is searched with.

// tableWin scores a table win whose distance is not stored (5 pieces and
// more): above every evaluation, below the wins the search has proved, the
// 89.xx of the Hub scale that Scan uses for bitbase wins.
const tableWin = WinBound - 100

// tableScore turns a table value into a search score at ply. Stored
// distances are exact, so those wins and losses score like the search's
// own. The tables know nothing of the draw rules (the endgame counters of
// board.EndgameCounter): the search uses a result only when tableFits says
// the active endgame counter leaves time for it.
func tableScore(r egdb.Result, ply int) int {
	switch r.Value {
	case egdb.Win:
		if r.Dist >= 0 {
			return WinScore - (ply + r.Dist)
		}
		return tableWin - ply
	case egdb.Loss:
		if r.Dist >= 0 {
			return -(WinScore - (ply + r.Dist))
		}
		return -(tableWin - ply)
	}
	return DrawScore
}

// tableFits reports whether a table result can be used at frame f. The
// tables ignore the endgame counters: under an active counter a draw stays
// a draw, and a win or loss is used only when its stored distance ends the
// game before the counter reaches its limit. (Not exact: a capture by the
// lone king on the way could start a shorter counter, the lone king could
// leave the main road and stop the 7.2.7 one; the table line does not know
// of it.)
func tableFits(r egdb.Result, f *frame) bool {
	if f.endgame.Endgame() == board.NoEndgame || r.Value == egdb.Draw {
		return true
	}
	return r.Dist >= 0 && r.Dist <= f.endgame.Left()
}

// tablesFor returns the endgame tables of v under the engine's options,
// opening them on first use (the caller holds e.mu): the built-in tables,
// with those of EGDBPath over them. A damaged or foreign file is left out
// by egdb and the built-in slice of its material stays in use.
func (e *Engine) tablesFor(v *board.Variant) *egdb.DB {
	if e.opts.NoEGDB || egdb.Supported(v) != nil {
		return nil
	}
	key := fmt.Sprintf("%s\x00%s\x00%d", v.Name, e.opts.EGDBPath, e.opts.EGDBCacheMB)
	if db, ok := e.tables[key]; ok {
		return db
	}
	// What is left out was told to the user where the directory was given
	// (egdb.Check); the built-in tables stay under it in any case.
	db, _ := egdb.OpenLayered(e.opts.EGDBPath, v, egdb.Options{CacheBytes: int64(e.opts.EGDBCacheMB) << 20})
	if db != nil && db.MaxPieces() == 0 {
		db = nil
	}
	if e.tables == nil {
		e.tables = map[string]*egdb.DB{}
	}
	if e.tableProblems == nil {
		e.tableProblems = map[*egdb.DB]int{}
	}
	e.tables[key] = db
	if db != nil {
		_, e.tableProblems[db] = db.ProblemsSince(0)
	}
	return db
}

// tableHits sums the table hits of every thread.
func (e *Engine) tableHits() uint64 {
	var n uint64
	for _, t := range e.threads {
		n += t.tbHits.Load()
	}
	return n
}

// useTables sets the tables the thread probes (nil: none).
func (t *thread) useTables(db *egdb.DB) {
	t.tb, t.tbPieces = db, 0
	if db != nil {
		t.tbPieces = db.MaxPieces()
	}
}
