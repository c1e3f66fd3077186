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
)

// multinomialCases reach inversion and BTRS (and their flip above 1/2),
// places of probability 0 (first, inside, last), N = 0, order 1, and N
// near the int64 limit.
func multinomialCases() []dist.Multinomial {
	return []dist.Multinomial{
		{N: 100, P: filled(10, 0.1)},
		{N: 0, P: []float64{0.5, 0.5}},
		{N: 7, P: []float64{1}},
		{N: 20, P: []float64{0, 0.2, 0, 0.3, 0.5}},
		{N: 1000, P: []float64{0.999, 0.0005, 0.0005, 0}},
		{N: 100000, P: []float64{0.3, 0.2, 0.1, 0.4}},
		{N: 1 << 62, P: []float64{0.3, 0.2, 0.25, 0.25}},
		{N: 1 << 62, P: []float64{1e-15, 0.5, 0.5 - 1e-15, 0}},
	}
}

func init() {
	for _, d := range multinomialCases() {
		vectorLaws = append(vectorLaws, vectorCase(fmt.Sprintf("%T%+v", d, d), d.Fill))
	}
}

// TestMultinomialFillIsLoop: a Fill of k vectors is k Fills of one.
func TestMultinomialFillIsLoop(t *testing.T) {
	for _, d := range multinomialCases() {
		fillIsVectorLoop(t, fmt.Sprintf("%+v", d), len(d.P), d.Fill)
	}
}

// TestMultinomialCounts: every vector's counts are in [0, N], sum to N
// exactly, and are 0 where P is; N = 0 draws nothing.
func TestMultinomialCounts(t *testing.T) {
	for _, d := range multinomialCases() {
		k := len(d.P)
		xs := make([]int64, 2000*k)
		d.Fill(chacha.NewSource(uint64(k)), xs)
		for r := 0; r < len(xs); r += k {
			var sum int64
			for i, x := range xs[r : r+k] {
				require.True(t, x >= 0 && x <= d.N, "%+v: vector %d: %v", d, r/k, xs[r:r+k])
				if d.P[i] == 0 {
					require.Zero(t, x, "%+v: vector %d counts %d in place %d of probability 0", d, r/k, x, i)
				}
				sum += x
			}
			require.Equal(t, d.N, sum, "%+v: vector %d: %v", d, r/k, xs[r:r+k])
		}
	}
	a, b := chacha.NewSource(1), chacha.NewSource(1)
	dist.Multinomial{N: 0, P: filled(4, 0.25)}.Fill(a, make([]int64, 400))
	require.Equal(t, b.Uint64(), a.Uint64(), "N = 0 drew words")
}

// TestMultinomialManyTrialsMarginals: with N = 10^6 over ten places of
// 0.1 (every place after the first a BTRS draw whose n is the places
// before it's leftover), each count is Binomial(N, 0.1): chi-square of
// 20000 vectors' counts over 20 cells of about equal probability under
// gonum's Binomial CDF, each place at p > 1e-6, and the first two places'
// counts uncorrelated given their law (the sample correlation of the
// counts, -1/9 for a multinomial, within 5 standard errors).
func TestMultinomialManyTrialsMarginals(t *testing.T) {
	d := dist.Multinomial{N: 1000000, P: filled(10, 0.1)}
	n := 20000
	xs := make([]int64, 10*n)
	d.Fill(chacha.NewSource(12), xs)
	ref := distuv.Binomial{N: float64(d.N), P: 0.1}
	// Cell edges: the least k with CDF(k) >= j/20.
	var edges []int64
	for j, k := 1, int64(99000); j < 20; j++ { // CDF(99000) < 1e-3
		for ref.CDF(float64(k)) < float64(j)/20 {
			k++
		}
		if len(edges) == 0 || k > edges[len(edges)-1] {
			edges = append(edges, k)
		}
	}
	probs := make([]float64, len(edges)+1)
	prev := 0.0
	for i, e := range edges {
		c := ref.CDF(float64(e))
		probs[i], prev = c-prev, c
	}
	probs[len(edges)] = 1 - prev
	for place := range 10 {
		counts := make([]float64, len(probs))
		for r := range n {
			x := xs[10*r+place]
			i := 0
			for i < len(edges) && x > edges[i] {
				i++
			}
			counts[i]++
		}
		chi2 := 0.0
		for i, c := range counts {
			e := float64(n) * probs[i]
			chi2 += (c - e) * (c - e) / e
		}
		pv := 1 - distuv.ChiSquared{K: float64(len(probs) - 1)}.CDF(chi2)
		require.Greater(t, pv, 1e-6, "place %d: chi-square %.1f over %d cells", place, chi2, len(probs))
	}
	var m0, m1, c01, v0, v1 float64
	for r := range n {
		m0 += float64(xs[10*r]) / float64(n)
		m1 += float64(xs[10*r+1]) / float64(n)
	}
	for r := range n {
		a, b := float64(xs[10*r])-m0, float64(xs[10*r+1])-m1
		c01, v0, v1 = c01+a*b, v0+a*a, v1+b*b
	}
	rho := c01 / math.Sqrt(v0*v1)
	require.InDelta(t, -1.0/9, rho, 5*(1-1.0/81)/math.Sqrt(float64(n)), "correlation of places 0 and 1")
}

