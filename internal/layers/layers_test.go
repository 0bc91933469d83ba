// Package layers holds the test that the imports between damka's packages
// point downwards only, along the floors that ARCHITECTURE.md states.
package layers

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// root is the module root, seen from this package's directory.
const root = "../.."

// floorsBlock is the marked block of ARCHITECTURE.md that lists the
// floors, lowest first: one line per floor, its number and then its
// packages (paths relative to the module, comma-separated), e.g.
// "2  eval, tt, egdb, book". Lines of the code fence around them are
// skipped.
var floorsBlock = regexp.MustCompile("(?ms)^<!-- BEGIN floors -->\n(.*?)^<!-- END floors -->")

// parseFloors reads the floors from the text of ARCHITECTURE.md: a package
// may import packages of lower floors only, or of its own floor under the
// same first path element (bench/match -> bench/stats).
func parseFloors(doc string) ([][]string, error) {
	m := floorsBlock.FindStringSubmatch(doc)
	if m == nil {
		return nil, fmt.Errorf("no <!-- BEGIN floors --> ... <!-- END floors --> block")
	}
	var floors [][]string
	seen := map[string]bool{}
	for line := range strings.Lines(m[1]) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "```") {
			continue
		}
		num, rest, ok := strings.Cut(line, " ")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n != len(floors) {
			return nil, fmt.Errorf("floor line %q: want the floor number %d, then the packages", line, len(floors))
		}
		var names []string
		for name := range strings.SplitSeq(rest, ",") {
			name = strings.TrimSpace(name)
			if name == "" || strings.ContainsAny(name, " \t") || strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") {
				return nil, fmt.Errorf("floor %d: bad package name %q", n, name)
			}
			if seen[name] {
				return nil, fmt.Errorf("floor %d: %s is named twice", n, name)
			}
			seen[name] = true
			names = append(names, name)
		}
		floors = append(floors, names)
	}
	if len(floors) == 0 {
		return nil, fmt.Errorf("the floors block names no floor")
	}
	return floors, nil
}

// floorOf is the floor of a package path relative to the module, -1 if
// none: a name covers itself and everything under it.
func floorOf(floors [][]string, rel string) int {
	for i, names := range floors {
		for _, n := range names {
			if rel == n || strings.HasPrefix(rel, n+"/") {
				return i
			}
		}
	}
	return -1
}

// goPackages lists the directories under the module root that hold a Go
// package (a non-test .go file), relative to the root, with the files of
// each; testdata and hidden directories are not walked.
func goPackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
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
		pkgs[rel] = append(pkgs[rel], path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// readFloors reads and checks the floors of ARCHITECTURE.md: every name
// must be a package of the module or a directory holding packages, and
// every package of the module must be on a floor.
func readFloors(t *testing.T, pkgs map[string][]string) [][]string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	floors, err := parseFloors(string(doc))
	if err != nil {
		t.Fatalf("ARCHITECTURE.md, Layers: %v", err)
	}
	for _, names := range floors {
		for _, n := range names {
			found := false
			for rel := range pkgs {
				found = found || rel == n || strings.HasPrefix(rel, n+"/")
			}
			if !found {
				t.Errorf("ARCHITECTURE.md, Layers: %s is not a package of the module (nor a directory of packages)", n)
			}
		}
	}
	for rel := range pkgs {
		if rel != "." && floorOf(floors, rel) < 0 {
			t.Errorf("ARCHITECTURE.md, Layers: package %s is on no floor", rel)
		}
	}
	return floors
}

func TestImportsPointDown(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("not at the module root:", err)
	}
	pkgs := goPackages(t)
	floors := readFloors(t, pkgs)
	fset := token.NewFileSet()
	for rel, files := range pkgs {
		from := floorOf(floors, rel)
		for _, path := range files {
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				if !strings.HasPrefix(p, "damka/") {
					continue
				}
				to := strings.TrimPrefix(p, "damka/")
				if from < 0 || floorOf(floors, to) < 0 {
					continue // reported by readFloors
				}
				// Within one name of a floor (bench/match -> bench/stats) is fine.
				same := strings.SplitN(to, "/", 2)[0] == strings.SplitN(rel, "/", 2)[0]
				if floorOf(floors, to) > from || floorOf(floors, to) == from && !same {
					t.Errorf("%s imports %s: floor %d imports floor %d (ARCHITECTURE.md, Layers)", path, p, from, floorOf(floors, to))
				}
			}
		}
	}
}

// TestParseFloors checks the reading of the floors block on made-up
// documents: a good block, and each way a block can be wrong.
func TestParseFloors(t *testing.T) {
	block := func(body string) string {
		return "# Architecture\n\n<!-- BEGIN floors -->\n```text\n" + body + "```\n<!-- END floors -->\n"
	}
	for _, tc := range []struct {
		name, doc string
		want      string // the floors joined, or "" for an error
	}{
		{"good", block("0  board\n1  format, internal/diagram\n2  eval, tt\n"), "board|format,internal/diagram|eval,tt"},
		{"no block", "# Architecture\n\nboard, then format\n", ""},
		{"marker quoted in prose", "see `<!-- BEGIN floors -->`\n0 board\n<!-- END floors -->\n", ""},
		{"empty block", block(""), ""},
		{"floors out of order", block("0  board\n2  format\n"), ""},
		{"no number", block("board, format\n"), ""},
		{"empty name", block("0  board,, format\n"), ""},
		{"name twice", block("0  board\n1  board\n"), ""},
		{"trailing slash", block("0  board/\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			floors, err := parseFloors(tc.doc)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("no error, floors %v", floors)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range floors {
				got = append(got, strings.Join(f, ","))
			}
			if strings.Join(got, "|") != tc.want {
				t.Errorf("floors %q, want %q", strings.Join(got, "|"), tc.want)
			}
		})
	}
}

// TestFloorOf checks that a floor's name covers its subpackages but not a
// package that only begins with the same letters.
func TestFloorOf(t *testing.T) {
	floors := [][]string{{"board"}, {"bench"}}
	for _, tc := range []struct {
		rel  string
		want int
	}{{"board", 0}, {"board/internal/walkgen", 0}, {"bench/match", 1}, {"boardgame", -1}, {"cmd/damka", -1}} {
		if got := floorOf(floors, tc.rel); got != tc.want {
			t.Errorf("floorOf(%q) = %d, want %d", tc.rel, got, tc.want)
		}
	}
}
