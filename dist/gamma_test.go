package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// The gamma family's tests (Gamma here, ChiSquared, Beta and StudentsT in
// their files) and their helpers, named gf*.
//
// A fit is judged against the law of the variate rounded to float64: cdfR
// (e) is P(round(X) <= e) for a float64 e, which differs from the CDF at e
// only where the rounding matters (the atom at 0 of the values below half
// the least subnormal, the subnormals, the atom at 1 of Beta). Cells are
// the intervals between edges, the edges quantiles of cdfR found by
// bisection on the float64s themselves, so they are exact float64s and the
// expected counts come from cdfR at them, not from the nominal
// probabilities. Every test fails at p < gfAlpha (a z-score beyond 5.5),
// so the whole grid of about a hundred judgements raises a false alarm
// with probability below 1e-4; the seeds are fixed, so a pass is a pass.

const (
	gfAlpha = 1e-7
	gfZ     = 5.5
	gfCells = 100
	minNorm = 0x1p-1022 // the least normal float64
)

// gfOrd maps the float64s to int64s in the same order (-0 and +0 both to
// 0); gfUnord is its inverse.
func gfOrd(x float64) int64 {
	b := int64(math.Float64bits(x))
	if b < 0 {
		b = math.MinInt64 - b
	}
	return b
}

func gfUnord(k int64) float64 {
	if k < 0 {
		k = math.MinInt64 - k
	}
	return math.Float64frombits(uint64(k))
}

// gfQuantile returns the least float64 x in [lo, hi] with cdf(x) >= p, or
// hi; cdf must be nondecreasing.
func gfQuantile(cdf func(float64) float64, p, lo, hi float64) float64 {
	l, h := gfOrd(lo), gfOrd(hi)
	for l < h {
		m := l + int64((uint64(h)-uint64(l))/2)
		if cdf(gfUnord(m)) >= p {
			h = m
		} else {
			l = m + 1
		}
	}
	return gfUnord(h)
}

// gfEdges returns the quantiles of cdf in [lo, hi] at pa + (pb-pa) j/k for
// j = 1, ..., k-1.
func gfEdges(cdf func(float64) float64, lo, hi, pa, pb float64, k int) []float64 {
	var e []float64
	for j := 1; j < k; j++ {
		e = append(e, gfQuantile(cdf, pa+(pb-pa)*float64(j)/float64(k), lo, hi))
	}
	return e
}

// gfChi2 judges xs against cdfR over the cells (-Inf, e0], (e0, e1], ...,
// (e_last, +Inf] of the edges (sorted here, duplicates dropped), merging
// neighbouring cells until each expects at least 5 values.
func gfChi2(t *testing.T, name string, xs, edges []float64, cdfR func(float64) float64) {
	t.Helper()
	edges = gfSortEdges(edges)
	obs := make([]float64, len(edges)+1)
	gfBin(t, name, obs, edges, xs)
	gfChi2Counts(t, name, obs, edges, cdfR)
}

func gfSortEdges(edges []float64) []float64 {
	edges = append([]float64(nil), edges...)
	sort.Float64s(edges)
	return gfDedupe(edges)
}

// gfBin adds to obs[j] the values of xs in cell j of the sorted edges.
func gfBin(t *testing.T, name string, obs, edges, xs []float64) {
	t.Helper()
	for _, x := range xs {
		if math.IsNaN(x) {
			t.Fatalf("%s: NaN drawn", name)
		}
		obs[sort.SearchFloat64s(edges, x)]++
	}
}

// gfChi2Counts judges the counts obs of the cells of the sorted edges.
func gfChi2Counts(t *testing.T, name string, obs, edges []float64, cdfR func(float64) float64) {
	t.Helper()
	n := 0.0
	for _, o := range obs {
		n += o
	}
	var stat float64
	cells := 0
	var o, e, prev float64
	flush := func() {
		stat += (o - e) * (o - e) / e
		cells++
		o, e = 0, 0
	}
	for j := range obs {
		f := 1.0
		if j < len(edges) {
			f = cdfR(edges[j])
		}
		o += obs[j]
		e += n * max(f-prev, 0)
		prev = max(prev, f)
		if e >= 5 && n*(1-prev) >= 5 {
			flush()
		}
	}
	if e > 0 || o > 0 {
		if e == 0 { // nothing expected beyond the last cell: any value is wrong
			require.Zero(t, o, "%s: %v values where none are expected", name, o)
		} else {
			flush()
		}
	}
	require.Greater(t, cells, 1, "%s: fewer than two cells", name)
	p := distuv.ChiSquared{K: float64(cells - 1)}.Survival(stat)
	require.Greater(t, p, gfAlpha, "%s: chi-square %.1f over %d cells, p = %.3g", name, stat, cells, p)
}

