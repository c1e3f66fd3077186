package dist

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// The shared machinery of the discrete laws' tests (Poisson, Binomial,
// Geometric): a reference law given by its CDF and survival function, and
// checks that return what they found wrong (nothing for a right sampler),
// so that the power tests can assert that a wrong sampler is caught.

// discAlpha is the p-value below which a chi-square check fails: with
// about a hundred checks over the grid, a false alarm has probability
// 1e-4 even if the seeds were not fixed.
const discAlpha = 1e-6

// discRef is a reference law on the integers: cdf(k) = P(X <= k) and sf(k)
// = P(X > k), each accurate where it is small; [lo, hi] holds every
// quantile the checks look for.
type discRef struct {
	name     string
	cdf, sf  func(k int64) float64
	lo, hi   int64
	mean     float64 // mean - center
	center   int64   // subtracted from the values before the moments
	variance float64
	mu4      float64 // fourth central moment (for the variance's error)
}

// quantile returns the least k in [lo, hi] with cdf(k) >= q.
func (r discRef) quantile(q float64) int64 {
	lo, hi := r.lo, r.hi
	for lo < hi {
		mid := lo + (hi-lo)/2
		if r.cdf(mid) >= q {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// upper returns the least k in [lo, hi] with sf(k) <= q.
func (r discRef) upper(q float64) int64 {
	lo, hi := r.lo, r.hi
	for lo < hi {
		mid := lo + (hi-lo)/2
		if r.sf(mid) <= q {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// discChi2 returns the chi-square statistic, degrees of freedom and
// p-value of x against r over about nb cells of equal probability, cells
// of expected count below 5 merged into their neighbours.
func discChi2(x []int64, r discRef, nb int) (stat float64, df int, p float64) {
	var edges []int64 // cell i is (edges[i-1], edges[i]]; the last is open
	for i := 1; i < nb; i++ {
		e := r.quantile(float64(i) / float64(nb))
		if len(edges) == 0 || e > edges[len(edges)-1] {
			edges = append(edges, e)
		}
	}
	n := float64(len(x))
	probs := make([]float64, len(edges)+1)
	for i, e := range edges {
		if i == 0 {
			probs[i] = r.cdf(e)
		} else if r.cdf(e) < 0.5 {
			probs[i] = r.cdf(e) - r.cdf(edges[i-1])
		} else {
			probs[i] = r.sf(edges[i-1]) - r.sf(e)
		}
	}
	probs[len(edges)] = r.sf(edges[len(edges)-1])
	counts := make([]float64, len(probs))
	for _, v := range x {
		counts[sort.Search(len(edges), func(i int) bool { return edges[i] >= v })]++
	}
	// Merge cells of expected count below 5, left to right, the last into
	// its left neighbour.
	var ec, oc []float64
	var e, o float64
	for i := range probs {
		e += n * probs[i]
		o += counts[i]
		if e >= 5 {
			ec, oc = append(ec, e), append(oc, o)
			e, o = 0, 0
		}
	}
	if len(ec) == 0 {
		return 0, 0, 1
	}
	ec[len(ec)-1] += e
	oc[len(oc)-1] += o
	for i := range ec {
		stat += (oc[i] - ec[i]) * (oc[i] - ec[i]) / ec[i]
	}
	df = len(ec) - 1
	if df == 0 {
		return 0, 0, 1
	}
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// discCheck returns what it finds wrong with x as a sample of r: the
// chi-square p-value over nb cells, the mean and variance beyond 5
// standard errors, and the fractions beyond the far quantiles (1e-3, 1e-5
// on each side, where the expected count is at least 10) beyond 5
// standard errors.
func discCheck(x []int64, r discRef, nb int) []string {
	var bad []string
	n := float64(len(x))
	if stat, df, p := discChi2(x, r, nb); p < discAlpha {
		bad = append(bad, fmt.Sprintf("chi-square %.1f on %d df, p = %.3g", stat, df, p))
	}
	var s1, s2 float64
	for _, v := range x {
		d := float64(v-r.center) - r.mean
		s1 += d
		s2 += d * d
	}
	m := s1 / n
	v := s2/n - m*m
	if z := m / math.Sqrt(r.variance/n); math.Abs(z) > 5 {
		bad = append(bad, fmt.Sprintf("mean off by %.3g (%.1f SE)", m, z))
	}
	if r.variance > 0 {
		if z := (v - r.variance) / math.Sqrt((r.mu4-r.variance*r.variance)/n); math.Abs(z) > 5 {
			bad = append(bad, fmt.Sprintf("variance %.6g, want %.6g (%.1f SE)", v, r.variance, z))
		}
	}
	for _, q := range []float64{1e-3, 1e-5} {
		if n*q < 10 {
			continue
		}
		// Lower tail: the greatest k with cdf(k) <= q.
		if k := r.quantile(q) - 1; k >= r.lo {
			want := r.cdf(k)
			if n*want >= 10 {
				got := float64(discCount(x, func(v int64) bool { return v <= k }))
				if z := (got - n*want) / math.Sqrt(n*want); math.Abs(z) > 5 {
					bad = append(bad, fmt.Sprintf("P(X <= %d) = %.4g, want %.4g (%.1f SE)", k, got/n, want, z))
				}
			}
		}
		if k := r.upper(q); k < r.hi {
			want := r.sf(k)
			if n*want >= 10 {
				got := float64(discCount(x, func(v int64) bool { return v > k }))
				if z := (got - n*want) / math.Sqrt(n*want); math.Abs(z) > 5 {
					bad = append(bad, fmt.Sprintf("P(X > %d) = %.4g, want %.4g (%.1f SE)", k, got/n, want, z))
				}
			}
		}
	}
	return bad
}

func discCount(x []int64, f func(int64) bool) int {
	n := 0
	for _, v := range x {
		if f(v) {
			n++
		}
	}
	return n
}

// discResidues returns what it finds wrong with the residues of x mod 2, 3
// and 1024 as uniform (chi-square): the test of a law whose spread is far
// above 1024, where any quantisation of the low bits shows.
func discResidues(x []int64) []string {
	var bad []string
	for _, mod := range []int64{2, 3, 1024} {
		c := make([]float64, mod)
		for _, v := range x {
			c[v%mod]++
		}
		e := float64(len(x)) / float64(mod)
		var stat float64
		for _, o := range c {
			stat += (o - e) * (o - e) / e
		}
		if p := (distuv.ChiSquared{K: float64(mod - 1)}).Survival(stat); p < discAlpha {
			bad = append(bad, fmt.Sprintf("residues mod %d: chi-square %.1f, p = %.3g", mod, stat, p))
		}
	}
	return bad
}

// discTable returns a reference from pmf summed over [lo, hi] (the mass
// outside below 1e-20), with the moments from the same sums.
func discTable(name string, pmf func(k int64) float64, lo, hi int64) discRef {
	p := make([]float64, hi-lo+1)
	for i := range p {
		p[i] = pmf(lo + int64(i))
	}
	// Prefix sums from the left for cdf, from the right for sf, each
	// summed smallest first.
	cdf := make([]float64, len(p))
	sf := make([]float64, len(p)) // sf[i] = P(X > lo+i)
	var s float64
	for i := range p {
		s += p[i]
		cdf[i] = s
	}
	s = 0
	for i := len(p) - 1; i >= 0; i-- {
		sf[i] = s
		s += p[i]
	}
	total := cdf[len(cdf)-1]
	center := lo + int64(len(p)/2)
	var m1 float64
	for i, q := range p {
		m1 += q * float64(lo+int64(i)-center)
	}
	m1 /= total
	var m2, m4 float64
	for i, q := range p {
		d := float64(lo+int64(i)-center) - m1
		m2 += q * d * d
		m4 += q * d * d * d * d
	}
	r := discRef{
		name: name, lo: lo, hi: hi, center: center, mean: m1,
		variance: m2 / total, mu4: m4 / total,
	}
	r.cdf = func(k int64) float64 {
		switch {
		case k < lo:
			return 0
		case k >= hi:
			return 1
		}
		return cdf[k-lo] / total
	}
	r.sf = func(k int64) float64 {
		switch {
		case k < lo:
			return 1
		case k >= hi:
			return 0
		}
		return sf[k-lo] / total
	}
	return r
}

// poissonRef is Poisson(lam) from gonum's Prob over mean ± 15 sd + 40.
func poissonRef(lam float64) discRef {
	sd := math.Sqrt(lam)
	lo := max(0, int64(lam-15*sd-40))
	hi := int64(lam + 15*sd + 40)
	g := distuv.Poisson{Lambda: lam}
	return discTable(fmt.Sprintf("Poisson(%g)", lam), func(k int64) float64 { return g.Prob(float64(k)) }, lo, hi)
}

// discFill returns n values of fill from chacha seed.
func discFill(fill func(rand.Source, []int64), seed uint64, n int) []int64 {
	x := make([]int64, n)
	fill(chacha.NewSource(seed), x)
	return x
}

// discSize is the sample size of each law of the grid.
func discSize() int {
	if testing.Short() {
		return 200_000
	}
	return 1_000_000
}

func TestPoissonFit(t *testing.T) {
	// The grid: inversion from 1e-6 (also at the paper's switch, 9.99, 10
	// and 10.01), both sides of the switch at 30 (29.99, the float below
	// 30, 30, 30.01), PTRS up to 1e9.
	lams := []float64{1e-6, 0.1, 1, 3, 9.99, 10, 10.01, 29.99, math.Nextafter(30, 0), 30, 30.01, 100, 1e4, 1e6, 1e9}
	for i, lam := range lams {
		x := discFill(Poisson{Lambda: lam}.Fill, uint64(100+i), discSize())
		bad := discCheck(x, poissonRef(lam), 100)
		require.Empty(t, bad, "Poisson(%g)", lam)
	}
}

// TestPoissonTiny checks lambda = 1e-6 where the chi-square has one cell:
// the number of nonzero values, (1 - e^-λ)·n = 10 expected in 1e7, and
// that none is above 2 (P(X >= 3) = 1.7e-19).
func TestPoissonTiny(t *testing.T) {
	const n = 10_000_000
	src := chacha.NewSource(7)
	x := make([]int64, 1_000_000)
	nz, big := 0, 0
	for range n / len(x) {
		Poisson{Lambda: 1e-6}.Fill(src, x)
		nz += discCount(x, func(v int64) bool { return v != 0 })
		big += discCount(x, func(v int64) bool { return v > 2 })
	}
	want := n * -math.Expm1(-1e-6)
	// Poisson(want) counts: within 5 sd, and at least one.
	require.InDelta(t, want, float64(nz), 5*math.Sqrt(want)+1)
	require.Positive(t, nz)
	require.Zero(t, big)
	// Lambda = 0 is the law that is always 0 (one word per value).
	require.Equal(t, []int64{0, 0, 0}, discFill(Poisson{}.Fill, 1, 3))
}

// TestPoissonHuge checks lambda = 2^62, the largest taken, and 1e15 (where
// k·log λ - lgamma(k+1) would have no correct digit): the mean and
// variance, and the residues mod 2, 3 and 1024 uniform (the spread 2^31 is
// far above 1024), which a k computed as a float near 2^62 (a multiple of
// 1024) fails.
func TestPoissonHuge(t *testing.T) {
	n := 400_000
	if testing.Short() {
		n = 100_000
	}
	for i, lam := range []float64{1e15, poissonMaxLambda} {
		x := discFill(Poisson{Lambda: lam}.Fill, uint64(200+i), n)
		center := int64(lam)
		r := discRef{center: center, mean: lam - float64(center), variance: lam, mu4: lam * (1 + 3*lam)}
		require.Empty(t, discMoments(x, r), "Poisson(%g)", lam)
		require.Empty(t, discResidues(x), "Poisson(%g)", lam)
	}
}

// discMoments is discCheck's mean and variance checks alone.
func discMoments(x []int64, r discRef) []string {
	var bad []string
	n := float64(len(x))
	var s1, s2 float64
	for _, v := range x {
		d := float64(v-r.center) - r.mean
		s1 += d
		s2 += d * d
	}
	m := s1 / n
	v := s2/n - m*m
	if z := m / math.Sqrt(r.variance/n); math.Abs(z) > 5 {
		bad = append(bad, fmt.Sprintf("mean off by %.4g (%.1f SE)", m, z))
	}
	if z := (v - r.variance) / math.Sqrt((r.mu4-r.variance*r.variance)/n); math.Abs(z) > 5 {
		bad = append(bad, fmt.Sprintf("variance %.6g, want %.6g (%.1f SE)", v, r.variance, z))
	}
	return bad
}

// TestDiscretePower checks that the checks catch wrong samplers: each law
// drawn with a parameter 1% off (or the low bits of huge values cleared)
// must fail them. It is what makes the passing grid mean something.
func TestDiscretePower(t *testing.T) {
	n := discSize()
	for i, lam := range []float64{3, 10, 29.99, 30, 100, 1e4, 1e9} {
		x := discFill(Poisson{Lambda: lam * 1.01}.Fill, uint64(300+i), n)
		require.NotEmpty(t, discCheck(x, poissonRef(lam), 100), "Poisson(%g) drawn 1%% high", lam)
	}
	for i, c := range []struct {
		n int64
		p float64
	}{{20, 0.3}, {60, 0.5}, {1000, 0.5}, {1000, 0.01}, {1000, 0.999}} {
		x := discFill(Binomial{N: c.n, P: c.p * 0.99}.Fill, uint64(310+i), n)
		require.NotEmpty(t, discCheck(x, binomialRef(c.n, c.p), 100), "Binomial(%d, %g) drawn 1%% low", c.n, c.p)
	}
	for i, p := range []float64{0.5, 0.01, 1e-6} {
		x := discFill(Geometric{P: p * 1.01}.Fill, uint64(320+i), n)
		require.NotEmpty(t, discCheck(x, geometricRef(p), 100), "Geometric(%g) drawn 1%% high", p)
	}
	// Values of the right law with their low 9 bits cleared, as a float
	// k near 2^61 has them.
	x := discFill(Binomial{N: 1 << 62, P: 0.3}.Fill, 330, 100_000)
	for i := range x {
		x[i] &^= 511
	}
	require.NotEmpty(t, discResidues(x))
}

// poissonExactCDF returns F(0..kmax) of Poisson(lam) to about 1e-17: terms
// from math.Lgamma (relative error ~1e-15 each) summed in big.Float.
func poissonExactCDF(lam float64, kmax int) []float64 {
	out := make([]float64, kmax+1)
	s := new(big.Float).SetPrec(200)
	for k := 0; k <= kmax; k++ {
		lg, _ := math.Lgamma(float64(k + 1))
		var term float64
		if lam > 0 {
			term = math.Exp(-lam + float64(k)*math.Log(lam) - lg)
		} else if k == 0 {
			term = 1
		}
		s.Add(s, big.NewFloat(term))
		out[k], _ = s.Float64()
	}
	return out
}

// discLambdas is the sweep of inversion lambdas: the grid's, the ends, and
// 300 more spread over (0, 30) by a fixed rule.
func discLambdas() []float64 {
	l := []float64{0, 5e-324, 1e-300, 1e-6, 0.1, 0.5, 1, 2, 3, 9.99, 10, 29.99, math.Nextafter(30, 0)}
	r := rand.New(chacha.NewSource(9))
	for range 300 {
		l = append(l, 30*r.Float64())
	}
	return l
}

// TestPoissonInversionTable checks the CDF the inversion walks: F(k)
// within 1e-14 of the exact CDF for every k below the walk's end K, the
// mass left at K (1 - F(K-1)) below 1e-14, K within the table, and the
// prefix of poissonWalk long enough that its fallback is rare (P(X > k0) <
// 0.5%). Since u takes each of 2^52 equally spaced values with equal
// probability, these bound every probability the sampler gives: the exact
// one within 2e-14.
func TestPoissonInversionTable(t *testing.T) {
	maxK := int64(0)
	for _, lam := range discLambdas() {
		var tab invTable
		tab.poisson(lam)
		K := int64(0)
		for !math.IsInf(tab.cdf[K], 1) {
			K++
		}
		maxK = max(maxK, K)
		exact := poissonExactCDF(lam, int(K))
		for k := range K {
			require.InDelta(t, exact[k], tab.cdf[k], 1e-14, "lambda %g, F(%d)", lam, k)
		}
		require.Less(t, 1-tab.cdf[K-1], 1e-14, "lambda %g: mass left at K = %d", lam, K)
		k0 := int64(lam + float64(2.5*math.Sqrt(lam)) + 4)
		if k0 < int64(len(exact)) {
			require.Less(t, 1-exact[k0], 0.005, "lambda %g: prefix %d too short", lam, k0)
		}
		for i, g := range tab.guide {
			// guide[i] is the least k with F(k) > i/256.
			require.Greater(t, tab.cdf[g], float64(i)/256)
			if g > 0 {
				require.LessOrEqual(t, tab.cdf[g-1], float64(i)/256)
			}
		}
	}
	require.Less(t, maxK, int64(invLen))
	t.Logf("longest Poisson walk: K = %d", maxK)
}

// discEdgeWords returns words whose uniforms sit on each side of every F(k)
// of tab below its end, plus the least and greatest uniforms and random
// words: the inputs where a table lookup and a walk could part.
func discEdgeWords(tab *invTable, r *rand.Rand) []uint64 {
	var out []uint64
	word := func(m int64) uint64 {
		m = min(max(m, 0), 1<<52-1)
		return uint64(m)<<12 | r.Uint64()&0xFFF
	}
	for k := 0; !math.IsInf(tab.cdf[k], 1); k++ {
		// The least m with (m + 1/2)/2^52 >= F(k).
		m := int64(math.Ceil(tab.cdf[k]*0x1p52 - 0.5))
		for d := int64(-2); d <= 1; d++ {
			out = append(out, word(m+d))
		}
	}
	out = append(out, word(0), word(1<<52-1))
	for range 2000 {
		out = append(out, r.Uint64())
	}
	return out
}

// TestPoissonWalkIsTable checks that Rand's walk (with its branch-free
// prefix and its fallback) and Fill's table give the same k for the same
// word, on both sides of every F(k).
func TestPoissonWalkIsTable(t *testing.T) {
	r := rand.New(chacha.NewSource(11))
	for _, lam := range discLambdas() {
		var tab invTable
		tab.poisson(lam)
		for _, x := range discEdgeWords(&tab, r) {
			u := open01(x)
			want := tab.draw(x)
			require.Equal(t, want, poissonWalk(u, lam), "lambda %g, word %#x", lam, x)
			require.Equal(t, want, poissonSearch(u, lam), "lambda %g, word %#x", lam, x)
		}
	}
}

// discSameAsRand checks that Fill of each length gives the values of as
// many Rand calls and leaves the source where they do, on a chacha source
// (Fill reads its buffer) and on a plain one.
func discSameAsRand(t *testing.T, name string, fill func(rand.Source, []int64), rnd func(rand.Source) int64, seed uint64) {
	t.Helper()
	for _, n := range []int{0, 1, 2, 3, 127, 128, 129, 1000} {
		a := chacha.NewSource(seed)
		b := *a
		got := make([]int64, n)
		fill(a, got)
		want := make([]int64, n)
		for i := range want {
			want[i] = rnd(&b)
		}
		require.Equal(t, want, got, "%s: Fill(%d) is not %d Rand calls", name, n, n)
		require.Equal(t, b.Uint64(), a.Uint64(), "%s: Fill(%d) left the source elsewhere", name, n)
		c := chacha.NewSource(seed)
		fill(plainSource{c}, got)
		require.Equal(t, want, got, "%s: Fill(%d) on a plain Source", name, n)
	}
}

// plainSource hides a generator's buffer: Fill takes the per-call path.
type plainSource struct{ s rand.Source }

func (p plainSource) Uint64() uint64 { return p.s.Uint64() }

func TestPoissonFillIsRand(t *testing.T) {
	lams := []float64{0, 1e-6, 3, 9.99, 10, 29.99, 30, 30.01, 100, 777.7, 1e4, 1e6, 1e9, 1e15, poissonMaxLambda}
	for i, lam := range lams {
		d := Poisson{Lambda: lam}
		discSameAsRand(t, fmt.Sprintf("Poisson(%g)", lam), d.Fill, d.Rand, uint64(400+i))
	}
}

// TestPTRSAccuracy checks the pieces of PTRS's acceptance test against
// values from mpmath (60 digits): δ(k), bd0 and log p(k), each within a few
// ulps of numbers of size 1 (absolute 1e-13, relative 1e-13).
func TestPTRSAccuracy(t *testing.T) {
	for _, c := range []struct{ k, want float64 }{
		{1.0, 0.08106146679532725822},
		{2.0, 0.041340695955409294094},
		{15.0, 0.005554733551962801371},
		{16.0, 0.0052076559196096404407},
		{17.0, 0.0049013959484347378607},
		{35.0, 0.0023808876082341119857},
		{36.0, 0.0023147552905146838668},
		{80.0, 0.0010416612415616190685},
		{81.0, 0.0010288013577107775094},
		{500.0, 0.00016666664444446984119},
		{501.0, 0.00016633397657993270518},
		{1000.0, 0.000083333330555556349206},
		{1000000.0, 8.3333333333330555556e-8},
		{1099511627776.0, 7.5791225147744019826e-14},
		{1000000000000000.0, 8.3333333333333333333e-17},
		{4.611686018427388e+18, 1.8070036208091740567e-20},
		// Each side of the series' cutoffs.
		{34.0, 0.0024509097354381183431},
		{35.0, 0.0023808876082341119857},
		{36.0, 0.0023147552905146838668},
		{79.0, 0.0010548466869410077596},
		{80.0, 0.0010416612415616190685},
		{81.0, 0.0010288013577107775094},
		{499.0, 0.00016700064564660699092},
		{500.0, 0.00016666664444446984119},
		{501.0, 0.00016633397657993270518},
	} {
		// The log-ratios need δ to an absolute 1e-16 or so.
		require.InDelta(t, c.want, stirlingErr(c.k), 3e-17+1e-15*c.want, "stirlingErr(%g)", c.k)
	}
	for _, c := range []struct{ mu, d, want float64 }{
		{10.0, 0.5, 0.012296723779036032186},
		{10.0, -9.0, 6.697414907005954316},
		{10.0, 30.0, 25.451774444795624753},
		{100.0, 3.0, 0.04455663087907348146},
		{100.0, -1.0, 0.0050167505033573228287},
		{1000000000.0, 12345.0, 0.076199198940941503399},
		{1000000000.0, -350000.0, 61.257147084116837333},
		{4.611686018427388e+18, 1000000000.0, 0.1084202172407138144},
		{4.611686018427388e+18, -30000000000.0, 97.578195735284382897},
		{1.3835058055282163e+18, 2500000000.0, 2.2587545246509417867},
		{4611.686018427388, -100.0, 1.0921248880542144408},
	} {
		require.InEpsilon(t, c.want, loaderBD0(c.mu, c.d), 1e-13, "bd0(%g, %g)", c.mu, c.d)
	}
	for _, c := range []struct {
		lam  float64
		k    int64
		want float64
	}{
		{10.0, 0, -10.0},
		{10.0, 1, -7.697414907005954316},
		{10.0, 10, -2.078561643135058455},
		{10.0, 25, -10.438977898129377839},
		{10.0, 60, -60.473067844028850146},
		{100.3, 50, -18.3694822033785383},
		{100.3, 100, -3.2228060587745054508},
		{100.3, 160, -18.478345516026692368},
		{1000000000.0, 999850000, -22.531058988326958847},
		{1000000000.0, 1000000000, -11.280571451761211653},
		{1000000000.0, 1000012345, -11.356776823164052685},
		{4.611686018427388e+18, 4611686008427387904, -33.248522862170448514},
		{4.611686018427388e+18, 4611686018427387904, -22.406501130562977334},
		{4.611686018427388e+18, 4611686021427387911, -23.382283090467252122},
	} {
		var s ptrs
		s.init(c.lam)
		j := float64(c.k - s.m)
		got := math.Log(s.pmf(c.k, j))
		require.InDelta(t, c.want, got, 1e-13*max(1, math.Abs(c.want)), "log p(%d; %g)", c.k, c.lam)
	}
}

// TestPTRSSqueezeRange checks that the squeeze never returns a negative k:
// at λ = 10, the least λ the paper's PTRS takes, k at the squeeze's edge
// |U| = 0.43 is still >= 0 (larger λ only moves it up, relative to the
// spread).
func TestPTRSSqueezeRange(t *testing.T) {
	for _, lam := range []float64{10, 10.5, 12, 20} {
		var s ptrs
		s.init(lam)
		for _, u := range []float64{-0.43, 0.43} {
			us := 0.5 - math.Abs(u)
			j := math.Floor(float64((s.twoA/us+s.b)*u) + s.c)
			require.GreaterOrEqual(t, s.m+int64(j), int64(0), "lambda %g, U %g", lam, u)
		}
	}
}

// discPanics checks that f panics with msg and leaves the source unmoved.
func discPanics(t *testing.T, msg string, f func(rand.Source)) {
	t.Helper()
	src := chacha.NewSource(1)
	ref := *src
	require.PanicsWithValue(t, msg, func() { f(src) })
	require.Equal(t, ref.Uint64(), src.Uint64(), "%s: the source moved", msg)
}

func TestPoissonBadParams(t *testing.T) {
	for _, c := range []struct {
		lam float64
		msg string
	}{
		{-1, "dist: Poisson.Lambda = -1, want >= 0"},
		{math.Inf(-1), "dist: Poisson.Lambda = -Inf, want >= 0"},
		{math.NaN(), "dist: Poisson.Lambda = NaN, want in [0, 4.611686018427388e+18]"},
		{math.Inf(1), "dist: Poisson.Lambda = +Inf, want <= 4.611686018427388e+18"},
		{1e300, "dist: Poisson.Lambda = 1e+300, want <= 4.611686018427388e+18"},
		{math.Nextafter(poissonMaxLambda, math.Inf(1)), "dist: Poisson.Lambda = 4.611686018427389e+18, want <= 4.611686018427388e+18"},
	} {
		d := Poisson{Lambda: c.lam}
		discPanics(t, c.msg, func(s rand.Source) { d.Rand(s) })
		discPanics(t, c.msg, func(s rand.Source) { d.Fill(s, make([]int64, 3)) })
	}
}

// TestPoissonLong sweeps more lambdas with bigger samples.
func TestPoissonLong(t *testing.T) {
	t.Parallel() // a long, self-contained sweep: the long sweeps share the cores
	long.Skip(t)
	r := rand.New(chacha.NewSource(12))
	var lams []float64
	for range 40 {
		lams = append(lams, math.Exp(math.Log(1e-3)+r.Float64()*math.Log(1e9/1e-3)))
	}
	lams = append(lams, 29.9, 29.999999, 30.000001, 30.1)
	slices.Sort(lams)
	for i, lam := range lams {
		x := discFill(Poisson{Lambda: lam}.Fill, uint64(500+i), 5_000_000)
		bad := discCheck(x, poissonRef(lam), 200)
		require.Empty(t, bad, "Poisson(%g): %s", lam, strings.Join(bad, "; "))
	}
}

// TestTryU checks that tryU's integer path gives the floats of open01(x) -
// 0.5 and 0.5 - |u|, and that the integer thresholds decide as the float
// comparisons do, on each side of them.
func TestTryU(t *testing.T) {
	r := rand.New(chacha.NewSource(15))
	xs := []uint64{0, 1<<12 - 1, (1<<51 - 1) << 12, 1 << 63, (1<<52 - 1) << 12, math.MaxUint64}
	for range 100_000 {
		xs = append(xs, r.Uint64())
	}
	for _, x := range xs {
		u, us, mu := tryU(x)
		want := open01(x) - 0.5
		require.Equal(t, math.Float64bits(want), math.Float64bits(u), "word %#x", x)
		require.Equal(t, math.Float64bits(0.5-math.Abs(want)), math.Float64bits(us), "word %#x", x)
		require.Equal(t, us, open01(uint64(mu)<<12), "word %#x", x)
	}
	for _, c := range []float64{0.07, 0.013, 0.5, 0.9277 - 3.6224/(10-2), 0.92 - 4.2/41.15, 1e-9, 1 - 1e-9} {
		lo, hi := open01Least(c), open01Most(c)
		for m := lo - 3; m <= lo+3; m++ {
			require.Equal(t, open01(uint64(m)<<12) >= c, m >= lo, "c %g, m %d", c, m)
		}
		for m := hi - 3; m <= hi+3; m++ {
			require.Equal(t, open01(uint64(m)<<12) <= c, m <= hi, "c %g, m %d", c, m)
		}
	}
}
