package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"

	"damka/board"
	"damka/egdb"
	"damka/engine"
)

// SelfplayConfig says what games to play.
type SelfplayConfig struct {
	Variant *board.Variant
	Games   int    // games in all (a resumed run plays the rest)
	Nodes   uint64 // search budget per move (with Depth: whichever comes first)
	Depth   int
	Seed    uint64
	// RandomPlies: each game starts with RandomMin..RandomPlies uniformly
	// random moves (after its opening), so that games differ.
	RandomPlies, RandomMin int
	// RandomMargin, if positive, keeps only random starts that a search of
	// the game's budget (Nodes, Depth; a fresh table) scores within
	// +/-RandomMargin for the side to move (engine units, 100 = one man);
	// otherwise the game draws its random moves again from its own
	// generator: startTries times, then startTries times with half the
	// plies, then it starts from its opening without random moves.
	RandomMargin int
	// ShotMargin, if positive, drops the kept positions with a pending
	// shot: those that a search of ShotDepth plies scores more than
	// ShotMargin from the static evaluation (pendingShot). The games are
	// the same with and without it.
	ShotMargin, ShotDepth int
	// Openings, if any, are played in turn (game i from opening i mod n);
	// otherwise games start from the initial position.
	Openings []*board.Game
	Workers  int            // games played at once (one search thread each)
	Engine   engine.Options // per worker; Threads is forced to 1
	MaxPlies int            // a game this long is a draw
	// Shard and Shards split the run for a batch system: with Shards > 0
	// this run plays only games Shard, Shard+Shards, Shard+2*Shards, ... of
	// the Games that Seed defines, and keeps their positions unmerged, in
	// game order, so that MergeShards of all Shards outputs is the file of
	// the whole run, byte for byte.
	Shard, Shards int
	// Progress, if set, is called once before the first game (with the
	// games a resumed run already holds) and after every finished game
	// (from one goroutine); done and total count this shard's games and
	// samples the positions kept by this call.
	Progress func(done, total, samples int)
	// Report, if set, is called with every game this call plays, in game
	// order, as its block is written (from one goroutine).
	Report func(GameStats)
}

// GameStats says how one game went, for the summary of a run (Spread).
type GameStats struct {
	Index int // the game's number in the whole run
	// Start is the position after the opening and the random moves, and
	// RandomPlies their number; Tries counts the random starts drawn
	// (RandomMargin), Fallback that none was kept.
	Start       PosKey
	RandomPlies int
	Tries       int
	Fallback    bool
	// Ply10 is the position after 10 plies of the game (its opening's
	// moves count), valid when HasPly10.
	Ply10    PosKey
	HasPly10 bool
	Plies    int // the game's length
	// Kept positions, and Dropped for a pending shot (ShotMargin).
	Kept, Dropped int
}

// PosKey is a position as the data file holds it.
type PosKey struct {
	White, Black, Kings uint64
	Side                uint8
}

func keyOf(p *board.Position) PosKey {
	w, b, k := p.Words()
	return PosKey{uint64(w), uint64(b), uint64(k), uint8(p.Side)}
}

// ErrInterrupted is wrapped by the error of a run stopped by its context:
// what was finished is kept and the same call resumes it.
var ErrInterrupted = errors.New("interrupted")

// shardGames is the number of games this run (shard) plays.
func (cfg *SelfplayConfig) shardGames() int {
	if cfg.Shards <= 0 {
		return cfg.Games
	}
	return max(0, (cfg.Games-cfg.Shard+cfg.Shards-1)/cfg.Shards)
}

// gameIndex is the number, in the whole run, of this shard's game k.
func (cfg *SelfplayConfig) gameIndex(k int) int {
	if cfg.Shards <= 0 {
		return k
	}
	return cfg.Shard + k*cfg.Shards
}

// gamesPerBlock: games are written in blocks of this many, in game order,
// so that the file is the same bytes whatever the number of workers, and a
// resumed run starts at a block boundary.
const gamesPerBlock = 50

