package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mathext"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// gfBetaCDF is P(B <= x) for B ~ Beta(a, b): below x = 1e-20 the leading
// term x^a/(a B(a, b)) (relative error below 1e-19 (1+|b|)); gonum's
// regularised incomplete beta function elsewhere.
func gfBetaCDF(a, b, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x < 1e-20 {
		return math.Exp(a*refLog(x) - math.Log(a) - gfLogBeta(a, b))
	}
	if x >= 1 {
		return 1
	}
	return mathext.RegIncBeta(a, b, x)
}

func gfLogBeta(a, b float64) float64 {
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	return la + lb - lab
}

// gfBetaCDFR is cdfR for Beta(a, b): P(round(B) <= e) = P(B < e + h), h
// half the gap from e to the next float64. At e = 0 that is the mass below
// 2^-1075 (in log space); for e >= 1/2 it is 1 - P(1-B <= 1-e-h), where
// 1-e-h is exact and 1-B is Beta(b, a), so that the values near 1, which
// are quantised to multiples of 2^-53, are judged at their exact bounds.
func gfBetaCDFR(a, b float64) func(float64) float64 {
	return func(e float64) float64 {
		switch {
		case e < 0:
			return 0
		case e == 0:
			return math.Exp(a*(-1075*math.Ln2) - math.Log(a) - gfLogBeta(a, b))
		case e >= 1:
			return 1
		case e < 0.5:
			return gfBetaCDF(a, b, e)
		}
		h := (math.Nextafter(e, 2) - e) / 2
		return 1 - gfBetaCDF(b, a, (1-e)-h)
	}
}

// gfBetaFit judges xs, draws of Beta(a, b): cells {0}, the subnormals,
// gfCells equiprobable ones up to the greatest float64 below 1, and {1};
// the 1e-4 tails; the moments.
func gfBetaFit(t *testing.T, name string, xs []float64, a, b float64) {
	t.Helper()
	for _, x := range xs {
		if !(x >= 0 && x <= 1) {
			t.Fatalf("%s: %v drawn", name, x)
		}
	}
	cdfR := gfBetaCDFR(a, b)
	below1 := math.Nextafter(1, 0)
	p1, p2 := cdfR(minNorm), cdfR(below1)
	edges := []float64{0, minNorm, below1}
	edges = append(edges, gfEdges(cdfR, minNorm, below1, p1, p2, gfCells)...)
	gfChi2(t, name, xs, edges, cdfR)
	gfTails(t, name, xs, cdfR, 0, 1)
	s := a + b
	mean := a / s
	variance := a * b / (s * s * (s + 1))
	exKurt := 6 * ((a-b)*(a-b)*(s+1) - a*b*(s+2)) / (a * b * (s + 2) * (s + 3))
	gfMoments(t, name, xs, mean, variance, exKurt)
}

// TestBetaFit judges Beta over shapes tiny and huge, equal and lopsided,
// on each of its ways (two Marsaglia-Tsang gammas; with the boost; from
// the logs with one or both shapes small).
func TestBetaFit(t *testing.T) {
	for i, c := range []struct{ a, b float64 }{
		{1e-3, 1e-3}, {0.5, 0.5}, {2, 5}, {1, 1}, {1e3, 1e3}, {0.01, 10},
		{10, 0.01}, {0.3, 2}, {0.1, 0.5}, {0.05, 0.5}, {0.2, 0.8}, {0.05, 1e-3}, {1e4, 1},
	} {
		name := fmt.Sprintf("Beta(%g, %g)", c.a, c.b)
		t.Run(name, func(t *testing.T) {
			xs := make([]float64, 300000)
			Beta{Alpha: c.a, Beta: c.b}.Fill(chacha.NewSource(uint64(500+i)), xs)
			gfBetaFit(t, name, xs, c.a, c.b)
			// On a plain Source, the per-call tries (Rand's) alone.
			Beta{Alpha: c.a, Beta: c.b}.Fill(rand.NewPCG(uint64(500+i), 1), xs)
			gfBetaFit(t, name+" on PCG", xs, c.a, c.b)
		})
	}
}

// TestBetaSymmetric: for equal shapes half the values are below 1/2, even
// where the shapes are so small that nearly all are 0 or 1 (and below
// 1e-300, where log X itself is -Inf, the scaled logs still give 0 or 1
// with even odds); no value is NaN. For Beta(1e300, 1e300), whose spread
// is 1e-151, every value rounds to 1/2.
func TestBetaSymmetric(t *testing.T) {
	xs := make([]float64, 1000)
	Beta{Alpha: 1e300, Beta: 1e300}.Fill(chacha.NewSource(600), xs)
	for _, x := range xs {
		require.Equal(t, 0.5, x, "Beta(1e300, 1e300)")
	}
	for i, a := range []float64{1e-3, 1e-30, 1e-310, 0.5, 3, 1e20} {
		xs := make([]float64, 200000)
		Beta{Alpha: a, Beta: a}.Fill(chacha.NewSource(uint64(600+i)), xs)
		below, ends := 0, 0
		for _, x := range xs {
			if !(x >= 0 && x <= 1) {
				t.Fatalf("Beta(%g, %g): %v", a, a, x)
			}
			if x < 0.5 {
				below++
			}
			if x == 0 || x == 1 {
				ends++
			}
		}
		name := fmt.Sprintf("Beta(%g, %g)", a, a)
		gfCount(t, name, "< 1/2", below, len(xs), 0.5)
		if a <= 1e-30 {
			require.Equal(t, len(xs), ends, "%s: values strictly inside (0, 1)", name)
		}
	}
}

// TestBetaExtremes: lopsided extreme shapes give values at the right end,
// never NaN.
func TestBetaExtremes(t *testing.T) {
	for i, c := range []struct {
		a, b float64
		want func(float64) bool
	}{
		{1e-300, 1, func(x float64) bool { return x == 0 }},
		{1, 1e-300, func(x float64) bool { return x == 1 }},
		{1e308, 1, func(x float64) bool { return x > 1-1e-300 || x == 1 }},
		{1e308, 1e307, func(x float64) bool { return math.Abs(x-1/1.1) < 1e-15 }},
		{5e-324, 0.5, func(x float64) bool { return x == 0 }},
	} {
		xs := make([]float64, 20000)
		Beta{Alpha: c.a, Beta: c.b}.Fill(chacha.NewSource(uint64(700+i)), xs)
		for _, x := range xs {
			if !c.want(x) {
				t.Fatalf("Beta(%g, %g): %v", c.a, c.b, x)
			}
		}
	}
}

// TestBetaLong: gfLong for Beta on each of its ways.
func TestBetaLong(t *testing.T) {
	t.Parallel() // a long, self-contained sweep: the long sweeps share the cores
	long.Skip(t)
	for i, c := range []struct{ a, b float64 }{{2, 5}, {0.5, 0.5}, {0.01, 10}, {1e-3, 1e-3}} {
		src := chacha.NewSource(uint64(800 + i))
		d := Beta{Alpha: c.a, Beta: c.b}
		a, b := c.a, c.b
		s := a + b
		below1 := math.Nextafter(1, 0)
		gfLong(t, fmt.Sprintf("Beta(%g, %g)", a, b), func(buf []float64) { d.Fill(src, buf) }, gfBetaCDFR(a, b), minNorm, below1, []float64{0},
			a/s, a*b/(s*s*(s+1)), 6*((a-b)*(a-b)*(s+1)-a*b*(s+2))/(a*b*(s+2)*(s+3)))
	}
}
