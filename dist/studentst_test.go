package dist

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// gfTCDF is P(T <= x) for T ~ StudentsT(mu, sigma, nu), both tails from
// the lower one of the standard law (gonum's 1 - ... upper tail loses the
// small probabilities); nu = +Inf is the normal.
func gfTCDF(mu, sigma, nu float64) func(float64) float64 {
	std := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}
	if math.IsInf(nu, 1) {
		return distuv.Normal{Mu: mu, Sigma: sigma}.CDF
	}
	return func(x float64) float64 {
		y := (x - mu) / sigma
		if y > 0 {
			return 1 - std.CDF(-y)
		}
		return std.CDF(y)
	}
}

// TestStudentsTFit judges StudentsT from the Cauchy (Nu = 1) to nearly the
// normal (1e6) with a location and scale, and below Nu = 2 where the gamma
// takes the boost and Liu-Martin-Syring's method: chi-square over
// equiprobable cells, the 1e-4 tails, the mean (Nu > 2) and variance
// (Nu > 8, where the sample variance is near normal).
func TestStudentsTFit(t *testing.T) {
	for i, nu := range []float64{1, 2.5, 5, 30, 1e6, 0.6, 0.3} {
		mu, sigma := 3.0, 0.5
		name := fmt.Sprintf("StudentsT(%g, %g, %g)", mu, sigma, nu)
		t.Run(name, func(t *testing.T) {
			xs := make([]float64, 300000)
			StudentsT{Mu: mu, Sigma: sigma, Nu: nu}.Fill(chacha.NewSource(uint64(1000+i)), xs)
			cdf := gfTCDF(mu, sigma, nu)
			lo, hi := -math.MaxFloat64, math.MaxFloat64
			gfChi2(t, name, xs, gfEdges(cdf, lo, hi, 0, 1, gfCells), cdf)
			gfTails(t, name, xs, cdf, lo, hi)
			mean, variance, exKurt := math.NaN(), math.Inf(1), math.NaN()
			if nu > 2 {
				mean, variance = mu, sigma*sigma*nu/(nu-2)
			}
			if nu > 8 {
				exKurt = 6 / (nu - 4)
			}
			gfMoments(t, name, xs, mean, variance, exKurt)
		})
	}
}

// TestStudentsTHuge: Nu = 1e300 is the normal, without overflow or NaN.
func TestStudentsTHuge(t *testing.T) {
	xs := make([]float64, 300000)
	StudentsT{Mu: -2, Sigma: 4, Nu: 1e300}.Fill(chacha.NewSource(1100), xs)
	cdf := gfTCDF(-2, 4, math.Inf(1))
	gfChi2(t, "StudentsT(-2, 4, 1e300)", xs, gfEdges(cdf, -1e10, 1e10, 0, 1, gfCells), cdf)
	gfMoments(t, "StudentsT(-2, 4, 1e300)", xs, -2, 16, 0)
}

// TestStudentsTTiny: for Nu = 0.002 the gamma is below the normal range
// half of the time (where the factor is formed in log space) and a quarter
// of the values are ±Inf: |T| rounds to +Inf iff |T| >= M = 2^1024 (1 -
// 2^-54), that is G < h Z²/M², of probability E[P(a, h Z²/M²)] =
// (h/M²)^a E|Z|^(2a) / Γ(1+a), E|Z|^(2a) = 2^a Γ(a+1/2)/√π (P(a, x) =
// x^a/Γ(1+a) to 1e-600 there). They split evenly between the signs, no
// value is NaN, and the fraction beyond ±1 is the law's.
func TestStudentsTTiny(t *testing.T) {
	const nu = 0.002
	a, h := nu/2, nu/2
	xs := make([]float64, 200000)
	StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Fill(chacha.NewSource(1200), xs)
	neg, pos, above1 := 0, 0, 0
	for _, x := range xs {
		if math.IsNaN(x) {
			t.Fatal("StudentsT(0.002): NaN")
		}
		switch {
		case math.IsInf(x, -1):
			neg++
		case math.IsInf(x, 1):
			pos++
		}
		if math.Abs(x) > 1 {
			above1++
		}
	}
	logM := 1024*math.Ln2 + math.Log1p(-0x1p-54)
	lga, _ := math.Lgamma(1 + a)
	lgh, _ := math.Lgamma(a + 0.5)
	pInf := math.Exp(a*(math.Log(h)-2*logM) + a*math.Ln2 + lgh - 0.5*math.Log(math.Pi) - lga)
	gfCount(t, "StudentsT(0.002)", "±Inf", pos+neg, len(xs), pInf)
	gfCount(t, "StudentsT(0.002): +Inf among ±Inf", "+Inf", pos, pos+neg, 0.5)
	p1 := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.CDF(-1)
	gfCount(t, "StudentsT(0.002)", "|T| > 1", above1, len(xs), p1)
}

// TestStudentsTLong: gfLong for StudentsT from the Cauchy to nearly the
// normal.
func TestStudentsTLong(t *testing.T) {
	t.Parallel() // a long, self-contained sweep: the long sweeps share the cores
	long.Skip(t)
	for i, nu := range []float64{1, 5, 30, 1e6, 0.3} {
		src := chacha.NewSource(uint64(1300 + i))
		d := StudentsT{Mu: 0, Sigma: 1, Nu: nu}
		mean, variance, exKurt := math.NaN(), math.Inf(1), math.NaN()
		if nu > 2 {
			mean, variance = 0, nu/(nu-2)
		}
		if nu > 8 {
			exKurt = 6 / (nu - 4)
		}
		gfLong(t, fmt.Sprintf("StudentsT(%g)", nu), func(b []float64) { d.Fill(src, b) }, gfTCDF(0, 1, nu), -math.MaxFloat64, math.MaxFloat64, nil, mean, variance, exKurt)
	}
}
