package chacha

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// This file checks the constructors beyond their known answers: Seed and
// NewSecure.

// TestSeed: Seed gives exactly the constructor's Source, keeps the round
// count and does not allocate.
func TestSeed(t *testing.T) {
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, mk := range []func(uint64) *Source{NewSource8, NewSource12, NewSource20} {
			s := mk(1)
			s.SetStream(7)
			s.Read(make([]byte, 1500))
			s.Seed(42)
			want, _ := mk(42).MarshalBinary()
			got, _ := s.MarshalBinary()
			require.Equal(t, want, got)
			require.Equal(t, uint64(0), s.Stream())
			a, b := make([]byte, 3000), make([]byte, 3000)
			s.Read(a)
			mk(42).Read(b)
			require.Equal(t, b, a)
			require.Zero(t, testing.AllocsPerRun(100, func() { s.Seed(3) }), "Seed allocates")
		}
	})
	require.PanicsWithValue(t, "chacha: Seed of a zero Source, which has no round count (create it with NewSource8/12/20, NewWithKey or UnmarshalBinary)",
		func() { new(Source).Seed(1) })
}

func TestSecure(t *testing.T) {
	a, err := NewSecure(12)
	require.NoError(t, err)
	b, err := NewSecure(12)
	require.NoError(t, err)
	require.Equal(t, 12, a.Rounds())
	require.False(t, bytes.Equal(first(a, 32), first(b, 32)), "two secure keys gave the same stream")
}