func gfDedupe(s []float64) []float64 {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}

// gfCount judges a count against its expectation n·p (binomial z-score).
func gfCount(t *testing.T, name, what string, count, n int, p float64) {
	t.Helper()
	e := float64(n) * p
	sd := math.Sqrt(e * (1 - p))
	require.LessOrEqual(t, math.Abs(float64(count)-e), gfZ*sd+1, "%s: %d values %s, want %.1f (z = %.1f)", name, count, what, e, (float64(count)-e)/sd)
}

// gfTails judges the fractions at or below the 1e-4 quantile and above the
// 1 - 1e-4 quantile of cdfR (found in [lo, hi]). The lower tail is skipped
// where its quantile is below the normal range (tested in log space).
func gfTails(t *testing.T, name string, xs []float64, cdfR func(float64) float64, lo, hi float64) {
	t.Helper()
	const tail = 1e-4
	qlo := gfQuantile(cdfR, tail, lo, hi)
	qhi := gfQuantile(cdfR, 1-tail, lo, hi)
	nlo, nhi := 0, 0
	for _, x := range xs {
		if x <= qlo {
			nlo++
		}
		if x > qhi {
			nhi++
		}
	}
	if math.Abs(qlo) >= minNorm || lo < 0 {
		gfCount(t, name, fmt.Sprintf("<= the 1e-4 quantile %.6g", qlo), nlo, len(xs), cdfR(qlo))
	}
	gfCount(t, name, fmt.Sprintf("> the 1-1e-4 quantile %.6g", qhi), nhi, len(xs), 1-cdfR(qhi))
}

// gfMoments judges the sample mean and variance of xs against the law's,
// standard errors from the law's variance and excess kurtosis. The values
// are standardised first, so tiny and huge scales neither underflow nor
// overflow. A NaN or infinite variance skips the variance (and an infinite
// one the mean).
func gfMoments(t *testing.T, name string, xs []float64, mean, variance, exKurt float64) {
	t.Helper()
	if math.IsInf(variance, 0) || math.IsNaN(mean) {
		return
	}
	sd := math.Sqrt(variance)
	var s, s2 float64
	for _, x := range xs {
		u := (x - mean) / sd
		s += u
		s2 += u * u
	}
	n := float64(len(xs))
	m := s / n
	zm := m * math.Sqrt(n)
	require.Less(t, math.Abs(zm), gfZ, "%s: mean %.6g, want %.6g (z = %.1f)", name, mean+m*sd, mean, zm)
	if math.IsNaN(exKurt) || math.IsInf(exKurt, 0) {
		return
	}
	v := s2/n - m*m
	zv := (v - 1) / math.Sqrt((exKurt+2)/n)
	require.Less(t, math.Abs(zv), gfZ, "%s: variance %.6g, want %.6g (z = %.1f)", name, v*variance, variance, zv)
}

// gfGammaLogCDF is P(X <= e^t) for X ~ Gamma(a, 1): below t = -40,
// x^a/Γ(a+1) (the series x^a e^-x Σ x^n/Γ(a+n+1) to a relative 1e-17);
// else gonum's regularised incomplete gamma function.
func gfGammaLogCDF(a, t float64) float64 {
	if t < -40 {
		lg, _ := math.Lgamma(a + 1)
		return math.Exp(a*t - lg)
	}
	if t > 700 {
		return 1
	}
	return mathext.GammaIncReg(a, math.Exp(t))
}

// gfPolygamma is ψ^(m)(x) for m = 1 or 3: m! Σ_k 1/(x+k)^(m+1) up to x+k
// >= 20, then the asymptotic series (to below 1e-20 relative).
func gfPolygamma(m int, x float64) float64 {
	s := 0.0
	for ; x < 20; x++ {
		if m == 1 {
			s += 1 / (x * x)
		} else {
			s += 6 / (x * x * x * x)
		}
	}
	x2 := x * x
	if m == 1 {
		return s + 1/x + 1/(2*x2) + 1/(6*x2*x) - 1/(30*x2*x2*x) + 1/(42*x2*x2*x2*x) - 1/(30*x2*x2*x2*x2*x)
	}
	return s + 2/(x2*x) + 3/(x2*x2) + 2/(x2*x2*x) - 1/(x2*x2*x2*x) + 4/(3*x2*x2*x2*x2*x) - 3/(x2*x2*x2*x2*x2*x)
}

