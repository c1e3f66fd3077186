package aesctr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
)

// This file checks the constructors through the public API only, as a
// user's code calls them.

// TestNewSecure: NewSecure takes the key size in bits, the number in the
// algorithm's name; the key length in bytes (16, 24, 32) is still accepted
// (deprecated) for the same variant.
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
		require.EqualError(t, err, fmt.Sprintf("aesctr: invalid key size %d (want 128, 192 or 256 bits)", n))
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
