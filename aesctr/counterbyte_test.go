package aesctr

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

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
	forEachBackend(t, func(t *testing.T) {
		for _, hi := range []uint64{0, 0x1234_5678_9abc_de00, 1<<32 - 256, 1<<64 - 512} {
			for low := uint64(0); low < 256; low++ {
				ctr := hi | low
				for _, n := range []int{1, 4, 5} {
					got, intact := backendtest.Guarded(n * keystream.BatchSize)
					k.fill(got, ctr, 7)
					if !intact() {
						t.Fatalf("counter %#x, %d batches: kernel wrote outside dst", ctr, n)
					}
					if want := cipherCTR(key, ctr, 7, len(got)); !bytes.Equal(got, want) {
						t.Fatalf("counter %#x, %d batches: differs from crypto/cipher at byte %d", ctr, n, backendtest.FirstDiff(got, want))
					}
				}
			}
		}
	})
}
