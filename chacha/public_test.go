package chacha_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the constructors through the public API only, as a
// user's code calls them.

// TestNewWithKey: the key is a []byte of KeySize bytes, and its stream is
// the reference keystream of that key (ref, written from the definition),
// the one streamrand.NewWithKey gives for the same key, and for 20 rounds
// x/crypto's RFC 8439 ChaCha20 with the nonce 4 zero bytes || LE64(stream).
func TestNewWithKey(t *testing.T) {
	const n = 4096
	algs := map[int]streamrand.Algorithm{8: streamrand.ChaCha8, 12: streamrand.ChaCha12, 20: streamrand.ChaCha20}
	for _, rounds := range []int{8, 12, 20} {
		for _, seed := range []uint64{0, 5, 42} {
			for _, stream := range []uint64{0, 7, 1<<40 + 3} {
				key := ref.SeedKey(seed, chacha.KeySize)
				s, err := chacha.NewWithKey(key, rounds, stream)
				require.NoError(t, err)
				require.Equal(t, rounds, s.Rounds())
				require.Equal(t, stream, s.Stream())
				got := ref.Next(s, n)
				require.Equal(t, ref.Of("chacha").Stream(key, rounds, stream, 0, n), got, "rounds %d seed %d stream %d", rounds, seed, stream)

				g, err := streamrand.NewWithKey(algs[rounds], key, stream)
				require.NoError(t, err)
				require.Equal(t, got, ref.Next(g, n), "rounds %d seed %d stream %d", rounds, seed, stream)

				if rounds == 20 {
					nonce := make([]byte, 12)
					for i := range 8 {
						nonce[4+i] = byte(stream >> (8 * i))
					}
					c, err := chacha20.NewUnauthenticatedCipher(key, nonce)
					require.NoError(t, err)
					want := make([]byte, n)
					c.XORKeyStream(want, want)
					require.Equal(t, want, got, "seed %d stream %d", seed, stream)
				}
			}
		}
	}
	// The key seed_from_u64(42) expands to gives the numbers of NewSource(42).
	s, err := chacha.NewWithKey(ref.SeedKey(42, chacha.KeySize), 8, 0)
	require.NoError(t, err)
	require.Equal(t, ref.Next(chacha.NewSource(42), n), ref.Next(s, n))
}

// TestNewWithKeyLength: a key that is not KeySize bytes is an error naming
// the length given and the one wanted, and no Source.
func TestNewWithKeyLength(t *testing.T) {
	for _, n := range []int{0, 1, 16, 31, 33, 64} {
		for _, rounds := range []int{8, 12, 20} {
			s, err := chacha.NewWithKey(make([]byte, n), rounds, 0)
			require.Nil(t, s)
			require.EqualError(t, err, fmt.Sprintf("chacha: invalid key length %d (want 32 bytes)", n))
		}
	}
	s, err := chacha.NewWithKey(nil, 8, 0)
	require.Nil(t, s)
	require.EqualError(t, err, "chacha: invalid key length 0 (want 32 bytes)")
	s, err = chacha.NewWithKey(make([]byte, chacha.KeySize), 10, 0)
	require.Nil(t, s)
	require.EqualError(t, err, "chacha: invalid number of rounds 10 (want 8, 12 or 20)")
}

// TestNewWithKeyCopiesKey: the Source keeps its own copy of the key, so
// the caller may change or reuse its slice after the call.
func TestNewWithKeyCopiesKey(t *testing.T) {
	orig := ref.SeedKey(9, chacha.KeySize)
	key := bytes.Clone(orig)
	s, err := chacha.NewWithKey(key, 12, 4)
	require.NoError(t, err)
	for i := range key {
		key[i] ^= 0xff
	}
	want, err := chacha.NewWithKey(orig, 12, 4)
	require.NoError(t, err)
	state, err := s.MarshalBinary()
	require.NoError(t, err)
	wantState, err := want.MarshalBinary()
	require.NoError(t, err)
	require.Equal(t, wantState, state)
	require.Equal(t, ref.Next(want, 4096), ref.Next(s, 4096))
}

// TestNewSource8: the deprecated NewSource8 gives exactly NewSource's
// Source: the same checkpoint, the same first 4 KiB of Read and the same
// Uint64 sequence, for several seeds. (The only use of NewSource8 left in
// the module.)
func TestNewSource8(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 20260101, 1<<63 + 5, ^uint64(0)} {
		want, got := chacha.NewSource(seed), chacha.NewSource8(seed)
		require.Equal(t, 8, got.Rounds())
		requireMarshalEqual(t, want, got)
		require.Equal(t, ref.Next(want, 4096), ref.Next(got, 4096), "seed %d: Read", seed)
		requireMarshalEqual(t, want, got)

		want, got = chacha.NewSource(seed), chacha.NewSource8(seed)
		for i := range 1000 {
			require.Equal(t, want.Uint64(), got.Uint64(), "seed %d: Uint64 %d", seed, i)
		}
		requireMarshalEqual(t, want, got)
	}
}

func requireMarshalEqual(t *testing.T, want, got *chacha.Source) {
	t.Helper()
	w, err := want.MarshalBinary()
	require.NoError(t, err)
	g, err := got.MarshalBinary()
	require.NoError(t, err)
	require.Equal(t, w, g, "MarshalBinary")
}
