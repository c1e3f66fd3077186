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

func TestZeroSource(t *testing.T) {
	var s Source
	_, err := s.MarshalBinary()
	require.ErrorContains(t, err, "zero Source")
	b, err := s.AppendBinary([]byte("keep"))
	require.Error(t, err)
	require.Equal(t, []byte("keep"), b)
	require.Equal(t, 0, s.Rounds())
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