// refLog is math.Log made right for subnormal x: Go's amd64 math.Log
// reads a subnormal x as 2^-1022·(1 + fraction) (golang/go#56600; log of
// 5e-324 gives -709.09, not -744.44), which would put this file's and
// beta_test.go's reference CDFs wrong over the subnormals. x·2^64 is exact
// and normal there.
func refLog(x float64) float64 {
	if x > 0 && x < minNorm {
		return math.Log(x*0x1p64) - 64*math.Ln2
	}
	return math.Log(x)
}

// TestRefLog: refLog agrees with log2(x)·ln 2 (math.Log2 scales a
// subnormal by Frexp) to 1e-14 over the subnormals and around them.
func TestRefLog(t *testing.T) {
	for _, x := range []float64{5e-324, 1e-323, 1e-320, 1e-310, 0x1p-1023, math.Nextafter(minNorm, 0), minNorm, 1e-300, 0.5, 3} {
		want := math.Log2(x) * math.Ln2
		if d := math.Abs(refLog(x) - want); d > 1e-14*math.Abs(want) {
			t.Errorf("refLog(%g) = %v, want %v", x, refLog(x), want)
		}
	}
}

// gfGammaCDFR is cdfR for Gamma(a, rate): P(round(X) <= e) = P(X < e +
// half its ulp), which only differs from the CDF at 0 (the values below
// 2^-1075) and over the subnormals.
func gfGammaCDFR(a, rate float64) func(float64) float64 {
	lr := refLog(rate)
	return func(e float64) float64 {
		switch {
		case e < 0:
			return 0
		case e == 0:
			return gfGammaLogCDF(a, lr-1075*math.Ln2)
		case math.IsInf(e, 1):
			return 1
		case e < minNorm:
			return gfGammaLogCDF(a, lr+refLog(e)+math.Log1p(0.5*(0x1p-1074/e)))
		}
		if x := rate * e; x > 1e-300 && x <= math.MaxFloat64 {
			return mathext.GammaIncReg(a, x)
		}
		return gfGammaLogCDF(a, lr+refLog(e))
	}
}

// gfPositiveFit judges xs, draws of a law on [0, Inf) given by cdfR: cells
// {0}, the subnormals, then gfCells equiprobable ones over the normal
// range; the tails; and the moments.
func gfPositiveFit(t *testing.T, name string, xs []float64, cdfR func(float64) float64, mean, variance, exKurt float64) {
	t.Helper()
	for _, x := range xs {
		if math.IsNaN(x) || x < 0 {
			t.Fatalf("%s: %v drawn", name, x)
		}
	}
	p1 := cdfR(minNorm)
	edges := append([]float64{0, minNorm}, gfEdges(cdfR, minNorm, math.MaxFloat64, p1, 1, gfCells)...)
	gfChi2(t, name, xs, edges, cdfR)
	gfTails(t, name, xs, cdfR, 0, math.MaxFloat64)
	gfMoments(t, name, xs, mean, variance, exKurt)
}

// gfShapes is the grid of shapes: both sides of lmsMax and of 1, and the
// extremes.
var gfShapes = []float64{1e-3, 0.01, 0.1, 0.2, 0.3, 0.5, 0.9, 1, 2, 10, 100, 1e4}

// TestGammaFit judges Gamma(a, rate) over the grid of shapes and the rates
// 1, 1e-3 and 1e3 by chi-square over cells of the rounded law (the atom
// at 0 included), the 1e-4 tails and the moments.
func TestGammaFit(t *testing.T) {
	seed := uint64(100)
	for _, rate := range []float64{1, 1e-3, 1e3} {
		for _, a := range gfShapes {
			n := 400000
			if rate != 1 {
				n = 100000
			}
			seed++
			name := fmt.Sprintf("Gamma(%g, %g)", a, rate)
			t.Run(name, func(t *testing.T) {
				xs := make([]float64, n)
				Gamma{Alpha: a, Beta: rate}.Fill(chacha.NewSource(seed), xs)
				gfPositiveFit(t, name, xs, gfGammaCDFR(a, rate), a/rate, a/(rate*rate), 6/a)
			})
		}
	}
}

