package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"damka/internal/perm"
)

// TestFlagLimits: every command refuses the same out-of-range threads and
// hash, and time flags that are not finite numbers in range. All of these
// are refused before any search starts.
func TestFlagLimits(t *testing.T) {
	engines := []string{"--engine", "cmd=./a", "--engine", "cmd=./b"}
	tests := []struct {
		name string
		cmd  func([]string) error
		args []string
		want string
	}{
		{"analyse time nan", analyseCmd, []string{"--time", "nan"}, "--time must be from 0 to 1000000 seconds, not NaN"},
		{"analyse time inf", analyseCmd, []string{"--time", "inf"}, "--time must be from 0 to 1000000 seconds, not +Inf"},
		{"analyse time negative", analyseCmd, []string{"--time", "-1"}, "--time must be from 0 to 1000000 seconds, not -1"},
		{"analyse threads 1000", analyseCmd, []string{"--threads", "1000", "--depth", "1"}, "--threads must be from 1 to 64, not 1000"},
		{"analyse threads 0", analyseCmd, []string{"--threads", "0"}, "--threads must be from 1 to 64, not 0"},
		{"analyse hash", analyseCmd, []string{"--hash", "65537"}, "--hash must be from 1 to 65536 MB, not 65537"},
		{"analyse ablate unknown", analyseCmd, []string{"--depth", "1", "--ablate", "nonsense"}, `unknown search feature "nonsense"`},
		{"analyse ablate pdn", analyseCmd, []string{"--pdn", "x.pdn", "--ablate", "iir"}, "--ablate is for one position, not with --pdn"},
		{"hub threads", hubCmd, []string{"--threads", "65"}, "--threads must be from 1 to 64, not 65"},
		{"play threads", playCmd, []string{"--threads", "65"}, "--threads must be from 1 to 64, not 65"},
		{"bench threads", benchCmd, []string{"--threads", "1000"}, "--threads must be from 1 to 64, not 1000"},
		{"book threads", bookBuild, []string{"--out", "x.book", "--threads", "1000"}, "--threads must be from 1 to 64, not 1000"},
		{"dxp threads", dxpCmd, []string{"--threads", "1000"}, "--threads must be from 1 to 64, not 1000"},
		{"dxp hash", dxpCmd, []string{"--hash", "1048576"}, "--hash must be from 1 to 65536 MB, not 1048576"},
		{"dxp time nan", dxpCmd, []string{"--connect", "127.0.0.1:1", "--time", "nan"}, "--time must be more than 0 and at most 999 minutes, not NaN"},
		{"dxp time zero", dxpCmd, []string{"--connect", "127.0.0.1:1", "--time", "0"}, "--time must be more than 0 and at most 999 minutes, not 0"},
		{"match hangtimeout nan", matchCmd, append([]string{"--depth", "1", "--hangtimeout", "nan"}, engines...), "--hangtimeout must be more than 0"},
		{"match inittimeout inf", matchCmd, append([]string{"--depth", "1", "--inittimeout", "inf"}, engines...), "--inittimeout must be more than 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.cmd(tc.args)
			if _, usage := err.(usageError); !usage || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v: %v, want a usage error with %q", tc.args, err, tc.want)
			}
		})
	}
}

func TestClipQuoted(t *testing.T) {
	long := strings.Repeat("z", 100)
	tests := []struct{ in, want string }{
		{`no quotes`, `no quotes`},
		{`FEN "W:W1:B2": short`, `FEN "W:W1:B2": short`},
		{`FEN "` + long + `": bad square "` + long + `"`,
			`FEN "` + long[:60] + `...": bad square "` + long[:60] + `..."`},
		{`escaped "a\"b` + long + `" end`, `escaped "a\"b` + long[:57] + `..." end`},
		{`unclosed "` + long, `unclosed "` + long},
		{`rune "` + strings.Repeat("é", 40) + `"`, `rune "` + strings.Repeat("é", 30) + `..."`},
	}
	for _, tc := range tests {
		if got := clipQuoted(tc.in); got != tc.want {
			t.Errorf("clipQuoted(%.40q...)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestLongFENError: a 100 KB FEN comes back clipped, not twice in full.
func TestLongFENError(t *testing.T) {
	for _, fen := range []string{
		"W:W" + strings.Repeat("z", 100_000) + ":B1",
		"W:W" + strings.Repeat("1,", 50_000) + "x:B1",
	} {
		err := analyseCmd([]string{"--fen", fen})
		if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "...") {
			t.Errorf("analyse --fen of %d bytes: error of %d bytes: %.300v", len(fen), len(fmt.Sprint(err)), err)
		}
	}
}

// TestBookFileMode: a written book is readable by other accounts (the
// umask permitting), not CreateTemp's owner-only 0600.
func TestBookFileMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.book")
	if err := writeFileAtomic(path, []byte("book")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != perm.Public {
		t.Errorf("book file mode %v, want %v", got, perm.Public)
	}
}
