package main

// match stats: the statistics of matches already played, read from the
// PDN files the runner wrote; several runs pooled, and one sample against
// another (the same engine before and after a change, against the same
// opponent).

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"damka/bench/match"
	"damka/bench/stats"
	"damka/format/pdn"
)

func matchStatsCmd(args []string) error { return matchStats(args, os.Stdout) }

// matchStats runs match stats, printing to w.
func matchStats(args []string, w io.Writer) error {
	fs := newFlags("match stats")
	rename := map[string]string{}
	fs.Func("name", "OLD=NEW, repeatable: read engine OLD as NEW, to pool runs that named the same engine differently", func(s string) error {
		old, name, ok := strings.Cut(s, "=")
		if !ok || old == "" || name == "" {
			return fmt.Errorf("want OLD=NEW, not %q", s)
		}
		rename[old] = name
		return nil
	})
	view := fs.String("first", "", "the engine whose view the statistics take (default: White of the first game)")
	sprtText := fs.String("sprt", "", `the SPRT of the pooled games (two engines): "elo0,elo1" or "elo0=0,elo1=5[,alpha=0.05,beta=0.05]"; prints the pentanomial LLR and H0 accepted, H1 accepted or continue`)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	var first []string
	if *view != "" {
		first = []string{*view}
	}
	sample, base := files, []string(nil)
	if i := slices.Index(files, "vs"); i >= 0 {
		sample, base = files[:i], files[i+1:]
		if len(base) == 0 {
			return usagef("no PDN file after vs")
		}
	}
	if len(sample) == 0 {
		return usagef("usage: damka match stats [--name OLD=NEW]... FILE.pdn... [vs FILE.pdn...]")
	}
	a, err := summarizeFiles(sample, rename, first...)
	if err != nil {
		return err
	}
	if *sprtText != "" {
		sp, err := parseSPRTFlag(*sprtText)
		if err != nil {
			return err
		}
		if base != nil || len(a.Pairings) != 1 {
			return usagef("--sprt needs the games of exactly two engines and no vs")
		}
		a.SPRT = &sp
		a.LLR, a.Decision = sp.DecidePenta(a.Pairings[0].Penta)
	}
	if base == nil {
		_, err := a.WriteTo(w)
		return err
	}
	b, err := summarizeFiles(base, rename, a.Engines...)
	if err != nil {
		return err
	}
	return writeComparison(w, a, b, sample, base)
}

// summarizeFiles reads the PDN files and sums up their games.
func summarizeFiles(paths []string, rename map[string]string, first ...string) (*match.Summary, error) {
	var files []match.PDNFile
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		games, err := pdn.Read(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		for _, g := range games {
			for i, t := range g.Tags {
				if n, ok := rename[t.Value]; ok && (t.Name == "White" || t.Name == "Black") {
					g.Tags[i].Value = n
				}
			}
		}
		files = append(files, match.PDNFile{Name: p, Games: games})
	}
	return match.SummarizePDN(files, first...)
}

// writeComparison prints both samples, then for each pairing they share
// the Elo difference between them with its 95% interval and the LOS.
func writeComparison(w io.Writer, a, b *match.Summary, aFiles, bFiles []string) error {
	fmt.Fprintf(w, "== %v\n", aFiles)
	if _, err := a.WriteTo(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "== vs %v\n", bFiles)
	if _, err := b.WriteTo(w); err != nil {
		return err
	}
	shared := 0
	for _, pa := range a.Pairings {
		x, y := a.Engines[pa.A], a.Engines[pa.B]
		for _, pb := range b.Pairings {
			penta := pb.Penta
			switch {
			case b.Engines[pb.A] == x && b.Engines[pb.B] == y:
			case b.Engines[pb.A] == y && b.Engines[pb.B] == x:
				slices.Reverse(penta[:])
			default:
				continue
			}
			shared++
			elo, margin, los := pa.Penta.Diff(penta)
			fmt.Fprintf(w, "== %s vs %s, first sample minus second: %d against %d game pairs, %.1f%% against %.1f%%\n",
				x, y, pa.Penta.Pairs(), penta.Pairs(), 100*pa.Penta.Score(), 100*penta.Score())
			fmt.Fprintf(w, "  Elo difference %+.1f +/- %.1f (95%%, pentanomial), LOS %.2f%%\n", elo, margin, 100*los)
		}
	}
	if shared == 0 {
		return fmt.Errorf("the two samples share no pairing of engine names")
	}
	return nil
}

// parseSPRTFlag reads --sprt: "elo0,elo1" (alpha and beta 0.05), or the
// key=value form stats.ParseSPRT reads.
func parseSPRTFlag(s string) (stats.SPRT, error) {
	if !strings.Contains(s, "=") {
		if e0, e1, ok := strings.Cut(s, ","); ok {
			s = "elo0=" + e0 + ",elo1=" + e1
		}
	}
	sp, err := stats.ParseSPRT(s)
	if err != nil {
		return sp, usagef("--sprt: %v", err)
	}
	return sp, nil
}
