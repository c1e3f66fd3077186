package dist_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

func filled(n int, v float64) []float64 {
	a := make([]float64, n)
	for i := range a {
		a[i] = v
	}
	return a
}

// dirichletCases reach each gamma path (shape 1, 1/2, Marsaglia-Tsang,
// the boost, Liu-Martin-Syring), for equal Alphas (made in bulk) and
// unequal ones (one sampler per place), the direct and the log-space
// vectors, order 1, and an order beyond the samplers Fill keeps (32).
func dirichletCases() []dist.Dirichlet {
	many := make([]float64, 40)
	for i := range many {
		many[i] = []float64{0.3, 1, 2.5, 0.5, 7}[i%5]
	}
	return []dist.Dirichlet{
		{Alpha: []float64{2}},
		{Alpha: filled(10, 1)},
		{Alpha: filled(5, 0.5)},
		{Alpha: filled(4, 0.3)},
		{Alpha: filled(5, 2.5)},
		{Alpha: []float64{0.5, 2, 3.7, 0.3, 1}},
		{Alpha: filled(4, 1e-3)},
		{Alpha: []float64{1e-3, 0.3, 1, 2.5, 0.1}},
		{Alpha: []float64{0.3, 0.7, 2, 0.45}},
		{Alpha: []float64{1, 2, 3.5, 0.5, 10}}, // unequal, none boosted: drawn a chunk at a time
		{Alpha: many},
	}
}

func init() {
	// Every log G_i below -MaxFloat64 (TestDirichletExtremes): for the
	// goldens and the contract, not the marginals' test.
	extreme := dist.Dirichlet{Alpha: []float64{1e-308, 3e-308}}
	for _, d := range append(dirichletCases(), extreme) {
		vectorLaws = append(vectorLaws, vectorCase(fmt.Sprintf("%T%v", d, d), d.Fill))
	}
}

// TestDirichletFillIsLoop: a Fill of k vectors is k Fills of one.
func TestDirichletFillIsLoop(t *testing.T) {
	for _, d := range dirichletCases() {
		fillIsVectorLoop(t, fmt.Sprint(d), len(d.Alpha), d.Fill)
	}
}

// ksBeyond is the Kolmogorov-Smirnov statistic √n·D that a sample of the
// law exceeds with probability about 1e-7 (2·exp(-2·2.9²)), so that the
// grid's dozens of tests raise a false alarm with probability below 1e-5.
const ksBeyond = 2.9

// ksStat returns √n·D, D the greatest distance between the empirical CDF
// of xs and cdf. A run of equal values x is one step of the empirical
// CDF, from the fraction below x to the fraction up to x, compared with
// cdf at the float64 below x and at x: a float64 stands for the variates
// that round to it, which matters where the law piles up at a float64
// (Alphas of 1e-3 put about a third of their mass below the least
// subnormal, whose variates are 0, and a fifth on 1). The step at 0 is
// compared with cdf at the least subnormal.
func ksStat(xs []float64, cdf func(float64) float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := float64(len(s))
	d := 0.0
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		x := s[i]
		lo, hi := cdf(math.Nextafter(x, math.Inf(-1))), cdf(x)
		switch x {
		case 0:
			lo, hi = 0, cdf(math.SmallestNonzeroFloat64)
		case math.SmallestNonzeroFloat64: // the step at 0 reached cdf(x)
			lo = hi
		}
		d = max(d, math.Abs(float64(i)/n-lo), math.Abs(float64(j)/n-hi))
		i = j
	}
	return d * math.Sqrt(n)
}

// betaCDF returns gonum's Beta(a, b) CDF, which does not reach the
// subnormals (it gives 0 there), extended below 1e-300 by its leading
// term: F(x) = F(1e-300)·(x/1e-300)^a, to a relative 1e-300.
func betaCDF(a, b float64) func(float64) float64 {
	cdf := distuv.Beta{Alpha: a, Beta: b}.CDF
	edge := cdf(1e-300)
	return func(x float64) float64 {
		if x > 0 && x < 1e-300 {
			return edge * math.Pow(x/1e-300, a)
		}
		return cdf(x)
	}
}

