//go:build gc && !purego

package chacha

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestBlocks8 compares the 8-block kernel with the portable one for every
// round count, counters whose 8 blocks cross 2^32 or wrap at 2^64 at each
// position (each of the three register layouts holds a different block),
// stream ids on both sides of 2^32, with guard bytes around dst.
func TestBlocks8(t *testing.T) {
	if !kernels.Has("neon") {
		t.Skip("no Advanced SIMD")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var counters []uint64
	for i := uint64(0); i <= 8; i++ {
		counters = append(counters, 1<<32-i, math.MaxUint64-i)
	}
	counters = append(counters, 0, 1<<33-3, rng.Uint64())
	for _, rounds := range []int{0, 2, 8, 12, 20} {
		for _, ctr := range counters {
			for _, stream := range []uint64{0, 1<<32 - 1, 1 << 32, math.MaxUint64, rng.Uint64()} {
				var key [8]uint32
				for i := range key {
					key[i] = rng.Uint32()
				}
				got, intact := backendtest.Guarded(8 * BlockSize)
				blocks8(rounds, &key, (*[8 * BlockSize]byte)(got), ctr, stream)
				if !intact() {
					t.Fatalf("counter %#x: blocks8 wrote outside dst", ctr)
				}
				want := make([]byte, 8*BlockSize)
				blocksGeneric(want, &key, ctr, stream, rounds)
				if !bytes.Equal(got, want) {
					i := backendtest.FirstDiff(got, want)
					t.Fatalf("rounds %d, counter %#x, stream %#x: blocks8 differs from generic at byte %d (block %d)",
						rounds, ctr, stream, i, i/BlockSize)
				}
			}
		}
	}
}

// TestBlocksOddCounts runs blocks on block counts that are not multiples of
// 8 (the rest goes to the portable kernel) at unaligned addresses.
func TestBlocksOddCounts(t *testing.T) {
	key := [8]uint32{1, 2, 3, 4, 5, 6, 7, 0xffffffff}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for n := 0; n <= 41; n++ {
			for _, off := range []int{0, 1, 7} {
				buf, intact := backendtest.Guarded(n*BlockSize + off)
				got := buf[off:]
				blocks(got, &key, 1<<32-9, 5, 8)
				if !intact() {
					t.Fatalf("%d blocks at offset %d: wrote outside dst", n, off)
				}
				want := make([]byte, n*BlockSize)
				blocksGeneric(want, &key, 1<<32-9, 5, 8)
				if !bytes.Equal(got, want) {
					t.Fatalf("%d blocks at offset %d: differs from generic at byte %d", n, off, backendtest.FirstDiff(got, want))
				}
			}
		}
	})
}
