// Package book is damka's opening book: positions near the start of the
// game with the moves a search found best there, built by the engine
// itself (Build, "damka book build"), stored compressed (Write, Read) and
// probed once per root move (Moves, Pick). Small books for International
// and Russian draughts ship inside the binary (Default).
//
// # Keys and entries
//
// A position is found by Key, the 64-bit FNV-1a hash of its FEN: the FEN is
// canonical and written for every variant (Canadian's wide board included),
// so the key needs nothing from the engine (positions that differ only in
// state a FEN does not write, Frisian's king-move counters, share a key;
// openings have none). An Entry is one move of one position: the key, the
// move in the variant's Hub notation ("32-28", "28x19x23"), its score from
// the side to move's view in engine units (100 = one man) and the depth of
// the search that scored it. A probe reads each stored move back with
// hubtext.ParseMove in the probed position and keeps it only if it is legal
// there and writes back to the same text, so a hash collision can never
// make the engine play an illegal move.
//
// # File format
//
// A book file (usually <variant>.dbk) is little-endian:
//
//	header
//	  0    magic "DAMKABOK"
//	  8    format version u16 (1)
//	  10   variant name length u8 (1..MaxNameLen), then the name (n bytes)
//	  11+n entry count u32
//	  15+n payload size u32 (uncompressed bytes, <= MaxPayload)
//	  19+n CRC-32C of the uncompressed payload u32
//	  23+n compressed size u32 (<= MaxCompressed)
//	  27+n CRC-32C of header bytes 0..26+n u32
//	payload  one zstd frame of exactly the compressed size, nothing after
//	         it, holding the entries sorted by key, then by score
//	         descending, then by move text; each entry is
//	           key u64, score i16, depth u8, move length u8, move (Hub text)
//
// Read checks every field before it trusts it: the sizes against the caps
// and against each other (an entry takes at least 13 bytes), both
// checksums, the order of the entries, their move texts (1..MaxMoveLen
// bytes of digits, '-' and 'x', no move twice in a position), and that the
// input ends right after the frame. Memory grows with the bytes actually
// read and decoded, never with what a header claims.
package book

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"damka/board"
	"damka/format/hubtext"
)

// Entry is one book move of one position.
type Entry struct {
	Key   uint64 // Key of the position
	Move  string // the move in the variant's Hub notation (hubtext.FormatMove)
	Score int16  // from the side to move's view; 100 = one man
	Depth uint8  // plies searched; 0 for a forced move stored without a search
}

// Book is an opening book of one variant. It is immutable once made, and
// safe for concurrent use.
type Book struct {
	variant   string
	entries   []Entry // sorted by key, then score descending, then move
	positions int     // distinct keys
}

// Limits of what a book holds; Read refuses files beyond them.
const (
	MaxNameLen    = 64        // bytes of the variant name
	MaxMoveLen    = 64        // bytes of one move's Hub text
	MaxPayload    = 256 << 20 // bytes of the uncompressed entries
	MaxCompressed = 256 << 20 // bytes of the compressed entries
)

// Key is the book key of p: FNV-1a 64 of its FEN.
func Key(v *board.Variant, p *board.Position) uint64 {
	h := fnv.New64a()
	h.Write([]byte(v.FEN(p)))
	return h.Sum64()
}

// New makes a book of variant from entries (which it sorts; the slice is
// copied). Every entry must have a move text of 1..MaxMoveLen bytes of
// digits, '-' and 'x', and no position may hold the same move twice.
func New(variant string, entries []Entry) (*Book, error) {
	if err := checkName(variant); err != nil {
		return nil, err
	}
	es := slices.Clone(entries)
	slices.SortFunc(es, compareEntries)
	b := &Book{variant: variant, entries: es}
	if err := b.check(); err != nil {
		return nil, err
	}
	return b, nil
}

// compareEntries is the order of a book: key, then score descending, then
// move text.
func compareEntries(a, b Entry) int {
	switch {
	case a.Key != b.Key:
		if a.Key < b.Key {
			return -1
		}
		return 1
	case a.Score != b.Score:
		return int(b.Score) - int(a.Score)
	}
	return strings.Compare(a.Move, b.Move)
}