// TestGammaZeros: for Alpha = 0.001 the fraction of exact zeros is that of
// the mass below 2^-1075 (about 47%), and for 0.01 (about 0.06%) too, at
// rates 1 and 1e3 (more zeros).
func TestGammaZeros(t *testing.T) {
	for i, c := range []struct{ a, rate float64 }{{1e-3, 1}, {1e-3, 1e3}, {0.01, 1}, {0.01, 1e3}} {
		xs := make([]float64, 200000)
		Gamma{Alpha: c.a, Beta: c.rate}.Fill(chacha.NewSource(uint64(200+i)), xs)
		zeros := 0
		for _, x := range xs {
			if x == 0 {
				zeros++
			}
		}
		p0 := gfGammaCDFR(c.a, c.rate)(0)
		gfCount(t, fmt.Sprintf("Gamma(%g, %g)", c.a, c.rate), "== 0", zeros, len(xs), p0)
	}
}

// TestGammaLogFit judges the log-space sampler that Gamma's small shapes,
// Beta and StudentsT build on (logUnit: Liu-Martin-Syring, the boost,
// Marsaglia-Tsang) by chi-square over the law of log X, P(log X <= t) =
// P(a, e^t), its 1e-4 tails (for a = 0.001 near log X = -9200 and +2.2)
// and its moments.
func TestGammaLogFit(t *testing.T) {
	for i, a := range []float64{1e-3, 0.01, 0.1, 0.2, 0.3, 0.5, 0.9, 1, 3} {
		name := fmt.Sprintf("log Gamma(%g)", a)
		t.Run(name, func(t *testing.T) {
			s := newGammaSampler(a, 1)
			w := perCall(chacha.NewSource(uint64(300 + i)))
			xs := make([]float64, 500000)
			for j := range xs {
				xs[j] = s.logUnit(&w)
			}
			cdf := func(t float64) float64 { return gfGammaLogCDF(a, t) }
			lo, hi := -math.MaxFloat64, 710.0
			gfChi2(t, name, xs, gfEdges(cdf, lo, hi, 0, 1, gfCells), cdf)
			gfTails(t, name, xs, cdf, lo, hi)
			// log X has mean ψ(a), variance ψ'(a), excess kurtosis
			// ψ'''(a)/ψ'(a)²: for small a the mean moves by about 0.01/a
			// for a 1% change of a, against a standard deviation of 1/a.
			v := gfPolygamma(1, a)
			gfMoments(t, name, xs, mathext.Digamma(a), v, gfPolygamma(3, a)/(v*v))
		})
	}
}

// TestGammaExtremes: parameters at the ends of the accepted range give the
// rounded variate: +Inf where all the mass is beyond MaxFloat64, 0 where
// it is below the subnormals, the fraction beyond MaxFloat64 where it
// straddles it, the division by a rate whose reciprocal is not a normal
// number; never NaN.
func TestGammaExtremes(t *testing.T) {
	const n = 20000
	count := func(d interface{ Fill(rand.Source, []float64) }, pred func(float64) bool) int {
		xs := make([]float64, n)
		d.Fill(chacha.NewSource(7), xs)
		c := 0
		for _, x := range xs {
			if math.IsNaN(x) || x < 0 {
				t.Fatalf("%+v: %v", d, x)
			}
			if pred(x) {
				c++
			}
		}
		return c
	}
	inf := func(x float64) bool { return math.IsInf(x, 1) }
	zero := func(x float64) bool { return x == 0 }
	require.Equal(t, n, count(Gamma{Alpha: 1e300, Beta: 1e-300}, inf))
	require.Equal(t, n, count(Gamma{Alpha: 1e308, Beta: 0.5}, inf))
	require.Zero(t, count(Gamma{Alpha: 1e308, Beta: 1}, inf))
	require.Equal(t, n, count(Gamma{Alpha: 1e-300, Beta: 1}, zero))
	require.Equal(t, n, count(Gamma{Alpha: 5e-324, Beta: 1}, zero))
	require.Equal(t, n, count(ChiSquared{K: 5e-324}, zero))
	// Rate 1e-310 (its reciprocal overflows): Exp(1)·1e310 is finite with
	// probability 1 - exp(-MaxFloat64·1e-310), about 1.8%.
	fin := count(Gamma{Alpha: 1, Beta: 1e-310}, func(x float64) bool { return !math.IsInf(x, 0) })
	gfCount(t, "Gamma(1, 1e-310)", "finite", fin, n, -math.Expm1(-math.MaxFloat64*1e-310))
	// Rate 1e308 (its reciprocal is subnormal): P(X <= 1e-308) = 1 - 1/e.
	small := count(Gamma{Alpha: 1, Beta: 1e308}, func(x float64) bool { return x <= 1e-308 })
	gfCount(t, "Gamma(1, 1e308)", "<= 1e-308", small, n, -math.Expm1(-1))
	// Huge shapes: within a few standard deviations of the mean.
	for _, a := range []float64{1e15, 1e300} {
		c := count(Gamma{Alpha: a, Beta: 1}, func(x float64) bool { return math.Abs(x-a) > 6*math.Sqrt(a) })
		require.Zero(t, c, "Gamma(%g)", a)
	}
}

