package egdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"damka/board"
	"damka/internal/perm"
)

// File format (little-endian), one file per slice, named
// <variant>_<material>.egdb (for example russian_2k-1k.egdb):
//
//	header   108 bytes
//	  0  magic "DAMKAEGT"
//	  8  version u16 (formatVersion)
//	 10  encoding u8 (encDist or encWDL)
//	 11  reserved u8
//	 12  material: white men, black men, white kings, black kings (u8 each)
//	 16  positions u64 (size of the index space, White to move)
//	 24  positions per block u32
//	 28  blocks u32
//	 32  wins, draws, losses, don't-care u64 each (counts of the stored values)
//	 64  longest distance stored u32 (plies; 0 for encWDL)
//	 68  rules fingerprint u32 (FNV-1a of the rule fields the values depend on)
//	 72  variant name, 32 bytes, NUL-padded
//	104  CRC-32C of bytes 0..103
//	index    blocks x {compressed size u32, CRC-32C of the compressed block u32},
//	         then the CRC-32C of the index u32
//	data     the blocks, each an independent zstd frame, in order
//
// The checksums cover every byte: the header and the index are checked on
// open together with the file size (so truncation is caught at once), each
// block when it is first read. A block decodes to one value per position
// (encDist) or five per byte (encWDL), so any position's value needs one
// block only.
//
// encDist stores one byte per position: 0 is a draw, d+1 is a decided
// position d plies from the end of the game with best play (the winner
// hurries, the loser delays). The side to move wins exactly when d is odd:
// the game ends with the loser to move and no moves. encWDL stores base-3
// digits (0 draw, 1 win, 2 loss), five per byte, the first position in the
// lowest digit. Positions whose value is not stored (the side to move must
// capture, or an index where men overlap) repeat the previous value, which
// is what compresses best; their value is found by search when probed.
const (
	fileMagic     = "DAMKAEGT"
	formatVersion = 1
	headerSize    = 108
	encDist       = 1
	encWDL        = 2
	fileSuffix    = ".egdb"
	tempMarker    = ".tmp-"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// header is the decoded file header.
type header struct {
	encoding            uint8
	material            Material
	positions           uint64
	blockPositions      uint32
	blocks              uint32
	wins, draws, losses uint64
	dontCare            uint64
	maxDist             uint32
	fingerprint         uint32
	variant             string
}

// blockBytes is the decoded size of a full block.
func (h *header) blockBytes() int {
	if h.encoding == encWDL {
		return int(h.blockPositions) / 5
	}
	return int(h.blockPositions)
}

// rulesFingerprint hashes what the values depend on, so that tables built
// for one rule set are never read for another even if a name is reused.
// It takes every exported field of the Variant except those known not to
// change any value (names, notation, start position, draw counters), by
// reflection, so that a rule field added to board.Variant later is
// included without anyone remembering to. Fields at their zero value are
// left out: a new rule that a variant does not use (false, 0) leaves its
// tables valid; one it does use refuses tables built before it.
func rulesFingerprint(v *board.Variant) uint32 {
	h := fnv.New32a()
	g := v.Geo
	fmt.Fprintf(h, "fmt=%d geo=%s/%dx%d/%d", formatVersion, g.Name, g.Width, g.Height, g.Squares)
	rv := reflect.ValueOf(*v)
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if !f.IsExported() || notRules[f.Name] {
			continue
		}
		if rv.Field(i).IsZero() {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			fmt.Fprintf(h, " %s=%v", f.Name, rv.Field(i).Interface())
		default:
			// Pointers, strings and structs of other kinds are not rules
			// (Geo is hashed above); note their presence only.
			fmt.Fprintf(h, " %s", f.Name)
		}
	}
	return h.Sum32()
}

// notRules lists the Variant fields that change no value in a table.
var notRules = map[string]bool{
	"Name": true, "Aliases": true, "Title": true, "Geo": true, "FirstMover": true, "Rows": true,
	"Setup": true, "Notation": true, "Mirrored": true, "NumberFromWhite": true, "CaptureSep": true,
	"Draw": true,
}

