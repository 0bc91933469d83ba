package book

import (
	"bytes"
	"embed"
	"sync"

	"damka/board"
)

// The books built into the binary live in data/ (see data/README.md for
// how they were built and how to rebuild them), one file per variant named
// <variant>.dbk.
//
//go:embed data
var embedded embed.FS

// defaults holds one lazily parsed book per variant name.
var defaults sync.Map // string -> func() *Book

// Default returns the book built into damka for v (International and
// Russian), or nil for the other variants. Each book is parsed once, on
// first use; the result is shared and safe for concurrent use.
func Default(v *board.Variant) *Book {
	if v == nil {
		return nil
	}
	f, ok := defaults.Load(v.Name)
	if !ok {
		f, _ = defaults.LoadOrStore(v.Name, sync.OnceValue(func() *Book { return loadEmbedded(v.Name) }))
	}
	return f.(func() *Book)()
}

// loadEmbedded parses data/<name>.dbk; nil when there is none or it does
// not read (the tests make sure the shipped ones do).
func loadEmbedded(name string) *Book {
	b, err := readEmbedded(name)
	if err != nil {
		return nil
	}
	return b
}

func readEmbedded(name string) (*Book, error) {
	data, err := embedded.ReadFile("data/" + name + ".dbk")
	if err != nil {
		return nil, err
	}
	b, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if b.Variant() != name {
		return nil, corruptf("embedded %s.dbk is a book for %s", name, b.Variant())
	}
	return b, nil
}
