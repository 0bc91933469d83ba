package board

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

// deepPerft lifts the node limit of the reference perft test (make bench);
// maxLeaves bounds it again, since some rows (English depth 29, Turkish
// depth 12) would take days.
var (
	deepPerft = flag.Bool("deep", false, "check the perft.tsv rows above the default limit too")
	maxLeaves = flag.Uint64("maxleaves", 0, "with -deep: skip rows with more leaves than this (0: no bound)")
)

// perftLimit keeps the default test run short: rows above it are skipped
// unless -deep is given.
const perftLimit = 25_000_000

// tsvVariants maps the variant column of testdata/perft.tsv (a copy of
// shared/reference/perft.tsv) to the rule sets that implement it. FENs are
// read in the rule set's own numbering, which is the row's numbering column
// (IT8 for Italian, SP8 for Spanish, N8/N10/N6 for the others). Rows whose
// FEN column is a described start ("start: ...") use the rule set's Start.
var tsvVariants = map[string]*Variant{
	"international":                 International,
	"russian":                       Russian,
	"brazilian":                     Brazilian,
	"english (American checkers)":   English,
	"pool (American pool checkers)": Pool,
	"czech":                         Czech,
	"italian":                       Italian,
	"spanish":                       Spanish,
	"killer (international rules + killer king-capture rule)": Killer,
	"english checkers rules on 6x6 (test board)":              english6x6,
	"international rules on 6x6 (test board)":                 international6x6,
	"ktar 8x10 (international rules, 8 wide x 10 high)":       ktar8x10,
	"spantsiretti (international rules, 10 wide x 8 high)":    international10x8,
	"frisian":                          Frisian,
	"turkish":                          Turkish,
	"thai (NON-STANDARD 12-man start)": Thai,
}

// Test-only rule sets for the test boards of perft.tsv that fit one 64-bit
// word with room for the rotation trick. They are not in Lookup.
var (
	board6x6 = newGeometry("6x6", 6, 6)
	// The ktar 8x10 board has its lower-left corner light; damka's layout
	// has it dark. A left-right reflection maps one onto the other and the
	// rules onto themselves, so the counts agree.
	board8x10 = newGeometry("8x10", 8, 10)

	english6x6 = &Variant{
		Name: "english-6x6", Geo: board6x6, FirstMover: Black, Rows: 2,
		Capture: FreeChoice, Promotion: EndsMove, Notation: Numeric, CaptureSep: 'x',
	}
	international6x6 = &Variant{
		Name: "international-6x6", Geo: board6x6, FirstMover: White, Rows: 2,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
	}
	ktar8x10 = &Variant{
		Name: "ktar-8x10", Geo: board8x10, FirstMover: White, Rows: 4,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
	}
	international10x8 = &Variant{
		Name: "international-10x8", Geo: Board10x8, FirstMover: White, Rows: 3,
		ManBackward: true, FlyingKings: true, Capture: Majority, Promotion: PassThrough,
		Notation: Numeric, CaptureSep: 'x',
	}
)

// rowPosition is the position of a perft row: its FEN, or the rule set's
// start for a described start.
func rowPosition(v *Variant, r perftRow) (Position, error) {
	if strings.HasPrefix(r.fen, "start:") {
		return v.Start(), nil
	}
	return v.ParseFEN(r.fen)
}

type perftRow struct {
	line     int
	variant  string
	fen      string
	depth    int
	nodes    uint64
	dups     string
	source   string
	numbered string
}

func readPerftRows(t testing.TB) []perftRow {
	t.Helper()
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		cols := strings.Split(sc.Text(), "\t")
		if line == 1 || len(cols) < 7 {
			continue
		}
		d, err1 := strconv.Atoi(cols[2])
		n, err2 := strconv.ParseUint(cols[3], 10, 64)
		if err1 != nil || err2 != nil {
			// Counts beyond 64 bits (English depth 28+) are far out of reach.
			continue
		}
		rows = append(rows, perftRow{line, cols[0], cols[1], d, n, cols[4], cols[6], cols[5]})
	}
	if len(rows) == 0 {
		t.Fatal("no perft rows read")
	}
	return rows
}

func TestPerftReference(t *testing.T) {
	checked, skipped := 0, 0
	for _, r := range readPerftRows(t) {
		v, ok := tsvVariants[r.variant]
		if !ok {
			continue
		}
		if r.nodes > perftLimit && !*deepPerft || *maxLeaves > 0 && r.nodes > *maxLeaves {
			skipped++
			continue
		}
		if testing.Short() && r.nodes > 1_000_000 {
			skipped++
			continue
		}
		p, err := rowPosition(v, r)
		if err != nil {
			t.Errorf("line %d: %v", r.line, err)
			continue
		}
		var modes []bool
		switch r.dups {
		case "same-both":
			modes = []bool{false, true}
		case "paths":
			// lidraughts and pydraughts count every route, also those
			// that differ only in where a king lands before going
			// straight on, which dctl's "kept" counts as one. Paths
			// reports them all; the published rows are depth 1.
			if r.depth != 1 {
				t.Errorf("line %d: a paths row deeper than 1", r.line)
				continue
			}
			n := 0
			v.Paths(&p, func(Move, []Square) { n++ })
			checked++
			if uint64(n) != r.nodes {
				t.Errorf("line %d: %s %s: %d routes, want %d (source %s)", r.line, v.Name, r.fen, n, r.nodes, r.source)
			}
		case "kept":
			modes = []bool{true}
		case "removed":
			modes = []bool{false}
		default:
			t.Errorf("line %d: unknown duplicates convention %q", r.line, r.dups)
		}
		for _, keep := range modes {
			got := v.Perft(p, r.depth, keep)
			checked++
			if got != r.nodes {
				t.Errorf("line %d: %s %s depth %d keep=%v: got %d, want %d (source %s)",
					r.line, v.Name, r.fen, r.depth, keep, got, r.nodes, r.source)
			}
		}
	}
	t.Logf("checked %d perft counts, skipped %d above the limit", checked, skipped)
	if checked == 0 {
		t.Fatal("no perft row checked")
	}
}

// Divide with several threads splits the work two plies deep; the per-root
// counts must still match the single-threaded ones.
func TestDivideThreads(t *testing.T) {
	for _, v := range []*Variant{International, Russian} {
		one := v.Divide(v.Start(), 6, false, 1, nil)
		two := v.Divide(v.Start(), 6, false, 3, nil)
		var sum uint64
		for i := range one {
			if one[i] != two[i] {
				t.Errorf("%s root %d: 1 thread %+v, 3 threads %+v", v.Name, i, one[i], two[i])
			}
			sum += one[i].Nodes
		}
		if want := v.Perft(v.Start(), 6, false); sum != want {
			t.Errorf("%s: divide sums to %d, perft %d", v.Name, sum, want)
		}
	}
}