// gfPlain is a Source that is not one of this module's generators, so a
// Fill takes the per-call path.
type gfPlain struct{ s *chacha.Source }

func (p gfPlain) Uint64() uint64 { return p.s.Uint64() }

// gfSameAsRand checks that fill gives the values of a loop of rnd and
// leaves the Source where the loop does, for each kind of Source and
// several lengths (across the 2048-word chunks of a Fill).
func gfSameAsRand(t *testing.T, name string, fill func(rand.Source, []float64), rnd func(rand.Source) float64) {
	t.Helper()
	for _, n := range []int{0, 1, 7, 5000} {
		for _, plain := range []bool{false, true} {
			a, b := chacha.NewSource(uint64(n)+1), chacha.NewSource(uint64(n)+1)
			var sa, sb rand.Source = a, b
			if plain {
				sa, sb = gfPlain{a}, gfPlain{b}
			}
			got := make([]float64, n)
			fill(sa, got)
			for i := range got {
				want := rnd(sb)
				if math.Float64bits(got[i]) != math.Float64bits(want) {
					t.Fatalf("%s (n %d, plain %v): Fill[%d] = %v, Rand %v", name, n, plain, i, got[i], want)
				}
			}
			require.Equal(t, b.Uint64(), a.Uint64(), "%s (n %d, plain %v): the Source after Fill", name, n, plain)
		}
	}
}

// TestGammaFamilySameAsRand: Fill is a loop of Rand for every kind of
// sampler of the family (Marsaglia-Tsang, the boost, Liu-Martin-Syring,
// the rate multiplied or divided; Beta's five ways; StudentsT's three).
func TestGammaFamilySameAsRand(t *testing.T) {
	for _, d := range []Gamma{{2, 1}, {1, 1}, {1e4, 1e-3}, {0.5, 3}, {0.3, 1}, {0.1, 1}, {1e-3, 1e3}, {2, 1e-310}, {0.5, 1e308}, {1e-3, 1e308}} {
		gfSameAsRand(t, fmt.Sprintf("%+v", d), d.Fill, d.Rand)
	}
	for _, d := range []ChiSquared{{3}, {2}, {1}, {1e-3}} {
		gfSameAsRand(t, fmt.Sprintf("%+v", d), d.Fill, d.Rand)
	}
	for _, d := range []Beta{{2, 5}, {1, 1}, {0.5, 0.5}, {0.3, 2}, {0.01, 10}, {10, 0.01}, {1e-3, 1e-3}, {1e308, 1e308}, {1, 1e-3}} {
		gfSameAsRand(t, fmt.Sprintf("%+v", d), d.Fill, d.Rand)
	}
	for _, d := range []StudentsT{{0, 1, 5}, {1, 2, 1}, {0, 1, 0.3}, {0, 1, 1e-3}, {-1, 3, 1e300}, {0, 1, 2}} {
		gfSameAsRand(t, fmt.Sprintf("%+v", d), d.Fill, d.Rand)
	}
}

