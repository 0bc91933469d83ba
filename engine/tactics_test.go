package engine

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"damka/board"
)

// The tactics suite (testdata/tactics.tsv): positions where a shot is
// there to be played ("find": the move that wins) or to be avoided
// ("avoid": the moves that lose), each with where it came from. Lines are
// tab-separated: variant, FEN, kind, moves (PDN notation, separated by
// spaces), source. '#' starts a comment line.
//
// TestTactics searches each at tacticsNodes and reports the share solved;
// it fails below tacticsFloor (docs/testing.md, Tactics). Under -short
// (the race run) it searches every tacticsShortStep-th position and fails
// only below tacticsShortFloor; -tactics.all searches them all (make
// bench).
const (
	tacticsFile = "testdata/tactics.tsv"
	// tacticsNodes is the suite's own scale: its answers were checked
	// clear-cut at 2,000,000 nodes. Which of the 12 shots a search sees
	// before that moves with the weights and the search (docs/testing.md,
	// "The tactics suite by node budget" and "The leaf design with the
	// table's rules and history, as one package"); a search that has
	// searched the suite's budget should see them.
	tacticsNodes     = 2_000_000
	tacticsShortStep = 3
	// tacticsFloor: more than one of the 12 missed fails.
	tacticsFloor = 0.9
	// tacticsShortFloor: the race run's four positions guard against a
	// broken search (which solves next to none), not a late one: half.
	tacticsShortFloor = 0.5
)

var (
	tacticsAll      = flag.Bool("tactics.all", false, "TestTactics: search every position of the suite, not the -short subset")
	tacticsNodesArg = flag.Uint64("tactics.nodes", tacticsNodes, "TestTactics: nodes per position (the floor holds at the default only)")
	tacticsAblate   = flag.String("tactics.ablate", "", "TestTactics: also search with these --ablate changes (e.g. +iir) and report their share")
)

// tactic is one line of the suite.
type tactic struct {
	line    int
	v       *board.Variant
	pos     board.Position
	find    bool         // the moves win (find one); else they lose (avoid all)
	moves   []board.Move // legal moves of pos
	source  string
	fenText string
}

// readTactics parses the suite; any bad line is an error that names it.
func readTactics(path string) ([]tactic, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		tc, err := parseTactic(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		tc.line = n
		out = append(out, tc)
	}
	return out, sc.Err()
}

// parseTactic reads one suite line.
func parseTactic(text string) (tactic, error) {
	fields := strings.Split(text, "\t")
	if len(fields) != 5 {
		return tactic{}, fmt.Errorf("%d fields, want 5 (variant, FEN, kind, moves, source)", len(fields))
	}
	v, err := board.Lookup(fields[0])
	if err != nil {
		return tactic{}, err
	}
	pos, err := v.ParseFEN(fields[1])
	if err != nil {
		return tactic{}, err
	}
	tc := tactic{v: v, pos: pos, source: fields[4], fenText: fields[1]}
	switch fields[2] {
	case "find":
		tc.find = true
	case "avoid":
	default:
		return tactic{}, fmt.Errorf("kind %q, want find or avoid", fields[2])
	}
	for _, text := range strings.Fields(fields[3]) {
		m, err := v.ParseMove(&pos, text)
		if err != nil {
			return tactic{}, fmt.Errorf("move %s: %v", text, err)
		}
		tc.moves = append(tc.moves, m)
	}
	if len(tc.moves) == 0 {
		return tactic{}, fmt.Errorf("no move")
	}
	if tc.source == "" {
		return tactic{}, fmt.Errorf("no source")
	}
	return tc, nil
}

// solves reports whether best solves tc.
func (tc *tactic) solves(best board.Move) bool {
	return slices.Contains(tc.moves, best) == tc.find
}

// solveShare searches every step-th position of the suite at nodes per
// position with a fresh engine of the given knobs, and returns the share
// solved and the lines that were not.
func solveShare(t *testing.T, suite []tactic, step int, nodes uint64, k knobs) (float64, []int) {
	e := New(Options{HashMB: 16})
	e.knobs = k
	solved, tried := 0, 0
	var failed []int
	for i := 0; i < len(suite); i += step {
		tc := &suite[i]
		e.NewGame()
		r := searchPos(e, tc.v, tc.pos, Limits{Nodes: nodes}, nil)
		if !r.HasBest || !legal(tc.v, &tc.pos, r.Best) {
			t.Fatalf("line %d: no legal best move", tc.line)
		}
		tried++
		if tc.solves(r.Best) {
			solved++
		} else {
			failed = append(failed, tc.line)
		}
	}
	return float64(solved) / float64(max(tried, 1)), failed
}

func TestTactics(t *testing.T) {
	suite, err := readTactics(tacticsFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(suite) == 0 {
		t.Fatal("empty tactics suite")
	}
	step := 1
	if testing.Short() && !*tacticsAll {
		step = tacticsShortStep
	}
	nodes := *tacticsNodesArg
	share, failed := solveShare(t, suite, step, nodes, defaultKnobs)
	t.Logf("tactics: %.1f%% solved at %d nodes, of %d positions; not solved: lines %v",
		100*share, nodes, (len(suite)+step-1)/step, failed)
	if *tacticsAblate != "" {
		e := New(Options{HashMB: 1})
		if err := e.Ablate(*tacticsAblate); err != nil {
			t.Fatal(err)
		}
		other, otherFailed := solveShare(t, suite, step, nodes, e.knobs)
		t.Logf("tactics: %.1f%% solved at %d nodes with --ablate %s; not solved: lines %v", 100*other, nodes, *tacticsAblate, otherFailed)
	}
	floor := tacticsFloor
	if step > 1 {
		floor = tacticsShortFloor
	}
	if nodes == tacticsNodes && share < floor {
		t.Errorf("tactics: %.1f%% solved, below the floor of %.1f%%", 100*share, 100*floor)
	}
}

func TestParseTacticErrors(t *testing.T) {
	start := board.International.StartFEN()
	for _, tc := range []struct{ name, line string }{
		{"fields", "international\t" + start},
		{"variant", "nosuch\t" + start + "\tfind\t32-28\tx"},
		{"fen", "international\tW:W99\tfind\t32-28\tx"},
		{"kind", "international\t" + start + "\twin\t32-28\tx"},
		{"illegal move", "international\t" + start + "\tfind\t32-22\tx"},
		{"no move", "international\t" + start + "\tfind\t\tx"},
		{"no source", "international\t" + start + "\tfind\t32-28\t"},
	} {
		if _, err := parseTactic(tc.line); err == nil {
			t.Errorf("%s: no error for %q", tc.name, tc.line)
		}
	}
	good, err := parseTactic("international\t" + start + "\tavoid\t32-28 31-27\tstart")
	if err != nil {
		t.Fatal(err)
	}
	if good.find || len(good.moves) != 2 {
		t.Errorf("parsed %+v", good)
	}
	if good.solves(good.moves[0]) {
		t.Error("an avoid line is solved by a losing move")
	}
}
