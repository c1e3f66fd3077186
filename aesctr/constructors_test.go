package aesctr

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// This file checks the constructors beyond their known answers: Seed and
// NewSecure.

// TestSeed: Seed gives exactly the constructor's Source, keeps the key
// length and does not allocate on the assembly backends.
func TestSeed(t *testing.T) {
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, mk := range []func(uint64) *Source{NewSource128, NewSource192, NewSource256} {
			s := mk(1)
			s.SetStream(7)
			s.Read(make([]byte, 1500))
			s.Seed(42)
			want, _ := mk(42).MarshalBinary()
			got, _ := s.MarshalBinary()
			require.Equal(t, want, got)
			a, b := make([]byte, 3000), make([]byte, 3000)
			s.Read(a)
			mk(42).Read(b)
			require.Equal(t, b, a)
			if Backend() != "generic" {
				require.Zero(t, testing.AllocsPerRun(100, func() { s.Seed(3) }), "Seed allocates on %s", Backend())
			}
		}
	})
	require.PanicsWithValue(t, "aesctr: Seed of a zero Source, which has no key length (create it with NewSource128/192/256, NewWithKey or UnmarshalBinary)",
		func() { new(Source).Seed(1) })
}

func TestSecure(t *testing.T) {
	for _, n := range []int{16, 24, 32} {
		a, err := NewSecure(n)
		require.NoError(t, err)
		b, _ := NewSecure(n)
		require.Equal(t, n, a.KeySize())
		require.False(t, bytes.Equal(first(a, 32), first(b, 32)))
	}
}