// Selfplay plays cfg's games and writes the merged samples to path (a
// shard's unmerged ones, see SelfplayConfig.Shards). Blocks of finished
// games go to path+".part" as they are done; a run that finds such a file
// with the same header resumes after its last whole block. Game i depends
// only on cfg and i (its random moves come from a generator seeded by
// cfg.Seed and i; a fresh table and node-limited searches on one thread),
// so the output is deterministic for a seed. When ctx ends, the games
// finished in order are written, the others dropped, and the error wraps
// ErrInterrupted.
func Selfplay(ctx context.Context, path string, cfg SelfplayConfig, meta string) (*Data, error) {
	v := cfg.Variant
	if v.Columns || v.Geo.Wide {
		return nil, fmt.Errorf("selfplay: %s is not supported (its positions do not fit the data file's three words)", v.Name)
	}
	if cfg.Nodes == 0 && cfg.Depth == 0 {
		return nil, errors.New("selfplay: set a node or depth budget per move")
	}
	if cfg.Shards > 0 && (cfg.Shard < 0 || cfg.Shard >= cfg.Shards) {
		return nil, fmt.Errorf("selfplay: shard %d/%d: the shard must be from 0 to %d", cfg.Shard, cfg.Shards, cfg.Shards-1)
	}
	if cfg.Shards > 0 {
		meta += shardMeta(cfg.Shard, cfg.Shards)
	}
	h := Header{Variant: v.Name, Meta: meta}
	part := path + ".part"
	done, f, err := openPart(part, h)
	if err != nil {
		return nil, err
	}
	wr, err := appendWriter(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	err = playGames(ctx, cfg, done, wr)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	d, err := readPart(part)
	if err != nil {
		return nil, err
	}
	if n := cfg.shardGames(); d.Games != n {
		return nil, fmt.Errorf("selfplay: %s holds %d games, want %d", part, d.Games, n)
	}
	if cfg.Shards <= 0 {
		d.Samples = Merge(d.Samples)
		d.Header.Merged = true
	}
	if err := WriteFile(path, d); err != nil {
		return nil, err
	}
	return d, os.Remove(part)
}

// openPart opens (or creates) the partial file, checks that its header is
// h and cuts it after its last whole block; done is the games already in it.
func openPart(part string, h Header) (done int, f *os.File, err error) {
	f, err = os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return 0, nil, err
	}
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		if err == nil {
			_, err = f.Write(h.encode())
		}
		if err != nil {
			f.Close()
			return 0, nil, err
		}
		return 0, f, nil
	}
	d, good, err := read(f, true)
	if err != nil {
		f.Close()
		return 0, nil, fmt.Errorf("selfplay: cannot resume from %s: %w", part, err)
	}
	if d.Header.Variant != h.Variant || d.Header.Meta != h.Meta {
		f.Close()
		return 0, nil, fmt.Errorf("selfplay: %s was made by another run (%q, %s); remove it or repeat that command", part, d.Header.Meta, d.Header.Variant)
	}
	if err := f.Truncate(good); err == nil {
		_, err = f.Seek(good, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return 0, nil, err
	}
	return d.Games, f, nil
}

// readPart reads a partial file whole (it has no end block).
func readPart(part string) (*Data, error) {
	f, err := os.Open(part)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, _, err := read(bufio.NewReaderSize(f, 1<<20), true)
	return d, err
}

