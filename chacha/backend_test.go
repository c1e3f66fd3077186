package chacha

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// forEachBackend runs f once per kernel this machine supports, the portable
// one included, with that kernel selected.
func forEachBackend(t *testing.T, f func(t *testing.T)) { backendtest.Run(t, kernels, f) }

// TestBackendSelected fails when the kernel chosen at init is not the one
// CI expects on this machine (STREAMRAND_CHACHA_BACKEND), so a fast path that is silently
// disabled cannot pass.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_CHACHA_BACKEND")
}

// TestKernelsAgree compares every kernel with the portable one over batch
// counts, counters that cross 2^32 and wrap at 2^64, stream ids above 2^32
// and every round count.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counters := []uint64{0, 1, 7, 1<<32 - 1, 1<<32 - 5, 1<<32 - 16, 1<<32 - 17, 1<<33 - 3, math.MaxUint64, math.MaxUint64 - 4, math.MaxUint64 - 15, math.MaxUint64 - 16, rng.Uint64()}
	streams := []uint64{0, 1, 0x4a000000, 1<<32 + 3, math.MaxUint64, rng.Uint64()}
	forEachBackend(t, func(t *testing.T) {
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
	forEachBackend(t, func(t *testing.T) {
		for _, ctr := range []uint64{0, 1<<32 - 16, math.MaxUint64 - 15, math.MaxUint64 - 63} {
			backendtest.Exact(t, fmt.Sprintf("counter %#x", ctr), BlockSize, lengths,
				func(dst []byte) { blocks(dst, &key, ctr, 5, 8) },
				func(dst []byte) { blocksGeneric(dst, &key, ctr, 5, 8) })
		}
	})
}

// reference returns n bytes of the stream from position pos, computed with
// the portable kernel only.
func reference(key [KeySize]byte, rounds int, stream uint64, pos, n int) []byte {
	k := newKernel(&key, rounds)
	first := pos / BlockSize
	nb := (pos%BlockSize + n + BlockSize - 1) / BlockSize
	buf := make([]byte, nb*BlockSize)
	blocksGeneric(buf, &k.key, uint64(first), stream, rounds)
	return buf[pos%BlockSize : pos%BlockSize+n]
}

// TestReadAllLengths reads every length from 0 to 4096 bytes (and a few
// large ones) at every start offset within a batch, through Source.Read
// (so into unaligned caller memory), with every kernel.
func TestReadAllLengths(t *testing.T) {
	var key [KeySize]byte
	for i := range key {
		key[i] = byte(i*7 + 1)
	}
	maxLen := 4096
	if testing.Short() {
		maxLen = 1100
	}
	forEachBackend(t, func(t *testing.T) {
		for _, rounds := range []int{8, 20} {
			ref := reference(key, rounds, 3, 0, 2*keystream.BatchSize+maxLen+200000)
			s, _ := NewWithKey(key, rounds, 3)
			for _, off := range []int{0, 1, 7, 63, 64, 65, 511, 1000, 1023, 1024, 1025, 2047} {
				for n := 0; n <= maxLen; n += 1 + n/512 {
					if _, err := s.Seek(int64(off), io.SeekStart); err != nil {
						t.Fatal(err)
					}
					buf := make([]byte, n+1)
					s.Read(buf[1:]) // odd address
					if !bytes.Equal(buf[1:], ref[off:off+n]) {
						t.Fatalf("rounds %d: Read(%d) at %d differs at %d", rounds, n, off, backendtest.FirstDiff(buf[1:], ref[off:off+n]))
					}
				}
			}
			for _, n := range []int{65536 + 3, 199999} {
				s.Seek(5, io.SeekStart)
				buf := make([]byte, n)
				s.Read(buf)
				if !bytes.Equal(buf, ref[5:5+n]) {
					t.Fatalf("rounds %d: Read(%d) differs", rounds, n)
				}
			}
		}
	})
}
