package chacha

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// This file checks the kernels against the portable one: every kernel this
// machine runs (backendtest.Run) over batch counts, counters and stream
// ids, with guard bytes around dst.

// TestKernelsAgree compares every kernel with the portable one over batch
// counts, counters that cross 2^32 and wrap at 2^64, stream ids above 2^32
// and every round count.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counters := []uint64{0, 1, 7, 1<<32 - 1, 1<<32 - 5, 1<<32 - 16, 1<<32 - 17, 1<<33 - 3, math.MaxUint64, math.MaxUint64 - 4, math.MaxUint64 - 15, math.MaxUint64 - 16, rng.Uint64()}
	streams := []uint64{0, 1, 0x4a000000, 1<<32 + 3, math.MaxUint64, rng.Uint64()}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, rounds := range []int{8, 12, 20} {
			for _, n := range []int{1, 2, 3, 4, 5, 9} {
				for _, ctr := range counters {
					for _, stream := range streams {
						var key [8]uint32
						for i := range key {
							key[i] = rng.Uint32()
						}
						got, intact := backendtest.Guarded(n * keystream.BatchSize)
						want := make([]byte, n*keystream.BatchSize)
						blocks(got, &key, ctr, stream, rounds)
						if !intact() {
							t.Fatalf("counter %#x, %d batches: kernel wrote outside dst", ctr, n)
						}
						blocksGeneric(want, &key, ctr, stream, rounds)
						if !bytes.Equal(got, want) {
							t.Fatalf("rounds %d, %d batches, counter %#x, stream %#x: kernel differs from generic at byte %d",
								rounds, n, ctr, stream, backendtest.FirstDiff(got, want))
						}
					}
				}
			}
		}
	})
}

// TestKernelsExact calls the entry point of every kernel, blocks, with the
// smallest legal input (one batch, one kernel call), one big batch, their
// neighbours and lengths that are not whole blocks, and checks that it
// writes exactly the whole blocks of dst and nothing around them.
func TestKernelsExact(t *testing.T) {
	var key [8]uint32
	for i := range key {
		key[i] = uint32(i)*0x01000193 + 1
	}
	lengths := backendtest.ExactLengths(BlockSize, batch, bigBatch)
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, ctr := range []uint64{0, 1<<32 - 16, math.MaxUint64 - 15, math.MaxUint64 - 63} {
			backendtest.Exact(t, fmt.Sprintf("counter %#x", ctr), BlockSize, lengths,
				func(dst []byte) { blocks(dst, &key, ctr, 5, 8) },
				func(dst []byte) { blocksGeneric(dst, &key, ctr, 5, 8) })
		}
	})
}

// TestCounterCarry: the block after counter 2^32-1 has counter word 13 = 1
// (a 64-bit counter, not RFC 8439's 32-bit one), and stream ids use both
// words 14 and 15.
func TestCounterCarry(t *testing.T) {
	k := newKernel(&[KeySize]byte{1, 2, 3}, 20)
	a := make([]byte, 2*BlockSize)
	blocksGeneric(a, &k.key, 1<<32-1, 1<<32+5, 20)
	b := make([]byte, BlockSize)
	block((*[BlockSize]byte)(b), &k.key, 1<<32, 1<<32+5, 20)
	require.Equal(t, b, a[BlockSize:])
	c := make([]byte, BlockSize)
	block((*[BlockSize]byte)(c), &k.key, 0, 1<<32+5, 20)
	require.NotEqual(t, b, c, "counter 2^32 must differ from counter 0")
	d := make([]byte, BlockSize)
	block((*[BlockSize]byte)(d), &k.key, 1<<32, 5, 20)
	require.NotEqual(t, b, d, "stream 2^32+5 must differ from stream 5")
}
