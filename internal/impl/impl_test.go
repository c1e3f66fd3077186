package impl

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/cpu"
)

// testRegistry returns a registry of made-up tiers on a CPU that has the
// features has.
func testRegistry(has ...cpu.Feature) *Registry {
	return &Registry{
		pkg: "test",
		rows: []Tier{
			{"test", "amd64", "wide", needs(cpu.AVX512), nil},
			{"test", "amd64", "wide-float", needs(cpu.AVX512, cpu.AVX512DQ), []string{"wide"}},
			{"test", "amd64", "missing", needs(cpu.VAES), nil},
			{"test", "amd64", "narrow", needs(cpu.SSSE3), nil},
		},
		has: func(f cpu.Feature) bool { return slices.Contains(has, f) },
	}
}

// TestRegistry: Register sets each bool from the features its tier needs
// and takes the tiers in order only; Backend is the first enabled
// alternative in that order; an alternative the CPU lacks is never listed
// nor selectable; disabling one leaves the others enabled; Select enables
// exactly one (or none for "generic"), leaves extensions alone, and its
// restore puts every bool back.
func TestRegistry(t *testing.T) {
	var wide, wideFloat, missing, narrow bool
	r := testRegistry(cpu.AVX512, cpu.AVX512DQ, cpu.SSSE3)
	require.Panics(t, func() { r.Register("narrow", &narrow) }) // out of order
	r.Register("wide", &wide)
	require.Error(t, r.Check())
	r.Register("wide-float", &wideFloat)
	r.Register("missing", &missing)
	r.Register("narrow", &narrow)
	require.NoError(t, r.Check())
	require.Panics(t, func() { r.Register("wide", &narrow) })
	require.True(t, wide && wideFloat && !missing && narrow)

	require.Equal(t, "wide", r.Backend())
	require.Equal(t, []string{"wide", "narrow", Generic}, r.Available())
	require.True(t, r.Has("narrow"))
	require.False(t, r.Has("missing"))
	require.False(t, r.Has("wide-float"))
	require.False(t, r.Has(Generic))
	require.True(t, r.Extends("wide-float"))

	wide = false // what GODEBUG does to one alternative
	require.Equal(t, "narrow", r.Backend())
	require.False(t, r.Extends("wide-float"))
	wide = true

	for _, name := range r.Available() {
		restore := r.Select(name)
		require.Equal(t, name, r.Backend())
		require.Equal(t, name == "wide", wide)
		require.Equal(t, name == "narrow", narrow)
		require.Equal(t, name == "wide", r.Extends("wide-float"))
		require.True(t, wideFloat)
		restore()
		require.True(t, wide && wideFloat && !missing && narrow)
	}
	require.Panics(t, func() { r.Select("missing") })
	require.Panics(t, func() { r.Select("unknown") })
	require.Panics(t, func() { r.Select("wide-float") })

	restore := r.Enable("wide-float", false)
	require.False(t, wideFloat)
	require.True(t, r.Extends("wide-float"))
	restore()
	require.True(t, wideFloat)
	require.Panics(t, func() { r.Enable("narrow", false) })
	require.Panics(t, func() { r.Enable("unknown", false) })
}

// TestRegistryExtensionNeedsAlternative: an extension that needs no feature
// of its own is available only where an alternative it extends is.
func TestRegistryExtensionNeedsAlternative(t *testing.T) {
	r := &Registry{
		pkg: "test",
		rows: []Tier{
			{"test", "amd64", "wide", needs(cpu.AVX512), nil},
			{"test", "amd64", "fused", nil, []string{"wide"}},
			{"test", "amd64", "narrow", needs(cpu.SSSE3), nil},
		},
		has: func(f cpu.Feature) bool { return f == cpu.SSSE3 },
	}
	var wide, fused, narrow bool
	r.Register("wide", &wide)
	r.Register("fused", &fused)
	r.Register("narrow", &narrow)
	require.False(t, wide || fused)
	require.True(t, narrow)
	require.False(t, r.Extends("fused"))
	r.Enable("fused", true)
	require.False(t, fused, "enabled where the CPU cannot run it")
}
