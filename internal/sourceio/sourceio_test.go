package sourceio

import (
	"bytes"
	"encoding/binary"
	randv1 "math/rand"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

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

// TestReaderCuts reads a PCG's bytes in pieces of every length from 0 to 20:
// the concatenation is the little-endian bytes of its Uint64s, nothing lost.
func TestReaderCuts(t *testing.T) {
	r := Reader(rand.NewPCG(1, 2))
	var got []byte
	for n := 0; n <= 20; n++ {
		b := make([]byte, n)
		if k, err := r.Read(b); k != n || err != nil {
			t.Fatalf("Read(%d) = %d, %v", n, k, err)
		}
		got = append(got, b...)
	}
	want := leBytes(rand.NewPCG(1, 2), len(got))
	if !bytes.Equal(got, want) {
		t.Fatalf("bytes differ:\n got % x\nwant % x", got, want)
	}
}

// math/rand's v1 *rand.Rand is a rand.Source and an io.Reader whose Read
// is not its Uint64s' bytes: Reader must adapt its Uint64 instead.
func TestReaderV1Rand(t *testing.T) {
	src := randv1.New(randv1.NewSource(1))
	r := Reader(src)
	require.NotSame(t, src, r)
	got := make([]byte, 1001)
	_, err := r.Read(got)
	require.NoError(t, err)
	require.Equal(t, leBytes(randv1.New(randv1.NewSource(1)), len(got)), got)
	own := make([]byte, len(got))
	_, _ = randv1.New(randv1.NewSource(1)).Read(own)
	require.NotEqual(t, own, got, "v1's Read and its Uint64s agree: the test shows nothing")
}

// The Sources whose Read is known to give their Uint64s' bytes are
// returned as they are.
func TestReaderPassesThrough(t *testing.T) {
	for name, mk := range map[string]func() rand.Source{
		"chacha8":              func() rand.Source { return chacha.NewSource8(1) },
		"chacha12":             func() rand.Source { return chacha.NewSource12(1) },
		"aes128ctr":            func() rand.Source { return aesctr.NewSource128(1) },
		"aes192ctr":            func() rand.Source { return aesctr.NewSource192(1) },
		"math/rand/v2 ChaCha8": func() rand.Source { return rand.NewChaCha8([32]byte{7}) },
	} {
		src := mk()
		r := Reader(src)
		require.Same(t, src, r, name)
		got := make([]byte, 1001)
		_, err := r.Read(got)
		require.NoError(t, err)
		require.Equal(t, leBytes(mk(), len(got)), got, name)
	}
}
