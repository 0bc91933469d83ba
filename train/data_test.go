package train

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"damka/board"
)

func someSamples(n int) []Sample {
	out := make([]Sample, n)
	for i := range out {
		out[i] = Sample{White: uint64(i) << 1, Black: uint64(i) << 30, Kings: uint64(i&3) << 1 & (uint64(i) << 1),
			Side: uint8(i & 1), Score: int16(i*7 - 300), Wins: uint16(i % 3), Draws: 1, Losses: uint16(i % 2)}
	}
	return out
}

func encode(t *testing.T, h Header, blocks ...[]Sample) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		if err := w.WriteBlock(b, len(b)/10); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDataRoundTrip(t *testing.T) {
	h := Header{Variant: "russian", Merged: true, Meta: "test"}
	a, b := someSamples(500), someSamples(77)
	d, err := Read(bytes.NewReader(encode(t, h, a, b)))
	if err != nil {
		t.Fatal(err)
	}
	if d.Header != h {
		t.Errorf("header %+v, want %+v", d.Header, h)
	}
	want := append(append([]Sample{}, a...), b...)
	if len(d.Samples) != len(want) || d.Games != 50+7 {
		t.Fatalf("%d samples from %d games, want %d from 57", len(d.Samples), d.Games, len(want))
	}
	for i := range want {
		if d.Samples[i] != want[i] {
			t.Fatalf("sample %d: %+v, want %+v", i, d.Samples[i], want[i])
		}
	}
}

// Every truncation and every flipped bit of a data file is an ErrData
// error when the file is read whole; a file cut inside its blocks reads,
// leniently, up to its last whole block.
func TestDataDamageRefused(t *testing.T) {
	h := Header{Variant: "international"}
	data := encode(t, h, someSamples(40), someSamples(30))
	headerLen := len(h.encode())
	for n := range len(data) {
		_, err := Read(bytes.NewReader(data[:n]))
		if !errors.Is(err, ErrData) {
			t.Fatalf("cut to %d of %d bytes: error %v, want ErrData", n, len(data), err)
		}
		if n >= headerLen {
			d, good, err := read(bytes.NewReader(data[:n]), true)
			if err != nil || good > int64(n) || (len(d.Samples) != 0 && len(d.Samples) != 40 && len(d.Samples) != 70) {
				t.Fatalf("lenient read of %d bytes: %d samples, good %d, %v", n, len(d.Samples), good, err)
			}
		}
	}
	for i := range data {
		for _, bit := range []byte{1, 0x80} {
			d := bytes.Clone(data)
			d[i] ^= bit
			if _, err := Read(bytes.NewReader(d)); !errors.Is(err, ErrData) {
				t.Fatalf("byte %d ^ %#x: error %v, want ErrData", i, bit, err)
			}
		}
	}
}

func TestMerge(t *testing.T) {
	s := []Sample{
		{White: 1, Black: 2, Side: 0, Score: 100, Wins: 1},
		{White: 1, Black: 2, Side: 1, Score: -50, Losses: 1},
		{White: 1, Black: 2, Side: 0, Score: 200, Draws: 1},
		{White: 1, Black: 2, Side: 0, Score: 0, Losses: 1},
	}
	m := Merge(s)
	if len(m) != 2 {
		t.Fatalf("%d samples after merging, want 2: %+v", len(m), m)
	}
	want := Sample{White: 1, Black: 2, Side: 0, Score: 100, Wins: 1, Draws: 1, Losses: 1}
	if m[0] != want {
		t.Errorf("merged %+v, want %+v", m[0], want)
	}
	if r := m[0].Result(); r != 0.5 {
		t.Errorf("result %v, want 0.5", r)
	}
}

func FuzzReadData(f *testing.F) {
	var buf bytes.Buffer
	w, _ := NewWriter(&buf, Header{Variant: "russian", Meta: "fuzz"})
	w.WriteBlock(someSamples(20), 2)
	w.Close()
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:30])
	f.Add([]byte(dataMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := Read(bytes.NewReader(b)); err != nil && !errors.Is(err, ErrData) {
			t.Fatalf("error %v does not wrap ErrData", err)
		}
	})
}

func selfplayConfig() SelfplayConfig {
	return SelfplayConfig{Variant: board.Russian, Games: 120, Depth: 2, Seed: 3, RandomPlies: 6, Workers: 2, MaxPlies: 150}
}

// The same seed gives the same file whatever the number of workers, and a
// run interrupted after some blocks and resumed gives it too.
func TestSelfplayDeterministicAndResumable(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.dat")
	cfg := selfplayConfig()
	d, err := Selfplay(context.Background(), one, cfg, "meta")
	if err != nil {
		t.Fatal(err)
	}
	if d.Games != cfg.Games || len(d.Samples) < cfg.Games*10 {
		t.Fatalf("%d games, %d samples", d.Games, len(d.Samples))
	}
	for i := 1; i < len(d.Samples); i++ {
		if d.Samples[i-1].compare(&d.Samples[i]) >= 0 {
			t.Fatalf("samples %d and %d not sorted and distinct", i-1, i)
		}
	}
	// Interrupted: the first 60 games (whole blocks), then half a block
	// more of garbage, as a killed run leaves.
	two := filepath.Join(dir, "two.dat")
	first := cfg
	first.Games, first.Workers = 60, 1
	if _, err := Selfplay(context.Background(), two, first, "meta"); err != nil {
		t.Fatal(err)
	}
	// Selfplay removed the part file; rebuild one from the finished games'
	// blocks as an interrupted run would have left it.
	part := two + ".part"
	var buf bytes.Buffer
	w, _ := NewWriter(&buf, Header{Variant: cfg.Variant.Name, Meta: "meta"})
	// Rerun the 60 games into the part file directly (unmerged blocks).
	if err := playGames(context.Background(), first, 0, w); err != nil {
		t.Fatal(err)
	}
	buf.Write([]byte{1, 2, 3, 4, 5})
	if err := os.WriteFile(part, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Selfplay(context.Background(), two, cfg, "meta"); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(two)
	if !bytes.Equal(a, b) {
		t.Fatalf("resumed run: %d bytes, uninterrupted: %d bytes; they differ", len(b), len(a))
	}
	// A part file of another run is refused.
	if err := os.WriteFile(part, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Selfplay(context.Background(), two, cfg, "other meta"); err == nil {
		t.Fatal("a part file of another run was resumed")
	}
}