// TestMultinomialHugeMean: at N = 2^62 each count's mean is within 5
// standard errors of N·P[i] over 2000 vectors (the counts' low bits are
// kept: a float64 count would be a multiple of 512 there).
func TestMultinomialHugeMean(t *testing.T) {
	d := dist.Multinomial{N: 1 << 62, P: []float64{0.3, 0.2, 0.25, 0.25}}
	n := 2000
	xs := make([]int64, n*4)
	d.Fill(chacha.NewSource(8), xs)
	odd := 0
	for i, p := range d.P {
		mean := 0.0
		for r := range n {
			mean += float64(xs[4*r+i]) / float64(n)
			odd += int(xs[4*r+i] & 1)
		}
		sd := math.Sqrt(float64(d.N) * p * (1 - p) / float64(n))
		require.Less(t, math.Abs(mean-float64(d.N)*p), 5*sd, "place %d", i)
	}
	require.InDelta(t, 4*n/2, odd, 5*math.Sqrt(4*float64(n)/4), "odd counts")
}

// TestMultinomialSmallAfterLarge: a place of tiny probability after one
// of nearly all of it, at N = 2^63-1 over 20000 vectors: its mean count is
// within 6 standard errors of N·P[i]/ΣP (about 922 for 1e-16, 92 for
// 1e-17). Drawn as 1 less the large place's share, its probability would
// round to a multiple of 2^-53 (a mean of 1024 for 1e-16, 0 for 1e-17).
func TestMultinomialSmallAfterLarge(t *testing.T) {
	for _, p := range [][]float64{
		{1 - 1e-16, 1e-16},
		{0.5, 0.5 - 1e-16, 1e-16},
		{1, 1e-17},
		{1e-16, 1 - 1e-16}, // the tiny place first
	} {
		d := dist.Multinomial{N: math.MaxInt64, P: p}
		k, rows := len(p), 20000
		xs := make([]int64, k*rows)
		d.Fill(chacha.NewSource(1), xs)
		sum := 0.0
		for _, v := range p {
			sum += v
		}
		for i, v := range p {
			if v > 1e-10 {
				continue
			}
			mean := 0.0
			for r := range rows {
				mean += float64(xs[k*r+i]) / float64(rows)
			}
			want := float64(d.N) * (v / sum)
			sd := math.Sqrt(want / float64(rows))
			require.Less(t, math.Abs(mean-want), 6*sd, "%+v: place %d's mean count %.1f, want %.1f", d, i, mean, want)
		}
	}
}

// TestMultinomialBadParams: invalid fields and lengths panic naming the
// type and the field, drawing nothing; an empty dst still checks them.
func TestMultinomialBadParams(t *testing.T) {
	for _, c := range []struct {
		d    dist.Multinomial
		n    int
		want string
	}{
		{dist.Multinomial{N: -1, P: []float64{1}}, 1, "dist: Multinomial.N = -1, want >= 0"},
		{dist.Multinomial{N: 3, P: nil}, 0, "dist: Multinomial.P = [], want at least one value"},
		{dist.Multinomial{N: 3, P: []float64{0.5, 0.6, -0.1}}, 3, "dist: Multinomial.P[2] = -0.1, want in [0, 1]"},
		{dist.Multinomial{N: 3, P: []float64{math.NaN(), 1}}, 0, "dist: Multinomial.P[0] = NaN, want in [0, 1]"},
		{dist.Multinomial{N: 3, P: []float64{math.Inf(1)}}, 1, "dist: Multinomial.P[0] = +Inf, want in [0, 1]"},
		{dist.Multinomial{N: 3, P: []float64{0.5, 0.4}}, 2, "dist: Multinomial.P sums to 0.9, want 1 within 1e-9"},
		{dist.Multinomial{N: 3, P: []float64{0.5, 0.5, 0.5}}, 3, "dist: Multinomial.P sums to 1.5, want 1 within 1e-9"},
		{dist.Multinomial{N: 3, P: []float64{0.5, 0.5 + 2e-9}}, 2, "dist: Multinomial.P sums to 1.0000000020000002, want 1 within 1e-9"},
		{dist.Multinomial{N: 3, P: []float64{0.5, 0.5}}, 3, "dist: Multinomial.Fill: len(dst) = 3, want a multiple of len(P) = 2"},
	} {
		panicsUntouched(t, c.want, func(src rand.Source) { c.d.Fill(src, make([]int64, c.n)) })
	}
	// Within the tolerance: a float64 normalisation of a million weights.
	w := make([]float64, 1_000_000)
	r := rand.New(rand.NewPCG(1, 2))
	sum := 0.0
	for i := range w {
		w[i] = r.Float64()
		sum += w[i]
	}
	for i := range w {
		w[i] /= sum
	}
	require.NotPanics(t, func() { dist.Multinomial{N: 10, P: w}.Fill(chacha.NewSource(1), make([]int64, len(w))) })
}