// WriteFile writes d to path (through a temporary file, so that path is
// either the old file or the whole new one).
func WriteFile(path string, d *Data) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	wr, err := NewWriter(f, d.Header)
	if err == nil {
		err = wr.WriteBlock(d.Samples, d.Games)
	}
	if err == nil {
		err = wr.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// playGames plays this shard's games done..shardGames()-1 and writes them
// in order. When ctx ends it writes the games finished in order (a last,
// shorter block) and returns an error wrapping ErrInterrupted.
func playGames(ctx context.Context, cfg SelfplayConfig, done int, wr *Writer) error {
	workers := max(cfg.Workers, 1)
	total := cfg.shardGames()
	jobs := make(chan int)
	type finished struct {
		index   int
		samples []Sample
		stats   GameStats
		err     error
	}
	results := make(chan finished)
	var wg sync.WaitGroup
	var db *egdb.DB
	if !cfg.Engine.NoEGDB {
		db, _ = egdb.OpenEmbedded(cfg.Variant) // no tables: games end by the rules alone
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := cfg.Engine
			opts.Threads = 1
			e, err := engine.NewChecked(opts)
			var pr *probe
			if err == nil && (cfg.RandomMargin > 0 || cfg.ShotMargin > 0) {
				pr, err = newProbe(cfg.Variant, opts)
			}
			for k := range jobs {
				var s []Sample
				var gs GameStats
				if err == nil {
					s, gs, err = playGame(ctx, &cfg, e, pr, db, cfg.gameIndex(k))
				}
				results <- finished{k, s, gs, err}
			}
		}()
	}
	go func() {
	feed:
		for k := done; k < total; k++ {
			select {
			case jobs <- k:
			case <-ctx.Done():
				break feed
			}
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	// Hold finished games until their block is whole, then write it.
	pending := map[int][]Sample{}
	stats := map[int]GameStats{}
	next, samples := done, 0
	if cfg.Progress != nil {
		cfg.Progress(done, total, 0)
	}
	var firstErr error
	// writeUpTo writes the pending games next..end-1 as one block.
	writeUpTo := func(end int) {
		var block []Sample
		for i := next; i < end; i++ {
			block = append(block, pending[i]...)
			delete(pending, i)
		}
		err := wr.WriteBlock(block, end-next)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		for i := next; i < end; i++ {
			if err == nil && cfg.Report != nil {
				cfg.Report(stats[i])
			}
			delete(stats, i)
		}
		next = end
	}
	for r := range results {
		if r.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = r.err
			}
			continue
		}
		pending[r.index] = r.samples
		stats[r.index] = r.stats
		samples += len(r.samples)
		for next < total && firstErr == nil {
			end := min(next+gamesPerBlock, total)
			if inOrder(pending, next) < end {
				break
			}
			writeUpTo(end)
		}
		if cfg.Progress != nil {
			cfg.Progress(next+len(pending), total, samples)
		}
	}
	if firstErr == nil && ctx.Err() != nil && next < total {
		// Keep every game finished in order; a resumed run goes on
		// after them, and the file's samples stay in game order.
		if end := inOrder(pending, next); end > next {
			writeUpTo(end)
		}
		if firstErr == nil {
			firstErr = fmt.Errorf("selfplay: %w after %d of %d games (kept); the same command resumes", ErrInterrupted, next, total)
		}
	}
	return firstErr
}

// inOrder is the end of the run of consecutive games in pending from next.
func inOrder(pending map[int][]Sample, next int) int {
	for {
		if _, ok := pending[next]; !ok {
			return next
		}
		next++
	}
}

// maxSampleScore clamps the recorded scores: beyond it a position is won
// or lost whatever the exact number.
const maxSampleScore = 3000

// startTries is the number of random starts a game draws with all its
// random plies, and again with half of them, before it starts from its
// opening (SelfplayConfig.RandomMargin).
const startTries = 8

