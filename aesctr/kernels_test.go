package aesctr

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the kernels against crypto/cipher's CTR mode
// (internal/testkit/ref): every kernel this machine runs
// (backendtest.Run), every key size, counters at every carry, with guard
// bytes around dst.

// newKernel returns a kernel keyed with key, for the tests of the kernels.
func newKernel(key []byte) (*kernel, error) {
	if err := validKeyLen(len(key)); err != nil {
		return nil, err
	}
	k := new(kernel)
	k.setKey(key)
	return k, nil
}

// TestKernelsAgree compares every kernel with crypto/cipher CTR for all key
// sizes, several batch counts, counters near 2^32 and at ^uint64(0)-k (the
// carry into the stream id, which Seek cannot reach) and large stream ids.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	counters := []uint64{0, 1, 1<<32 - 1, 1<<32 - 3, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint64 - 2, math.MaxUint64 - 7, math.MaxUint64 - 15, math.MaxUint64 - 63, math.MaxUint64 - 64, math.MaxUint64 - 255, math.MaxUint64 - 256, math.MaxUint64 - 319, rng.Uint64()}
	streams := []uint64{0, 1, 1<<32 + 1, math.MaxUint64, rng.Uint64()}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, keyLen := range []int{16, 24, 32} {
			key := make([]byte, keyLen)
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
			k, err := newKernel(key)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{1, 2, 3, 4, 5, 9} {
				for _, ctr := range counters {
					for _, stream := range streams {
						got, intact := backendtest.Guarded(n * keystream.BatchSize)
						k.fill(got, ctr, stream)
						if !intact() {
							t.Fatalf("counter %#x, %d batches: kernel wrote outside dst", ctr, n)
						}
						want := ref.CTR(key, stream, ctr, len(got))
						if !bytes.Equal(got, want) {
							t.Fatalf("AES-%d, %d batches, counter %#x, stream %#x: differs from crypto/cipher at byte %d",
								keyLen*8, n, ctr, stream, backendtest.FirstDiff(got, want))
						}
					}
				}
			}
		}
	})
}

// TestKernelsExact calls the entry point of every kernel, fill, with the
// smallest legal input (one batch, one kernel call), one big batch, their
// neighbours and lengths that are not whole blocks, at counters whose
// batches end at the wrap of the low 64 bits, and checks that it writes
// exactly the whole blocks of dst (crypto/cipher's) and nothing around them.
func TestKernelsExact(t *testing.T) {
	lengths := backendtest.ExactLengths(BlockSize, batch, bigBatch)
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, keyLen := range []int{16, 32} {
			key := make([]byte, keyLen)
			for i := range key {
				key[i] = byte(3*i + keyLen)
			}
			k, err := newKernel(key)
			if err != nil {
				t.Fatal(err)
			}
			for _, ctr := range []uint64{0, math.MaxUint64 - 63, math.MaxUint64 - 255, math.MaxUint64 - 300} {
				backendtest.Exact(t, fmt.Sprintf("AES-%d, counter %#x", keyLen*8, ctr), BlockSize, lengths,
					func(dst []byte) { k.fill(dst, ctr, 2) },
					func(dst []byte) { copy(dst, ref.CTR(key, 2, ctr, len(dst))) })
			}
		}
	})
}

// TestCounterLowByte starts every kernel at counters with each of the 256
// values of the low byte (whose carry decides, per loop iteration, whether
// the VAES kernels make the next counter block with one add in the
// byte-swapped counter or with a byte swap), with 1 to 5 batches (so the
// 4 KiB kernels' later iterations too; from 2^64-512 some cross the carry
// into the stream id), for every key size (each has its own copy of the
// loop), against crypto/cipher.
func TestCounterLowByte(t *testing.T) {
	for _, key := range [][]byte{[]byte("0123456789abcdef"), []byte("0123456789abcdef01234567"), []byte("0123456789abcdef0123456789abcdef")} {
		t.Run(fmt.Sprintf("aes%d", 8*len(key)), func(t *testing.T) { testCounterLowByte(t, key) })
	}
}

func testCounterLowByte(t *testing.T, key []byte) {
	k, err := newKernel(key)
	if err != nil {
		t.Fatal(err)
	}
	his := []uint64{0, 0x1234_5678_9abc_de00, 1<<32 - 256, 1<<64 - 512}
	if testing.Short() {
		his = []uint64{0, 1<<64 - 512} // every low byte, with and without the carry out of 64 bits
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, hi := range his {
			for low := uint64(0); low < 256; low++ {
				ctr := hi | low
				for _, n := range []int{1, 4, 5} {
					got, intact := backendtest.Guarded(n * keystream.BatchSize)
					k.fill(got, ctr, 7)
					if !intact() {
						t.Fatalf("counter %#x, %d batches: kernel wrote outside dst", ctr, n)
					}
					if want := ref.CTR(key, 7, ctr, len(got)); !bytes.Equal(got, want) {
						t.Fatalf("counter %#x, %d batches: differs from crypto/cipher at byte %d", ctr, n, backendtest.FirstDiff(got, want))
					}
				}
			}
		}
	})
}
