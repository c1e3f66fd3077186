package chacha

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks checkpoints of the package: into a zero Source and one
// of other rounds, and a corrupted one. The root package's tests check
// every algorithm's checkpoints: old ones (testdata/checkpoints.txt), bad
// input and Unmarshal.

func TestMarshal(t *testing.T) {
	for _, mk := range []func(uint64) *Source{NewSource, NewSource12, NewSource20} {
		s := mk(7)
		s.SetStream(1<<40 + 3)
		s.Seek(12345, io.SeekStart)
		data, err := s.MarshalBinary()
		require.NoError(t, err)
		want := ref.Next(s, 3000)

		var r Source // the zero Source becomes usable through UnmarshalBinary
		require.NoError(t, r.UnmarshalBinary(data))
		require.Equal(t, s.Rounds(), r.Rounds())
		require.Equal(t, uint64(1<<40+3), r.Stream())
		require.Equal(t, want, ref.Next(&r, 3000))

		// Into a Source of other rounds: the state says which rounds.
		o := NewSource20(1)
		require.NoError(t, o.UnmarshalBinary(data))
		require.Equal(t, s.Rounds(), o.Rounds())
	}
	// Corrupted: error, unchanged.
	s := NewSource12(3)
	data, _ := s.MarshalBinary()
	data[len(data)-7] ^= 1
	o := NewSource20(1)
	before := ref.Next(NewSource20(1), 64)
	require.ErrorContains(t, o.UnmarshalBinary(data), "chacha: UnmarshalBinary")
	require.Equal(t, 20, o.Rounds())
	require.Equal(t, before, ref.Next(o, 64))
}
