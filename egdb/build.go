package egdb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/zstd"

	"damka/board"
)

// BuildOptions says what Build makes.
type BuildOptions struct {
	Variant *board.Variant
	Dir     string
	// Pieces builds every slice with at most this many pieces, smallest
	// first, skipping the slices already finished in Dir.
	Pieces int
	// Slices, when set, builds only the pairs of these slices (a slice and
	// its colour-reversed twin are always solved together). Every slice
	// they depend on must be finished in Dir already. This is the
	// scale-out path: a batch system runs one job per slice, wave by wave
	// (see Plan), all writing into one shared directory.
	Slices []Material
	// Threads is the number of goroutines (default: all CPUs).
	Threads int
	// MemoryMB bounds the memory of the build; a slice that needs more is
	// refused with an error naming it. Zero means DefaultMemoryMB.
	MemoryMB int
	// DistPieces: slices with at most this many pieces store distances
	// (default DefaultDistPieces; negative for none).
	DistPieces int
	// Progress, if set, is called from one goroutine a few times a second
	// while a slice builds, and once when it is finished or skipped.
	Progress func(Progress)
	// Warn, if set, is told about each damaged file found (it is rebuilt).
	Warn func(error)
}

const (
	DefaultMemoryMB   = 2048
	DefaultDistPieces = 4
	// bytesPerPosition is the solver's peak memory per position of the
	// pair: a 4-byte state and, at worst, one 4-byte list entry, plus the
	// encoded output.
	bytesPerPosition = 9
	// Positions per block: 16 KiB decoded in both encodings, small enough
	// to decode in tens of microseconds on a miss.
	distBlockPositions = 1 << 14
	wdlBlockPositions  = 5 << 14
)

// Progress reports on the slice pair being built.
type Progress struct {
	Slice       Material // the pair's name
	Done, Total int64    // work units: each position is visited, then propagated if decided
	Report      []SliceReport
}

// SliceReport describes one finished table file.
type SliceReport struct {
	Material            Material
	Positions           uint64 // size of the index space
	Wins, Draws, Losses uint64 // stored values
	DontCare            uint64 // capture pending or invalid index: not stored
	MaxDist             int    // longest stored distance in plies (-1: none stored)
	Bytes               int64
	Elapsed             time.Duration // time to solve and write the pair
	Skipped             bool          // finished by an earlier run
}

// Plan lists the slices of variant v up to n pieces in build order, with
// their waves: a slice depends only on slices of earlier waves, so the
// slices of one wave may be built as parallel jobs.
func Plan(v *board.Variant, n int) (slices []Material, waves []int) {
	for _, m := range Materials(v, n) {
		slices = append(slices, m)
		waves = append(waves, Wave(v, m))
	}
	return slices, waves
}

