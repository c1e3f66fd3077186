// Package gentest holds the public-API tests of a generator: a random mix
// of every method of a Source checked against an independent reference
// keystream, ReadAt against Seek+Read, copies, old checkpoints, bad input
// and every read style across the end of the block counter. The root
// package's tests run them once over streamrand.Algorithms(), each
// algorithm on every kernel of its package.
package gentest

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/internal/checkpoint"
)

// Generator is the public contract these tests check: the method set of
// streamrand.Generator. It is spelt out here because nothing below the
// root package imports it; the root's tests, which use this package,
// check at compile time that the two interfaces are the same.
type Generator interface {
	Uint64() uint64
	io.ReadSeeker
	io.ReaderAt
	Seed(seed uint64)
	SetStream(s uint64)
	Stream() uint64
	encoding.BinaryAppender
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// Ref returns n bytes of stream id stream from byte position pos, computed
// independently of the Source under test.
type Ref func(stream uint64, pos int64, n int) []byte

// Case describes one generator family for these tests.
type Case struct {
	New    func(seed uint64) Generator // the seeded constructor
	Zero   func() Generator            // a zero Source
	RefFor func(seed uint64) Ref       // the reference keystream of New(seed)
}

// model is what the Source under test should be at.
type model struct {
	ref    Ref
	seed   uint64
	stream uint64
	pos    int64
}

func (m *model) next(n int) []byte {
	b := m.ref(m.stream, m.pos, n)
	m.pos += int64(n)
	return b
}

// Mix runs steps random calls of every method on one Source (Uint64, Read,
// ReadAt, Seek, SetStream, Seed, Stream, checkpoints into a zero Source and
// into a used one) and checks every output and position against the
// reference.
func Mix(t *testing.T, c Case, seed uint64, steps int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	g := c.New(seed)
	m := &model{ref: c.RefFor(seed), seed: seed}
	for i := 0; i < steps; i++ {
		op := rng.IntN(11)
		switch op {
		case 0, 1: // Uint64
			want := binary.LittleEndian.Uint64(m.next(8))
			if got := g.Uint64(); got != want {
				t.Fatalf("step %d: Uint64 = %#x, want %#x", i, got, want)
			}
		case 2, 3: // Read
			n := rng.IntN(3000)
			if rng.IntN(4) == 0 {
				n = rng.IntN(9)
			}
			got := make([]byte, n)
			if k, err := g.Read(got); k != n || err != nil {
				t.Fatalf("step %d: Read(%d) = %d, %v", i, n, k, err)
			}
			if want := m.next(n); !bytes.Equal(got, want) {
				t.Fatalf("step %d: Read(%d) at %d differs", i, n, m.pos-int64(n))
			}
		case 4: // ReadAt
			off := rng.Int64N(1 << 20)
			n := rng.IntN(5000)
			got := make([]byte, n)
			if k, err := g.ReadAt(got, off); k != n || err != nil {
				t.Fatalf("step %d: ReadAt(%d, %d) = %d, %v", i, n, off, k, err)
			}
			if want := m.ref(m.stream, off, n); !bytes.Equal(got, want) {
				t.Fatalf("step %d: ReadAt(%d, %d) differs", i, n, off)
			}
		case 5: // Seek, sometimes to a negative position (an error that moves nothing)
			var target, pos int64
			var err error
			if rng.IntN(2) == 0 {
				target = rng.Int64N(1 << 20)
				pos, err = g.Seek(target, io.SeekStart)
			} else {
				d := rng.Int64N(4000) - 2000
				target = m.pos + d
				pos, err = g.Seek(d, io.SeekCurrent)
			}
			if target < 0 {
				if err == nil {
					t.Fatalf("step %d: Seek to %d: no error", i, target)
				}
				break
			}
			if err != nil || pos != target {
				t.Fatalf("step %d: Seek to %d = %d, %v", i, target, pos, err)
			}
			m.pos = target
		case 6: // SetStream
			m.stream = []uint64{0, 1, 1 << 32, math.MaxUint64, rng.Uint64()}[rng.IntN(5)]
			m.pos = 0
			g.SetStream(m.stream)
		case 7: // Seed
			m.seed = rng.Uint64N(4)
			m.ref, m.stream, m.pos = c.RefFor(m.seed), 0, 0
			g.Seed(m.seed)
		case 8: // checkpoint into a zero Source, which continues
			data, err := g.MarshalBinary()
			if err != nil {
				t.Fatalf("step %d: MarshalBinary: %v", i, err)
			}
			r := c.Zero()
			if err := r.UnmarshalBinary(data); err != nil {
				t.Fatalf("step %d: UnmarshalBinary: %v", i, err)
			}
			g = r
		case 9: // checkpoint into a used Source of another seed
			data, err := g.AppendBinary([]byte("x"))
			if err != nil {
				t.Fatalf("step %d: AppendBinary: %v", i, err)
			}
			r := c.New(seed + 1000)
			r.Read(make([]byte, 77))
			if err := r.UnmarshalBinary(data[1:]); err != nil {
				t.Fatalf("step %d: UnmarshalBinary: %v", i, err)
			}
			g = r
		case 10: // Stream and position
			if g.Stream() != m.stream {
				t.Fatalf("step %d: Stream() = %d, want %d", i, g.Stream(), m.stream)
			}
		}
		if pos, err := g.Seek(0, io.SeekCurrent); err != nil || pos != m.pos {
			t.Fatalf("step %d (op %d): position %d, %v; want %d", i, op, pos, err, m.pos)
		}
	}
}

// ReadAt checks ReadAt against Seek+Read on a second Source at offsets
// around batch boundaries, block 2^32 and the int64 limit, with random
// lengths, and that ReadAt does not move the position.
func ReadAt(t *testing.T, c Case, blockSize int64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	g, ref := c.New(3), c.New(3)
	g.SetStream(5)
	ref.SetStream(5)
	g.Read(make([]byte, 1001)) // a position ReadAt must keep
	offs := []int64{0, 1, 7, 8, 15, 16, 63, 64, 65, 1000, 1023, 1024, 1025, 2047, 2048, 4096 + 3,
		1<<32*blockSize - 1024, 1<<32*blockSize - 1, 1 << 32 * blockSize, 1<<32*blockSize + 5,
		math.MaxInt64 - 5000, math.MaxInt64 - 1024, math.MaxInt64 - 8, math.MaxInt64}
	for i := 0; i < 40; i++ {
		offs = append(offs, rng.Int64N(1<<40))
	}
	for _, off := range offs {
		for _, n := range []int{0, 1, 7, 8, 9, 100, 1023, 1024, 1025, 2048, 3000, rng.IntN(9000)} {
			got := make([]byte, n)
			k, err := g.ReadAt(got, off)
			if k != n || err != nil {
				t.Fatalf("ReadAt(%d bytes, %d) = %d, %v", n, off, k, err)
			}
			if _, err := ref.Seek(off, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			want := make([]byte, n)
			ref.Read(want)
			if !bytes.Equal(got, want) {
				t.Fatalf("ReadAt(%d bytes, %d) differs from Seek+Read", n, off)
			}
		}
	}
	if pos, _ := g.Seek(0, io.SeekCurrent); pos != 1001 {
		t.Fatalf("ReadAt moved the position to %d", pos)
	}
	if _, err := g.ReadAt(make([]byte, 1), -1); err == nil {
		t.Fatal("ReadAt at -1: no error")
	}
}

// ReadAtParallel fills one buffer with ReadAt from many goroutines at once
// (unequal, unaligned parts) and compares it with one Read.
func ReadAtParallel(t *testing.T, c Case) {
	t.Helper()
	g := c.New(11)
	g.SetStream(2)
	const size = 1<<20 + 333
	got := make([]byte, size)
	var wg sync.WaitGroup
	var start int
	for i := 0; start < size; i++ {
		n := min(size-start, 1+i*7919%70000)
		wg.Add(1)
		go func(p []byte, off int64) {
			defer wg.Done()
			if k, err := g.ReadAt(p, off); k != len(p) || err != nil {
				t.Errorf("ReadAt: %d, %v", k, err)
			}
		}(got[start:start+n], int64(start))
		start += n
	}
	wg.Wait()
	want := make([]byte, size)
	g.Read(want)
	if !bytes.Equal(got, want) {
		t.Fatal("parallel ReadAt differs from Read")
	}
}

// Copies checks that a copy made by the caller (copy returns a pointer to a
// new value copied from g) is independent of the original whatever is done
// to either: Read, Seed, UnmarshalBinary of another state.
func Copies(t *testing.T, c Case, copyOf func(Generator) Generator) {
	t.Helper()
	src := c.New(1)
	src.SetStream(3)
	src.Read(make([]byte, 555))
	mark, _ := src.MarshalBinary()
	saved := copyOf(src)

	other := c.New(2)
	other.Seek(12345, io.SeekStart)
	otherData, _ := other.MarshalBinary()
	src.Read(make([]byte, 100))
	if err := src.UnmarshalBinary(otherData); err != nil {
		t.Fatal(err)
	}
	src.Uint64()
	src.Seed(9)
	src.Read(make([]byte, 3000))

	again, _ := saved.MarshalBinary()
	if !bytes.Equal(mark, again) {
		t.Fatal("the copy's checkpoint changed with the original")
	}
	want := c.RefFor(1)(3, 555, 5000)
	got := make([]byte, 5000)
	saved.Read(got)
	if !bytes.Equal(got, want) {
		t.Fatal("the copy's stream changed with the original")
	}
	// And the other way round: the original is untouched by the copy.
	now, _ := src.MarshalBinary()
	saved.Seed(4)
	saved.Read(make([]byte, 10))
	after, _ := src.MarshalBinary()
	if !bytes.Equal(now, after) {
		t.Fatal("the original changed with the copy")
	}
}

// Golden checks a checkpoint that an earlier version of the code wrote:
// state restores into zero, a zero Source of its package, which then reads
// next; and made, a Source that the same calls brought to that point
// today, writes state byte for byte.
func Golden(t *testing.T, zero, made Generator, state, next []byte) {
	t.Helper()
	if err := zero.UnmarshalBinary(state); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	got := make([]byte, len(next))
	zero.Read(got)
	if !bytes.Equal(got, next) {
		t.Fatalf("restored stream reads %x, want %x", got, next)
	}
	again, err := made.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, state) {
		t.Fatalf("MarshalBinary = %x, want %x", again, state)
	}
}

// UnmarshalErrors checks that each class of bad input to UnmarshalBinary
// returns the documented error (errors.Is), prefixed with prefix, and leaves
// the Source unchanged. good is a valid checkpoint of g's family, other one
// of another algorithm.
func UnmarshalErrors(t *testing.T, g Generator, good, other []byte, prefix string) {
	t.Helper()
	before, _ := g.MarshalBinary()
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, checkpoint.ErrFormat},
		{"truncated", good[:len(good)-1], checkpoint.ErrFormat},
		{"magic", append([]byte("X"), good[1:]...), checkpoint.ErrFormat},
		{"version", append(append(bytes.Clone(good[:11]), 2), good[12:]...), checkpoint.ErrVersion},
		{"checksum", append(bytes.Clone(good[:len(good)-1]), good[len(good)-1]^1), checkpoint.ErrChecksum},
		{"algorithm", other, checkpoint.ErrAlgorithm},
	} {
		err := g.UnmarshalBinary(tc.data)
		if !errors.Is(err, tc.want) || !strings.HasPrefix(fmt.Sprint(err), prefix) {
			t.Fatalf("%s: %v, want %q... wrapping %v", tc.name, err, prefix, tc.want)
		}
		if after, _ := g.MarshalBinary(); !bytes.Equal(before, after) {
			t.Fatalf("%s: a failed UnmarshalBinary changed the Source", tc.name)
		}
	}
}

