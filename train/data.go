// Package train makes damka's learned evaluation: self-play games that
// yield training positions (Selfplay), the file that holds them (this
// file), and the fit of the evaluation's weights to them (Tune).
package train

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"

	"github.com/klauspost/compress/zstd"
)

// Sample is one quiet position of a self-play game (the side to move has
// no capture), with what the games said of it. Positions met in several
// games are one Sample whose counts add up.
type Sample struct {
	White, Black, Kings uint64 // the board's words (board.Position.Words)
	Side                uint8  // side to move: 0 White, 1 Black
	Score               int16  // search score, side to move's view (100 = one man), averaged
	Wins, Draws, Losses uint16 // game results, side to move's view
}

// Games is the number of game results the sample holds.
func (s *Sample) Games() int { return int(s.Wins) + int(s.Draws) + int(s.Losses) }

// Result is the mean game result from the side to move's view (1 win, 0 loss).
func (s *Sample) Result() float64 {
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(max(s.Games(), 1))
}

// compare orders samples by position, so that equal positions are neighbours.
func (s *Sample) compare(t *Sample) int {
	switch {
	case s.White != t.White:
		return cmpU(s.White, t.White)
	case s.Black != t.Black:
		return cmpU(s.Black, t.Black)
	case s.Kings != t.Kings:
		return cmpU(s.Kings, t.Kings)
	}
	return int(s.Side) - int(t.Side)
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// Merge sorts samples by position and merges equal positions: the counts
// add up (saturating), the score is the mean weighted by games.
func Merge(samples []Sample) []Sample {
	slices.SortFunc(samples, func(a, b Sample) int { return a.compare(&b) })
	out := samples[:0]
	for i := 0; i < len(samples); {
		j := i + 1
		s := samples[i]
		sum := int64(s.Score) * int64(max(s.Games(), 1))
		n := int64(max(s.Games(), 1))
		for ; j < len(samples) && samples[j].compare(&s) == 0; j++ {
			t := &samples[j]
			g := int64(max(t.Games(), 1))
			sum += int64(t.Score) * g
			n += g
			s.Wins = addSat(s.Wins, t.Wins)
			s.Draws = addSat(s.Draws, t.Draws)
			s.Losses = addSat(s.Losses, t.Losses)
		}
		s.Score = int16(sum / n)
		out = append(out, s)
		i = j
	}
	return out
}

func addSat(a, b uint16) uint16 { return uint16(min(int(a)+int(b), 65535)) }

// The file: a header, then blocks of samples, each compressed with zstd and
// checked by a CRC-32 of its uncompressed bytes, so that a damaged block is
// found and named, and a file cut short by an interrupted run is read up to
// its last whole block (Selfplay resumes from there).
//
//	header: magic "DAMKADAT", version uint16, variant (uint8 length + name),
//	        merged uint8, meta (uint16 length + text), CRC-32 of the header
//	block:  compressed length uint32, samples uint32, games uint32,
//	        CRC-32 of the three fields before it and the compressed
//	        samples uint32, then the compressed samples (the checksum
//	        covers the compressed bytes: no bit can change unnoticed)
//
//	end:    a block header of zeros but games = endMark, and its CRC
//
// All integers are little-endian; a sample is 33 bytes. A finished file
// ends with the end block, so that one cut at a block boundary is found
// too; a partial file (a run in progress) has none.
const (
	dataMagic   = "DAMKADAT"
	dataVersion = 1
	sampleBytes = 33
	// maxBlockSamples bounds a block (and so the memory a damaged length
	// field can make the reader ask for).
	maxBlockSamples = 1 << 20
	endMark         = 0xFFFFFFFF
)

// Header describes a data file.
type Header struct {
	Variant string // board.Variant.Name
	Merged  bool   // duplicates are merged and samples sorted (a finished file)
	Meta    string // how the data was made (the command line), for the record
}

// ErrData is wrapped by every error about a damaged or foreign data file.
var ErrData = errors.New("not a valid damka training-data file")

func dataErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrData, fmt.Sprintf(format, a...))
}

func (h *Header) encode() []byte {
	var b bytes.Buffer
	b.WriteString(dataMagic)
	binary.Write(&b, binary.LittleEndian, uint16(dataVersion))
	b.WriteByte(byte(len(h.Variant)))
	b.WriteString(h.Variant)
	if h.Merged {
		b.WriteByte(1)
	} else {
		b.WriteByte(0)
	}
	meta := h.Meta
	if len(meta) > 65535 {
		meta = meta[:65535]
	}
	binary.Write(&b, binary.LittleEndian, uint16(len(meta)))
	b.WriteString(meta)
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	return b.Bytes()
}

