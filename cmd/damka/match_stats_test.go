package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// statsGame is one finished match game between white and black as the
// runner writes it.
func statsGame(round int, white, black, result string) string {
	return `[White "` + white + `"][Black "` + black + `"][Round "` + strconv.Itoa(round) + `"][Result "` + result + `"]
1. 32-28 {0.100s 9.90s d10 +0.00} 19-23 {0.200s 9.80s d11 +0.00} ` + result + "\n"
}

func TestMatchStats(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// new: A against B, pairs of 1.5 and 1 points; old: "A-old" against B,
	// pairs of 0.5 and 1.
	newer := write("new.pdn", statsGame(1, "A", "B", "2-0")+statsGame(2, "B", "A", "1-1")+
		statsGame(3, "A", "B", "1-1")+statsGame(4, "B", "A", "1-1"))
	older := write("old.pdn", statsGame(1, "A-old", "B", "1-1")+statsGame(2, "B", "A-old", "2-0")+
		statsGame(3, "A-old", "B", "1-1")+statsGame(4, "B", "A-old", "1-1"))
	other := write("other.pdn", statsGame(1, "C", "D", "1-1"))

	var out strings.Builder
	if err := matchStats([]string{newer}, &out); err != nil || !strings.Contains(out.String(), "A vs B: games 4, W-D-L 1-3-0") {
		t.Errorf("one file: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := matchStats([]string{"--first", "B", newer}, &out); err != nil || !strings.Contains(out.String(), "B vs A: games 4, W-D-L 0-3-1") {
		t.Errorf("--first B: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := matchStats([]string{"--name", "A-old=A", newer, "vs", older}, &out); err != nil {
		t.Fatalf("vs: %v\n%s", err, out.String())
	}
	for _, want := range []string{
		"== A vs B, first sample minus second: 2 against 2 game pairs, 62.5% against 37.5%",
		"Elo difference +177.",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, args := range [][]string{
		{},
		{newer, "vs"},
		{filepath.Join(dir, "missing.pdn")},
		{"--name", "nonsense", newer},
		{newer, "vs", other},                     // no pairing in common
		{newer, "vs", older},                     // A and A-old: no pairing in common
		{write("bad.pdn", "1. 32-28 99-98 *\n")}, // an illegal move
		{write("running.pdn", "[White \"A\"][Black \"B\"] 1. 32-28 *\n")}, // nothing finished
	} {
		out.Reset()
		if err := matchStats(args, &out); err == nil {
			t.Errorf("%q: no error\n%s", args, out.String())
		}
	}
}

// match stats --sprt pools the shards' files and decides on their pairs.
func TestMatchStatsSPRT(t *testing.T) {
	dir := t.TempDir()
	// pairs writes n game pairs from round first on: A scores 1.5 in the
	// first wins of them, 1 in the others (or B does, with swap).
	pairs := func(name string, first, n, wins int, swap bool) string {
		a, b := "A", "B"
		if swap {
			a, b = b, a
		}
		var sb strings.Builder
		for q := range n {
			r := first + 2*q
			sb.WriteString(statsGame(r, a, b, "1-1"))
			if q < wins {
				sb.WriteString(statsGame(r+1, b, a, "0-2"))
			} else {
				sb.WriteString(statsGame(r+1, b, a, "1-1"))
			}
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	shard0, shard1 := pairs("s0.pdn", 1, 13, 8, false), pairs("s1.pdn", 27, 12, 7, false)
	few := pairs("few.pdn", 1, 5, 4, false)
	lost := pairs("lost.pdn", 1, 25, 15, true)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sprt", "0,50", shard0, shard1}, "(pentanomial) H1 accepted"},
		{[]string{"--sprt", "elo0=0,elo1=50", shard0, shard1}, "(pentanomial) H1 accepted"},
		{[]string{shard0, shard1, "--sprt", "0,50"}, "(pentanomial) H1 accepted"}, // files first, as in "part-*.pdn --sprt"
		{[]string{"--sprt", "0,50", few}, "(pentanomial) continue"},
		{[]string{"--first", "A", "--sprt", "0,50", lost}, "(pentanomial) H0 accepted"},
	} {
		var out strings.Builder
		if err := matchStats(c.args, &out); err != nil || !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: %v\n%s", c.args, err, out.String())
		}
	}
	three := filepath.Join(dir, "three.pdn")
	os.WriteFile(three, []byte(statsGame(1, "A", "B", "1-1")+statsGame(2, "B", "C", "1-1")), 0o644)
	for _, bad := range [][]string{{"--sprt", "5", shard0}, {"--sprt", "5,0", shard0}, {"--sprt", "0,5", three}} {
		if err := matchStats(bad, new(strings.Builder)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
