// Package layers holds the test that the imports between damka's packages
// point downwards only, as the README's Architecture section states.
package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers are the floors of the tree, lowest first: a package may import
// packages of its own floor's lower floors only (and its own subtree).
var layers = [][]string{
	{"board"},
	{"format"},
	{"eval", "tt", "egdb", "book"},
	{"engine"},
	{"protocol"},
	{"bench"},
	{"train", "internal/web"},
	{"cmd"},
}

// floor is the floor of a package path relative to the module, -1 if none.
func floor(rel string) int {
	for i, names := range layers {
		for _, n := range names {
			if rel == n || strings.HasPrefix(rel, n+"/") {
				return i
			}
		}
	}
	return -1
}

func TestImportsPointDown(t *testing.T) {
	root := "../.."
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		from := floor(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !strings.HasPrefix(p, "damka/") {
				continue
			}
			to := strings.TrimPrefix(p, "damka/")
			if from < 0 || floor(to) < 0 {
				continue // outside the stated layers (internal tools)
			}
			// Within one name of a floor (bench/match -> bench/stats) is fine.
			same := strings.SplitN(to, "/", 2)[0] == strings.SplitN(rel, "/", 2)[0]
			if floor(to) > from || floor(to) == from && !same {
				t.Errorf("%s imports %s: floor %d imports floor %d (README, Architecture)", path, p, from, floor(to))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("not at the module root:", err)
	}
}
