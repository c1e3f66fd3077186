package aesctr

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks Source.Read against crypto/cipher's CTR mode
// (internal/testkit/ref), on every kernel. The Source's other methods are
// checked against it by the root package's tests, on every kernel
// (internal/testkit/gentest).

// TestAgainstCipherCTR: random keys, streams and positions through Source
// against crypto/cipher CTR with iv BE64(stream) || BE64(block).
func TestAgainstCipherCTR(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 60; i++ {
		key := make([]byte, []int{16, 24, 32}[i%3])
		for j := range key {
			key[j] = byte(rng.Uint32())
		}
		stream := rng.Uint64()
		pos := rng.Int64N(1 << 40)
		n := rng.IntN(5000)
		s, err := NewWithKey(key, stream)
		require.NoError(t, err)
		_, err = s.Seek(pos, io.SeekStart)
		require.NoError(t, err)
		want := ref.CTR(key, stream, uint64(pos/BlockSize), int(pos%BlockSize)+n)[pos%BlockSize:]
		require.Equal(t, want, ref.Next(s, n))
	}
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
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, keyLen := range []int{16, 24, 32} {
			key := make([]byte, keyLen)
			for i := range key {
				key[i] = byte(i*13 + keyLen)
			}
			want := ref.CTR(key, 9, 0, 2*keystream.BatchSize+maxLen+200000)
			s, err := NewWithKey(key, 9)
			if err != nil {
				t.Fatal(err)
			}
			for _, off := range []int{0, 1, 15, 16, 17, 255, 1000, 1023, 1024, 1025, 2047} {
				for n := 0; n <= maxLen; n += 1 + n/512 {
					s.Seek(int64(off), io.SeekStart)
					buf := make([]byte, n+1)
					s.Read(buf[1:])
					if !bytes.Equal(buf[1:], want[off:off+n]) {
						t.Fatalf("AES-%d: Read(%d) at %d differs at %d", keyLen*8, n, off, backendtest.FirstDiff(buf[1:], want[off:off+n]))
					}
				}
			}
			for _, n := range []int{65536 + 3, 199999} {
				s.Seek(5, io.SeekStart)
				buf := make([]byte, n)
				s.Read(buf)
				if !bytes.Equal(buf, want[5:5+n]) {
					t.Fatalf("AES-%d: Read(%d) differs", keyLen*8, n)
				}
			}
		}
	})
}
