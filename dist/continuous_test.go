package dist_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// fitPIT judges xs, draws of a continuous law, against the law's exact
// CDF: under the law CDF(x) is uniform on (0, 1), so the counts of
// CDF(x) in 100 equal bins are tested by chi-square (99 degrees of
// freedom), and the fractions beyond the 1e-3 and 1 - 1e-3 quantiles (the
// tails, where the ziggurat's slow paths and the rare branches are) by
// their binomial z-scores. It fails at p < 1e-7, so a grid of a few
// hundred cases raises a false alarm with probability below 1e-4.
func fitPIT(t *testing.T, name string, xs []float64, cdf func(float64) float64) {
	t.Helper()
	const bins = 100
	var counts [bins]float64
	lo, hi := 0.0, 0.0
	for _, x := range xs {
		require.False(t, math.IsNaN(x), "%s: NaN drawn", name)
		u := cdf(x)
		b := int(u * bins)
		b = min(max(b, 0), bins-1)
		counts[b]++
		if u < 1e-3 {
			lo++
		}
		if u > 1-1e-3 {
			hi++
		}
	}
	n := float64(len(xs))
	e := n / bins
	chi2 := 0.0
	for _, c := range counts {
		chi2 += (c - e) * (c - e) / e
	}
	p := distuv.ChiSquared{K: bins - 1}.Survival(chi2)
	require.Greater(t, p, 1e-7, "%s: chi-square %.1f over %d bins of CDF(x), p = %.3g", name, chi2, bins, p)
	sd := math.Sqrt(n * 1e-3 * (1 - 1e-3))
	for _, tail := range []struct {
		side string
		c    float64
	}{{"below the 1e-3 quantile", lo}, {"above the 1-1e-3 quantile", hi}} {
		z := (tail.c - n*1e-3) / sd
		require.Less(t, math.Abs(z), 5.5, "%s: %v draws %s, want %v (z = %.1f)", name, tail.c, tail.side, n*1e-3, z)
	}
}

// law is what the fit tests read of a gonum distribution.
type law interface {
	CDF(x float64) float64
	Mean() float64
	Variance() float64
}

// wideUniform is the uniform law on (Min, Max) for intervals wider than
// the float64 range.
type wideUniform struct{ min, max float64 }

func (u wideUniform) CDF(x float64) float64 { return (x/2 - u.min/2) / (u.max/2 - u.min/2) }
func (u wideUniform) Mean() float64         { return u.min/2 + u.max/2 }
func (u wideUniform) Variance() float64     { return math.Inf(1) } // not tested

// fitMoments checks the sample mean and variance of xs against the law's,
// with standard errors from the sample's own central moments (so heavy
// tails widen them), at |z| < 5.5. The values are standardised first, so
// tiny and huge scales neither underflow nor overflow. A law of infinite
// variance, or one below the smallest normal float64, is not tested.
func fitMoments(t *testing.T, name string, xs []float64, mean, variance float64) {
	t.Helper()
	if math.IsInf(variance, 0) || math.IsNaN(variance) || variance < 0x1p-1022 {
		return // infinite, or below the normal floats (σ = 1e-300)
	}
	sd := math.Sqrt(variance)
	n := float64(len(xs))
	m := 0.0
	for _, x := range xs {
		m += (x - mean) / sd
	}
	m /= n
	m2, m4 := 0.0, 0.0
	for _, x := range xs {
		y := (x - mean) / sd
		m2 += y * y
		m4 += y * y * y * y
	}
	m2 /= n
	m4 /= n
	z := m / math.Sqrt(m2/n)
	require.Less(t, math.Abs(z), 5.5, "%s: mean %v, want %v (z = %.1f)", name, mean+m*sd, mean, z)
	z = (m2 - 1) / math.Sqrt((m4-m2*m2)/n)
	require.Less(t, math.Abs(z), 5.5, "%s: variance %v, want %v (z = %.1f)", name, m2*variance, variance, z)
}

