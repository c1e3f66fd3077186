package aesctr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
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
	require.Equal(t, 16, aesctr.NewSource128(1).KeySize())
	gentest.Same(t,
		func(seed uint64) gentest.Generator { return aesctr.NewSource(seed) },
		func(seed uint64) gentest.Generator { return aesctr.NewSource128(seed) })
}
