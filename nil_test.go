package streamrand_test

import (
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/stretchr/testify/require"
)

// A nil argument panics at once with a message naming the function, not
// with a nil-pointer dereference at the first use, far from the mistake.
func TestNilArguments(t *testing.T) {
	require.PanicsWithValue(t, "streamrand: NewSource: nil io.Reader", func() { streamrand.NewSource(nil) })
	require.PanicsWithValue(t, "streamrand: Locked: nil Generator", func() { streamrand.Locked(nil) })
	require.PanicsWithValue(t, "streamrand: NewReader: nil rand.Source", func() { streamrand.NewReader(nil) })
}
