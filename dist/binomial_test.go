package dist

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// binomialRef is Binomial(n, p) from gonum's Prob over np ± 15 sd + 40,
// for n up to 1e7 (gonum's Prob is a difference of lgammas, accurate to
// about 1e-9 relative there).
func binomialRef(n int64, p float64) discRef {
	np := float64(n) * p
	sd := math.Sqrt(np * (1 - p))
	lo := max(0, int64(np-15*sd-40))
	hi := min(n, int64(np+15*sd+40))
	g := distuv.Binomial{N: float64(n), P: p}
	return discTable(fmt.Sprintf("Binomial(%d, %g)", n, p), func(k int64) float64 { return g.Prob(float64(k)) }, lo, hi)
}

// binomialNormalRef is Binomial(n, p) for n·p·(1-p) of order 1e18 by the
// normal law with continuity correction: by the Berry-Esseen theorem
// (constant 0.4748, Shevtsova 2011) its CDF is within 0.4748·(p² +
// q²)/√(npq) of the binomial's, plus at most the largest pmf 1/√(2πnpq)
// for the correction: below 1e-9 at n = 2^62, p = 0.3, where a cell of
// the chi-square holds 1% of the mass.
func binomialNormalRef(n int64, p float64) discRef {
	np := float64(n) * p // exact for n a power of 2
	sd := math.Sqrt(np * (1 - p))
	center := int64(np)
	off := np - float64(center)
	z := func(k int64) float64 { return (float64(k-center) - off + 0.5) / sd }
	return discRef{
		name:     fmt.Sprintf("Binomial(%d, %g) (normal)", n, p),
		cdf:      func(k int64) float64 { return 0.5 * math.Erfc(-z(k)/math.Sqrt2) },
		sf:       func(k int64) float64 { return 0.5 * math.Erfc(z(k)/math.Sqrt2) },
		lo:       center - int64(15*sd),
		hi:       center + int64(15*sd),
		center:   center,
		mean:     off,
		variance: sd * sd,
		mu4:      sd*sd*(1-6*p*(1-p)) + 3*sd*sd*sd*sd,
	}
}

// binomialPoissonRef is Binomial(n, p) for tiny p by Poisson(n·p): by Le
// Cam's inequality the total variation between the two is at most n·p²
// (4.6e-12 at n = 2^62, p = 1e-15).
func binomialPoissonRef(n int64, p float64) discRef {
	return poissonRef(float64(n) * p)
}

// binomialCase is one law of the grid with its reference, and whether the
// sample is N less the values (the reference is then of that).
type binomialCase struct {
	n    int64
	p    float64
	ref  func() discRef
	flip bool
}

func binomialGrid() []binomialCase {
	c := func(n int64, p float64) binomialCase {
		return binomialCase{n: n, p: p, ref: func() discRef { return binomialRef(n, p) }}
	}
	return []binomialCase{
		c(20, 0.3), c(1000, 0.5), c(1000, 0.01), c(1000, 0.999), c(1_000_000, 1e-6), c(10, 0.5),
		// Inversion at the paper's switch, n·p = 10: 19·0.5, 20·0.5,
		// 1000·0.01, 100·(1 - 0.9) = 9.999999999999998 flipped.
		c(19, 0.5), c(20, 0.5), c(100, 0.9), c(1000, 0.99),
		// Both sides of the switch at n·min(p, 1-p) = 30: 59·0.5 and
		// 1000·0.0299 by inversion, 60·0.5 and 1000·0.03 by BTRS, and
		// flipped 100·(1 - 0.71) = 29.000000000000004 by inversion,
		// 100·(1 - 0.7) = 30.000000000000004 by BTRS.
		c(59, 0.5), c(1000, 0.0299), c(60, 0.5), c(1000, 0.03), c(100, 0.71), c(100, 0.7),
		c(1_000_000, 0.3), c(10_000_000, 0.5),
		{n: 1 << 62, p: 0.3, ref: func() discRef { return binomialNormalRef(1<<62, 0.3) }},
		{n: 1 << 62, p: 1e-15, ref: func() discRef { return binomialPoissonRef(1<<62, 1e-15) }},
		// P = 1 - 1e-15 rounds to 1 - 9.992007221626409e-16, and 1 - P
		// is exact (Go's constant 1 - (1 - 1e-15) would be 1e-15).
		{n: 1 << 62, p: 1 - 1e-15, flip: true, ref: func() discRef { return binomialPoissonRef(1<<62, oneMinus(1-1e-15)) }},
		// Inversion with a huge n: n·p = 9.2.
		{n: 1 << 62, p: 2e-18, ref: func() discRef { return binomialPoissonRef(1<<62, 2e-18) }},
	}
}

