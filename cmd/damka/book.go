package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"damka/board"
	"damka/book"
	"damka/engine"
	"damka/format/hubtext"
	"damka/internal/perm"
)

func init() {
	register(command{"book", "opening book: build, info, probe (damka book <sub-command> -h)", bookCmd})
}

const bookUsage = `usage: damka book <sub-command> [flags]
  build  --variant V --plies N --depth D --margin M --width W [--threads T] [--hash MB] --out FILE
  info   [FILE]                     (without FILE: the books built into damka)
  probe  [FILE] [--fen F] [--variant V]  (without FILE: the book of V built into damka)`

func bookCmd(args []string) error {
	if len(args) == 0 {
		return usagef("%s", bookUsage)
	}
	switch args[0] {
	case "build":
		return bookBuild(args[1:])
	case "info":
		return bookInfo(args[1:])
	case "probe":
		return bookProbe(args[1:])
	case "help", "-h", "--help":
		fmt.Println(bookUsage)
		return nil
	}
	return usagef("unknown book sub-command %q\n%s", args[0], bookUsage)
}

func bookBuild(args []string) error {
	fs := newFlags("book build")
	variant := fs.String("variant", "international", "rule set")
	plies := fs.Int("plies", 6, "positions up to this many plies from the start get moves")
	depth := fs.Int("depth", 8, "search depth per position (plies)")
	margin := fs.Float64("margin", 0.15, "keep the moves within this many men of the best")
	width := fs.Int("width", 3, "keep at most this many moves per position")
	threads := threadsFlag(fs, min(taskCPUs(runtime.NumCPU()), engine.MaxThreads))
	hash := hashFlag(fs, engine.DefaultHashMB)
	out := fs.String("out", "", "book file to write (required)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := board.Lookup(*variant)
	if err != nil {
		return usagef("%v", err)
	}
	switch {
	case *out == "":
		return usagef("--out is required")
	case v.Columns:
		return usagef("variant %s: positions have columns, which a book does not hold", v.Name)
	case *plies < 1 || *plies > book.MaxPlies:
		return usagef("--plies must be between 1 and %d, not %d", book.MaxPlies, *plies)
	case *depth < 1 || *depth > 100:
		return usagef("--depth must be between 1 and 100, not %d", *depth)
	case math.IsNaN(*margin) || *margin < 0 || *margin > 100:
		return usagef("--margin must be between 0 and 100 (men), not %g", *margin)
	case *width < 1 || *width > book.MaxWidth:
		return usagef("--width must be between 1 and %d, not %d", book.MaxWidth, *width)
	case checkThreads(*threads) != nil:
		return checkThreads(*threads)
	case checkHash(*hash) != nil:
		return checkHash(*hash)
	}
	if fi, err := os.Stat(filepath.Dir(*out)); err != nil || !fi.IsDir() {
		return usagef("--out %q: no such directory %q", *out, filepath.Dir(*out))
	}
	marginUnits := int(math.Round(*margin * 100))
	fmt.Printf("book build variant=%s plies=%d depth=%d margin=%.2f width=%d threads=%d hash=%dMB out=%s\n",
		v.Name, *plies, *depth, float64(marginUnits)/100, *width, *threads, *hash, *out)
	e := newEngine("book build", engine.Options{MultiPV: *width, Threads: *threads, HashMB: *hash})
	// OUT.part keeps every search's answer: a stopped build (SIGINT,
	// SIGTERM) resumes from it. Threads are not in its settings: with
	// more than one the answers vary from run to run anyway.
	journal, err := openBookJournal(v, *out+".part", fmt.Sprintf("variant=%s depth=%d width=%d hash=%d", v.Name, *depth, *width, *hash))
	if err != nil {
		return err
	}
	defer journal.close()
	if n := len(journal.answers); n > 0 {
		fmt.Printf("book build: resuming: %d searched positions in %s\n", n, *out+".part")
	}
	ctx, stop := stopContext()
	defer stop()
	go func() {
		<-ctx.Done()
		e.Stop()
	}()
	var searched int
	var nodes uint64
	var journalErr error
	eval := func(p board.Position, history []board.Position) []book.Scored {
		if lines, ok := journal.lookup(&p); ok {
			return lines
		}
		searched++
		// book.Build's lines are legal moves from the start, so they link.
		g, ok := board.LinkGame(v, append(history[:len(history):len(history)], p), nil)
		if !ok {
			g = board.NewGame(v, p)
		}
		// A cleared table: the answer depends on nothing searched before,
		// so a resumed build equals an uninterrupted one.
		e.NewGame()
		lines, n := searchLines(e, g, *depth)
		nodes += n
		if ctx.Err() == nil && journalErr == nil {
			journalErr = journal.add(&p, lines)
		}
		return lines
	}
	start := time.Now()
	pr := newProgress()
	b, err := book.BuildContext(ctx, v, book.BuildOptions{Plies: *plies, Margin: marginUnits, Width: *width}, eval,
		func(done, queued int) { pr.count(done, queued, nodes) })
	pr.finish()
	if err == nil {
		err = journalErr
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%v; the searches done are kept in %s.part and the same command resumes", err, *out)
		}
		return err
	}
	data, err := b.Bytes()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, data); err != nil {
		return err
	}
	if err := journal.remove(); err != nil {
		return err
	}
	el := time.Since(start)
	fmt.Printf("book build summary: variant=%s positions=%d searched=%d entries=%d bytes=%d nodes=%d time=%.1fs\n",
		v.Name, b.Positions(), searched, b.Len(), len(data), nodes, el.Seconds())
	return nil
}

