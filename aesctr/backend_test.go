package aesctr

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
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
// CI expects on this machine (STREAMRAND_AES_BACKEND), so a fast path that is silently
// disabled cannot pass.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_AES_BACKEND")
}

// TestBackendUnderGODEBUG (defect D4): GODEBUG=cpu.avx512vaes=off turns
// the VAES kernels off on a CPU with AVX-512 and on one without (AMD Zen 3,
// here qemu's model with AVX2 and VAES, where it once left vaes256 on), with
// cpu.avx512=off or not: each setting selects at init, in a second process,
// the backend the tier rules give for the CPU.
func TestBackendUnderGODEBUG(t *testing.T) {
	var children []backendtest.Child
	for _, c := range []func() (backendtest.Child, bool){backendtest.ThisMachine, backendtest.QemuZen3} {
		if c, ok := c(); ok {
			children = append(children, c)
		}
	}
	backendtest.CheckGODEBUG(t, kernels, "STREAMRAND_AES_BACKEND", children,
		"", "cpu.avx512vaes=off", "cpu.avx512=off,cpu.avx512vaes=off")
}

// cipherCTR returns n bytes of crypto/cipher's CTR keystream over crypto/aes
// from counter block BE64(stream) || BE64(counter): the reference.
func cipherCTR(key []byte, counter, stream uint64, n int) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	iv := make([]byte, 16)
	binary.BigEndian.PutUint64(iv, stream)
	binary.BigEndian.PutUint64(iv[8:], counter)
	out := make([]byte, n)
	cipher.NewCTR(b, iv).XORKeyStream(out, out)
	return out
}

// TestKernelsAgree compares every kernel with crypto/cipher CTR for all key
// sizes, several batch counts, counters near 2^32 and at ^uint64(0)-k (the
// carry into the stream id, which Seek cannot reach) and large stream ids.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	counters := []uint64{0, 1, 1<<32 - 1, 1<<32 - 3, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint64 - 2, math.MaxUint64 - 7, math.MaxUint64 - 15, math.MaxUint64 - 63, math.MaxUint64 - 64, math.MaxUint64 - 255, math.MaxUint64 - 256, math.MaxUint64 - 319, rng.Uint64()}
	streams := []uint64{0, 1, 1<<32 + 1, math.MaxUint64, rng.Uint64()}
	forEachBackend(t, func(t *testing.T) {
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
						want := cipherCTR(key, ctr, stream, len(got))
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
	forEachBackend(t, func(t *testing.T) {
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
					func(dst []byte) { copy(dst, cipherCTR(key, ctr, 2, len(dst))) })
			}
		}
	})
}

// TestReadAllLengths reads every length from 0 to 4096 bytes (odd block
// counts included) and a few large ones at many start offsets, through
// Source.Read into unaligned memory, against crypto/cipher, with every
// kernel and key size.
func TestReadAllLengths(t *testing.T) {
	maxLen := 4096
	if testing.Short() {
		maxLen = 1100
	}
	forEachBackend(t, func(t *testing.T) {
		for _, keyLen := range []int{16, 24, 32} {
			key := make([]byte, keyLen)
			for i := range key {
				key[i] = byte(i*13 + keyLen)
			}
			ref := cipherCTR(key, 0, 9, 2*keystream.BatchSize+maxLen+200000)
			s, err := NewWithKey(key, 9)
			if err != nil {
				t.Fatal(err)
			}
			for _, off := range []int{0, 1, 15, 16, 17, 255, 1000, 1023, 1024, 1025, 2047} {
				for n := 0; n <= maxLen; n += 1 + n/512 {
					s.Seek(int64(off), io.SeekStart)
					buf := make([]byte, n+1)
					s.Read(buf[1:])
					if !bytes.Equal(buf[1:], ref[off:off+n]) {
						t.Fatalf("AES-%d: Read(%d) at %d differs at %d", keyLen*8, n, off, backendtest.FirstDiff(buf[1:], ref[off:off+n]))
					}
				}
			}
			for _, n := range []int{65536 + 3, 199999} {
				s.Seek(5, io.SeekStart)
				buf := make([]byte, n)
				s.Read(buf)
				if !bytes.Equal(buf, ref[5:5+n]) {
					t.Fatalf("AES-%d: Read(%d) differs", keyLen*8, n)
				}
			}
		}
	})
}