// oneMinus returns 1 - p in float64 arithmetic.
func oneMinus(p float64) float64 { return 1 - p }

func TestBinomialFit(t *testing.T) {
	for i, c := range binomialGrid() {
		x := discFill(Binomial{N: c.n, P: c.p}.Fill, uint64(600+i), discSize())
		if c.flip {
			for j := range x {
				x[j] = c.n - x[j]
			}
		}
		bad := discCheck(x, c.ref(), 100)
		require.Empty(t, bad, "Binomial(%d, %g): %s", c.n, c.p, strings.Join(bad, "; "))
	}
}

// TestBinomialHuge checks the low bits of huge values: residues mod 2, 3
// and 1024 uniform, with the mean and variance, for n = 2^62 and p = 0.3,
// and for n = MaxInt64 (whose float64 is 2^63) and p = 0.5.
func TestBinomialHuge(t *testing.T) {
	n := 400_000
	if testing.Short() {
		n = 100_000
	}
	for i, c := range []struct {
		n int64
		p float64
	}{{1 << 62, 0.3}, {math.MaxInt64, 0.5}} {
		x := discFill(Binomial{N: c.n, P: c.p}.Fill, uint64(700+i), n)
		r := binomialNormalRef(c.n, c.p)
		if c.n == math.MaxInt64 {
			// The mean is (2^63 - 1)/2 = 2^62 - 1/2.
			r.center, r.mean = 1<<62, -0.5
		}
		require.Empty(t, discMoments(x, r), "Binomial(%d, %g)", c.n, c.p)
		require.Empty(t, discResidues(x), "Binomial(%d, %g)", c.n, c.p)
		for _, v := range x {
			require.True(t, v >= 0 && v <= c.n)
		}
	}
}

// TestBinomialDegenerate checks N = 0, P = 0 and P = 1: the constant law,
// one word per value.
func TestBinomialDegenerate(t *testing.T) {
	for _, c := range []struct {
		d    Binomial
		want int64
	}{
		{Binomial{N: 0, P: 0.3}, 0}, {Binomial{N: 0, P: 1}, 0}, {Binomial{N: 50, P: 0}, 0},
		{Binomial{N: 50, P: 1}, 50}, {Binomial{N: math.MaxInt64, P: 1}, math.MaxInt64},
		{Binomial{N: math.MaxInt64, P: 0}, 0},
	} {
		src := chacha.NewSource(3)
		ref := *src
		x := make([]int64, 5)
		c.d.Fill(src, x)
		require.Equal(t, []int64{c.want, c.want, c.want, c.want, c.want}, x, "%+v", c.d)
		for range 5 {
			ref.Uint64()
		}
		require.Equal(t, ref.Uint64(), src.Uint64(), "%+v: one word per value", c.d)
		require.Equal(t, c.want, c.d.Rand(src))
	}
}

// binomialExactCDF returns F(0..kmax) of Binomial(n, p) to about 1e-40:
// (1-p)^n and the ratios in 256-bit big.Float, p taken exactly.
func binomialExactCDF(n int64, p float64, kmax int64) []float64 {
	const prec = 256
	bp := new(big.Float).SetPrec(prec).SetFloat64(p)
	q := new(big.Float).SetPrec(prec).Sub(big.NewFloat(1).SetPrec(prec), bp)
	f := new(big.Float).SetPrec(prec).SetFloat64(1)
	pow := new(big.Float).SetPrec(prec).Set(q)
	for e := uint64(n); e > 0; e >>= 1 {
		if e&1 != 0 {
			f.Mul(f, pow)
		}
		pow.Mul(pow, pow)
	}
	out := make([]float64, kmax+1)
	s := new(big.Float).SetPrec(prec)
	for k := int64(0); k <= kmax; k++ {
		if k > 0 {
			f.Mul(f, new(big.Float).SetPrec(prec).SetInt64(n-k+1))
			f.Mul(f, bp)
			f.Quo(f, new(big.Float).SetPrec(prec).SetInt64(k))
			f.Quo(f, q)
		}
		s.Add(s, f)
		out[k], _ = s.Float64()
	}
	return out
}