// searchLines searches g's position to depth with the engine's multi-PV and
// returns the first move and score of each line of the last completed
// iteration, and the nodes searched.
func searchLines(e *engine.Engine, g *board.Game, depth int) ([]book.Scored, uint64) {
	var lines []book.Scored
	cur := 0
	r := e.Search(g, engine.Limits{Depth: depth}, func(in engine.Info) {
		if len(in.PV) == 0 {
			return
		}
		if in.Depth != cur {
			cur, lines = in.Depth, lines[:0]
		}
		lines = append(lines, book.Scored{Move: in.PV[0], Score: in.Score, Depth: in.Depth})
	})
	if len(lines) == 0 && r.HasBest {
		lines = []book.Scored{{Move: r.Best, Score: r.Score, Depth: r.Depth}}
	}
	return lines, r.Nodes
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it into place, so that an interrupted build never leaves half a book.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm.Public) // CreateTemp's 0600 would keep the book from other accounts
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// fileArgs parses fs from args in which at most one positional argument
// (a file name) may stand before, between or after the flags.
func fileArgs(fs *flag.FlagSet, args []string) (string, error) {
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return "", err
	}
	if len(files) > 1 {
		return "", usagef("unexpected argument %q", files[1])
	}
	if len(files) == 0 {
		return "", nil
	}
	return files[0], nil
}

// openBook reads FILE, or the book of v built into damka without one.
func openBook(file string, v *board.Variant) (*book.Book, int64, error) {
	if file == "" {
		b := book.Default(v)
		if b == nil {
			return nil, 0, usagef("no book for %s is built into damka (give a book FILE)", v.Name)
		}
		data, _ := b.Bytes()
		return b, int64(len(data)), nil
	}
	fi, err := os.Stat(file)
	if err != nil {
		return nil, 0, usagef("%v", err)
	}
	b, err := book.Open(file)
	if err != nil {
		return nil, 0, usagef("%v", err)
	}
	return b, fi.Size(), nil
}

func bookInfo(args []string) error {
	fs := newFlags("book info")
	file, err := fileArgs(fs, args)
	if err != nil {
		return err
	}
	var vs []*board.Variant
	if file == "" {
		for _, v := range board.Variants() {
			if book.Default(v) != nil {
				vs = append(vs, v)
			}
		}
	} else {
		vs = []*board.Variant{nil}
	}
	for _, v := range vs {
		b, size, err := openBook(file, v)
		if err != nil {
			return err
		}
		fmt.Printf("book variant=%s positions=%d entries=%d bytes=%d\n", b.Variant(), b.Positions(), b.Len(), size)
	}
	return nil
}

func bookProbe(args []string) error {
	fs := newFlags("book probe")
	variant := fs.String("variant", "", "rule set, for the book built into damka (default international; with a FILE, the book's own)")
	fen := fs.String("fen", "", "position (PDN FEN); default the start position")
	file, err := fileArgs(fs, args)
	if err != nil {
		return err
	}
	name := *variant
	if name == "" {
		name = "international"
	}
	v, err := board.Lookup(name)
	if err != nil {
		return usagef("%v", err)
	}
	b, _, err := openBook(file, v)
	if err != nil {
		return err
	}
	if file != "" {
		bv, err := board.Lookup(b.Variant())
		if err != nil {
			return usagef("%s: book for an unknown variant: %v", file, err)
		}
		if *variant != "" && bv != v {
			return usagef("%s is a book for %s, not %s", file, bv.Name, v.Name)
		}
		v = bv
	}
	g, err := gameFlags(v.Name, *fen)
	if err != nil {
		return err
	}
	p := *g.Position()
	fmt.Printf("book probe variant=%s fen=%s\n", v.Name, v.FEN(&p))
	es := b.Moves(v, p)
	if len(es) == 0 {
		fmt.Println("no book moves")
		return nil
	}
	for _, e := range es {
		m, err := hubtext.ParseMove(v, &p, e.Move)
		if err != nil {
			continue // Moves keeps only moves that parse
		}
		depth := fmt.Sprintf("depth=%d", e.Depth)
		if e.Depth == 0 {
			depth = "forced"
		}
		fmt.Printf("move=%-8s score=%s %s\n", v.FormatMove(&p, m), engine.FormatScore(int(e.Score)), depth)
	}
	return nil
}
