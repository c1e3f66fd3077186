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
			{"test", "amd64", "wide", needs(cpu.AVX512)},
			{"test", "amd64", "missing", needs(cpu.VAES)},
			{"test", "amd64", "narrow", needs(cpu.SSSE3)},
		},
		has: func(f cpu.Feature) bool { return slices.Contains(has, f) },
	}
}

// TestRegistry: Register sets each bool from the features its tier needs
// and takes the tiers in order only; Backend is the first enabled
// alternative in that order; an alternative the CPU lacks is never listed
// nor selectable; disabling one leaves the others enabled; Select enables
// exactly one (or none for "generic"), and its restore puts every bool
// back.
func TestRegistry(t *testing.T) {
	var wide, missing, narrow bool
	r := testRegistry(cpu.AVX512, cpu.SSSE3)
	require.Panics(t, func() { r.Register("narrow", &narrow) }) // out of order
	r.Register("wide", &wide)
	require.Error(t, r.Check())
	r.Register("missing", &missing)
	r.Register("narrow", &narrow)
	require.NoError(t, r.Check())
	require.Panics(t, func() { r.Register("wide", &narrow) })
	require.True(t, wide && !missing && narrow)

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
		require.True(t, wide && !missing && narrow)
	}
	require.Panics(t, func() { r.Select("missing") })
	require.Panics(t, func() { r.Select("unknown") })
}

// TestRegistryPassedOver: on a core a tier is passed over on, Register
// leaves its bool off and the next tier is the backend, but the tier is
// still available, and selectable, for the tests; on another core it is
// chosen.
func TestRegistryPassedOver(t *testing.T) {
	for _, c := range []struct {
		core cpu.Core
		want string
	}{{cpu.AMDFamily25, "narrow"}, {cpu.Core{Vendor: "AuthenticAMD", Family: 26}, "wide"}, {cpu.Core{Vendor: "GenuineIntel", Family: 6}, "wide"}} {
		var wide, missing, narrow bool
		r := testRegistry(cpu.AVX512, cpu.SSSE3)
		r.rows[0].Rule = r.rows[0].notOn(cpu.AMDFamily25)
		r.core = c.core
		r.Register("wide", &wide)
		r.Register("missing", &missing)
		r.Register("narrow", &narrow)
		require.Equal(t, c.want, r.Backend(), "%v", c.core)
		require.Equal(t, c.want, r.Chosen(), "%v", c.core)
		require.Equal(t, c.want == "wide", wide, "%v", c.core)
		require.Equal(t, []string{"wide", "narrow", Generic}, r.Available(), "%v", c.core)
		restore := r.Select("wide")
		require.Equal(t, "wide", r.Backend())
		require.Equal(t, c.want, r.Chosen(), "%v: Chosen after Select", c.core)
		restore()
		require.Equal(t, c.want, r.Backend(), "%v", c.core)
	}
}
