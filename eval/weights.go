package eval

import (
	"bytes"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"

	"damka/board"
)

// The weights file: one variant's learned evaluation.
//
//	magic "DAMKAEVL", version uint16, variant (uint8 length + name),
//	layout (uint8 length + name), in version 2 the lazy margin uint16
//	(version 1: LazyMargin), features per phase uint32,
//	compressed length uint32, CRC-32 of everything before it and of the
//	compressed weights, then the weights compressed with zstd: MG then EG,
//	float32 each, little-endian. (The checksum covers the compressed bytes,
//	so that no bit of the file can change unnoticed, not even one that the
//	decompressor would ignore.)
//
// The layout name says how the features are read off the board; a file of
// another layout or variant, a newer version, a wrong length or a failing
// checksum is refused, never half read.
const (
	weightsMagic = "DAMKAEVL"
	// weightsVersion is the newest version; a file whose margin is
	// LazyMargin is written as version 1, byte for byte as before.
	weightsVersion = 2
	// maxWeightsBytes bounds what a length field may make the reader
	// allocate (the 10x10 weights are 0.8 MB uncompressed).
	maxWeightsBytes = 64 << 20
)

// MaxMargin bounds a weights file's lazy margin (10 men: beyond it the
// lazy evaluation would never skip the windows).
const MaxMargin = 1000

// ErrWeights is wrapped by every error about a damaged or foreign weights
// file.
var ErrWeights = errors.New("not a valid damka weights file")

func weightsErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrWeights, fmt.Sprintf(format, a...))
}

// Write writes w in the weights file format.
func (w *Weights) Write(out io.Writer) error {
	raw := make([]byte, 0, 8*len(w.MG))
	for _, x := range w.MG {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(x))
	}
	for _, x := range w.EG {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(x))
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return err
	}
	comp := enc.EncodeAll(raw, nil)
	var h bytes.Buffer
	if w.Margin < 0 || w.Margin > MaxMargin {
		return fmt.Errorf("eval: lazy margin %d outside 0..%d", w.Margin, MaxMargin)
	}
	ver := uint16(weightsVersion)
	if w.Margin == LazyMargin {
		ver = 1
	}
	h.WriteString(weightsMagic)
	binary.Write(&h, binary.LittleEndian, ver)
	h.WriteByte(byte(len(w.Variant)))
	h.WriteString(w.Variant)
	h.WriteByte(byte(len(w.lay.name)))
	h.WriteString(w.lay.name)
	if ver >= 2 {
		binary.Write(&h, binary.LittleEndian, uint16(w.Margin))
	}
	binary.Write(&h, binary.LittleEndian, uint32(len(w.MG)))
	binary.Write(&h, binary.LittleEndian, uint32(len(comp)))
	crc := crc32.Update(crc32.ChecksumIEEE(h.Bytes()), crc32.IEEETable, comp)
	binary.Write(&h, binary.LittleEndian, crc)
	h.Write(comp)
	_, err = out.Write(h.Bytes())
	return err
}

// ReadWeights reads a weights file; the variant is the one it names.
func ReadWeights(data []byte) (*Weights, error) {
	r := bytes.NewReader(data)
	var head [8 + 2 + 1]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, weightsErr("cut short")
	}
	if string(head[:8]) != weightsMagic {
		return nil, weightsErr("wrong magic (not a weights file)")
	}
	ver := binary.LittleEndian.Uint16(head[8:])
	if ver < 1 || ver > weightsVersion {
		return nil, weightsErr("version %d, this damka reads versions 1 to %d", ver, weightsVersion)
	}
	name := make([]byte, head[10])
	if _, err := io.ReadFull(r, name); err != nil {
		return nil, weightsErr("cut short")
	}
	lb, err := r.ReadByte()
	if err != nil {
		return nil, weightsErr("cut short")
	}
	lay := make([]byte, lb)
	var tail [12]byte
	if _, err := io.ReadFull(r, lay); err != nil {
		return nil, weightsErr("cut short")
	}
	margin := LazyMargin
	if ver >= 2 {
		var m [2]byte
		if _, err := io.ReadFull(r, m[:]); err != nil {
			return nil, weightsErr("cut short")
		}
		if margin = int(binary.LittleEndian.Uint16(m[:])); margin > MaxMargin {
			return nil, weightsErr("lazy margin %d, at most %d", margin, MaxMargin)
		}
	}
	if _, err := io.ReadFull(r, tail[:]); err != nil {
		return nil, weightsErr("cut short")
	}
	v, err := board.Lookup(string(name))
	if err != nil || v.Name != string(name) {
		return nil, weightsErr("unknown variant %q", name)
	}
	if !IsLayout(string(lay)) {
		return nil, weightsErr("layout %q, this damka reads %q and %q, each with options %s", lay, LayoutBands, LayoutWindows, strings.Join(optionNames, ", "))
	}
	w := NewWeightsOf(v, string(lay))
	if w == nil {
		return nil, weightsErr("%s has no learned evaluation (its board has no window layout)", v.Name)
	}
	w.Margin = margin
	n := int(binary.LittleEndian.Uint32(tail[0:]))
	clen := int(binary.LittleEndian.Uint32(tail[4:]))
	if n != w.Features() {
		return nil, weightsErr("%d features per phase, the %s layout has %d", n, v.Name, w.Features())
	}
	if clen > maxWeightsBytes || clen != r.Len() {
		return nil, weightsErr("compressed length %d, the file holds %d bytes after the header", clen, r.Len())
	}
	headLen := len(data) - clen - 4
	crc := crc32.Update(crc32.ChecksumIEEE(data[:headLen]), crc32.IEEETable, data[headLen+4:])
	if crc != binary.LittleEndian.Uint32(data[headLen:]) {
		return nil, weightsErr("checksum fails")
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxMemory(8*uint64(n)+1024))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	raw, err := dec.DecodeAll(data[len(data)-clen:], make([]byte, 0, 8*n))
	if err != nil {
		return nil, weightsErr("weights do not decompress: %v", err)
	}
	if len(raw) != 8*n {
		return nil, weightsErr("%d bytes of weights, want %d", len(raw), 8*n)
	}
	for i := range n {
		w.MG[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		w.EG[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*(n+i):]))
		if !finite(w.MG[i]) || !finite(w.EG[i]) {
			return nil, weightsErr("weight %d is not a finite number", i)
		}
	}
	w.Pack()
	return w, nil
}

func finite(x float32) bool {
	return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) && math.Abs(float64(x)) < 1e6
}

// LoadWeights reads the weights file at path.
func LoadWeights(path string) (*Weights, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > maxWeightsBytes {
		return nil, fmt.Errorf("%s: not a regular file of at most %d bytes", path, maxWeightsBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w, err := ReadWeights(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

//go:embed weights
var embedded embed.FS

var (
	defaultOnce sync.Map // variant name -> *Weights (nil: none embedded)
)

// Default returns the weights built into damka for v (International and
// Russian), or nil: v is then evaluated by the hand-made evaluation.
func Default(v *board.Variant) *Weights {
	if w, ok := defaultOnce.Load(v.Name); ok {
		return w.(*Weights)
	}
	var w *Weights
	if data, err := embedded.ReadFile("weights/" + v.Name + ".dwt"); err == nil {
		w, err = ReadWeights(data)
		if err == nil && w.Variant != v.Name {
			err = weightsErr("the file is for %s", w.Variant)
		}
		if err != nil {
			panic("eval: the built-in weights of " + v.Name + " are damaged: " + err.Error())
		}
	}
	defaultOnce.Store(v.Name, w)
	return w
}