// Supported says why the tables cannot serve v, if they cannot: only the
// normal goal (no move loses) is solved, a position must be its board and
// side to move (Frisian's king-move counters are state the index does not
// hold), quiet moves must be diagonal (the solver un-makes them), and a
// side moves only its own pieces (not Stavropol).
func Supported(v *board.Variant) error {
	if err, ok := supportCache.Load(v); ok {
		err, _ := err.(error)
		return err
	}
	err := supported(v)
	supportCache.Store(v, err)
	return err
}

var supportCache sync.Map // *board.Variant -> error (nil stored as untyped nil)

func supported(v *board.Variant) error {
	if v.Goal != board.Normal {
		return fmt.Errorf("egdb: variant %s: only the normal goal (no move = loss) is supported", v.Name)
	}
	if v.ForeignMoves {
		return fmt.Errorf("egdb: variant %s: a player may move the opponent's pieces, which the tables do not model", v.Name)
	}
	if v.Columns {
		return fmt.Errorf("egdb: variant %s: positions have columns (pieces under the tops) that the tables do not index", v.Name)
	}
	if v.Geo.Wide {
		return fmt.Errorf("egdb: variant %s: the %s board does not fit the tables' 64-bit index", v.Name, v.Geo.Name)
	}
	start := v.Start()
	rv := reflect.ValueOf(start)
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Type().Field(i)
		switch f.Name {
		case "Pieces", "Kings", "Side":
			continue
		}
		if f.IsExported() && !rv.Field(i).IsZero() {
			return fmt.Errorf("egdb: variant %s: positions carry state beyond the board (%s) that the tables do not index", v.Name, f.Name)
		}
	}
	x, err := newGeometry(v.Geo)
	if err != nil {
		return err
	}
	return checkQuietModel(v, x)
}

func (h *header) marshal() []byte {
	b := make([]byte, headerSize)
	copy(b, fileMagic)
	le := binary.LittleEndian
	le.PutUint16(b[8:], formatVersion)
	b[10] = h.encoding
	b[12], b[13], b[14], b[15] = uint8(h.material.WM), uint8(h.material.BM), uint8(h.material.WK), uint8(h.material.BK)
	le.PutUint64(b[16:], h.positions)
	le.PutUint32(b[24:], h.blockPositions)
	le.PutUint32(b[28:], h.blocks)
	le.PutUint64(b[32:], h.wins)
	le.PutUint64(b[40:], h.draws)
	le.PutUint64(b[48:], h.losses)
	le.PutUint64(b[56:], h.dontCare)
	le.PutUint32(b[64:], h.maxDist)
	le.PutUint32(b[68:], h.fingerprint)
	copy(b[72:104], h.variant)
	le.PutUint32(b[104:], crc(b[:104]))
	return b
}

// errCorrupt marks damaged or foreign files; errors.Is(err, ErrCorrupt).
var ErrCorrupt = errors.New("corrupt endgame table")

func corruptf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, a...))
}

func parseHeader(b []byte) (header, error) {
	var h header
	if len(b) < headerSize {
		return h, corruptf("truncated header (%d bytes)", len(b))
	}
	if string(b[:8]) != fileMagic {
		return h, corruptf("not a damka endgame table (bad magic)")
	}
	le := binary.LittleEndian
	if got, want := le.Uint32(b[104:]), crc(b[:104]); got != want {
		return h, corruptf("header checksum mismatch")
	}
	if v := le.Uint16(b[8:]); v != formatVersion {
		return h, corruptf("format version %d, this damka reads %d", v, formatVersion)
	}
	h.encoding = b[10]
	h.material = Material{int(b[12]), int(b[13]), int(b[14]), int(b[15])}
	h.positions = le.Uint64(b[16:])
	h.blockPositions = le.Uint32(b[24:])
	h.blocks = le.Uint32(b[28:])
	h.wins = le.Uint64(b[32:])
	h.draws = le.Uint64(b[40:])
	h.losses = le.Uint64(b[48:])
	h.dontCare = le.Uint64(b[56:])
	h.maxDist = le.Uint32(b[64:])
	h.fingerprint = le.Uint32(b[68:])
	h.variant = strings.TrimRight(string(b[72:104]), "\x00")
	if h.encoding != encDist && h.encoding != encWDL {
		return h, corruptf("unknown encoding %d", h.encoding)
	}
	// The decoded block size bounds what one block read allocates.
	if h.blockPositions == 0 || (h.encoding == encWDL && h.blockPositions%5 != 0) || h.blockBytes() > maxBlockBytes {
		return h, corruptf("bad block size %d", h.blockPositions)
	}
	if want := (h.positions + uint64(h.blockPositions) - 1) / uint64(h.blockPositions); uint64(h.blocks) != want {
		return h, corruptf("%d blocks for %d positions", h.blocks, h.positions)
	}
	return h, nil
}