// TestGammaFamilyBadParams: each invalid parameter panics with the message
// naming type, field and value, from Rand and from Fill, before a word is
// drawn.
func TestGammaFamilyBadParams(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	type law interface {
		Rand(rand.Source) float64
		Fill(rand.Source, []float64)
	}
	for _, c := range []struct {
		d    law
		want string
	}{
		{Gamma{-1, 1}, "dist: Gamma.Alpha = -1, want > 0"},
		{Gamma{0, 1}, "dist: Gamma.Alpha = 0, want > 0"},
		{Gamma{nan, 1}, "dist: Gamma.Alpha = NaN, want a finite number"},
		{Gamma{inf, 1}, "dist: Gamma.Alpha = +Inf, want a finite number"},
		{Gamma{nan, -1}, "dist: Gamma.Alpha = NaN, want a finite number"},
		{Gamma{1, 0}, "dist: Gamma.Beta = 0, want > 0"},
		{Gamma{1, -inf}, "dist: Gamma.Beta = -Inf, want a finite number"},
		{Gamma{1, inf}, "dist: Gamma.Beta = +Inf, want a finite number"},
		{Beta{0, 1}, "dist: Beta.Alpha = 0, want > 0"},
		{Beta{inf, 1}, "dist: Beta.Alpha = +Inf, want a finite number"},
		{Beta{1, -2}, "dist: Beta.Beta = -2, want > 0"},
		{Beta{1, nan}, "dist: Beta.Beta = NaN, want a finite number"},
		{ChiSquared{0}, "dist: ChiSquared.K = 0, want > 0"},
		{ChiSquared{-3}, "dist: ChiSquared.K = -3, want > 0"},
		{ChiSquared{nan}, "dist: ChiSquared.K = NaN, want a finite number"},
		{ChiSquared{inf}, "dist: ChiSquared.K = +Inf, want a finite number"},
		{StudentsT{nan, 1, 1}, "dist: StudentsT.Mu = NaN, want a finite number"},
		{StudentsT{-inf, 1, 1}, "dist: StudentsT.Mu = -Inf, want a finite number"},
		{StudentsT{0, 0, 1}, "dist: StudentsT.Sigma = 0, want > 0"},
		{StudentsT{0, inf, 1}, "dist: StudentsT.Sigma = +Inf, want a finite number"},
		{StudentsT{0, 1, -1}, "dist: StudentsT.Nu = -1, want > 0"},
		{StudentsT{0, 1, inf}, "dist: StudentsT.Nu = +Inf, want a finite number"},
		{StudentsT{0, 1, nan}, "dist: StudentsT.Nu = NaN, want a finite number"},
	} {
		for name, call := range map[string]func(rand.Source){
			"Rand":        func(s rand.Source) { c.d.Rand(s) },
			"Fill":        func(s rand.Source) { c.d.Fill(s, make([]float64, 10)) },
			"Fill(empty)": func(s rand.Source) { c.d.Fill(s, nil) },
		} {
			src := chacha.NewSource(5)
			ref := *src
			require.PanicsWithValue(t, c.want, func() { call(src) }, "%T%+v.%s", c.d, c.d, name)
			require.Equal(t, ref.Uint64(), src.Uint64(), "%T%+v.%s moved the Source", c.d, c.d, name)
		}
	}
}

// gfLong judges 1e8 values of fill, drawn 1e6 at a time: chi-square over
// 1000 equiprobable cells of cdfR in [lo, hi] (and the cells of the edges
// extra), the fractions beyond the 1e-6 and 1 - 1e-6 quantiles, and the
// moments (as gfMoments, skipped for an infinite variance). It is the
// long tests' fit: it sees errors a hundred times smaller in probability
// than the default tests' (such as a squeeze off by a factor of 2, which
// moves Gamma(1)'s variance by 0.5%).
func gfLong(t *testing.T, name string, fill func([]float64), cdfR func(float64) float64, lo, hi float64, extra []float64, mean, variance, exKurt float64) {
	t.Helper()
	const n, tail = 100000000, 1e-6
	qlo, qhi := gfQuantile(cdfR, tail, lo, hi), gfQuantile(cdfR, 1-tail, lo, hi)
	pa, pb := cdfR(lo), cdfR(hi)
	edges := gfSortEdges(append(append(gfEdges(cdfR, lo, hi, pa, pb, 1000), extra...), lo, hi))
	obs := make([]float64, len(edges)+1)
	below, above := 0, 0
	var s, s2 float64
	sd := math.Sqrt(variance)
	buf := make([]float64, 1000000)
	for done := 0; done < n; done += len(buf) {
		fill(buf)
		gfBin(t, name, obs, edges, buf)
		for _, x := range buf {
			if x <= qlo {
				below++
			}
			if x > qhi {
				above++
			}
			u := (x - mean) / sd
			s += u
			s2 += u * u
		}
	}
	gfChi2Counts(t, name, obs, edges, cdfR)
	if math.Abs(qlo) >= minNorm || lo < 0 {
		gfCount(t, name, fmt.Sprintf("<= the 1e-6 quantile %.6g", qlo), below, n, cdfR(qlo))
	}
	gfCount(t, name, fmt.Sprintf("> the 1-1e-6 quantile %.6g", qhi), above, n, 1-cdfR(qhi))
	if math.IsInf(variance, 0) || math.IsNaN(mean) {
		return
	}
	m := s / n
	zm := m * math.Sqrt(n)
	require.Less(t, math.Abs(zm), gfZ, "%s: mean %.8g, want %.8g (z = %.1f)", name, mean+m*sd, mean, zm)
	if !math.IsNaN(exKurt) {
		v := s2/n - m*m
		zv := (v - 1) / math.Sqrt((exKurt+2)/n)
		require.Less(t, math.Abs(zv), gfZ, "%s: variance %.8g, want %.8g (z = %.1f)", name, v*variance, variance, zv)
	}
}

