package egdb

import (
	"embed"
	"errors"
	"io/fs"
	"path"
	"strings"
	"sync"

	"damka/engine/board"
)

// The tables built into the binary live in tables/ (see tables/README.md
// for what is there and how to rebuild it). They are small enough to ship
// with every damka so that it plays the most common endings perfectly
// without any setup.
//
//go:embed tables
var embedded embed.FS

var embeddedFiles struct {
	once  sync.Once
	files map[string][]byte // name -> bytes, read once and shared by every DB
}

// OpenEmbedded opens the tables of v built into the binary. Like Open, it
// returns a usable DB together with an error naming any damaged table.
// With no embedded table for v it returns an empty DB (every probe misses).
func OpenEmbedded(v *board.Variant) (*DB, error) {
	return OpenEmbeddedWith(v, Options{})
}

// OpenEmbeddedWith is OpenEmbedded with options (NoMmap does not apply).
func OpenEmbeddedWith(v *board.Variant, opt Options) (*DB, error) {
	embeddedFiles.once.Do(func() {
		embeddedFiles.files = map[string][]byte{}
		ents, _ := fs.ReadDir(embedded, "tables")
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), fileSuffix) {
				if b, err := embedded.ReadFile(path.Join("tables", e.Name())); err == nil {
					embeddedFiles.files[e.Name()] = b
				}
			}
		}
	})
	db, err := newDB(v, opt)
	if err != nil {
		return nil, err
	}
	var errs []error
	for name, b := range embeddedFiles.files {
		if strings.HasPrefix(name, v.Name+"_") {
			if err := db.addBytes(name, b); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return db, errors.Join(errs...)
}