// TestContinuousFit checks the laws built on the ziggurats and on uniforms
// against gonum's CDFs and moments over a grid of parameters.
func TestContinuousFit(t *testing.T) {
	type fitCase struct {
		d interface {
			Fill(src rand.Source, dst []float64)
		}
		law law
		// heavy: tails too heavy for 2·10^5 draws to estimate the
		// moments (LogNormal σ = 3, Weibull K = 0.05): the fit alone.
		heavy bool
	}
	var cases []fitCase
	for _, p := range [][2]float64{{0, 1}, {-3, 0.01}, {1e6, 1e3}, {0, 1e-300}} {
		cases = append(cases, fitCase{dist.Normal{Mu: p[0], Sigma: p[1]}, distuv.Normal{Mu: p[0], Sigma: p[1]}, false})
	}
	for _, p := range [][2]float64{{0, 1}, {2, 0.25}, {-1, 3}} {
		cases = append(cases, fitCase{dist.LogNormal{Mu: p[0], Sigma: p[1]}, distuv.LogNormal{Mu: p[0], Sigma: p[1]}, p[1] > 1})
	}
	for _, r := range []float64{1, 1e-3, 1e300} {
		cases = append(cases, fitCase{dist.Exponential{Rate: r}, distuv.Exponential{Rate: r}, false})
	}
	for _, p := range [][2]float64{{1, 1}, {0.5, 2}, {1.5, 1}, {5, 0.1}, {0.05, 1}} {
		cases = append(cases, fitCase{dist.Weibull{K: p[0], Lambda: p[1]}, distuv.Weibull{K: p[0], Lambda: p[1]}, p[0] < 0.2})
	}
	for _, p := range [][2]float64{{0, 1}, {5, 5.5}, {-1e-3, 1e-3}} {
		cases = append(cases, fitCase{dist.Uniform{Min: p[0], Max: p[1]}, distuv.Uniform{Min: p[0], Max: p[1]}, false})
	}
	cases = append(cases, fitCase{dist.Uniform{Min: -1e300, Max: 1e300}, wideUniform{-1e300, 1e300}, false})
	// Betas of two shapes below 1 (Jöhnk's), from nearly every try taken
	// to about half, where no mass rounds to 0 or 1.
	for _, p := range [][2]float64{{0.2, 0.8}, {0.3, 0.7}, {0.5, 0.3}, {0.9, 0.9}, {0.99, 0.6}} {
		cases = append(cases, fitCase{dist.Beta{Alpha: p[0], Beta: p[1]}, distuv.Beta{Alpha: p[0], Beta: p[1]}, false})
	}
	xs := make([]float64, 200000)
	for i, c := range cases {
		name := fmt.Sprintf("%T%+v", c.d, c.d)
		c.d.Fill(chacha.NewSource(uint64(100+i)), xs)
		fitPIT(t, name, xs, c.law.CDF)
		if !c.heavy {
			fitMoments(t, name, xs, c.law.Mean(), c.law.Variance())
		}
	}
}

// TestNormalTail checks the normal beyond the ziggurat's tail start r =
// 3.654 (the base strip's slow path), 0.026% of the draws: the counts
// beyond 3.654, 4 and 4.5 standard deviations against the exact tail.
func TestNormalTail(t *testing.T) {
	n := 4000000
	xs := make([]float64, n)
	dist.Normal{Mu: 0, Sigma: 1}.Fill(chacha.NewSource(7), xs)
	for _, a := range []float64{3.654152885361009, 4, 4.5} {
		c := 0.0
		for _, x := range xs {
			if math.Abs(x) > a {
				c++
			}
		}
		p := 2 * distuv.UnitNormal.Survival(a)
		z := (c - float64(n)*p) / math.Sqrt(float64(n)*p*(1-p))
		require.Less(t, math.Abs(z), 5.5, "|x| > %v: %v draws, want %.1f (z = %.1f)", a, c, float64(n)*p, z)
	}
}

