package chacha

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file checks the constructors beyond their known answers: Seed and
// NewSecure.

// TestSeed: Seed of a zero Source panics, as it has no round count to
// keep. (The root package's TestSeed checks, for every algorithm on every
// kernel, that Seed gives exactly the constructor's Source without
// allocating.)
func TestSeed(t *testing.T) {
	require.PanicsWithValue(t, "chacha: Seed of a zero Source, which has no round count (create it with NewSource, NewSource12, NewSource20, NewWithKey or UnmarshalBinary)",
		func() { new(Source).Seed(1) })
}

func TestSecure(t *testing.T) {
	a, err := NewSecure(12)
	require.NoError(t, err)
	b, err := NewSecure(12)
	require.NoError(t, err)
	require.Equal(t, 12, a.Rounds())
	require.False(t, bytes.Equal(ref.Next(a, 32), ref.Next(b, 32)), "two secure keys gave the same stream")
}
