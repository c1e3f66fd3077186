package chacha

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file checks bad arguments and misuse: each is an error or a panic
// with a clear message, never a wrong stream.

func TestErrors(t *testing.T) {
	for _, r := range []int{0, 7, 10, 21, -8} {
		_, err := NewWithKey([KeySize]byte{}, r, 0)
		require.ErrorContains(t, err, "chacha: invalid number of rounds")
		_, err = NewSecure(r)
		require.Error(t, err)
	}
	s := NewSource(1)
	_, err := s.Seek(0, io.SeekEnd)
	require.ErrorContains(t, err, "chacha: Seek")
}

// TestZeroSource: a zero Source has no round count. (The root package's
// TestZeroSource checks the errors and panics of every package's zero
// Source.)
func TestZeroSource(t *testing.T) {
	var s Source
	require.Equal(t, 0, s.Rounds())
}
