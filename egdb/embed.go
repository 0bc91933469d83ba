package egdb

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"damka/board"
)

// The tables built into the binary live in tables/ (see tables/README.md
// for what is there and how to rebuild it). They are small enough to ship
// with every damka so that it plays the most common endings perfectly
// without any setup.
//
//go:embed tables
var embedded embed.FS

// embeddedNames lists the embedded files of v.
func embeddedNames(v *board.Variant) []string {
	var names []string
	ents, _ := fs.ReadDir(embedded, "tables")
	for _, e := range ents {
		if name := e.Name(); strings.HasPrefix(name, v.Name+"_") && strings.HasSuffix(name, fileSuffix) {
			names = append(names, name)
		}
	}
	return names
}

// OpenEmbedded opens the tables of v built into the binary. Like Open, it
// returns a usable DB together with an error naming any damaged table.
// With no embedded table for v it returns an empty DB (every probe misses).
func OpenEmbedded(v *board.Variant) (*DB, error) {
	return OpenEmbeddedWith(v, Options{})
}

// OpenEmbeddedWith is OpenEmbedded with options (NoMmap does not apply).
func OpenEmbeddedWith(v *board.Variant, opt Options) (*DB, error) {
	db, err := newDB(v, opt)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, name := range embeddedNames(v) {
		if err := db.addEmbedded(name); err != nil {
			errs = append(errs, err)
		}
	}
	return db, errors.Join(errs...)
}

// addEmbedded adds one embedded file. Blocks are read from the binary's
// read-only data with ReadAt, not copied out of it, so only the blocks
// that are probed ever become resident.
func (db *DB) addEmbedded(name string) error {
	f, err := embedded.Open(path.Join("tables", name))
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	r, ok := f.(io.ReaderAt)
	if !ok {
		return fmt.Errorf("%s: embedded file without ReadAt", name)
	}
	return db.addReader(name, r, fi.Size())
}
