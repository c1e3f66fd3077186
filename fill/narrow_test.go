package fill

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	ks "github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestNarrowPeek runs Uint32 and Float32 with every kernel set, on every
// length up to 300 and lengths around peekBelow and the batch, from Sources
// sitting at byte positions all over a batch (so that the first Peek holds
// from 0 to 129 whole words and any byte offset in a word), into slices
// between guard elements, against rand.Rand's calls on a twin: narrowPeek's
// kernel calls (whole, overlapping, into the stack array) and its portable
// rest must give the same values, consume the same words and write nothing
// outside dst.
func TestNarrowPeek(t *testing.T) {
	var lengths []int
	for n := range 301 {
		lengths = append(lengths, n)
	}
	for _, c := range []int{ks.BatchSize / 8, peekBelow / 2, peekBelow, 2 * peekBelow, 2*chunkWords + peekBelow} {
		for d := -3; d <= 3; d++ {
			lengths = append(lengths, c+d)
		}
	}
	// Byte positions in a batch: its start, every offset in the first and
	// last words, and around 64 words from its end, where the first Peek
	// holds just enough for one kernel call, or not.
	const B = ks.BatchSize
	starts := []int{0, 1, 2, 3, 4, 5, 6, 7, 8*64 - 1, B - 8*64 - 3, B - 8*64, B - 8*64 + 5, B - 8*63 - 1, B - 100, B - 9, B - 8, B - 5, B - 1}
	if testing.Short() {
		starts = []int{0, 3, B - 8*64 + 5, B - 8*63 - 1, B - 5}
	}
	type source interface {
		rand.Source
		Read([]byte) (int, error)
	}
	kinds := []struct {
		name string
		make func(seed uint64) source
	}{
		{"chacha8", func(seed uint64) source { return chacha.NewSource(seed) }},
		{"aes128ctr", func(seed uint64) source { return aesctr.NewSource(seed) }},
	}
	const guard = 0xBAD
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, kind := range kinds {
			for si, start := range starts {
				for _, n := range lengths {
					seed := uint64(si*1000 + n)
					src, twin := kind.make(seed), kind.make(seed)
					skip := make([]byte, start)
					src.Read(skip)
					twin.Read(skip)
					r := rand.New(twin)
					lo := n % 3
					f32 := n%2 == 1
					var buf []uint32
					if f32 {
						buf = guardedBits(Float32, src, lo, n, math.Float32bits)
					} else {
						buf = guardedBits(Uint32, src, lo, n, func(v uint32) uint32 { return v })
					}
					for i, v := range buf {
						if i < lo || i >= lo+n {
							if v != guard {
								t.Fatalf("%s start %d len %d float32 %v: wrote element %d outside dst", kind.name, start, n, f32, i-lo)
							}
							continue
						}
						var want uint32
						if f32 {
							want = math.Float32bits(r.Float32())
						} else {
							want = r.Uint32()
						}
						if v != want {
							t.Fatalf("%s start %d len %d float32 %v: value %d is %#x, want %#x", kind.name, start, n, f32, i-lo, v, want)
						}
					}
					if src.Uint64() != twin.Uint64() {
						t.Fatalf("%s start %d len %d float32 %v: position differs afterwards", kind.name, start, n, f32)
					}
				}
			}
		}
	})
}

// guardedBits runs fill on src into dst = buf[lo:lo+n], where buf holds the
// bits 0xBAD elsewhere (and dst's capacity reaches to its end), and
// returns the bits of all of buf.
func guardedBits[T uint32 | float32](fill func(rand.Source, []T), src rand.Source, lo, n int, bitsOf func(T) uint32) []uint32 {
	buf := make([]T, lo+n+70)
	var g T
	switch p := any(&g).(type) {
	case *uint32:
		*p = 0xBAD
	case *float32:
		*p = math.Float32frombits(0xBAD)
	}
	for i := range buf {
		buf[i] = g
	}
	fill(src, buf[lo:lo+n])
	b := make([]uint32, len(buf))
	for i, v := range buf {
		b[i] = bitsOf(v)
	}
	return b
}
