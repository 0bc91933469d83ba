package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestGeneratedUpToDate fails when capture_walk.go is not what the template
// and the families give: the template was edited without go generate, or
// the generated file by hand.
func TestGeneratedUpToDate(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../capture_walk.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("board/capture_walk.go is out of date: run go generate ./board/")
	}
}

// TestOneWordSetsAreOperators checks the rewrite that keeps the one-word
// walks free of calls: no set method may survive in a one-word family, and
// the two-word family keeps them.
func TestOneWordSetsAreOperators(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range strings.Split(string(src), "// The capture walk of ")[1:] {
		name, body, _ := strings.Cut(part, ".")
		wide := name == "capGen128"
		for _, op := range []string{".and(", ".or(", ".andNot(", ".empty()", ".lowest()", ".rest()", "step("} {
			has := strings.Contains(body, op)
			if op == "step(" {
				if has {
					t.Errorf("%s: step( not replaced", name)
				}
				continue
			}
			if has != wide {
				t.Errorf("%s: %s present=%v, want %v", name, op, has, wide)
			}
		}
	}
}