// TestMarsagliaTsangTails checks the laws whose tries take a normal and
// a uniform (Gamma, ChiSquared, Beta, StudentsT) where the normal's slow
// path decides their mass: a try whose normal word misses the ziggurat's
// fast path goes on from the next words with one attempt of the wedge or
// tail test, which must accept with the probability the ziggurat's own
// would (accepting every wedge puts 40% too many normals beyond their
// 1e-3 quantiles, and 12% too many Gamma(2) values beyond its upper one:
// z = 7.5 here).
// The counts below the 1e-3 and above the 1 - 1e-3 quantiles of 4·10^6
// values, by Fill from this module's generator (the kernels' walk) and
// from math/rand/v2's PCG (the per-call words), against gonum's
// quantiles (the counts expected by gonum's CDF there), at |z| < 5.
func TestMarsagliaTsangTails(t *testing.T) {
	laws := []struct {
		law interface{ Fill(rand.Source, []float64) }
		ref interface {
			quantiler
			CDF(float64) float64
		}
	}{
		{dist.Gamma{Alpha: 2, Beta: 1}, distuv.Gamma{Alpha: 2, Beta: 1}},
		{dist.Gamma{Alpha: 10, Beta: 3}, distuv.Gamma{Alpha: 10, Beta: 3}},
		{dist.ChiSquared{K: 3}, distuv.ChiSquared{K: 3}},
		{dist.Beta{Alpha: 2, Beta: 5}, distuv.Beta{Alpha: 2, Beta: 5}},
		{dist.StudentsT{Mu: 0, Sigma: 1, Nu: 5}, distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 5}},
		// The boosted shapes: Gamma(shape+1)·exp(-E/shape).
		{dist.Gamma{Alpha: 0.3, Beta: 1}, distuv.Gamma{Alpha: 0.3, Beta: 1}},
		{dist.Gamma{Alpha: 0.9, Beta: 2}, distuv.Gamma{Alpha: 0.9, Beta: 2}},
		{dist.ChiSquared{K: 1.2}, distuv.ChiSquared{K: 1.2}},
		// A Beta of two shapes below 1: Jöhnk's tries. (The boost's
		// least shape, 0.1, is TestGammaFit's: gonum's Gamma quantile
		// is 0 at 1e-3 there.)
		{dist.Beta{Alpha: 0.2, Beta: 0.8}, distuv.Beta{Alpha: 0.2, Beta: 0.8}},
		{dist.Gamma{Alpha: 0.2, Beta: 1}, distuv.Gamma{Alpha: 0.2, Beta: 1}},
	}
	n := 4000000
	xs := make([]float64, n)
	for i, l := range laws {
		for _, src := range []rand.Source{chacha.NewSource(uint64(30 + i)), rand.NewPCG(uint64(i), 31)} {
			l.law.Fill(src, xs)
			// The counts expected are those of gonum's CDF at its
			// quantiles, which for small shapes miss 1e-3 by a few
			// percent (Gamma(0.2): 0.97e-3).
			lo, hi := l.ref.Quantile(1e-3), l.ref.Quantile(1-1e-3)
			plo, phi := l.ref.CDF(lo), 1-l.ref.CDF(hi)
			var below, above float64
			for _, x := range xs {
				if x < lo {
					below++
				}
				if x > hi {
					above++
				}
			}
			for i, c := range []float64{below, above} {
				p := []float64{plo, phi}[i]
				z := (c - float64(n)*p) / math.Sqrt(float64(n)*p*(1-p))
				require.Less(t, math.Abs(z), 5.0, "%+v on %T: %v values beyond a 1e-3 quantile, want %v (z = %.1f)", l.law, src, c, float64(n)*p, z)
			}
		}
	}
}

// TestUniformOpen checks that Uniform never returns an endpoint, even where
// Min + (Max-Min)·u rounds to one (intervals two floats wide, normal and
// subnormal), by Fill and by Rand.
func TestUniformOpen(t *testing.T) {
	xs := make([]float64, 10000)
	for _, lo := range []float64{1, -1, 0, 5e-324, -1e-323, 0x1p-1022} {
		mid := math.Nextafter(lo, 2)
		hi := math.Nextafter(mid, 2)
		d := dist.Uniform{Min: lo, Max: hi}
		d.Fill(chacha.NewSource(1), xs)
		for _, x := range xs {
			require.Equal(t, mid, x, "%+v", d)
		}
		require.Equal(t, mid, d.Rand(chacha.NewSource(3)), "%+v", d)
	}
	dist.Uniform{Min: 0, Max: 1}.Fill(chacha.NewSource(2), xs)
	for _, x := range xs {
		require.True(t, x > 0 && x < 1, "%v", x)
	}
	// The widest interval, whose width overflows: x - Min and Max - x are
	// never 0, and +Inf (as the width) only on the side that overflows.
	wide := dist.Uniform{Min: -math.MaxFloat64, Max: math.MaxFloat64}
	wide.Fill(chacha.NewSource(4), xs)
	for _, x := range xs {
		a, b := x-wide.Min, wide.Max-x
		require.True(t, a > 0 && b > 0, "%v", x)
		require.True(t, !math.IsInf(a, 0) || x > 0, "x - Min = %v for x = %v", a, x)
		require.True(t, !math.IsInf(b, 0) || x < 0, "Max - x = %v for x = %v", b, x)
	}
}

