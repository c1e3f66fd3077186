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
	require.PanicsWithValue(t, "aesctr: Seed of a zero Source, which has no key length (create it with NewSource, NewSource192, NewSource256, NewWithKey or UnmarshalBinary)",
		func() { new(Source).Seed(1) })
}

func TestSecure(t *testing.T) {
	for _, bits := range []int{128, 192, 256} {
		a, err := NewSecure(bits)
		require.NoError(t, err)
		b, _ := NewSecure(bits)
		require.Equal(t, bits/8, a.KeySize())
		require.False(t, bytes.Equal(ref.Next(a, 32), ref.Next(b, 32)))
	}
}
