// Package egdb builds, stores and probes endgame tables: the exact
// win/draw/loss value (and, for few pieces, the distance to the end of the
// game) of every position with few pieces.
//
// # Slices and indexing
//
// A slice holds every position of one material (white men, black men,
// white kings, black kings; Material, written like "1m2k-1k") with White
// to move. A position with Black to move is stored as its colour-reversed
// twin (board.Position.Mirror: the board turned by 180 degrees, colours
// swapped), which is valid because the rules treat both colours alike; the
// brute-force test checks that without using Mirror. Within a slice,
// positions are numbered by binomial (colex) ranks of the four piece sets,
// men only on the squares they can stand on (index.go).
//
// # Solving
//
// A slice and its colour twin are solved together by retrograde analysis
// with move counting, level by level in distance, in parallel with
// compare-and-swap updates (solve.go). Slices are built in dependency
// order: fewer pieces first (captures lead there), then fewer men
// (promotions lead there); Plan gives the waves for running slices as
// independent batch jobs (BuildOptions.Slices, "damka egdb build
// --slice"). Finished files are written under a temporary name and
// renamed, so a build resumes after an interruption and never takes a
// half-written file for a finished one.
//
// Positions with a capture pending are not stored ("don't care", filled so
// that they compress to almost nothing); Probe resolves them by searching
// the captures, each of which removes a piece. A side to move without a
// legal move loses (board.Normal; other goals are refused).
//
// # Storage
//
// One file per slice: a header (magic, version, variant, rules
// fingerprint, material, counts), an index of fixed-size blocks, and the
// blocks, each compressed independently with zstd; CRC-32C checksums
// cover the header, the index and every block (store.go). Files are
// memory-mapped where the system allows, decoded blocks are kept in a
// CLOCK (approximate LRU) cache, and a cached probe takes no lock and no
// allocation (cache.go). A damaged, truncated or foreign file is reported
// and left out; probes then miss instead of failing.
//
// # Embedded tables
//
// The tables in tables/ are compiled in (OpenEmbedded): International and
// Russian up to 4 pieces, with distances, 3.9 MB together. Russian 5
// pieces would add 4.8 MB (61 s to build); it is left out to keep the
// binary within a few MB, and "damka egdb build --variant russian --pieces
// 5" makes it in a minute. See tables/README.md for how they are made.
//
// # Measured
//
// On the 2-core development machine, 2 threads, default --memory:
//
//	                   build   files    positions  per byte  values
//	International 2-4  12 s    2.98 MB  43.5 M     14.6      distances
//	International 2-4  12 s    1.07 MB  43.5 M     40.8      distances to 3
//	Russian 2-4        2.3 s   0.96 MB  6.6 M      6.8       distances
//	Russian 2-5        61 s    4.76 MB  151 M      31.8      distances to 4
//
// Positions are index positions (White to move, which with the colour
// twins covers both sides to move). Peak memory was about 320 MB.
// International 5 (1.6 G positions, largest pair 210 M) and Russian 6
// (2.6 G) would take roughly 10 to 20 minutes here and are left to bigger
// machines or to batch jobs. Probes (BenchmarkProbe*): about 90 ns from
// cached blocks, 470 ns with a capture search into the smaller slices,
// 21 us when the block must be read and decoded (16 KiB zstd blocks,
// memory-mapped file).
package egdb
