package impl

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRegistry: Backend is the first enabled alternative in registration
// order; an alternative the CPU lacks is never listed nor selectable;
// disabling one leaves the others enabled; Select enables exactly one (or
// none for "generic") and its restore puts every bool back.
func TestRegistry(t *testing.T) {
	wide, narrow, missing := true, true, false
	r := New("test")
	r.Register("wide", &wide)
	r.Register("missing", &missing)
	r.Register("narrow", &narrow)
	require.Panics(t, func() { r.Register("wide", &narrow) })

	require.Equal(t, "wide", r.Backend())
	require.Equal(t, []string{"wide", "narrow", Generic}, r.Available())
	require.True(t, r.Has("narrow"))
	require.False(t, r.Has("missing"))
	require.False(t, r.Has(Generic))

	wide = false // what GODEBUG does to one alternative
	require.Equal(t, "narrow", r.Backend())
	wide = true

	for _, name := range r.Available() {
		restore := r.Select(name)
		require.Equal(t, name, r.Backend())
		require.Equal(t, name == "wide", wide)
		require.Equal(t, name == "narrow", narrow)
		restore()
		require.True(t, wide && narrow && !missing)
	}
	require.Panics(t, func() { r.Select("missing") })
	require.Panics(t, func() { r.Select("unknown") })
}