// Build solves and writes the requested slices. It resumes: slices whose
// files are present and intact are kept, temporary files of an interrupted
// run are removed, and damaged files are rebuilt.
func Build(ctx context.Context, opt BuildOptions) ([]SliceReport, error) {
	v := opt.Variant
	if v == nil {
		return nil, errors.New("egdb: no variant")
	}
	if opt.Threads <= 0 {
		opt.Threads = runtime.NumCPU()
	}
	if opt.MemoryMB == 0 {
		opt.MemoryMB = DefaultMemoryMB
	}
	if opt.MemoryMB < 16 {
		return nil, fmt.Errorf("egdb: --memory %d MB is below the 16 MB minimum", opt.MemoryMB)
	}
	if opt.DistPieces == 0 {
		opt.DistPieces = DefaultDistPieces
	}
	var pairs []Material
	if len(opt.Slices) == 0 {
		if opt.Pieces < 2 || opt.Pieces > 12 {
			return nil, fmt.Errorf("egdb: pieces must be between 2 and 12, not %d", opt.Pieces)
		}
		for _, m := range Materials(v, opt.Pieces) {
			if m.canonical() == m {
				pairs = append(pairs, m)
			}
		}
	} else {
		for _, m := range opt.Slices {
			if !m.valid(v) {
				return nil, fmt.Errorf("egdb: slice %s cannot be tabled for %s", m, v.Name)
			}
			pairs = append(pairs, m.canonical())
		}
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	// Batch jobs share the directory: a job removes only the leftovers of
	// the slices it builds, never a file another job is writing.
	var own map[string]bool
	if len(opt.Slices) > 0 {
		own = map[string]bool{}
		for _, m := range pairs {
			own[fileName(v, m)], own[fileName(v, m.Mirror())] = true, true
		}
	}
	if err := removeTemps(opt.Dir, v, own); err != nil {
		return nil, err
	}
	memory := int64(opt.MemoryMB) << 20
	cacheBytes := cacheFor(memory)
	db, err := OpenWith(opt.Dir, v, Options{CacheBytes: cacheBytes})
	if db == nil {
		return nil, err
	}
	defer db.Close()
	// Damaged files (err != nil) are absent from db, so rebuilt below.
	warn := func(err error) {
		if opt.Warn != nil && err != nil {
			opt.Warn(err)
		}
	}
	if err != nil {
		for _, e := range db.Problems() {
			warn(e)
		}
	}
	var reports []SliceReport
	done := map[Material]bool{}
	for _, m := range pairs {
		if done[m] {
			continue
		}
		done[m] = true
		if len(opt.Slices) > 0 {
			var missing []string
			for _, d := range Dependencies(v, m) {
				if !db.has(d) {
					missing = append(missing, d.String())
				}
			}
			if len(missing) > 0 {
				return reports, fmt.Errorf("egdb: slice %s needs slices %s built first in %s", m, strings.Join(missing, ", "), opt.Dir)
			}
		}
		if db.intact(m, warn) && db.intact(m.Mirror(), warn) {
			rs := []SliceReport{db.report(m)}
			if m.Mirror() != m {
				rs = append(rs, db.report(m.Mirror()))
			}
			for i := range rs {
				rs[i].Skipped = true
			}
			reports = append(reports, rs...)
			if opt.Progress != nil {
				opt.Progress(Progress{Slice: m, Report: rs})
			}
			continue
		}
		rs, err := buildPair(ctx, db, m, opt, memory-cacheBytes)
		reports = append(reports, rs...)
		if err != nil {
			return reports, err
		}
	}
	return reports, nil
}

// removeTemps deletes the temporary files that an interrupted build left:
// all of variant v, or those of the files named in only.
func removeTemps(dir string, v *board.Variant, only map[string]bool) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("egdb: %w", err)
	}
	for _, e := range ents {
		n := e.Name()
		final, _, isTemp := strings.Cut(n, tempMarker)
		if isTemp && strings.HasPrefix(n, v.Name+"_") && strings.HasSuffix(final, fileSuffix) && (only == nil || only[final]) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return fmt.Errorf("egdb: removing an interrupted build's file: %w", err)
			}
		}
	}
	return nil
}

// has reports whether the slice is open and intact.
func (db *DB) has(m Material) bool {
	t := db.slice(m)
	return t != nil && !t.bad.Load()
}

// intact reports whether the slice is open and all its blocks match their
// checksums; a damaged table is marked bad (and so rebuilt).
func (db *DB) intact(m Material, warn func(error)) bool {
	if !db.has(m) {
		return false
	}
	t := db.slice(m)
	if err := t.checkBlocks(); err != nil {
		db.markBad(t, err)
		warn(err)
		return false
	}
	return true
}

func (db *DB) report(m Material) SliceReport {
	t := db.slice(m)
	h := &t.hdr
	r := SliceReport{Material: m, Positions: h.positions, Wins: h.wins, Draws: h.draws, Losses: h.losses,
		DontCare: h.dontCare, MaxDist: -1}
	if h.encoding == encDist {
		r.MaxDist = int(h.maxDist)
	}
	for _, b := range t.refs {
		r.Bytes += int64(b.size)
	}
	r.Bytes += headerSize + 8*int64(len(t.refs)) + 4
	return r
}

// buildPair solves the pair of m and writes both files.
func buildPair(ctx context.Context, db *DB, m Material, opt BuildOptions, memory int64) ([]SliceReport, error) {
	start := time.Now()
	v := opt.Variant
	storeDist := m.Pieces() <= opt.DistPieces
	n := int64(newIndexer(db.x, m).size)
	if m.Mirror() != m {
		n *= 2
	}
	if need := n * bytesPerPosition; need > memory {
		return nil, fmt.Errorf("egdb: slice %s needs about %d MB (%d positions x %d bytes), more than the %d MB left of --memory %d MB for the solver",
			m, need>>20, n, bytesPerPosition, memory>>20, opt.MemoryMB)
	}
	s, err := newSolver(ctx, v, db.x, m, db.probe, opt.Threads, storeDist)
	if err != nil {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	total := 2 * n
	stop := make(chan struct{})
	var wg sync.WaitGroup
	if opt.Progress != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(250 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					opt.Progress(Progress{Slice: m, Done: min(s.done.Load(), total-1), Total: total})
				}
			}
		}()
	}
	err = s.solve()
	var reports []SliceReport
	if err == nil {
		reports, err = s.write(db, opt.Dir, start)
	}
	close(stop)
	wg.Wait()
	if err != nil {
		return reports, fmt.Errorf("egdb: slice %s: %w", m, err)
	}
	if opt.Progress != nil {
		opt.Progress(Progress{Slice: m, Done: total, Total: total, Report: reports})
	}
	return reports, nil
}

