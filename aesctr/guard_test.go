package aesctr

import (
	"fmt"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file checks bad arguments and misuse: each is an error or a panic
// with a clear message, never a wrong stream.

func TestErrors(t *testing.T) {
	for _, n := range []int{0, 1, 15, 17, 31, 33, 64} {
		_, err := NewWithKey(make([]byte, n), 0)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
	// NewSecure takes the length in bytes or in bits.
	for _, n := range []int{0, 1, 8, 15, 17, 64, 127, 129, 512} {
		_, err := NewSecure(n)
		require.EqualError(t, err, fmt.Sprintf("aesctr: invalid key length %d (want 16, 24 or 32 bytes, or 128, 192 or 256 bits)", n))
	}
	_, err := NewSource(1).Seek(-1, io.SeekCurrent)
	require.ErrorContains(t, err, "aesctr: Seek")
}

// TestZeroSource: a zero Source has no key length. (The root package's
// TestZeroSource checks the errors and panics of every package's zero
// Source.)
func TestZeroSource(t *testing.T) {
	var s Source
	require.Equal(t, 0, s.KeySize())
}

// TestNewSecureValidatesFirst: a bad size is an error before anything is
// allocated (it used to panic in makeslice for a negative length).
func TestNewSecureValidatesFirst(t *testing.T) {
	for _, n := range []int{-1, math.MinInt, 0, 15, -128, math.MaxInt} {
		_, err := NewSecure(n)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
}
