package egdb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"

	"damka/board"
)

// Value is a game-theoretic result from the side to move's point of view.
type Value int8

const (
	Loss Value = -1
	Draw Value = 0
	Win  Value = 1
)

func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Result is what a probe finds: the value for the side to move and, when
// the tables store it, the distance: plies to the end of the game with
// best play (the winner ends it as soon as it can, the loser as late as it
// can; the game ends when the side to move has no move). Dist is -1 for
// draws and where distances are not stored.
type Result struct {
	Value Value
	Dist  int
}

func (r Result) String() string {
	if r.Dist >= 0 {
		return fmt.Sprintf("%s in %d plies", r.Value, r.Dist)
	}
	return r.Value.String()
}

// Stats counts probes; the counters are cumulative and safe to read at any
// time.
type Stats struct {
	Probes      uint64 // calls to Probe
	Hits        uint64 // probes that found a value
	CacheHits   uint64 // block lookups served from the cache
	CacheMisses uint64 // blocks decoded
	Errors      uint64 // block reads that failed (the table is then ignored)
}

// DB is a set of opened tables of one variant. Probe may be called from
// any number of goroutines at once.
type DB struct {
	v         *board.Variant
	x         *geometry
	dec       *zstd.Decoder
	cache     *cache
	mu        sync.Mutex // guards tables, byMat and problems while opening and adding
	tables    []*table
	byMat     []atomic.Pointer[table] // by matKey; probes read it without a lock
	maxPieces atomic.Int32
	noMmap    bool
	problems  []error

	// Counters hit by every probe are striped over cache lines (the stripe
	// chosen from the position) so that search threads do not fight over
	// one line; Stats sums them.
	stripes           [16]counterStripe
	cacheMisses, errs atomic.Uint64
}

type counterStripe struct {
	probes, hits, cacheHits atomic.Uint64
	_                       [40]byte
}

func (db *DB) stripe(p *board.Position) *counterStripe {
	w := p.Board64()
	h := uint64(w.Pieces[0]^w.Pieces[1]<<1^w.Kings) * 0x9E3779B97F4A7C15
	return &db.stripes[h>>60]
}

// matLimit bounds each of the four counts of a tabled material.
const matLimit = 16

func matKey(m Material) int {
	return ((m.WM*matLimit+m.BM)*matLimit+m.WK)*matLimit + m.BK
}

// Options tunes Open.
type Options struct {
	// CacheBytes is the memory for decoded blocks (default 64 MiB).
	CacheBytes int64
	// NoMmap reads blocks with ReadAt instead of mapping the files.
	NoMmap bool
}

// DefaultCacheBytes is the decoded-block cache of Open.
const DefaultCacheBytes = 64 << 20

// maxBlockBytes bounds the decoded size of a block this package writes or
// accepts; it sizes the cache's buffers.
const maxBlockBytes = 1 << 16

func newDB(v *board.Variant, opt Options) (*DB, error) {
	if err := Supported(v); err != nil {
		return nil, err
	}
	x, err := newGeometry(v.Geo)
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecodeAllCapLimit(true),
		zstd.WithDecoderMaxMemory(maxBlockBytes))
	if err != nil {
		return nil, err
	}
	if opt.CacheBytes <= 0 {
		opt.CacheBytes = DefaultCacheBytes
	}
	return &DB{v: v, x: x, dec: dec, cache: newCache(opt.CacheBytes, 1<<14), noMmap: opt.NoMmap,
		byMat: make([]atomic.Pointer[table], matLimit*matLimit*matLimit*matLimit)}, nil
}

// Open opens the tables of variant v in dir (files <variant>_<slice>.egdb;
// other variants' files are ignored). A file that is damaged, truncated,
// of another variant or of other rules is left out and named in the
// returned error; the DB is still returned and usable without it, so a
// caller may log the error and play on. Only an unreadable dir returns a
// nil DB.
func Open(dir string, v *board.Variant) (*DB, error) {
	return OpenWith(dir, v, Options{})
}

// OpenWith is Open with options.
func OpenWith(dir string, v *board.Variant, opt Options) (*DB, error) {
	db, err := newDB(v, opt)
	if err != nil {
		return nil, err
	}
	_, left, err := db.addDir(dir)
	if err != nil {
		return nil, err
	}
	return db, errors.Join(left...)
}

