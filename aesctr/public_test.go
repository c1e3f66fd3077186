package aesctr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the constructors through the public API only, as a
// user's code calls them.

// TestNewSecure: NewSecure takes the key's length in bits, the number in
// the algorithm's name, or in bytes, as NewWithKey's len(key): either gives
// the same variant.
func TestNewSecure(t *testing.T) {
	for _, bits := range []int{128, 192, 256} {
		for _, arg := range []int{bits, bits / 8} {
			s, err := aesctr.NewSecure(arg)
			require.NoError(t, err, "NewSecure(%d)", arg)
			require.Equal(t, bits/8, s.KeySize(), "NewSecure(%d)", arg)
			state, err := s.MarshalBinary()
			require.NoError(t, err)
			require.Contains(t, string(state), fmt.Sprintf("aes%dctr", bits), "NewSecure(%d)", arg)
		}
	}
}

// TestNewSecureSize: any other size is an error naming the value given and
// the ones wanted, and no Source.
func TestNewSecureSize(t *testing.T) {
	for _, n := range []int{0, 64, 8, 512, -1, 1, 127, 384} {
		s, err := aesctr.NewSecure(n)
		require.Nil(t, s)
		require.EqualError(t, err, fmt.Sprintf("aesctr: invalid key length %d (want 16, 24 or 32 bytes, or 128, 192 or 256 bits)", n))
	}
}

// A key length given to NewWithKey in bits, as in the algorithm's name, is
// an error that names the length in bytes it means.
func TestKeyLengthInBits(t *testing.T) {
	for _, bits := range []int{128, 192, 256} {
		want := fmt.Sprintf("aesctr: invalid key length %d (want 16, 24 or 32 bytes: AES-%d takes %d)", bits, bits, bits/8)
		s, err := aesctr.NewWithKey(make([]byte, bits), 0)
		require.Nil(t, s)
		require.EqualError(t, err, want)
	}
}

// TestNewSource128: the deprecated NewSource128 gives exactly NewSource's
// Source: the same checkpoint, the same first 4 KiB of Read and the same
// Uint64 sequence, for several seeds. (The only use of NewSource128 left
// in the module.)
func TestNewSource128(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 20260101, 1<<63 + 5, ^uint64(0)} {
		want, got := aesctr.NewSource(seed), aesctr.NewSource128(seed)
		require.Equal(t, 16, got.KeySize())
		requireMarshalEqual(t, want, got)
		require.Equal(t, ref.Next(want, 4096), ref.Next(got, 4096), "seed %d: Read", seed)
		requireMarshalEqual(t, want, got)

		want, got = aesctr.NewSource(seed), aesctr.NewSource128(seed)
		for i := range 1000 {
			require.Equal(t, want.Uint64(), got.Uint64(), "seed %d: Uint64 %d", seed, i)
		}
		requireMarshalEqual(t, want, got)
	}
}

func requireMarshalEqual(t *testing.T, want, got *aesctr.Source) {
	t.Helper()
	w, err := want.MarshalBinary()
	require.NoError(t, err)
	g, err := got.MarshalBinary()
	require.NoError(t, err)
	require.Equal(t, w, g, "MarshalBinary")
}