// NoAllocs checks that Uint64, Read of several lengths, ReadAt of a whole
// batch and Seek allocate nothing on a Source made by New (after the
// backend under test was selected).
func NoAllocs(t *testing.T, c Case) {
	t.Helper()
	g := c.New(1)
	buf := make([]byte, 20000)
	for name, f := range map[string]func(){
		"Uint64":       func() { g.Uint64() },
		"Read(7)":      func() { g.Read(buf[:7]) },
		"Read(1019)":   func() { g.Read(buf[:1019]) },
		"Read(20000)":  func() { g.Read(buf) },
		"ReadAt(4096)": func() { g.ReadAt(buf[:4096], 1<<20) },
		"Seek":         func() { g.Seek(12345, io.SeekStart) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// Seed checks that Seed(42) resets a used Source, in place, to exactly
// what New(42) returns: the same checkpoint, stream 0, the same bytes.
func Seed(t *testing.T, c Case) {
	t.Helper()
	s := c.New(1)
	s.SetStream(7)
	s.Read(make([]byte, 1500))
	s.Seed(42)
	want, _ := c.New(42).MarshalBinary()
	if got, _ := s.MarshalBinary(); !bytes.Equal(got, want) {
		t.Fatalf("after Seed(42): checkpoint %x, want New(42)'s %x", got, want)
	}
	if s.Stream() != 0 {
		t.Fatalf("after Seed(42): Stream() = %d, want 0", s.Stream())
	}
	a, b := make([]byte, 3000), make([]byte, 3000)
	s.Read(a)
	c.New(42).Read(b)
	if !bytes.Equal(a, b) {
		t.Fatal("after Seed(42): the bytes differ from New(42)'s")
	}
}

// ZeroMessage is what every method of a zero Source that needs a state
// panics with.
const ZeroMessage = "streamrand: use of a zero Source (create it with a constructor or UnmarshalBinary)"

// ZeroSource checks a zero Source: MarshalBinary returns an error,
// AppendBinary an error and b as it was, and Uint64, ReadAt, Stream, Read,
// Seek and SetStream panic (the last four with ZeroMessage).
func ZeroSource(t *testing.T, zero Generator) {
	t.Helper()
	if _, err := zero.MarshalBinary(); err == nil || !strings.Contains(err.Error(), "zero Source") {
		t.Fatalf("MarshalBinary: %v, want an error about a zero Source", err)
	}
	if b, err := zero.AppendBinary([]byte("keep")); err == nil || string(b) != "keep" {
		t.Fatalf("AppendBinary = %q, %v; want \"keep\" and an error", b, err)
	}
	for name, f := range map[string]func(){
		"Uint64": func() { zero.Uint64() },
		"ReadAt": func() { zero.ReadAt(make([]byte, 1), 0) },
	} {
		if _, ok := panicValue(f); !ok {
			t.Fatalf("%s of a zero Source does not panic", name)
		}
	}
	for name, f := range map[string]func(){
		"Stream":    func() { zero.Stream() },
		"Read":      func() { zero.Read(make([]byte, 1)) },
		"Seek":      func() { zero.Seek(0, io.SeekCurrent) },
		"SetStream": func() { zero.SetStream(1) },
	} {
		if v, ok := panicValue(f); !ok || v != ZeroMessage {
			t.Fatalf("%s of a zero Source: panic %v (%v), want %q", name, v, ok, ZeroMessage)
		}
	}
}

// panicValue calls f and returns what it panicked with, if it did.
func panicValue(f func()) (v any, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			v, panicked = r, true
		}
	}()
	f()
	return nil, false
}

// Same checks that two constructors give the same Source: make(seed) of
// each, for several seeds, has the same checkpoint, the same first 4 KiB
// of Read and the same 1000 Uint64s, and the same checkpoint after each.
// (A deprecated constructor against the one that replaced it.)
func Same(t *testing.T, want, got func(seed uint64) Generator) {
	t.Helper()
	marshalEqual := func(w, g Generator, seed uint64) {
		t.Helper()
		wb, err := w.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		gb, err := g.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(wb, gb) {
			t.Fatalf("seed %d: MarshalBinary %x, want %x", seed, gb, wb)
		}
	}
	for _, seed := range []uint64{0, 1, 42, 20260101, 1<<63 + 5, ^uint64(0)} {
		w, g := want(seed), got(seed)
		marshalEqual(w, g, seed)
		wr, gr := make([]byte, 4096), make([]byte, 4096)
		w.Read(wr)
		g.Read(gr)
		if !bytes.Equal(wr, gr) {
			t.Fatalf("seed %d: the first 4 KiB of Read differ", seed)
		}
		marshalEqual(w, g, seed)

		w, g = want(seed), got(seed)
		for i := range 1000 {
			if a, b := w.Uint64(), g.Uint64(); a != b {
				t.Fatalf("seed %d: Uint64 %d = %#x, want %#x", seed, i, b, a)
			}
		}
		marshalEqual(w, g, seed)
	}
}
