package stattest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// The second level adds what each kind of pool keeps and judges the sum by
// the same law: the numbers here are worked by hand.
func TestPooled(t *testing.T) {
	// Normal: statistics 10, 14, 9 with mean 10 and variance 4 each: the
	// sum 33 has mean 30 and variance 12, z = 3/√12.
	var rs []Result
	for _, x := range []float64{10, 14, 9} {
		rs = append(rs, normalResult("n", "bits", 100, x, 10, 4))
	}
	res, ok := pooled("n/pooled", rs)
	require.True(t, ok)
	require.Equal(t, 33.0, res.Statistic)
	require.InDelta(t, 2*distuv.UnitNormal.Survival(3/math.Sqrt(12)), res.P, 1e-15)
	require.True(t, res.TwoSided)
	require.Equal(t, int64(300), res.N)

	// Poisson: counts 3 and 5 with means 2 and 2.5: mid-p of Poisson(4.5)
	// at 8.
	rs = []Result{poissonResult("p", "samples", 1, 3, 2), poissonResult("p", "samples", 1, 5, 2.5)}
	res, ok = pooled("p/pooled", rs)
	require.True(t, ok)
	pois := distuv.Poisson{Lambda: 4.5}
	require.InDelta(t, pois.Survival(8)+pois.Prob(8)/2, res.P, 1e-15)

	// Chi-square: the cells add up before the statistic is taken.
	rs = []Result{
		chiSquareResult("c", "x", 10, []float64{6, 4}, []float64{5, 5}, 1),
		chiSquareResult("c", "x", 10, []float64{7, 3}, []float64{5, 5}, 1),
	}
	res, ok = pooled("c/pooled", rs)
	require.True(t, ok)
	require.InDelta(t, (9.0+9.0)/10, res.Statistic, 1e-15) // (13-10)²/10 + (7-10)²/10
	require.InDelta(t, distuv.ChiSquared{K: 1}.Survival(1.8), res.P, 1e-15)

	// Mixed shapes or a Result without counts: no pooling (the Battery
	// falls back to the uniformity of the p-values).
	_, ok = pooled("x", []Result{normalResult("n", "", 1, 1, 1, 1), poissonResult("p", "", 1, 1, 1)})
	require.False(t, ok)
	_, ok = pooled("x", []Result{{Name: "plain", P: 0.5}, {Name: "plain", P: 0.5}})
	require.False(t, ok)
	_, ok = pooled("x", []Result{
		chiSquareResult("c", "x", 10, []float64{6, 4}, []float64{5, 5}, 1),
		chiSquareResult("c", "x", 10, []float64{6, 4, 1}, []float64{5, 5, 1}, 2),
	})
	require.False(t, ok)
}
