package dist_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestVectorFillAllocs: the value types' Fill allocates nothing, as the
// package doc says, on each of Multinomial's ways (trial by trial for a
// small N, conditional binomials for a large one) and Dirichlet's.
func TestVectorFillAllocs(t *testing.T) {
	src := chacha.NewSource(1)
	x := make([]int64, 999)
	y := make([]float64, 999)
	for name, fill := range map[string]func(){
		"Multinomial N=10":   func() { dist.Multinomial{N: 10, P: []float64{0.2, 0.3, 0.5}}.Fill(src, x) },
		"Multinomial N=1000": func() { dist.Multinomial{N: 1000, P: []float64{0.2, 0.3, 0.5}}.Fill(src, x) },
		"Dirichlet(1,2,3)":   func() { dist.Dirichlet{Alpha: []float64{1, 2, 3}}.Fill(src, y) },
		"Dirichlet(1e-3)":    func() { dist.Dirichlet{Alpha: []float64{1e-3, 1e-3, 1e-3}}.Fill(src, y) },
		"Dirichlet(0.3)":     func() { dist.Dirichlet{Alpha: []float64{0.3, 0.3, 0.3}}.Fill(src, y) },
	} {
		require.Zero(t, testing.AllocsPerRun(10, fill), name)
	}
}

// TestScalarFillAllocs: every scalar law's Fill and Rand allocate nothing,
// as the package doc says, on this module's generators and a plain Source,
// including Poisson's and Binomial's batched tries (means of 30 and more),
// whose work space a Fill takes from a pool once an earlier Fill put it
// there: the doc's one exception is a Fill after a garbage collection
// emptied the pool, which AllocsPerRun's average over its runs rounds
// away.
func TestScalarFillAllocs(t *testing.T) {
	xs, ks := make([]float64, 3000), make([]int64, 3000)
	for _, d := range []floatLaw{
		dist.Normal{Mu: 0, Sigma: 1}, dist.LogNormal{Mu: 0, Sigma: 1}, dist.Exponential{Rate: 2},
		dist.Uniform{Min: -1, Max: 3}, dist.Gamma{Alpha: 0.3, Beta: 1}, dist.Gamma{Alpha: 2, Beta: 1},
		dist.Beta{Alpha: 2, Beta: 5}, dist.ChiSquared{K: 3}, dist.StudentsT{Mu: 0, Sigma: 1, Nu: 5},
		dist.Weibull{K: 1.5, Lambda: 1}, dist.Gamma{Alpha: 0.5, Beta: 1}, dist.Gamma{Alpha: 1, Beta: 3},
		dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1}, dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1.5},
		dist.Beta{Alpha: 0.5, Beta: 0.5}, dist.Beta{Alpha: 0.3, Beta: 3},
	} {
		for _, src := range []rand.Source{chacha.NewSource(1), aesctr.NewSource(2), rand.NewPCG(3, 4)} {
			d.Fill(src, xs)
			require.Zero(t, testing.AllocsPerRun(20, func() { d.Fill(src, xs) }), "%T%+v Fill", d, d)
			require.Zero(t, testing.AllocsPerRun(20, func() { d.Rand(src) }), "%T%+v Rand", d, d)
		}
	}
	for _, c := range []struct {
		d      intLaw
		pooled bool // a Fill's batched tries take their work space from the pool
	}{
		{dist.Poisson{Lambda: 3}, false}, {dist.Poisson{Lambda: 100}, true}, {dist.Binomial{N: 20, P: 0.3}, false},
		{dist.Binomial{N: 1000, P: 0.5}, true}, {dist.Geometric{P: 0.1}, false},
	} {
		d := c.d
		for _, src := range []rand.Source{chacha.NewSource(1), aesctr.NewSource(2), rand.NewPCG(3, 4)} {
			d.Fill(src, ks)
			allocs := testing.AllocsPerRun(20, func() { d.Fill(src, ks) })
			if c.pooled && raceEnabled {
				// The race detector's pool drops a quarter of what is put
				// back; the runs without it hold the pooled Fills to zero.
				require.LessOrEqual(t, allocs, 2.0, "%T%+v Fill", d, d)
				continue
			}
			require.Zero(t, allocs, "%T%+v Fill", d, d)
		}
	}
}
