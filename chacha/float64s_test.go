package chacha

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// wantFloat64s reports whether the kernel in use must have float64 code:
// the AVX-512 one, on a CPU with AVX512DQ (the tier rules' "float64"
// extension of "avx512"). (So a float64 path silently disabled fails
// TestFillFloat64.)
func wantFloat64s() bool { return kernels.Extends("float64") }

// asFloat64s replaces each little-endian word u of p by the little-endian
// bits of rand.Rand.Float64's value of u, float64(u<<11>>11) / (1<<53)
// (math/rand/v2, rand.go).
func asFloat64s(p []byte) {
	for i := 0; i+8 <= len(p); i += 8 {
		u := binary.LittleEndian.Uint64(p[i:])
		binary.LittleEndian.PutUint64(p[i:], math.Float64bits(float64(u<<11>>11)/(1<<53)))
	}
}

// TestFillFloat64 compares the kernel's FillFloat64 with the portable
// kernel's blocks converted word by word, on every backend, for 0 to 9
// batches (so both kernel sizes and their mixtures), counters that cross
// 2^32 and wrap at 2^64, stream ids above 2^32 and every round count, into
// an odd address between guard bytes. Where the backend has no float64 code
// it must say so and write nothing.
func TestFillFloat64(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	counters := []uint64{0, 1, 1<<32 - 1, 1<<32 - 17, 1<<32 - 100, math.MaxUint64, math.MaxUint64 - 15, math.MaxUint64 - 16, math.MaxUint64 - 200, rng.Uint64()}
	streams := []uint64{0, 1<<32 + 3, math.MaxUint64, rng.Uint64()}
	forEachBackend(t, func(t *testing.T) {
		for _, rounds := range []int{8, 12, 20} {
			for n := 0; n <= 9; n++ {
				for _, ctr := range counters {
					for _, stream := range streams {
						var key [KeySize]byte
						for i := range key {
							key[i] = byte(rng.Uint32())
						}
						k := newKernel(&key, rounds)
						got, intact := backendtest.Guarded(n * keystream.BatchSize)
						untouched := append([]byte(nil), got...)
						w, ok := k.FillFloat64(got, ctr, stream)
						if !intact() {
							t.Fatalf("rounds %d, %d batches, counter %#x: FillFloat64 wrote outside dst", rounds, n, ctr)
						}
						if ok != wantFloat64s() {
							t.Fatalf("FillFloat64 reports %v on backend %s (want %v)", ok, Backend(), wantFloat64s())
						}
						if !ok {
							if w != 0 || string(got) != string(untouched) {
								t.Fatalf("FillFloat64 without float64 code returned %d or wrote into dst", w)
							}
							continue
						}
						if w != len(got) {
							t.Fatalf("FillFloat64 wrote %d of %d bytes", w, len(got))
						}
						want := make([]byte, len(got))
						blocksGeneric(want, &k.key, ctr, stream, rounds)
						asFloat64s(want)
						if i := backendtest.FirstDiff(got, want); i >= 0 {
							t.Fatalf("rounds %d, %d batches, counter %#x, stream %#x: differs from the converted portable blocks at byte %d",
								rounds, n, ctr, stream, i)
						}
					}
				}
			}
		}
	})
}