// quantiler is what TestContinuousTailsLong reads of a gonum law.
type quantiler interface{ Quantile(p float64) float64 }

// TestContinuousTailsLong draws 10^8 values of each ziggurat-based law and
// counts those beyond its 1e-6 and 1 - 1e-6 quantiles (100 expected on
// each side, sd 10): the far tails, where the ziggurat's base strip and
// its tail sampler are, at |z| < 5.5.
func TestContinuousTailsLong(t *testing.T) {
	long.Skip(t)
	const n, chunkN, p = 100_000_000, 1 << 20, 1e-6
	cases := []struct {
		d   floatLaw
		law quantiler
	}{
		{dist.Normal{Mu: 0, Sigma: 1}, distuv.Normal{Mu: 0, Sigma: 1}},
		{dist.Exponential{Rate: 1}, distuv.Exponential{Rate: 1}},
		{dist.LogNormal{Mu: 0, Sigma: 1}, distuv.LogNormal{Mu: 0, Sigma: 1}},
		{dist.Weibull{K: 1.5, Lambda: 1}, distuv.Weibull{K: 1.5, Lambda: 1}},
		{dist.Uniform{Min: 0, Max: 1}, distuv.Uniform{Min: 0, Max: 1}},
	}
	xs := make([]float64, chunkN)
	for i, c := range cases {
		lo, hi := c.law.Quantile(p), c.law.Quantile(1-p)
		src := chacha.NewSource(uint64(500 + i))
		var below, above float64
		for done := 0; done < n; done += chunkN {
			c.d.Fill(src, xs[:min(chunkN, n-done)])
			for _, x := range xs[:min(chunkN, n-done)] {
				if x < lo {
					below++
				}
				if x > hi {
					above++
				}
			}
		}
		sd := math.Sqrt(n * p * (1 - p))
		for _, side := range []struct {
			name string
			c    float64
		}{{"below the 1e-6 quantile", below}, {"above the 1-1e-6 quantile", above}} {
			z := (side.c - n*p) / sd
			require.Less(t, math.Abs(z), 5.5, "%T%+v: %v of 10^8 %s, want 100 (z = %.1f)", c.d, c.d, side.c, side.name, z)
		}
	}
}

// TestWeibullIsExponentialPower holds Weibull's values to their
// definition, Lambda·E^(1/K) for the exponential E that Exponential{1}
// draws from the same words (a twin Source), against math.Pow: within
// (|log E|/K + 4)·2^-52 of it, relative (the power's exponent, log E / K,
// carries an absolute error of about 2^-52·|log E|/K into the value). Fill
// (the kernels) and Rand (the scalar code) alike, and on PCG.
func TestWeibullIsExponentialPower(t *testing.T) {
	const n = 20000
	for _, d := range []dist.Weibull{{K: 1.5, Lambda: 1}, {K: 0.5, Lambda: 2.5}, {K: 3, Lambda: 1}, {K: 10, Lambda: 0.1}, {K: 0.25, Lambda: 1}} {
		for _, mk := range []func() rand.Source{
			func() rand.Source { return chacha.NewSource(5) },
			func() rand.Source { return rand.NewPCG(5, 6) },
		} {
			xs, es := make([]float64, n), make([]float64, n)
			d.Fill(mk(), xs)
			dist.Exponential{Rate: 1}.Fill(mk(), es)
			src := mk()
			for i, e := range es {
				want := d.Lambda * math.Pow(e, 1/d.K)
				tol := (math.Abs(math.Log(e))/d.K + 4) * 0x1p-52 * want
				if !(math.Abs(xs[i]-want) <= tol) {
					t.Fatalf("%+v: value %d is %v, want Lambda·E^(1/K) = %v (E = %v)", d, i, xs[i], want, e)
				}
				if r := d.Rand(src); r != xs[i] {
					t.Fatalf("%+v: Rand %d is %v, Fill gave %v", d, i, r, xs[i])
				}
			}
		}
	}
}