// addDir adds the tables of db's variant in dir over those already open.
// It returns how many it added and the files it left out; err is an
// unreadable dir.
func (db *DB) addDir(dir string) (added int, left []error, err error) {
	names, left, err := tableFiles(dir, db.v)
	if err != nil {
		return 0, nil, err
	}
	if len(left) > 0 {
		db.mu.Lock()
		db.problems = append(db.problems, left...)
		db.mu.Unlock()
	}
	for _, n := range names {
		if err := db.addFile(filepath.Join(dir, n)); err != nil {
			left = append(left, err)
		} else {
			added++
		}
	}
	return added, left, nil
}

// tableFiles lists the finished table files of v in dir, sorted. A name
// may be a symbolic link (a directory of links into a shared store): what
// counts is the file it leads to, which must be a regular file; the others
// are returned in left.
func tableFiles(dir string, v *board.Variant) (names []string, left []error, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("egdb: %w", err)
	}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, v.Name+"_") || !strings.HasSuffix(n, fileSuffix) {
			continue
		}
		if err := regularFile(filepath.Join(dir, n)); err != nil {
			left = append(left, err)
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	return names, left, nil
}

// regularFile says why path, followed through links, is not a regular
// file: only those are opened, since opening a FIFO or a device can block
// or read without end.
func regularFile(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	return nil
}

func notRegular(path string, m os.FileMode) error {
	kind := m.Type().String()
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&os.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&os.ModeDevice != 0:
		kind = "a device"
	case m&os.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s: not a regular file but %s", path, kind)
}

// materialOf reads the material from a file name of variant v.
func materialOf(v *board.Variant, name string) (Material, error) {
	s := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), v.Name+"_"), fileSuffix)
	m, err := ParseMaterial(s)
	if err != nil {
		return m, err
	}
	if !m.valid(v) || m.WM >= matLimit || m.BM >= matLimit || m.WK >= matLimit || m.BK >= matLimit {
		return m, fmt.Errorf("slice %s cannot be tabled for %s", m, v.Name)
	}
	return m, nil
}

// addFile opens one table file and adds it, replacing an earlier table of
// the same slice. On error the DB is unchanged and the error is recorded.
func (db *DB) addFile(path string) error {
	err := db.addFileErr(path)
	if err != nil {
		db.mu.Lock()
		db.problems = append(db.problems, err)
		db.mu.Unlock()
	}
	return err
}

func (db *DB) addFileErr(path string) error {
	m, err := materialOf(db.v, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := regularFile(path); err != nil {
		return err
	}
	// Non-blocking, in case a FIFO took the file's place since the check.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path, fi.Mode())
	}
	if err != nil {
		f.Close()
		return err
	}
	t, err := openTable(path, f, fi.Size(), db, m)
	if err != nil {
		f.Close()
		return err
	}
	t.file = f
	if !db.noMmap {
		if data, err := mapFile(f, fi.Size()); err == nil {
			t.data, t.mapped, t.file = data, true, nil
			f.Close()
		}
	}
	db.add(t)
	return nil
}

// addReader adds a table read through r (size bytes; an embedded file).
func (db *DB) addReader(name string, r io.ReaderAt, size int64) error {
	m, err := materialOf(db.v, name)
	if err == nil {
		var t *table
		t, err = openTable(name, r, size, db, m)
		if err == nil {
			t.file = r
			db.add(t)
			return nil
		}
	}
	db.mu.Lock()
	db.problems = append(db.problems, err)
	db.mu.Unlock()
	return err
}

func (db *DB) add(t *table) {
	db.mu.Lock()
	defer db.mu.Unlock()
	t.id = uint32(len(db.tables))
	db.tables = append(db.tables, t)
	slot := &db.byMat[matKey(t.hdr.material)]
	if old := slot.Load(); old != nil {
		db.cache.drop(old)
		if !old.bad.Load() {
			t.under = old
		}
	}
	slot.Store(t)
	db.maxPieces.Store(max(db.maxPieces.Load(), int32(t.hdr.material.Pieces())))
}

// slice returns the open table of material m, or nil.
func (db *DB) slice(m Material) *table { return db.byMat[matKey(m)].Load() }

// Close releases the files. It must not run while probes are in flight.
func (db *DB) Close() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, t := range db.tables {
		db.cache.drop(t)
		t.close()
	}
	db.tables = nil
	for i := range db.byMat {
		db.byMat[i].Store(nil)
	}
	db.maxPieces.Store(0)
	return nil
}

// Variant is the variant of the tables.
func (db *DB) Variant() *board.Variant { return db.v }

// MaxPieces is the largest number of pieces of any opened slice: a cheap
// filter before probing (a probe may still miss if some slice of that size
// is absent).
func (db *DB) MaxPieces() int { return int(db.maxPieces.Load()) }

// Problems lists the files that could not be used, opened or read.
func (db *DB) Problems() []error {
	db.mu.Lock()
	defer db.mu.Unlock()
	return append([]error(nil), db.problems...)
}