// TestDirichletLaw: every marginal x_i is Beta(Alpha[i], ΣAlpha -
// Alpha[i]) by Kolmogorov-Smirnov against gonum's Beta CDF; every vector
// sums to 1 within 1e-12 and holds no NaN.
func TestDirichletLaw(t *testing.T) {
	for _, d := range dirichletCases() {
		k := len(d.Alpha)
		if k == 1 {
			continue // Beta(a, 0) is the point 1: see TestDirichletOrderOne
		}
		n := 10000
		xs := make([]float64, n*k)
		d.Fill(chacha.NewSource(uint64(k)), xs)
		rowSums(t, fmt.Sprint(d), xs, k)
		total := 0.0
		for _, a := range d.Alpha {
			total += a
		}
		col := make([]float64, n)
		for i, a := range d.Alpha {
			for r := range n {
				col[r] = xs[r*k+i]
			}
			s := ksStat(col, betaCDF(a, total-a))
			require.Less(t, s, ksBeyond, "%v: x[%d] against Beta(%g, %g): √n·D = %.2f", d, i, a, total-a, s)
		}
	}
}

// rowSums checks that every vector of xs (of k values) holds no NaN, is in
// [0, 1], is not all zeros and sums to 1 within 1e-12.
func rowSums(t *testing.T, name string, xs []float64, k int) {
	t.Helper()
	for r := 0; r < len(xs); r += k {
		sum, top := 0.0, 0.0
		for _, x := range xs[r : r+k] {
			if !(x >= 0 && x <= 1) {
				t.Fatalf("%s: vector %d holds %g: %v", name, r/k, x, xs[r:r+k])
			}
			sum += x
			top = max(top, x)
		}
		if top == 0 || math.Abs(sum-1) > 1e-12 {
			t.Fatalf("%s: vector %d sums to 1%+.3g: %v", name, r/k, sum-1, xs[r:r+k])
		}
	}
}

// TestDirichletTiny: Alphas of 1e-3, where most G_i are below the least
// float64 (the gamma-then-normalise method gives NaN there: numpy issues
// 5851, 19637, 24475): 10^5 vectors of 10, none with a NaN or all zeros,
// each summing to 1; and the vertex each vector nearly is (its greatest
// x_i) is uniform over the 10, as the law's symmetry says.
func TestDirichletTiny(t *testing.T) {
	d := dist.Dirichlet{Alpha: filled(10, 1e-3)}
	n := 100000
	xs := make([]float64, n*10)
	d.Fill(chacha.NewSource(7), xs)
	rowSums(t, "Dirichlet(1e-3 × 10)", xs, 10)
	var counts [10]float64
	for r := range n {
		row := xs[r*10 : r*10+10]
		counts[slices.Index(row, slices.Max(row))]++
	}
	chi2 := 0.0
	for _, c := range counts {
		chi2 += (c - float64(n)/10) * (c - float64(n)/10) / (float64(n) / 10)
	}
	require.Greater(t, distuv.ChiSquared{K: 9}.Survival(chi2), 1e-7, "vertex counts %v", counts)
}

// TestDirichletExtremes: Alphas so small that every log G_i is below
// -MaxFloat64 (the vector is then a vertex, x_i = 1 with probability
// Alpha[i]/ΣAlpha in the limit: here 1/4 and 3/4), and so large that ΣG
// overflows: no NaN, sums of 1.
func TestDirichletExtremes(t *testing.T) {
	n := 20000
	d := dist.Dirichlet{Alpha: []float64{1e-308, 3e-308}}
	xs := make([]float64, 2*n)
	d.Fill(chacha.NewSource(3), xs)
	rowSums(t, "Dirichlet{1e-308, 3e-308}", xs, 2)
	ones := 0.0
	for r := range n {
		require.True(t, xs[2*r] == 1 || xs[2*r] == 0, "vector %d = %v, want a vertex", r, xs[2*r:2*r+2])
		ones += xs[2*r]
	}
	sd := math.Sqrt(float64(n) * 0.25 * 0.75)
	require.Less(t, math.Abs(ones-float64(n)/4)/sd, 5.0, "x_0 = 1 in %v of %d vectors, want about a quarter", ones, n)

	big := dist.Dirichlet{Alpha: []float64{1e308, 1e308, 5e307}}
	xs = make([]float64, 3*n)
	big.Fill(chacha.NewSource(4), xs)
	rowSums(t, "Dirichlet{1e308, 1e308, 5e307}", xs, 3)
	require.InDelta(t, 0.4, xs[0], 1e-12)
	require.InDelta(t, 0.2, xs[2], 1e-12)
}