func checkName(name string) error {
	if name == "" || len(name) > MaxNameLen {
		return fmt.Errorf("book: variant name of %d bytes (1..%d)", len(name), MaxNameLen)
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("book: variant name %q: byte %#x is not printable ASCII", name, c)
		}
	}
	return nil
}

func checkMove(s string) error {
	if s == "" || len(s) > MaxMoveLen {
		return fmt.Errorf("move text of %d bytes (1..%d)", len(s), MaxMoveLen)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && c != '-' && c != 'x' {
			return fmt.Errorf("move %q: byte %#x is not a digit, '-' or 'x'", s, c)
		}
	}
	return nil
}

// check verifies the order and the move texts of b.entries, and counts the
// positions.
func (b *Book) check() error {
	b.positions = 0
	for i, e := range b.entries {
		if err := checkMove(e.Move); err != nil {
			return fmt.Errorf("book: entry %d: %v", i, err)
		}
		if i > 0 && compareEntries(b.entries[i-1], e) > 0 {
			return fmt.Errorf("book: entry %d is out of order (entries must be sorted by key, then score descending)", i)
		}
		if i == 0 || b.entries[i-1].Key != e.Key {
			b.positions++
			continue
		}
		// Same key: the moves must differ from every earlier one of the key.
		for j := i - 1; j >= 0 && b.entries[j].Key == e.Key; j-- {
			if b.entries[j].Move == e.Move {
				return fmt.Errorf("book: entry %d repeats move %s of position %016x", i, e.Move, e.Key)
			}
		}
	}
	return nil
}

// Variant is the name of the variant the book was built for.
func (b *Book) Variant() string { return b.variant }

// Len is the number of entries (moves).
func (b *Book) Len() int { return len(b.entries) }

// Positions is the number of positions that have moves.
func (b *Book) Positions() int { return b.positions }

// Entries returns a copy of every entry, in book order (key, then score
// descending).
func (b *Book) Entries() []Entry { return slices.Clone(b.entries) }

// lookup returns the stored entries of key, best first.
func (b *Book) lookup(key uint64) []Entry {
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= key })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return b.entries[i:j]
}

// Moves returns the book moves of p that are legal there, best first; nil
// when p is not in the book or v is not the book's variant.
func (b *Book) Moves(v *board.Variant, p board.Position) []Entry {
	es, _ := b.moves(v, &p)
	return es
}

// moves is Moves with the parsed moves alongside.
func (b *Book) moves(v *board.Variant, p *board.Position) ([]Entry, []board.Move) {
	if b == nil || v == nil || v.Name != b.variant {
		return nil, nil
	}
	var es []Entry
	var ms []board.Move
	for _, e := range b.lookup(Key(v, p)) {
		m, err := hubtext.ParseMove(v, p, e.Move)
		if err != nil || hubtext.FormatMove(v, m) != e.Move {
			// Another position with the same key, or a move this
			// damka's rules do not allow there.
			continue
		}
		es = append(es, e)
		ms = append(ms, m)
	}
	return es, ms
}

// Pick chooses a book move of p among those scored within margin (engine
// units) of the best, at random with weights falling linearly from
// margin+1 for the best to 1 at the edge of the margin, so the best is
// always the likeliest. margin <= 0 always gives the best move (the first
// of equal ones). rng nil uses the global source of math/rand/v2. ok is
// false when the book has no legal move for p.
func (b *Book) Pick(v *board.Variant, p board.Position, margin int, rng *rand.Rand) (board.Move, Entry, bool) {
	es, ms := b.moves(v, &p)
	if len(es) == 0 {
		return board.Move{}, Entry{}, false
	}
	if margin <= 0 {
		return ms[0], es[0], true
	}
	best := int(es[0].Score)
	total := 0
	n := 0
	for _, e := range es {
		behind := best - int(e.Score)
		if behind > margin {
			break
		}
		total += margin - behind + 1
		n++
	}
	var x int
	if rng != nil {
		x = rng.IntN(total)
	} else {
		x = rand.IntN(total)
	}
	for i := 0; i < n; i++ {
		w := margin - (best - int(es[i].Score)) + 1
		if x < w {
			return ms[i], es[i], true
		}
		x -= w
	}
	return ms[0], es[0], true // not reached
}
