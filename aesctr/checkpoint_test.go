package aesctr

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks checkpoints of the package: into a zero Source, and
// another algorithm's state. The root package's tests check every
// algorithm's checkpoints: old ones (testdata/checkpoints.txt), bad input
// and Unmarshal.

func TestMarshal(t *testing.T) {
	for _, n := range []int{16, 24, 32} {
		key := bytes.Repeat([]byte{byte(n)}, n)
		s, _ := NewWithKey(key, 77)
		s.Seek(999, io.SeekStart)
		data, err := s.MarshalBinary()
		require.NoError(t, err)
		want := ref.Next(s, 2000)
		var r Source
		require.NoError(t, r.UnmarshalBinary(data))
		require.Equal(t, n, r.KeySize())
		require.Equal(t, want, ref.Next(&r, 2000))
	}
	// A ChaCha-like state (another algorithm's name) is rejected.
	s := NewSource(1)
	data, _ := s.MarshalBinary()
	bad := bytes.Replace(data, []byte("aes128ctr"), []byte("chacha8\x10\x10"), 1)
	require.Error(t, s.UnmarshalBinary(bad))
	require.Error(t, s.UnmarshalBinary(data[:10]))
	require.Equal(t, ref.Next(NewSource(1), 16), ref.Next(s, 16), "failed UnmarshalBinary left s unchanged")
}
