package egdb

import (
	"errors"
	"fmt"

	"damka/board"
)

// ErrNoTables marks a directory that holds no usable table of the variant
// (errors.Is(err, ErrNoTables)): it is empty, holds only other variants'
// tables, or only damaged ones.
var ErrNoTables = errors.New("no tables")

// OpenLayered opens the tables a game is played with: those built into the
// binary and, over them, those in dir (none when dir is ""). A slice in dir
// replaces the built-in one; a file of dir that is damaged, foreign or not
// a regular file is left out, so the built-in slice of its material stays
// in use. The returned DB is never nil when v is supported, even if dir
// cannot be read; the error names every file left out and, if dir adds
// nothing, says so with ErrNoTables. Callers that play on log it.
func OpenLayered(dir string, v *board.Variant, opt Options) (*DB, error) {
	db, err := OpenEmbeddedWith(v, opt)
	if db == nil || dir == "" {
		return db, err
	}
	return db, errors.Join(append([]error{err}, db.layer(dir)...)...)
}

// Check says what OpenLayered would leave out of dir for v: one error per
// file, a note wrapping ErrNoTables if dir adds no table, or why v has no
// tables at all. It is nil when every table file of v in dir is usable.
// Front ends call it where the directory is given, to tell the user at
// once; the engine opens the tables itself when it first needs them.
func Check(dir string, v *board.Variant) []error {
	db, err := newDB(v, Options{CacheBytes: 1})
	if err != nil {
		return []error{err}
	}
	defer db.Close()
	return db.layer(dir)
}

// layer adds the tables in dir and returns what it left out.
func (db *DB) layer(dir string) []error {
	added, left, err := db.addDir(dir)
	if err != nil {
		return []error{fmt.Errorf("%w (the built-in tables are used)", err)}
	}
	if added == 0 {
		left = append(left, fmt.Errorf("%w for %s in %s (the built-in tables are used)", ErrNoTables, db.v.Name, dir))
	}
	return left
}
