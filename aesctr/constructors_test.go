package aesctr

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the constructors beyond their known answers: Seed and
// NewSecure.

// TestSeed: Seed of a zero Source panics, as it has no key length to
// keep. (The root package's TestSeed checks, for every algorithm on every
// kernel, that Seed gives exactly the constructor's Source without
// allocating.)
func TestSeed(t *testing.T) {
	require.PanicsWithValue(t, "aesctr: Seed of a zero Source, which has no key length (create it with NewSource128/192/256, NewWithKey or UnmarshalBinary)",
		func() { new(Source).Seed(1) })
}

func TestSecure(t *testing.T) {
	for _, n := range []int{16, 24, 32} {
		a, err := NewSecure(n)
		require.NoError(t, err)
		b, _ := NewSecure(n)
		require.Equal(t, n, a.KeySize())
		require.False(t, bytes.Equal(ref.Next(a, 32), ref.Next(b, 32)))
	}
}