// TestDirichletOrderOne: a Dirichlet of one value is the point 1, or the
// float64 below it (G times the rounded 1/G), as the doc says; and the
// greatest value of a vector of k is 1/k or at most a few ulps below it,
// even where every G_i is the same huge value.
func TestDirichletOrderOne(t *testing.T) {
	xs := make([]float64, 1000)
	dist.Dirichlet{Alpha: []float64{1e-3}}.Fill(chacha.NewSource(1), xs)
	require.Equal(t, filled(1000, 1), xs)
	below := math.Nextafter(1, 0)
	for _, a := range []float64{0.5, 2, 1e20} {
		dist.Dirichlet{Alpha: []float64{a}}.Fill(chacha.NewSource(2), xs)
		for _, x := range xs {
			require.True(t, x == 1 || x == below, "Alpha %v: %v", a, x)
		}
	}
	for _, k := range []int{2, 5, 10, 11} {
		d := dist.Dirichlet{Alpha: filled(k, 1e300)}
		d.Fill(chacha.NewSource(3), xs[:k*(len(xs)/k)])
		for r := 0; r+k <= len(xs); r += k {
			top := slices.Max(xs[r : r+k])
			require.GreaterOrEqual(t, top, 1/float64(k)*(1-0x1p-50), "k %d: %v", k, xs[r:r+k])
		}
	}
}

// TestDirichletBadParams: invalid Alphas and lengths panic naming the type
// and the field, drawing nothing; an empty dst still checks Alpha.
func TestDirichletBadParams(t *testing.T) {
	for _, c := range []struct {
		alpha []float64
		n     int
		want  string
	}{
		{nil, 3, "dist: Dirichlet.Alpha = [], want at least one value"},
		{[]float64{}, 0, "dist: Dirichlet.Alpha = [], want at least one value"},
		{[]float64{1, 1, 1, -1}, 4, "dist: Dirichlet.Alpha[3] = -1, want > 0"},
		{[]float64{0}, 1, "dist: Dirichlet.Alpha[0] = 0, want > 0"},
		{[]float64{1, math.NaN()}, 0, "dist: Dirichlet.Alpha[1] = NaN, want a finite number"},
		{[]float64{math.Inf(1), 1}, 2, "dist: Dirichlet.Alpha[0] = +Inf, want a finite number"},
		{[]float64{1, 2, 3}, 4, "dist: Dirichlet.Fill: len(dst) = 4, want a multiple of len(Alpha) = 3"},
		{[]float64{1, 2}, 1, "dist: Dirichlet.Fill: len(dst) = 1, want a multiple of len(Alpha) = 2"},
	} {
		d := dist.Dirichlet{Alpha: c.alpha}
		panicsUntouched(t, c.want, func(src rand.Source) { d.Fill(src, make([]float64, c.n)) })
	}
}

// TestDirichletIsNormalisedGammas: for Alphas of 1/2 and at least 1 (each
// place's gamma one variate at a time, a chunk of them at a time in a
// Fill), a Fill's vectors are G/ΣG for G_i = Gamma{Alpha[i], 1}.Rand drawn
// place by place from the same Source (G/ΣG as the product by 1/ΣG, the
// sum in place order), and the Source is left where those calls leave it:
// over thousands of vectors, chunks and the keystream's buffer included,
// on every Source of the contract. Dirichlet(0.5, 1, 2e7, 2.5) has a shape
// whose gamma takes no fast path.
func TestDirichletIsNormalisedGammas(t *testing.T) {
	for _, alpha := range [][]float64{{1, 2, 3.5, 0.5, 10}, {0.5, 1, 2e7, 2.5}} {
		d := dist.Dirichlet{Alpha: alpha}
		k := len(alpha)
		for _, s := range sources {
			src, twin := s.new(5), s.new(5)
			xs := make([]float64, 3001*k)
			d.Fill(src, xs)
			g := make([]float64, k)
			for r := 0; r < len(xs); r += k {
				sum := 0.0
				for i, a := range alpha {
					g[i] = dist.Gamma{Alpha: a, Beta: 1}.Rand(twin)
					sum += g[i]
				}
				inv := 1 / sum
				for i := range g {
					if want := g[i] * inv; math.Float64bits(xs[r+i]) != math.Float64bits(want) {
						t.Fatalf("Dirichlet%v on %s: vector %d, place %d is %v, want %v", alpha, s.name, r/k, i, xs[r+i], want)
					}
				}
			}
			require.Equal(t, twin.Uint64(), src.Uint64(), "Dirichlet%v on %s: the Source's position", alpha, s.name)
		}
	}
}
