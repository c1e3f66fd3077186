package dist_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestRandCommonCaseEdges: Rand takes the Marsaglia-Tsang laws (Gamma,
// ChiSquared, StudentsT and Beta of shapes above 1) by a path of its own,
// whose checks are folded into the choice of the path. At the edges of
// that choice (a shape just above 1 or K, Nu just above 2; Gamma's rate at
// and beyond 2^±1021, where 1/Beta stops being the scaling; Beta's shapes
// summing to about 2^1020) its values are Fill's, which scales and chooses
// by code of its own, and the Source ends where Fill leaves it; and every
// invalid parameter beside a shape that would take the path still panics
// with its message, drawing nothing.
func TestRandCommonCaseEdges(t *testing.T) {
	above1, above2 := math.Nextafter(1, 2), math.Nextafter(2, 3)
	for _, d := range []floatLaw{
		dist.Gamma{Alpha: above1, Beta: 1},
		dist.Gamma{Alpha: 2.5, Beta: 3},
		dist.Gamma{Alpha: 7, Beta: 1e-300},
		dist.Gamma{Alpha: 2.5, Beta: 0x1p-1021},
		dist.Gamma{Alpha: 2.5, Beta: 0x1p1021},
		dist.Gamma{Alpha: 2.5, Beta: math.Nextafter(0x1p-1021, 0)},
		dist.Gamma{Alpha: 2.5, Beta: math.Nextafter(0x1p1021, math.Inf(1))},
		dist.Gamma{Alpha: 2.5, Beta: 5e-324},
		dist.Gamma{Alpha: 1e300, Beta: math.MaxFloat64},
		dist.ChiSquared{K: above2},
		dist.ChiSquared{K: math.MaxFloat64},
		dist.StudentsT{Mu: -1e300, Sigma: 1e-300, Nu: above2},
		dist.StudentsT{Mu: 0, Sigma: math.MaxFloat64, Nu: math.MaxFloat64},
		dist.Beta{Alpha: above1, Beta: above1},
		dist.Beta{Alpha: 0x1p1019, Beta: math.Nextafter(0x1p1019, 0)},
		dist.Beta{Alpha: 0x1p1019, Beta: 0x1p1019},
	} {
		xs := make([]float64, 3000)
		longFillIsRandLoop(t, "chacha8", d, chacha.NewSource(7), chacha.NewSource(7), xs)
		longFillIsRandLoop(t, "aes128ctr", d, aesctr.NewSource(8), aesctr.NewSource(8), xs[:1001])
	}
	for _, c := range []struct {
		d    floatLaw
		want string
	}{
		{dist.Gamma{Alpha: 3, Beta: 0}, "dist: Gamma.Beta = 0, want > 0"},
		{dist.Gamma{Alpha: 3, Beta: math.NaN()}, "dist: Gamma.Beta = NaN, want a finite number"},
		{dist.Gamma{Alpha: 3, Beta: math.Inf(1)}, "dist: Gamma.Beta = +Inf, want a finite number"},
		{dist.Gamma{Alpha: math.Inf(1), Beta: 1}, "dist: Gamma.Alpha = +Inf, want a finite number"},
		{dist.ChiSquared{K: math.NaN()}, "dist: ChiSquared.K = NaN, want a finite number"},
		{dist.StudentsT{Mu: 0, Sigma: 0, Nu: 5}, "dist: StudentsT.Sigma = 0, want > 0"},
		{dist.StudentsT{Mu: math.Inf(-1), Sigma: 1, Nu: 5}, "dist: StudentsT.Mu = -Inf, want a finite number"},
		{dist.StudentsT{Mu: 0, Sigma: math.NaN(), Nu: 5}, "dist: StudentsT.Sigma = NaN, want a finite number"},
		{dist.StudentsT{Mu: 0, Sigma: 1, Nu: math.Inf(1)}, "dist: StudentsT.Nu = +Inf, want a finite number"},
		{dist.Beta{Alpha: 3, Beta: math.Inf(1)}, "dist: Beta.Beta = +Inf, want a finite number"},
		{dist.Beta{Alpha: math.NaN(), Beta: 3}, "dist: Beta.Alpha = NaN, want a finite number"},
	} {
		src, twin := chacha.NewSource(9), chacha.NewSource(9)
		require.PanicsWithValue(t, c.want, func() { c.d.Rand(src) }, "%T%+v", c.d, c.d)
		require.Equal(t, twin.Uint64(), src.Uint64(), "%T%+v: Rand drew before it panicked", c.d, c.d)
	}
}
