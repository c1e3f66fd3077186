package chacha_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the constructors through the public API only, as a
// user's code calls them.

// TestNewWithKey: the key is a [KeySize]byte (one size, so an array, as
// math/rand/v2's NewChaCha8 takes its seed), and its stream is the
// reference keystream of that key (ref, written from the definition),
// the one streamrand.NewWithKey gives for the same key, and for 20 rounds
// x/crypto's RFC 8439 ChaCha20 with the nonce 4 zero bytes || LE64(stream).
func TestNewWithKey(t *testing.T) {
	const n = 4096
	algs := map[int]streamrand.Algorithm{8: streamrand.ChaCha8, 12: streamrand.ChaCha12, 20: streamrand.ChaCha20}
	for _, rounds := range []int{8, 12, 20} {
		for _, seed := range []uint64{0, 5, 42} {
			for _, stream := range []uint64{0, 7, 1<<40 + 3} {
				key := ref.SeedKey(seed, chacha.KeySize)
				s, err := chacha.NewWithKey([chacha.KeySize]byte(key), rounds, stream)
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
	s, err := chacha.NewWithKey([chacha.KeySize]byte(ref.SeedKey(42, chacha.KeySize)), 8, 0)
	require.NoError(t, err)
	require.Equal(t, ref.Next(chacha.NewSource(42), n), ref.Next(s, n))
}

// TestNewWithKeyErrors: a number of rounds other than 8, 12 or 20 is an
// error naming it, and no Source; through the root package, whose keys are
// slices (they have several sizes across algorithms), a ChaCha key of
// another length than KeySize is an error naming both lengths.
func TestNewWithKeyErrors(t *testing.T) {
	for _, rounds := range []int{-8, 0, 7, 10, 16, 24} {
		s, err := chacha.NewWithKey([chacha.KeySize]byte{}, rounds, 0)
		require.Nil(t, s)
		require.EqualError(t, err, fmt.Sprintf("chacha: invalid number of rounds %d (want 8, 12 or 20)", rounds))
	}
	for _, n := range []int{0, 1, 16, 31, 33, 64} {
		g, err := streamrand.NewWithKey(streamrand.ChaCha8, make([]byte, n), 0)
		require.Nil(t, g)
		require.ErrorContains(t, err, fmt.Sprint(n))
		require.ErrorContains(t, err, "32")
	}
}

// TestNewSource8: the deprecated NewSource8 gives exactly NewSource's
// Source: the same checkpoint, the same first 4 KiB of Read and the same
// Uint64 sequence, for several seeds. (The only use of NewSource8 left in
// the module.)
func TestNewSource8(t *testing.T) {
	require.Equal(t, 8, chacha.NewSource8(1).Rounds())
	gentest.Same(t,
		func(seed uint64) gentest.Generator { return chacha.NewSource(seed) },
		func(seed uint64) gentest.Generator { return chacha.NewSource8(seed) })
}
