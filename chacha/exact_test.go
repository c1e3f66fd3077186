package chacha

import (
	"bytes"
	"io"
	"testing"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks Source.Read on every kernel against the independent
// reference keystream (internal/testkit/ref). The Source's other methods
// are checked against it by the root package's tests, on every kernel
// (internal/testkit/gentest).

// TestReadAllLengths reads every length from 0 to 4096 bytes (and a few
// large ones) at every start offset within a batch, through Source.Read
// (so into unaligned caller memory), with every kernel, against the
// reference.
func TestReadAllLengths(t *testing.T) {
	var key [KeySize]byte
	for i := range key {
		key[i] = byte(i*7 + 1)
	}
	maxLen := 4096
	if testing.Short() {
		maxLen = 1100
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, rounds := range []int{8, 20} {
			want := ref.Of("chacha").Stream(key[:], rounds, 3, 0, 2*keystream.BatchSize+maxLen+200000)
			s, _ := NewWithKey(key, rounds, 3)
			for _, off := range []int{0, 1, 7, 63, 64, 65, 511, 1000, 1023, 1024, 1025, 2047} {
				for n := 0; n <= maxLen; n += 1 + n/512 {
					if _, err := s.Seek(int64(off), io.SeekStart); err != nil {
						t.Fatal(err)
					}
					buf := make([]byte, n+1)
					s.Read(buf[1:]) // odd address
					if !bytes.Equal(buf[1:], want[off:off+n]) {
						t.Fatalf("rounds %d: Read(%d) at %d differs at %d", rounds, n, off, backendtest.FirstDiff(buf[1:], want[off:off+n]))
					}
				}
			}
			for _, n := range []int{65536 + 3, 199999} {
				s.Seek(5, io.SeekStart)
				buf := make([]byte, n)
				s.Read(buf)
				if !bytes.Equal(buf, want[5:5+n]) {
					t.Fatalf("rounds %d: Read(%d) differs", rounds, n)
				}
			}
		}
	})
}