// binomialInversionCases is the sweep of (n, p) with n·p < 10 that
// inversion draws: small and huge n, p from 0 to 1/2.
func binomialInversionCases() []Binomial {
	var out []Binomial
	for _, n := range []int64{0, 1, 2, 5, 10, 19, 20, 50, 59, 100, 1000, 10_000, 1_000_000, 1 << 40, 1 << 62, math.MaxInt64} {
		for _, p := range []float64{0, 1e-300, 1e-18, 2e-18, 6e-18, 1e-15, 1e-6, 1e-3, 0.00999, 0.01, 0.0299, 0.1, 0.29, 0.3, 0.4999, 0.5} {
			if float64(n)*p < binomialSwitch {
				out = append(out, Binomial{N: n, P: p})
			}
		}
	}
	return out
}

// TestBinomialInversionTable checks the CDF the inversion walks, as
// TestPoissonInversionTable does: F(k) within 1e-14 of the exact CDF below
// the walk's end K, the mass given to K within 1e-14 of the exact P(X >=
// K), K within the table, and the prefix long enough (P(X > k0) < 0.5%).
func TestBinomialInversionTable(t *testing.T) {
	maxK := int64(0)
	for _, c := range binomialInversionCases() {
		n, p := c.N, c.P
		var tab invTable
		tab.binomial(n, p)
		K := int64(0)
		for !math.IsInf(tab.cdf[K], 1) {
			K++
		}
		maxK = max(maxK, K)
		exact := binomialExactCDF(n, p, K)
		for k := range K {
			require.InDelta(t, exact[k], tab.cdf[k], 1e-14, "Binomial(%d, %g), F(%d)", n, p, k)
		}
		if K > 0 {
			require.InDelta(t, 1-exact[K-1], 1-tab.cdf[K-1], 1e-14, "Binomial(%d, %g): mass at K = %d", n, p, K)
		}
		np := float64(n) * p
		k0 := min(n, int64(np+float64(2.5*math.Sqrt(np))+4))
		if k0 < n && k0 <= K {
			require.Less(t, 1-exact[k0], 0.005, "Binomial(%d, %g): prefix %d too short", n, p, k0)
		}
	}
	require.Less(t, maxK, int64(invLen))
	t.Logf("longest Binomial walk: K = %d", maxK)
}

// TestBinomialWalkIsTable checks that Rand's walk and Fill's table give
// the same k for the same word, on both sides of every F(k).
func TestBinomialWalkIsTable(t *testing.T) {
	r := rand.New(chacha.NewSource(13))
	for _, c := range binomialInversionCases() {
		n, p := c.N, c.P
		var tab invTable
		tab.binomial(n, p)
		for _, x := range discEdgeWords(&tab, r) {
			u := open01(x)
			want := tab.draw(x)
			require.Equal(t, want, binomialWalk(u, n, p), "Binomial(%d, %g), word %#x", n, p, x)
			require.Equal(t, want, binomialSearch(u, n, p), "Binomial(%d, %g), word %#x", n, p, x)
		}
	}
}

func TestBinomialFillIsRand(t *testing.T) {
	cases := []Binomial{
		{0, 0.5}, {10, 0}, {10, 1}, {20, 0.3}, {19, 0.5}, {20, 0.5}, {100, 0.9}, {59, 0.5}, {60, 0.5},
		{100, 0.7}, {100, 0.71}, {1000, 0.5},
		{1000, 0.01}, {1000, 0.999}, {5000, 0.5}, {1_000_000, 1e-6}, {1_000_000, 0.3},
		{1 << 62, 0.3}, {1 << 62, 1e-15}, {1 << 62, 1 - 1e-15}, {math.MaxInt64, 0.5},
	}
	for i, d := range cases {
		discSameAsRand(t, fmt.Sprintf("%+v", d), d.Fill, d.Rand, uint64(800+i))
	}
}