// ProblemsSince returns the problems recorded after the first n (nil, with
// no allocation, when there are none) and how many there are now: a caller
// that keeps the count hears of each damage once.
func (db *DB) ProblemsSince(n int) ([]error, int) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if n >= len(db.problems) {
		return nil, len(db.problems)
	}
	return append([]error(nil), db.problems[n:]...), len(db.problems)
}

// Stats returns the probe counters.
func (db *DB) Stats() Stats {
	st := Stats{CacheMisses: db.cacheMisses.Load(), Errors: db.errs.Load()}
	for i := range db.stripes {
		c := &db.stripes[i]
		st.Probes += c.probes.Load()
		st.Hits += c.hits.Load()
		st.CacheHits += c.cacheHits.Load()
	}
	return st
}

// ErrNotInTables is Lookup's answer for a position the tables do not hold:
// more pieces than the tables, a slice that is not there, or not a legal
// position (a man on its promotion row).
var ErrNotInTables = errors.New("not in the tables")

// Probe returns the value of p for the side to move. ok is false when
// Lookup has an error: p is not in the tables, or a table it needs is
// damaged (the search then treats p as unknown, never as a value). A
// position where the side to move must capture is not stored: it is
// resolved by searching the captures into the smaller slices, which is
// exact and cheap since every capture removes a piece. Probe does not
// allocate when the blocks it needs are cached.
func (db *DB) Probe(p *board.Position) (Result, bool) {
	r, err := db.Lookup(p)
	return r, err == nil
}

// Lookup is Probe that says why it has no value: ErrNotInTables, or the
// damage of a table it needs (wrapping ErrCorrupt, naming the file and
// the block), found by this probe or an earlier one. Damage takes its
// table out of use and is recorded once in Problems; a slice of a
// directory that replaced a built-in one falls back to the built-in one.
func (db *DB) Lookup(p *board.Position) (Result, error) {
	c := db.stripe(p)
	c.probes.Add(1)
	r, err := db.probe(p)
	if err == nil {
		c.hits.Add(1)
	}
	return r, err
}

func (db *DB) probe(p *board.Position) (Result, error) {
	own, opp := p.PieceCount(p.Side), p.PieceCount(p.Side^1)
	if own == 0 {
		return Result{Loss, 0}, nil // no piece, no move: lost
	}
	if opp == 0 || own+opp > int(db.maxPieces.Load()) {
		return Result{}, ErrNotInTables
	}
	if db.v.HasCapture(p) {
		sc := scratchPool.Get().(*scratch)
		sc.pos[0] = *p
		r, err := db.searchCaptures(sc, 0)
		scratchPool.Put(sc)
		return r, err
	}
	return db.lookup(p)
}

// scratch holds a position and a move list per ply of a probe's capture
// search (each capture removes a piece, so the depth stays below the piece
// count). Both would escape to the heap through Generate in a recursive
// function, so probes borrow them from a pool instead of allocating.
type scratch struct {
	pos [maxSearchDepth + 1]board.Position
	ml  [maxSearchDepth]board.MoveList
}

const maxSearchDepth = 4 * matLimit

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// searchCaptures resolves sc.pos[depth], where a capture is pending, from
// the values of its children.
func (db *DB) searchCaptures(sc *scratch, depth int) (Result, error) {
	if depth >= maxSearchDepth {
		return Result{}, ErrNotInTables
	}
	p, ml := &sc.pos[depth], &sc.ml[depth]
	db.v.Generate(p, ml)
	var acc resultAcc
	for i := 0; i < ml.N; i++ {
		c := &sc.pos[depth+1]
		p.PlayInto(ml.Moves[i], c)
		own, opp := c.PieceCount(c.Side), c.PieceCount(c.Side^1)
		var r Result
		var err error
		switch {
		case own == 0:
			r = Result{Loss, 0}
		case opp == 0:
			err = ErrNotInTables
		case db.v.HasCapture(c):
			r, err = db.searchCaptures(sc, depth+1)
		default:
			r, err = db.lookup(c)
		}
		if err != nil {
			return Result{}, err
		}
		acc.add(r)
	}
	return acc.result(), nil
}

// resultAcc combines the values of the children (each from its own side
// to move's view) into the parent's: win if some child is lost (fastest
// such), loss if every child is won (slowest), else draw. A distance is
// known only when the distances it depends on are.
type resultAcc struct {
	win, draw     bool
	winD, lossD   int
	winOK, lossOK bool
	any           bool
}

