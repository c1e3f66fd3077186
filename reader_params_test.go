package streamrand_test

import (
	"encoding/binary"
	"io"
	randv1 "math/rand"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

// leBytes returns the little-endian bytes of the next n/8 Uint64s of src.
func leBytes(src rand.Source, n int) []byte {
	var b []byte
	for len(b) < n {
		b = binary.LittleEndian.AppendUint64(b, src.Uint64())
	}
	return b[:n]
}

// readCuts reads n bytes from r in pieces of 0, 1, 2, ... bytes, so that
// every cut of a Uint64 occurs.
func readCuts(t *testing.T, r io.Reader, n int) []byte {
	t.Helper()
	var got []byte
	for k := 0; len(got) < n; k++ {
		b := make([]byte, min(k%20, n-len(got)))
		m, err := r.Read(b)
		require.NoError(t, err)
		require.Equal(t, len(b), m)
		got = append(got, b...)
	}
	return got
}

// math/rand's v1 *rand.Rand is a rand.Source by its method set and an
// io.Reader, but its Read gives other bytes than its Uint64s (7 bytes of
// each Int63). NewReader used its Read; it must give the Uint64s.
func TestNewReaderV1Rand(t *testing.T) {
	const n = 1000
	got := readCuts(t, streamrand.NewReader(randv1.New(randv1.NewSource(1))), n)
	require.Equal(t, leBytes(randv1.New(randv1.NewSource(1)), n), got)
	// The difference is real: v1's own Read gives other bytes.
	own := make([]byte, n)
	_, _ = randv1.New(randv1.NewSource(1)).Read(own)
	require.NotEqual(t, own, got)

	got = readCuts(t, streamrand.NewReader(rand.NewPCG(1, 2)), n)
	require.Equal(t, leBytes(rand.NewPCG(1, 2), n), got)
}

// This module's generators, Locked ones and math/rand/v2's ChaCha8 are
// read through their own Read, whose bytes are the Uint64s'.
func TestNewReaderPassesThrough(t *testing.T) {
	const n = 1000
	for _, tc := range []struct {
		name      string
		src, twin func() rand.Source
	}{
		{"chacha8", func() rand.Source { return chacha.NewSource8(1) }, nil},
		{"chacha20", func() rand.Source { return chacha.NewSource20(1) }, nil},
		{"aes128ctr", func() rand.Source { return aesctr.NewSource128(1) }, nil},
		{"aes256ctr", func() rand.Source { return aesctr.NewSource256(1) }, nil},
		{"Locked chacha12", func() rand.Source { return streamrand.Locked(streamrand.New(streamrand.ChaCha12, 1)) },
			func() rand.Source { return streamrand.New(streamrand.ChaCha12, 1) }},
		{"Locked Locked aes192ctr", func() rand.Source {
			return streamrand.Locked(streamrand.Locked(streamrand.New(streamrand.AES192CTR, 1)))
		}, func() rand.Source { return streamrand.New(streamrand.AES192CTR, 1) }},
		{"math/rand/v2 ChaCha8", func() rand.Source { return rand.NewChaCha8([32]byte{1}) }, nil},
	} {
		twin := tc.twin
		if twin == nil {
			twin = tc.src
		}
		src := tc.src()
		r := streamrand.NewReader(src)
		require.Same(t, src, r, tc.name)
		require.Equal(t, leBytes(twin(), n), readCuts(t, r, n), tc.name)
	}
}

// otherGenerator is a Generator of another package whose Read is not its
// Uint64s' bytes (each byte inverted).
type otherGenerator struct{ *chacha.Source }

func (g otherGenerator) Read(p []byte) (int, error) {
	n, err := g.Source.Read(p)
	for i := range p {
		p[i] ^= 0xff
	}
	return n, err
}

// A Locked Generator of another package is read through its Uint64, and
// the reader stays safe for concurrent use.
func TestNewReaderLockedOther(t *testing.T) {
	const n = 1000
	l := streamrand.Locked(otherGenerator{chacha.NewSource8(5)})
	r := streamrand.NewReader(l)
	require.NotSame(t, l, r)
	require.Equal(t, leBytes(chacha.NewSource8(5), n), readCuts(t, r, n))

	// Four goroutines read 13-byte pieces: together they get exactly the
	// next bytes of the stream, each piece a contiguous run of it.
	const workers, rounds, size = 4, 200, 13
	pieces := make([][][]byte, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range rounds {
				b := make([]byte, size)
				_, _ = r.Read(b)
				pieces[w] = append(pieces[w], b)
			}
		})
	}
	wg.Wait()
	ref := chacha.NewSource8(5)
	stream := leBytes(ref, n+workers*rounds*size)[n:]
	seen := map[string]bool{}
	for off := 0; off < len(stream); off += size {
		seen[string(stream[off:off+size])] = true
	}
	for _, ps := range pieces {
		for _, p := range ps {
			require.True(t, seen[string(p)], "piece % x is no aligned run of the stream", p)
			delete(seen, string(p))
		}
	}
	require.Empty(t, seen)
}