func readHeader(r io.Reader) (Header, int64, error) {
	var h Header
	fixed := make([]byte, len(dataMagic)+3)
	if _, err := io.ReadFull(r, fixed); err != nil {
		return h, 0, dataErr("header cut short")
	}
	if string(fixed[:len(dataMagic)]) != dataMagic {
		return h, 0, dataErr("wrong magic (not a training-data file)")
	}
	if v := binary.LittleEndian.Uint16(fixed[8:]); v != dataVersion {
		return h, 0, dataErr("version %d, this damka reads version %d", v, dataVersion)
	}
	rest := make([]byte, int(fixed[10])+3)
	if _, err := io.ReadFull(r, rest); err != nil {
		return h, 0, dataErr("header cut short")
	}
	name, tail := rest[:fixed[10]], rest[fixed[10]:]
	metaLen := int(binary.LittleEndian.Uint16(tail[1:]))
	meta := make([]byte, metaLen+4)
	if _, err := io.ReadFull(r, meta); err != nil {
		return h, 0, dataErr("header cut short")
	}
	all := slices.Concat(fixed, rest, meta[:metaLen])
	if crc32.ChecksumIEEE(all) != binary.LittleEndian.Uint32(meta[metaLen:]) {
		return h, 0, dataErr("header checksum fails")
	}
	h.Variant, h.Merged, h.Meta = string(name), tail[0] == 1, string(meta[:metaLen])
	return h, int64(len(all) + 4), nil
}

// Writer writes a data file block by block.
type Writer struct {
	w   io.Writer
	enc *zstd.Encoder
	buf []byte
}

// NewWriter writes h to w and returns a writer for the blocks after it.
func NewWriter(w io.Writer, h Header) (*Writer, error) {
	if _, err := w.Write(h.encode()); err != nil {
		return nil, err
	}
	return appendWriter(w)
}

// appendWriter writes blocks to w, after a header already there.
func appendWriter(w io.Writer) (*Writer, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	return &Writer{w: w, enc: enc}, nil
}

// WriteBlock writes samples, which come from games games, as one block (or
// several, for more than maxBlockSamples samples; games counts in the first).
func (wr *Writer) WriteBlock(samples []Sample, games int) error {
	for first := true; first || len(samples) > 0; first = false {
		n := min(len(samples), maxBlockSamples)
		g := 0
		if first {
			g = games
		}
		if err := wr.writeOne(samples[:n], g); err != nil {
			return err
		}
		samples = samples[n:]
	}
	return nil
}

// Close ends the file with the end block.
func (wr *Writer) Close() error {
	var hdr [16]byte
	binary.LittleEndian.PutUint32(hdr[8:], endMark)
	binary.LittleEndian.PutUint32(hdr[12:], crc32.ChecksumIEEE(hdr[:12]))
	_, err := wr.w.Write(hdr[:])
	return err
}

func (wr *Writer) writeOne(samples []Sample, games int) error {
	raw := wr.buf[:0]
	for i := range samples {
		raw = appendSample(raw, &samples[i])
	}
	wr.buf = raw
	comp := wr.enc.EncodeAll(raw, nil)
	var hdr [16]byte
	binary.LittleEndian.PutUint32(hdr[0:], uint32(len(comp)))
	binary.LittleEndian.PutUint32(hdr[4:], uint32(len(samples)))
	binary.LittleEndian.PutUint32(hdr[8:], uint32(games))
	binary.LittleEndian.PutUint32(hdr[12:], crc32.Update(crc32.ChecksumIEEE(hdr[:12]), crc32.IEEETable, comp))
	if _, err := wr.w.Write(hdr[:]); err != nil {
		return err
	}
	_, err := wr.w.Write(comp)
	return err
}

func appendSample(b []byte, s *Sample) []byte {
	b = binary.LittleEndian.AppendUint64(b, s.White)
	b = binary.LittleEndian.AppendUint64(b, s.Black)
	b = binary.LittleEndian.AppendUint64(b, s.Kings)
	b = append(b, s.Side)
	b = binary.LittleEndian.AppendUint16(b, uint16(s.Score))
	b = binary.LittleEndian.AppendUint16(b, s.Wins)
	b = binary.LittleEndian.AppendUint16(b, s.Draws)
	return binary.LittleEndian.AppendUint16(b, s.Losses)
}