// TestBTRSAccuracy checks f(k)/f(m) against mpmath (60 digits, lgammas of
// the exact n and p): log of it within 1e-12 (relative above 1), at the
// extremes k = 0 and k = n too and at n = 2^62 where the lgammas are 1e20.
func TestBTRSAccuracy(t *testing.T) {
	for _, c := range []struct {
		n    int64
		p    float64
		j    int64
		want float64
	}{
		{1000, 0.5, -60, -7.210132834596870973},
		{1000, 0.5, -5, -0.049950864203142100099},
		{1000, 0.5, 0, 0.0},
		{1000, 0.5, 1, -0.0019980026626730560183},
		{1000, 0.5, 33, -2.1774026904250303134},
		{1000, 0.5, 499, -682.55950628886904302},
		{20, 0.5, -10, -12.126791314602454439},
		{20, 0.5, -3, -0.86850006803780659528},
		{20, 0.5, 4, -1.5616472485977519047},
		{20, 0.5, 10, -12.126791314602454439},
		{4611686018427387904, 0.3, -4000000000, -8.2605879845650341803},
		{4611686018427387904, 0.3, -1, -3.0977204928157269047e-19},
		{4611686018427387904, 0.3, 0, 0.0},
		{4611686018427387904, 0.3, 12345, -7.8684146561904837339e-11},
		{4611686018427387904, 0.3, 1000000000, -0.51628674893805533417},
		{4611686018427387904, 1e-15, -300, -9.9890836004959219232},
		{4611686018427387904, 1e-15, 0, 0.0},
		{4611686018427387904, 1e-15, 77, -0.63619519461263398783},
		{4611686018427387904, 1e-15, 500, -26.15620865185401242},
	} {
		var s btrs
		s.init(c.n, c.p)
		got := math.Log(s.ratio(s.m+c.j, float64(c.j)))
		require.InDelta(t, c.want, got, 1e-12*max(1, math.Abs(c.want)), "Binomial(%d, %g), k = m%+d", c.n, c.p, c.j)
	}
	// k = 0 at n = 2^62, p = 1e-15: f(0)/f(m) = e^-4606.5 underflows to 0.
	var s btrs
	s.init(1<<62, 1e-15)
	require.Zero(t, s.ratio(0, float64(-s.m)))
}

// TestBTRSSqueezeRange checks that the squeeze returns a k in [0, n] with
// no range test: at the squeeze's edge |U| = 0.43 for n·p just at and
// above 10, p from 1/2 down to 1e-12.
func TestBTRSSqueezeRange(t *testing.T) {
	for _, p := range []float64{0.5, 0.4, 0.3, 0.1, 0.01, 1e-3, 1e-6, 1e-12} {
		for _, np := range []float64{10, 10.5, 11, 15, 30} {
			n := int64(math.Ceil(np / p))
			if float64(n)*p < binomialSwitch {
				n++
			}
			var s btrs
			s.init(n, p)
			for _, u := range []float64{-0.43, 0.43} {
				us := 0.5 - math.Abs(u)
				j := math.Floor(float64((s.twoA/us+s.b)*u) + s.cj)
				k := s.m + int64(j)
				require.True(t, k >= 0 && k <= n, "Binomial(%d, %g), U %g: k = %d", n, p, u, k)
			}
		}
	}
}

func TestBinomialBadParams(t *testing.T) {
	for _, c := range []struct {
		d   Binomial
		msg string
	}{
		{Binomial{N: -1, P: 0.5}, "dist: Binomial.N = -1, want >= 0"},
		{Binomial{N: math.MinInt64, P: 0.5}, "dist: Binomial.N = -9223372036854775808, want >= 0"},
		{Binomial{N: 10, P: math.NaN()}, "dist: Binomial.P = NaN, want in [0, 1]"},
		{Binomial{N: 10, P: -0.1}, "dist: Binomial.P = -0.1, want in [0, 1]"},
		{Binomial{N: 10, P: 1.1}, "dist: Binomial.P = 1.1, want in [0, 1]"},
		{Binomial{N: 10, P: math.Inf(1)}, "dist: Binomial.P = +Inf, want in [0, 1]"},
		{Binomial{N: 10, P: math.Inf(-1)}, "dist: Binomial.P = -Inf, want in [0, 1]"},
	} {
		d := c.d
		discPanics(t, c.msg, func(s rand.Source) { d.Rand(s) })
		discPanics(t, c.msg, func(s rand.Source) { d.Fill(s, make([]int64, 3)) })
	}
}

// TestBinomialLong sweeps more (n, p) with bigger samples.
func TestBinomialLong(t *testing.T) {
	t.Parallel() // a long, self-contained sweep: the long sweeps share the cores
	long.Skip(t)
	r := rand.New(chacha.NewSource(14))
	for i := range 40 {
		n := int64(math.Exp(r.Float64() * math.Log(1e7)))
		p := r.Float64()
		if i%2 == 0 {
			p = math.Exp(-r.Float64() * math.Log(1e6))
		}
		x := discFill(Binomial{N: n, P: p}.Fill, uint64(900+i), 5_000_000)
		bad := discCheck(x, binomialRef(n, p), 200)
		require.Empty(t, bad, "Binomial(%d, %g): %s", n, p, strings.Join(bad, "; "))
	}
}