// TestGammaLong: gfLong for Gamma on each kind of sampler (in log space
// for the small shapes, whose values are mostly 0 or subnormal) and for
// ChiSquared.
func TestGammaLong(t *testing.T) {
	t.Parallel() // a long, self-contained sweep: the long sweeps share the cores
	long.Skip(t)
	for i, a := range []float64{0.5, 1, 2, 10, 1e4} {
		src := chacha.NewSource(uint64(400 + i))
		d := Gamma{Alpha: a, Beta: 1}
		gfLong(t, fmt.Sprintf("Gamma(%g)", a), func(b []float64) { d.Fill(src, b) }, gfGammaCDFR(a, 1), minNorm, math.MaxFloat64, []float64{0}, a, a, 6/a)
	}
	for i, a := range []float64{1e-3, 0.1} {
		s := newGammaSampler(a, 1)
		w := perCall(chacha.NewSource(uint64(410 + i)))
		fill := func(b []float64) {
			for j := range b {
				b[j] = s.logUnit(&w)
			}
		}
		cdf := func(t float64) float64 { return gfGammaLogCDF(a, t) }
		v := gfPolygamma(1, a)
		gfLong(t, fmt.Sprintf("log Gamma(%g)", a), fill, cdf, -math.MaxFloat64, 710, nil, mathext.Digamma(a), v, gfPolygamma(3, a)/(v*v))
	}
	src := chacha.NewSource(420)
	d := ChiSquared{K: 3}
	gfLong(t, "ChiSquared(3)", func(b []float64) { d.Fill(src, b) }, gfGammaCDFR(1.5, 0.5), minNorm, math.MaxFloat64, []float64{0}, 3, 6, 4)
}

// gfWords is a plain Source that returns its words, then those of a chacha
// Source.
type gfWords struct {
	w []uint64
	s *chacha.Source
}

func (g *gfWords) Uint64() uint64 {
	if len(g.w) > 0 {
		u := g.w[0]
		g.w = g.w[1:]
		return u
	}
	return g.s.Uint64()
}

// TestGammaZeroRedrawn: the word 0 gives the ziggurats' exact 0 (normal and
// exponential alike), which shapes 1/2 and 1 draw again: their first value
// is that of the next word, by Rand and by Fill, and never 0. (StudentsT's
// numerator may be 0: its value is then Mu, the gamma's zeros skipped.)
func TestGammaZeroRedrawn(t *testing.T) {
	z, fast := normalFast(0)
	require.True(t, fast && z == 0)
	e, fast := expFast(0)
	require.True(t, fast && e == 0)
	for _, d := range []interface {
		Rand(rand.Source) float64
		Fill(rand.Source, []float64)
	}{Gamma{1, 1}, Gamma{0.5, 1}, ChiSquared{1}, ChiSquared{2}, Beta{0.5, 0.5}, Beta{1, 1}, StudentsT{3, 1, 1}, StudentsT{3, 1, 2}} {
		got := d.Rand(&gfWords{w: []uint64{0, 0, 0}, s: chacha.NewSource(9)})
		want := d.Rand(chacha.NewSource(9))
		if _, ok := d.(StudentsT); ok {
			want = 3
		}
		require.Equal(t, want, got, "%+v.Rand", d)
		xs := make([]float64, 3)
		d.Fill(&gfWords{w: []uint64{0, 0, 0}, s: chacha.NewSource(9)}, xs)
		require.Equal(t, want, xs[0], "%+v.Fill", d)
	}
}