// fileName is the name of the file of material m of variant v.
func fileName(v *board.Variant, m Material) string {
	return v.Name + "_" + m.String() + fileSuffix
}

// blockRef locates one compressed block inside the file.
type blockRef struct {
	off  int64
	size uint32
	crc  uint32
}

// parseIndex reads and checks the block index that follows the header and
// the total size of the file.
func parseIndex(h *header, r io.ReaderAt, fileSize int64) ([]blockRef, error) {
	// Sizes come from the header: they are compared with the file before
	// anything is allocated for them.
	n := int64(h.blocks)
	if fileSize < headerSize+8*n+4 {
		return nil, corruptf("truncated index: file has %d bytes, %d blocks need %d", fileSize, n, headerSize+8*n+4)
	}
	ib := make([]byte, 8*n+4)
	if _, err := r.ReadAt(ib, headerSize); err != nil {
		return nil, fmt.Errorf("reading index: %w", err)
	}
	le := binary.LittleEndian
	if le.Uint32(ib[8*n:]) != crc(ib[:8*n]) {
		return nil, corruptf("index checksum mismatch")
	}
	refs := make([]blockRef, n)
	off := headerSize + int64(len(ib))
	for i := range refs {
		refs[i] = blockRef{off: off, size: le.Uint32(ib[8*i:]), crc: le.Uint32(ib[8*i+4:])}
		if off += int64(refs[i].size); off > fileSize {
			break // and never overflows
		}
	}
	if off != fileSize {
		return nil, corruptf("file has %d bytes, header and index say %d (truncated or padded)", fileSize, off)
	}
	return refs, nil
}

// checkHeader compares a header with what the reader expects.
func checkHeader(h *header, v *board.Variant, m Material, x *geometry) error {
	if h.variant != v.Name {
		return corruptf("table is for variant %q, not %q", h.variant, v.Name)
	}
	if h.fingerprint != rulesFingerprint(v) {
		return corruptf("table was built for other rules of %q (fingerprint %08x, expected %08x)", v.Name, h.fingerprint, rulesFingerprint(v))
	}
	if h.material != m {
		return corruptf("table holds slice %s, its name says %s", h.material, m)
	}
	if ix := newIndexer(x, m); ix.size != h.positions {
		return corruptf("table has %d positions, slice %s has %d", h.positions, m, ix.size)
	}
	return nil
}

// writeFile writes a finished table under a temporary name and renames it
// into place, so that an interrupted build never leaves a file that looks
// finished: only complete, synced files carry the final name.
func writeFile(dir, name string, h *header, blocks [][]byte) (int64, error) {
	h.blocks = uint32(len(blocks))
	le := binary.LittleEndian
	idx := make([]byte, 8*len(blocks)+4)
	for i, b := range blocks {
		le.PutUint32(idx[8*i:], uint32(len(b)))
		le.PutUint32(idx[8*i+4:], crc(b))
	}
	le.PutUint32(idx[8*len(blocks):], crc(idx[:8*len(blocks)]))
	final := filepath.Join(dir, name)
	// A random suffix: batch jobs on several machines may share dir.
	f, err := os.CreateTemp(dir, name+tempMarker+"*")
	if err != nil {
		return 0, err
	}
	tmp := f.Name()
	size := int64(0)
	write := func(b []byte) {
		if err == nil {
			var n int
			n, err = f.Write(b)
			size += int64(n)
		}
	}
	write(h.marshal())
	write(idx)
	for _, b := range blocks {
		write(b)
	}
	if err == nil {
		err = f.Chmod(perm.Public) // CreateTemp's 0600 would keep the tables from other accounts
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, final)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("writing %s: %w", final, err)
	}
	// Make the rename itself durable; failure here only weakens crash safety.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return size, nil
}