func decodeSample(b []byte) (Sample, error) {
	s := Sample{
		White:  binary.LittleEndian.Uint64(b[0:]),
		Black:  binary.LittleEndian.Uint64(b[8:]),
		Kings:  binary.LittleEndian.Uint64(b[16:]),
		Side:   b[24],
		Score:  int16(binary.LittleEndian.Uint16(b[25:])),
		Wins:   binary.LittleEndian.Uint16(b[27:]),
		Draws:  binary.LittleEndian.Uint16(b[29:]),
		Losses: binary.LittleEndian.Uint16(b[31:]),
	}
	switch {
	case s.Side > 1:
		return s, dataErr("side to move %d", s.Side)
	case s.White&s.Black != 0:
		return s, dataErr("a square held by both sides")
	case s.Kings&^(s.White|s.Black) != 0:
		return s, dataErr("a king on an empty square")
	}
	return s, nil
}

// Data is a whole data file in memory.
type Data struct {
	Header  Header
	Samples []Sample
	Games   int // games the samples come from (as the blocks say)
}

// ReadFile reads a data file whole; any damage is an error.
func ReadFile(path string) (*Data, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, _, err := read(bufio.NewReaderSize(f, 1<<20), false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// Read reads a data file from r; any damage is an error.
func Read(r io.Reader) (*Data, error) {
	d, _, err := read(r, false)
	return d, err
}

// read reads blocks until the end. With lenient, a block cut short or
// damaged ends the reading without an error, and good is the length of
// the file up to the last whole block (where a resumed run appends).
func read(r io.Reader, lenient bool) (d *Data, good int64, err error) {
	h, off, err := readHeader(r)
	if err != nil {
		return nil, 0, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(sampleBytes*maxBlockSamples+1<<16))
	if err != nil {
		return nil, 0, err
	}
	defer dec.Close()
	d = &Data{Header: h}
	var raw []byte
	for block := 0; ; block++ {
		var hdr [16]byte
		n, err := io.ReadFull(r, hdr[:])
		fail := func(format string, a ...any) (*Data, int64, error) {
			if lenient {
				return d, off, nil
			}
			return nil, 0, dataErr("block %d: %s", block, fmt.Sprintf(format, a...))
		}
		if err == io.EOF {
			return fail("the end block is missing (the file is cut short)")
		}
		if n < len(hdr) {
			return fail("cut short")
		}
		clen := binary.LittleEndian.Uint32(hdr[0:])
		count := binary.LittleEndian.Uint32(hdr[4:])
		games := binary.LittleEndian.Uint32(hdr[8:])
		if games == endMark && clen == 0 && count == 0 && crc32.ChecksumIEEE(hdr[:12]) == binary.LittleEndian.Uint32(hdr[12:]) {
			if !lenient {
				if _, err := r.Read(hdr[:1]); err != io.EOF {
					return nil, 0, dataErr("bytes after the end block")
				}
			}
			return d, off, nil
		}
		if count > maxBlockSamples || uint64(clen) > 2*sampleBytes*maxBlockSamples+1<<16 {
			return fail("size fields out of range")
		}
		comp := make([]byte, clen)
		if _, err := io.ReadFull(r, comp); err != nil {
			return fail("cut short")
		}
		if crc32.Update(crc32.ChecksumIEEE(hdr[:12]), crc32.IEEETable, comp) != binary.LittleEndian.Uint32(hdr[12:]) {
			return fail("checksum fails")
		}
		raw, err = dec.DecodeAll(comp, raw[:0])
		if err != nil {
			return fail("does not decompress: %v", err)
		}
		if len(raw) != int(count)*sampleBytes {
			return fail("holds %d bytes for %d samples", len(raw), count)
		}
		start := len(d.Samples)
		for i := 0; i < int(count); i++ {
			s, err := decodeSample(raw[i*sampleBytes:])
			if err != nil {
				d.Samples = d.Samples[:start]
				return fail("sample %d: %v", i, err)
			}
			d.Samples = append(d.Samples, s)
		}
		d.Games += int(games)
		off += int64(len(hdr)) + int64(clen)
	}
}