func (a *resultAcc) add(r Result) {
	if !a.any {
		a.any, a.winOK, a.lossOK, a.winD = true, true, true, 1<<30
	}
	switch r.Value {
	case Loss:
		a.win = true
		if r.Dist < 0 {
			a.winOK = false
		} else {
			a.winD = min(a.winD, r.Dist+1)
		}
	case Draw:
		a.draw = true
	case Win:
		if r.Dist < 0 {
			a.lossOK = false
		} else {
			a.lossD = max(a.lossD, r.Dist+1)
		}
	}
}

func (a *resultAcc) result() Result {
	switch {
	case !a.any:
		return Result{Loss, 0}
	case a.win && a.winOK:
		return Result{Win, a.winD}
	case a.win:
		return Result{Win, -1}
	case a.draw:
		return Result{Draw, -1}
	case a.lossOK:
		return Result{Loss, a.lossD}
	}
	return Result{Loss, -1}
}

// lookup reads the stored value of p (no capture pending).
func (db *DB) lookup(p *board.Position) (Result, error) {
	d := db.x.canonical(p)
	m := d.material()
	if m.WM >= matLimit || m.BM >= matLimit || m.WK >= matLimit || m.BK >= matLimit {
		return Result{}, ErrNotInTables
	}
	t := db.slice(m)
	if t == nil {
		return Result{}, ErrNotInTables
	}
	i, ok := t.ix.index(d)
	if !ok {
		return Result{}, ErrNotInTables
	}
	for {
		if !t.bad.Load() {
			if r, err := db.stored(t, i); err == nil {
				return r, nil
			}
		}
		// t is damaged; the table it replaced (the same slice, so the
		// same index), if any, answers instead.
		if t.under == nil {
			return Result{}, t.damage
		}
		t = t.under
	}
}

// stored reads the value at index i of t. A read that fails marks t bad.
func (db *DB) stored(t *table, i uint64) (Result, error) {
	bp := uint64(t.hdr.blockPositions)
	blk, off := uint32(i/bp), int(i%bp)
	byteOff := off
	if t.hdr.encoding == encWDL {
		byteOff = off / 5
	}
	b, hit, err := db.cache.get(t, blk, byteOff)
	if hit {
		db.stripes[i%uint64(len(db.stripes))].cacheHits.Add(1)
	} else {
		db.cacheMisses.Add(1)
	}
	if err != nil {
		db.errs.Add(1)
		db.markBad(t, err)
		return Result{}, err
	}
	if t.hdr.encoding == encWDL {
		switch wdlDigit[b][off%5] {
		case 1:
			return Result{Win, -1}, nil
		case 2:
			return Result{Loss, -1}, nil
		}
		return Result{Draw, -1}, nil
	}
	return decodeDist(b), nil
}

// decodeDist reads an encDist byte.
func decodeDist(b byte) Result {
	if b == 0 {
		return Result{Draw, -1}
	}
	d := int(b) - 1
	if d&1 == 1 {
		return Result{Win, d}
	}
	return Result{Loss, d}
}

// wdlDigit[b][k] is the k-th base-3 digit of b.
var wdlDigit [256][5]uint8

func init() {
	for b := 0; b < 243; b++ {
		x := b
		for k := 0; k < 5; k++ {
			wdlDigit[b][k] = uint8(x % 3)
			x /= 3
		}
	}
}

// markBad takes t out of use after err, recording err once. The table it
// replaced, if any (a built-in one under one of a directory), serves its
// slice again.
func (db *DB) markBad(t *table, err error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if t.bad.Load() {
		return
	}
	t.damage = err // published by the Store below
	t.bad.Store(true)
	db.problems = append(db.problems, err)
	slot := &db.byMat[matKey(t.hdr.material)]
	if slot.Load() == t && t.under != nil && !t.under.bad.Load() {
		slot.Store(t.under)
	}
}

// inUse lists the tables that serve a slice, one per slice, in the order
// they were added; replaced ones are left out.
func (db *DB) inUse() []*table {
	db.mu.Lock()
	defer db.mu.Unlock()
	out := make([]*table, 0, len(db.tables))
	for _, t := range db.tables {
		if db.slice(t.hdr.material) == t {
			out = append(out, t)
		}
	}
	return out
}

// Info describes the opened slices, smallest first.
func (db *DB) Info() []SliceReport {
	var ms []Material
	for _, t := range db.inUse() {
		ms = append(ms, t.hdr.material)
	}
	sort.Slice(ms, func(i, j int) bool { return less(ms[i], ms[j]) })
	out := make([]SliceReport, 0, len(ms))
	for _, m := range ms {
		out = append(out, db.report(m))
	}
	return out
}
