package stattest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// bitCounter against counting bit by bit, across many flushes.
func TestBitCounter(t *testing.T) {
	src := rand.NewPCG(1, 2)
	var c bitCounter
	var want [64]int64
	for i := range 1000 {
		x := src.Uint64()
		if i%7 == 0 {
			x = ^uint64(0) // runs of all-ones words fill the lanes fastest
		}
		c.add(x)
		for j := range 64 {
			want[j] += int64(x >> j & 1)
		}
	}
	require.Equal(t, want, c.total())
}

// Worked by hand: values alternating 0 and all ones differ in every bit
// from their neighbour (lag 1) and agree in every bit two apart (lag 2):
// each count is n or 0, z² = n at each position, Σ z² = 64n.
func TestAutocorrelationKnown(t *testing.T) {
	var i int
	alt := sourceFunc(func() uint64 { i++; return -uint64(i & 1) })
	rs, err := Autocorrelation(alt, 1000, 1, 2)
	require.NoError(t, err)
	require.Len(t, rs, 2)
	for k, name := range []string{"autocorrelation-lag1", "autocorrelation-lag2"} {
		require.Equal(t, name, rs[k].Name)
		require.Equal(t, 64*1000.0, rs[k].Statistic)
		require.Equal(t, Fail, rs[k].Verdict())
	}
	// Bit j of x_i XOR x_{i+3}, summed by hand over a PCG's values, gives
	// the same statistic.
	const n, lag = 500, 3
	xs := make([]uint64, n+lag)
	ref := rand.NewPCG(3, 4)
	for k := range xs {
		xs[k] = ref.Uint64()
	}
	var stat float64
	for phase := range lag {
		for j := range 64 {
			c, m := 0, 0
			for k := phase; k < n; k += lag {
				c += int((xs[k] ^ xs[k+lag]) >> j & 1)
				m++
			}
			z := (float64(c) - float64(m)/2) / math.Sqrt(float64(m)/4)
			stat += z * z
		}
	}
	rs, err = Autocorrelation(rand.NewPCG(3, 4), n, lag)
	require.NoError(t, err)
	require.InDelta(t, stat, rs[0].Statistic, 1e-9)
	require.InDelta(t, distuv.ChiSquared{K: 64 * lag}.Survival(stat), rs[0].P, 1e-12)
}

// ChaCha with 3 rounds: the same words of its consecutive 64-byte blocks
// (8 values apart) agree in some bits far too often, plain at 8 MiB; with
// 8 rounds nothing shows at any lag.
func TestAutocorrelationReducedChaCha(t *testing.T) {
	const n = 1 << 20 // 8 MiB
	var c3 rand.Source
	for _, g := range badGenerators {
		if g.name == "chacha-3r" {
			c3 = g.new(5)
		}
	}
	rs, err := Autocorrelation(c3, n, 1, 2, 4, 8)
	require.NoError(t, err)
	require.Equal(t, Fail, rs[3].Verdict(), "lag 8: %v", rs[3])
	rs, err = Autocorrelation(chacha.NewSource(5), n, 1, 2, 4, 8)
	require.NoError(t, err)
	for _, r := range rs {
		require.NotEqual(t, Fail, r.Verdict(), "%v", r)
	}
}

// The p-values of a good generator are uniform: over 1000 seeds (200
// with -short) the count outside [0.01, 0.99] is within the binomial
// bounds of 2%.
func TestAutocorrelationUniform(t *testing.T) {
	seeds := 1000
	if testing.Short() || raceEnabled {
		seeds = 200
	}
	out := 0
	for s := range seeds {
		rs, err := Autocorrelation(chacha.NewSource(uint64(s)), 1000, 1, 8)
		require.NoError(t, err)
		for _, r := range rs {
			if r.P < 0.01 || r.P > 0.99 {
				out++
			}
		}
	}
	b := distuv.Binomial{N: float64(2 * seeds), P: 0.02}
	require.Greater(t, b.CDF(float64(out)), 1e-6, "%d of %d p-values outside [0.01, 0.99]: too few", out, 2*seeds)
	require.LessOrEqual(t, out, binomialBound(2*seeds, 0.02), "%d of %d p-values outside [0.01, 0.99]: too many", out, 2*seeds)
}

func TestAutocorrelationBadArguments(t *testing.T) {
	src := chacha.NewSource(1)
	for _, c := range []struct {
		n    int64
		lags []int
	}{
		{1000, nil}, {1000, []int{0}}, {1000, []int{-1}}, {1000, []int{MaxAutocorrelationLag + 1}},
		{99, []int{1}}, {799, []int{8}}, {0, []int{1}}, {-5, []int{1}}, {math.MaxInt64, []int{1}}, {1000, []int{1, math.MaxInt}},
	} {
		_, err := Autocorrelation(src, c.n, c.lags...)
		require.ErrorContains(t, err, "stattest: ", "%+v", c)
	}
	_, err := Autocorrelation(nil, 1000, 1)
	require.ErrorContains(t, err, "stattest: ")
}
