package aesctr

import (
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
		_, err = NewSecure(n)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
	_, err := NewSource(1).Seek(-1, io.SeekCurrent)
	require.ErrorContains(t, err, "aesctr: Seek")
}

func TestZeroSource(t *testing.T) {
	var s Source
	_, err := s.MarshalBinary()
	require.ErrorContains(t, err, "zero Source")
	b, err := s.AppendBinary([]byte("keep"))
	require.Error(t, err)
	require.Equal(t, []byte("keep"), b)
	require.Equal(t, 0, s.KeySize())
	require.Panics(t, func() { s.Uint64() })
	require.Panics(t, func() { s.ReadAt(make([]byte, 1), 0) })
	// Every method that needs a state panics with the same clear message
	// (Stream used to return 0, a stream id the zero Source does not have).
	const msg = "streamrand: use of a zero Source (create it with a constructor or UnmarshalBinary)"
	require.PanicsWithValue(t, msg, func() { s.Stream() })
	require.PanicsWithValue(t, msg, func() { s.Read(make([]byte, 1)) })
	require.PanicsWithValue(t, msg, func() { s.Seek(0, io.SeekCurrent) })
	require.PanicsWithValue(t, msg, func() { s.SetStream(1) })
}

// TestNewSecureValidatesFirst: a bad length is an error before anything is
// allocated (it used to panic in makeslice for a negative length).
func TestNewSecureValidatesFirst(t *testing.T) {
	for _, n := range []int{-1, math.MinInt, 0, 15, math.MaxInt} {
		_, err := NewSecure(n)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
}
