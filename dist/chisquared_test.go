package dist

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// TestChiSquaredFit judges ChiSquared(K) as Gamma(K/2, 1/2): chi-square
// over the cells of the rounded law, the 1e-4 tails, the moments (mean K,
// variance 2K, excess kurtosis 12/K).
func TestChiSquaredFit(t *testing.T) {
	for i, k := range []float64{1, 3, 100, 0.3} {
		name := fmt.Sprintf("ChiSquared(%g)", k)
		t.Run(name, func(t *testing.T) {
			xs := make([]float64, 300000)
			ChiSquared{K: k}.Fill(chacha.NewSource(uint64(900+i)), xs)
			gfPositiveFit(t, name, xs, gfGammaCDFR(k/2, 0.5), k, 2*k, 12/k)
		})
	}
}

// TestChiSquaredIsTwiceGamma: the values are 2·Gamma(K/2, 1)'s bit for bit
// wherever those are above e^-708 (and normal), on every kind of the
// sampler; below, both are exp(log X + log rate) from the same log X,
// whose rounding (relative 1e-13 at |log X| near 745) differs.
func TestChiSquaredIsTwiceGamma(t *testing.T) {
	for _, k := range []float64{1e-3, 0.3, 1, 1.7, 3, 100} {
		c, g := make([]float64, 10000), make([]float64, 10000)
		ChiSquared{K: k}.Fill(chacha.NewSource(1), c)
		Gamma{Alpha: k / 2, Beta: 1}.Fill(chacha.NewSource(1), g)
		for i := range c {
			if g[i] >= 1e-307 {
				require.Equal(t, math.Float64bits(2*g[i]), math.Float64bits(c[i]), "K = %g, value %d", k, i)
			} else {
				require.LessOrEqual(t, math.Abs(c[i]-2*g[i]), 1e-12*c[i]+0x1p-1073, "K = %g, value %d", k, i)
			}
		}
	}
}