// playGame plays game i and returns its quiet positions with the result;
// when ctx ends it stops after the move in progress with ctx's error. pr
// serves RandomMargin and ShotMargin (nil when both are off).
func playGame(ctx context.Context, cfg *SelfplayConfig, e *engine.Engine, pr *probe, db *egdb.DB, i int) ([]Sample, GameStats, error) {
	v := cfg.Variant
	rng := newGameRand(cfg, i)
	var opening *board.Game
	if n := len(cfg.Openings); n > 0 {
		opening = cfg.Openings[i%n]
	} else {
		opening = board.NewGame(v, v.Start())
	}
	gs := GameStats{Index: i}
	g := randomStart(cfg, pr, rng, opening, &gs)
	gs.RandomPlies = g.Len() - opening.Len()
	gs.Start = keyOf(g.Position())
	e.NewGame()
	var ml board.MoveList
	var samples []Sample
	white := 0.5 // the result for White
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 400
	}
	for g.Len() < maxPlies {
		if err := ctx.Err(); err != nil {
			return nil, gs, err
		}
		st := g.Status()
		if st.Over {
			white = st.White()
			break
		}
		p := g.Position()
		if db != nil && p.TotalCount() <= db.MaxPieces() {
			if r, ok := db.Probe(p); ok {
				white = fromMover(p.Side, float64(r.Value+1)/2)
				break
			}
		}
		res := e.Search(g, engine.Limits{Nodes: cfg.Nodes, Depth: cfg.Depth, NoBook: true}, nil)
		if !res.HasBest {
			return nil, gs, fmt.Errorf("selfplay: game %d: no move in a position the rules call unfinished", i)
		}
		switch {
		case v.GenerateCaptures(p, &ml):
		case cfg.ShotMargin > 0 && pr.pendingShot(p, max(cfg.ShotDepth, 1), cfg.ShotMargin):
			gs.Dropped++
		default:
			wb, bb, kb := p.Words()
			samples = append(samples, Sample{
				White: uint64(wb), Black: uint64(bb), Kings: uint64(kb), Side: uint8(p.Side),
				Score: int16(max(-maxSampleScore, min(maxSampleScore, res.Score))),
			})
		}
		if abs(res.Score) >= engine.WinBound {
			white = fromMover(p.Side, float64(sign(res.Score)+1)/2)
			break
		}
		if err := g.Play(res.Best); err != nil {
			return nil, gs, fmt.Errorf("selfplay: game %d: %v", i, err)
		}
	}
	gs.Plies, gs.Kept = g.Len(), len(samples)
	if g.Len() >= 10 {
		gs.Ply10, gs.HasPly10 = keyOf(g.At(10)), true
	}
	for k := range samples {
		s := &samples[k]
		r := white
		if s.Side == uint8(board.Black) {
			r = 1 - white
		}
		switch r {
		case 1:
			s.Wins = 1
		case 0:
			s.Losses = 1
		default:
			s.Draws = 1
		}
	}
	return samples, gs, nil
}

// newGameRand is the generator of game i's random moves.
func newGameRand(cfg *SelfplayConfig, i int) *rand.Rand {
	return rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
}

// randomStart plays the random moves of a game from its opening (which it
// leaves as it is): RandomMin..RandomPlies of them, uniformly, each
// uniformly among the legal moves. With RandomMargin it draws again until
// a search of the game's budget scores the start within the margin (see
// SelfplayConfig.RandomMargin); the draws come from rng alone, so the
// start depends only on the seed and the game's number.
func randomStart(cfg *SelfplayConfig, pr *probe, rng *rand.Rand, opening *board.Game, gs *GameStats) *board.Game {
	v := cfg.Variant
	var ml board.MoveList
	for try := 0; ; try++ {
		lo, hi := cfg.RandomMin, cfg.RandomPlies
		if try >= startTries {
			lo, hi = lo/2, hi/2
		}
		if cfg.RandomMargin > 0 && try == 2*startTries {
			gs.Fallback = true
			return opening.Clone()
		}
		g := opening.Clone()
		for r := lo + rng.IntN(max(hi-lo, 0)+1); r > 0; r-- {
			v.Generate(g.Position(), &ml)
			if ml.N == 0 {
				break
			}
			g.Play(ml.Moves[rng.IntN(ml.N)])
		}
		if cfg.RandomMargin <= 0 {
			return g
		}
		gs.Tries++
		if g.Status().Over {
			continue
		}
		pr.e.NewGame()
		r := pr.e.Search(g, engine.Limits{Nodes: cfg.Nodes, Depth: cfg.Depth, NoBook: true}, nil)
		if r.HasBest && abs(r.Score) <= cfg.RandomMargin {
			return g
		}
	}
}

// fromMover turns a result for the side to move into White's.
func fromMover(side board.Color, r float64) float64 {
	if side == board.Black {
		return 1 - r
	}
	return r
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
