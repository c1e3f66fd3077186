package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// geometricRef is Geometric(p), failures before the first success:
// P(X > k) = (1-p)^(k+1), from math's log1p, exp and expm1.
func geometricRef(p float64) discRef {
	l := math.Log1p(-p)
	q := 1 - p
	mean := q / p
	hi := int64(0)
	if p < 1 {
		hi = int64(math.Ceil(math.Log(1e-20)/l)) + 1
	}
	center := int64(math.Round(mean))
	return discRef{
		name:     fmt.Sprintf("Geometric(%g)", p),
		cdf:      func(k int64) float64 { return -math.Expm1(float64(k+1) * l) },
		sf:       func(k int64) float64 { return math.Exp(float64(k+1) * l) },
		lo:       0,
		hi:       hi,
		center:   center,
		mean:     mean - float64(center),
		variance: q / (p * p),
		mu4:      (q + 7*q*q + q*q*q) / (p * p * p * p),
	}
}

func TestGeometricFit(t *testing.T) {
	for i, p := range []float64{0.9, 0.5, 0.1, 0.01, 1e-6, 1e-12} {
		x := discFill(Geometric{P: p}.Fill, uint64(1000+i), discSize())
		require.Empty(t, discCheck(x, geometricRef(p), 100), "Geometric(%g)", p)
	}
	// P = 1: always 0, one word per value.
	src := chacha.NewSource(5)
	ref := *src
	x := make([]int64, 4)
	Geometric{P: 1}.Fill(src, x)
	require.Equal(t, []int64{0, 0, 0, 0}, x)
	for range 4 {
		ref.Uint64()
	}
	require.Equal(t, ref.Uint64(), src.Uint64())
}

// TestGeometricOverflow checks the saturation at MaxInt64: for P = 1e-18
// the fraction of values at MaxInt64 is P(X >= 2^63) = (1-P)^(2^63) =
// e^-9.22 (the others are below), and for P = 1e-300 and the least
// subnormal every value is MaxInt64 (the law's values are beyond 1e280).
func TestGeometricOverflow(t *testing.T) {
	n := discSize()
	x := discFill(Geometric{P: 1e-18}.Fill, 1100, n)
	sat := discCount(x, func(v int64) bool { return v == math.MaxInt64 })
	want := float64(n) * math.Exp(0x1p63*math.Log1p(-1e-18))
	require.InDelta(t, want, float64(sat), 5*math.Sqrt(want))
	require.Zero(t, discCount(x, func(v int64) bool { return v < 0 }))
	for _, p := range []float64{1e-300, 5e-324} {
		x := discFill(Geometric{P: p}.Fill, 1101, 1000)
		require.Equal(t, 1000, discCount(x, func(v int64) bool { return v == math.MaxInt64 }), "P = %g", p)
	}
}

func TestGeometricFillIsRand(t *testing.T) {
	for i, p := range []float64{1, 0.9, 0.5, 0.1, 1e-6, 1e-18, 5e-324} {
		d := Geometric{P: p}
		discSameAsRand(t, fmt.Sprintf("Geometric(%g)", p), d.Fill, d.Rand, uint64(1200+i))
	}
}

func TestGeometricBadParams(t *testing.T) {
	for _, c := range []struct {
		p   float64
		msg string
	}{
		{0, "dist: Geometric.P = 0, want in (0, 1]"},
		{-0.5, "dist: Geometric.P = -0.5, want in (0, 1]"},
		{1.5, "dist: Geometric.P = 1.5, want in (0, 1]"},
		{math.NaN(), "dist: Geometric.P = NaN, want in (0, 1]"},
		{math.Inf(1), "dist: Geometric.P = +Inf, want in (0, 1]"},
		{math.Inf(-1), "dist: Geometric.P = -Inf, want in (0, 1]"},
	} {
		d := Geometric{P: c.p}
		discPanics(t, c.msg, func(s rand.Source) { d.Rand(s) })
		discPanics(t, c.msg, func(s rand.Source) { d.Fill(s, make([]int64, 3)) })
	}
}