// write encodes, compresses and writes both tables of the pair and adds
// them to db.
func (s *solver) write(db *DB, dir string, start time.Time) ([]SliceReport, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(s.threads))
	if err != nil {
		return nil, err
	}
	defer enc.Close()
	var reports []SliceReport
	for t := 0; t < 2; t++ {
		if t == 1 && s.tabs[1] == s.tabs[0] {
			break
		}
		tab := s.tabs[t]
		h := header{encoding: encWDL, material: tab.m, positions: tab.ix.size, blockPositions: wdlBlockPositions,
			fingerprint: rulesFingerprint(s.v), variant: s.v.Name}
		if s.storeDist {
			h.encoding, h.blockPositions = encDist, distBlockPositions
		}
		nb := int((tab.ix.size + uint64(h.blockPositions) - 1) / uint64(h.blockPositions))
		blocks := make([][]byte, nb)
		stats := make([]blockStats, nb)
		var firstErr error
		var mu sync.Mutex
		s.parallelBlocks(nb, func(b int) {
			raw, bs, err := s.encodeBlock(tab, &h, b)
			if err == nil {
				blocks[b] = enc.EncodeAll(raw, make([]byte, 0, len(raw)/4+64))
				stats[b] = bs
				return
			}
			mu.Lock()
			firstErr = cmpErr(firstErr, err)
			mu.Unlock()
		})
		if firstErr != nil {
			return reports, firstErr
		}
		for _, bs := range stats {
			h.wins += bs.wins
			h.draws += bs.draws
			h.losses += bs.losses
			h.dontCare += bs.dontCare
			h.maxDist = max(h.maxDist, bs.maxDist)
		}
		name := fileName(s.v, tab.m)
		size, err := writeFile(dir, name, &h, blocks)
		if err != nil {
			return reports, err
		}
		if err := db.addFile(filepath.Join(dir, name)); err != nil {
			return reports, fmt.Errorf("reopening the table just written: %w", err)
		}
		r := SliceReport{Material: tab.m, Positions: h.positions, Wins: h.wins, Draws: h.draws, Losses: h.losses,
			DontCare: h.dontCare, MaxDist: -1, Bytes: size, Elapsed: time.Since(start)}
		if s.storeDist {
			r.MaxDist = int(h.maxDist)
		}
		reports = append(reports, r)
	}
	return reports, nil
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

type blockStats struct {
	wins, draws, losses, dontCare uint64
	maxDist                       uint32
}

func (s *solver) parallelBlocks(n int, fn func(b int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for k := 0; k < s.threads; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range next {
				fn(b)
			}
		}()
	}
	for b := 0; b < n; b++ {
		next <- b
	}
	close(next)
	wg.Wait()
}

// encodeBlock turns the states of block b into stored bytes. Positions
// not stored repeat the value before them, the cheapest thing to compress.
func (s *solver) encodeBlock(tab *solveTable, h *header, b int) ([]byte, blockStats, error) {
	var bs blockStats
	bp := uint64(h.blockPositions)
	lo := uint64(b) * bp
	hi := min(lo+bp, tab.ix.size)
	vals := make([]byte, hi-lo)
	prev := byte(0)
	for i := lo; i < hi; i++ {
		st := tab.st[i]
		if st&stDontCare != 0 {
			bs.dontCare++
			vals[i-lo] = prev
			continue
		}
		dist := stDist(st)
		var x byte
		switch stVal(st) {
		case vWin:
			bs.wins++
			x = 1
			if s.storeDist {
				if dist&1 != 1 {
					return nil, bs, fmt.Errorf("internal error: %s index %d: win at even distance %d", tab.m, i, dist)
				}
				x = byte(dist + 1)
			}
		case vLoss:
			bs.losses++
			x = 2
			if s.storeDist {
				if dist&1 != 0 {
					return nil, bs, fmt.Errorf("internal error: %s index %d: loss at odd distance %d", tab.m, i, dist)
				}
				x = byte(dist + 1)
			}
		default:
			bs.draws++
		}
		if stVal(st) != vDraw {
			if s.storeDist && dist > 254 {
				return nil, bs, fmt.Errorf("%s index %d: distance %d does not fit in a byte: build without distances", tab.m, i, dist)
			}
			bs.maxDist = max(bs.maxDist, dist)
		}
		vals[i-lo] = x
		prev = x
	}
	if s.storeDist {
		return vals, bs, nil
	}
	packed := make([]byte, (len(vals)+4)/5)
	for i := len(vals) - 1; i >= 0; i-- {
		packed[i/5] = packed[i/5]*3 + vals[i]
	}
	return packed, bs, nil
}
