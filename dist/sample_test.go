package dist_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// rowsCase is a sampler of rows of k indices as a law of the golden test:
// fill(src, n) draws rows until it has n values (the last row cut short).
func rowsCase(name string, k int, row func(src rand.Source, dst []int) error) lawCase {
	return lawCase{
		name: name,
		fill: func(src rand.Source, n int) []uint64 {
			out := make([]uint64, 0, n)
			r := make([]int, k)
			for len(out) < n {
				d := r[:min(k, n-len(out))]
				if err := row(src, d); err != nil {
					panic(err)
				}
				for _, x := range d {
					out = append(out, uint64(x))
				}
			}
			return out
		},
	}
}

func sampleCase(k, n int) lawCase {
	return rowsCase(fmt.Sprintf("dist.Sample(k=%d, n=%d)", k, n), k, func(src rand.Source, dst []int) error { return dist.Sample(src, dst, n) })
}

func weightedSampleCase(name string, k int, w []float64) lawCase {
	return rowsCase(fmt.Sprintf("dist.WeightedSample(k=%d, %s)", k, name), k, func(src rand.Source, dst []int) error { return dist.WeightedSample(src, dst, w) })
}

// extremeWeights spans the float64 range, with zeros, each positive
// weight at least 1e8 times the next smaller one.
var extremeWeights = []float64{1e-300, 1e300, 0, 1, 5e-324, 1e-150, 0, 1e150, 1e-20, math.MaxFloat64}

func init() {
	vectorLaws = append(vectorLaws,
		sampleCase(7, 7),           // k = n: in place
		sampleCase(5, 20),          // k >= n/4: an array of n
		sampleCase(10, 1000000000), // the hash of swaps
		weightedSampleCase("[1 2 3 0 5 6.5 7 8 9 10]", 3, tenWeights),
		weightedSampleCase("1000 weights 1/(i+1)², zeros, 1e-300s", 10, skewedWeights(1000)),
		weightedSampleCase("1e-300..MaxFloat64", 4, extremeWeights),
	)
}

// plain hides a Source's kind, so dist takes the per-call path.
type plain struct{ s rand.Source }

func (p plain) Uint64() uint64 { return p.s.Uint64() }

// TestSampleSourceKinds: Sample and WeightedSample give the same values on
// every kind of Source, at every byte offset, as on the per-call path over
// the same stream, and leave it at the same place.
func TestSampleSourceKinds(t *testing.T) {
	w := skewedWeights(300)
	calls := []struct {
		name string
		f    func(src rand.Source, dst []int) error
		ks   []int
	}{
		{"Sample n=50", func(src rand.Source, dst []int) error { return dist.Sample(src, dst, 50) }, []int{0, 1, 12, 13, 50}},
		{"Sample n=1e6", func(src rand.Source, dst []int) error { return dist.Sample(src, dst, 1e6) }, []int{1, 10, 200, 1000}},
		{"WeightedSample", func(src rand.Source, dst []int) error { return dist.WeightedSample(src, dst, w) }, []int{0, 1, 5, 100, 297}},
	}
	for _, c := range calls {
		for si, s := range sources {
			for ki, k := range c.ks {
				for off := range 8 {
					if off != (ki+si)%8 && k > 20 {
						continue
					}
					a, b := s.new(uint64(k)), s.new(uint64(k))
					skip(t, a, off)
					skip(t, b, off)
					got, want := make([]int, k), make([]int, k)
					require.NoError(t, c.f(a, got))
					require.NoError(t, c.f(plain{b}, want))
					require.Equal(t, want, got, "%s on %s: k = %d at offset %d", c.name, s.name, k, off)
					require.Equal(t, b.Uint64(), a.Uint64(), "%s on %s: the Source after k = %d at offset %d", c.name, s.name, k, off)
				}
			}
		}
	}
}

// requireDistinct checks that dst holds distinct indices of [0, n).
func requireDistinct(t *testing.T, dst []int, n int, what string) {
	var seen map[int]bool
	if len(dst) > 64 {
		seen = make(map[int]bool, len(dst))
	}
	for i, x := range dst {
		if x < 0 || x >= n || seen[x] || seen == nil && containsInt(dst[:i], x) {
			t.Fatalf("%s: %v: %d repeated or out of [0, %d)", what, dst, x, n)
		}
		if seen != nil {
			seen[x] = true
		}
	}
}

// TestSampleUniform: every index equally likely in every position
// (chi-square over the position × index counts), and every ordered tuple
// equally likely where there are few, on each of Sample's three methods
// (k = n, k >= n/4, the hash of swaps).
func TestSampleUniform(t *testing.T) {
	for _, c := range []struct{ k, n, draws int }{
		{4, 4, 48000},   // k = n: 24 orders
		{3, 5, 60000},   // an array of n: 60 tuples
		{2, 6, 30000},   // an array of n: 30 tuples
		{2, 12, 66000},  // the hash: 132 tuples
		{5, 100, 50000}, // the hash, colliding often
		{1, 7, 7000},
	} {
		src := chacha.NewSource(uint64(c.k*1000 + c.n))
		pos := make([][]int, c.k)
		for i := range pos {
			pos[i] = make([]int, c.n)
		}
		tuples := map[string]int{}
		dst := make([]int, c.k)
		for range c.draws {
			if err := dist.Sample(src, dst, c.n); err != nil {
				t.Fatal(err)
			}
			requireDistinct(t, dst, c.n, fmt.Sprintf("Sample(k=%d, n=%d)", c.k, c.n))
			for i, x := range dst {
				pos[i][x]++
			}
			tuples[fmt.Sprint(dst)]++
		}
		uniform := func(m int) []float64 {
			p := make([]float64, m)
			for i := range p {
				p[i] = 1 / float64(m)
			}
			return p
		}
		for i := range pos {
			stat, df, p := chiSquare(pos[i], uniform(c.n))
			require.Greater(t, p, choiceAlpha, "k=%d n=%d position %d: chi-square %.1f on %d df", c.k, c.n, i, stat, df)
		}
		ntuples := 1
		for i := range c.k {
			ntuples *= c.n - i
		}
		if ntuples <= 150 {
			require.Len(t, tuples, ntuples, "k=%d n=%d: tuples seen", c.k, c.n)
			counts := make([]int, 0, ntuples)
			for _, v := range tuples {
				counts = append(counts, v)
			}
			stat, df, p := chiSquare(counts, uniform(ntuples))
			require.Greater(t, p, choiceAlpha, "k=%d n=%d tuples: chi-square %.1f on %d df", c.k, c.n, stat, df)
		}
	}
}

// TestSampleLarge: small k of a huge n, distinct and in range, allocating
// nothing for k <= 16; the high and low halves of [0, n) equally often.
func TestSampleLarge(t *testing.T) {
	n := math.MaxInt32 // the largest n every platform's int holds
	src := chacha.NewSource(5)
	dst := make([]int, 16)
	low := 0
	for range 2000 {
		require.NoError(t, dist.Sample(src, dst, n))
		requireDistinct(t, dst, n, "Sample(k=16, n=2^31-1)")
		for _, x := range dst {
			if x < n/2 {
				low++
			}
		}
	}
	// 32000 values, half expected low: within 5 standard errors (89).
	require.InDelta(t, 16000, low, 450)
	allocs := testing.AllocsPerRun(100, func() { _ = dist.Sample(src, dst, n) })
	require.Zero(t, allocs, "Sample of 16 allocates")
	big := make([]int, 5000)
	require.NoError(t, dist.Sample(src, big, n))
	requireDistinct(t, big, n, "Sample(k=5000, n=2^31-1)")
}

// TestSampleWords: for n a power of two no word is redrawn, so a Sample
// of k < n takes exactly k words, and k = n takes n-1 (the last value is
// the one left); the values are prefixes of each other.
func TestSampleWords(t *testing.T) {
	for _, c := range []struct{ k, n, words int }{{10, 1 << 20, 10}, {3, 8, 3}, {8, 8, 7}, {1, 1, 0}, {2, 2, 1}} {
		a, b := chacha.NewSource(1), chacha.NewSource(1)
		dst := make([]int, c.k)
		require.NoError(t, dist.Sample(a, dst, c.n))
		for range c.words {
			b.Uint64()
		}
		require.Equal(t, b.Uint64(), a.Uint64(), "Sample(k=%d, n=%d) takes %d words", c.k, c.n, c.words)
	}
	long := make([]int, 20)
	require.NoError(t, dist.Sample(chacha.NewSource(2), long, 20))
	for _, k := range []int{1, 5, 19} {
		short := make([]int, k)
		require.NoError(t, dist.Sample(chacha.NewSource(2), short, 20))
		require.Equal(t, long[:k], short, "the first %d of a Sample of 20", k)
	}
}

// untouched checks that f fails with an error containing want and leaves
// src where it was.
func untouched(t *testing.T, want string, f func(src rand.Source) error) {
	t.Helper()
	a, b := chacha.NewSource(3), chacha.NewSource(3)
	err := f(a)
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), want), "error %q, want %q", err, want)
	require.Equal(t, b.Uint64(), a.Uint64(), "src moved by a failed call")
}

// TestSampleErrors: n < 0 and k > n are errors, and src is untouched;
// k = 0 draws nothing.
func TestSampleErrors(t *testing.T) {
	untouched(t, "dist: Sample: n = -1, want >= 0", func(src rand.Source) error { return dist.Sample(src, make([]int, 1), -1) })
	untouched(t, "dist: Sample: n = -5, want >= 0", func(src rand.Source) error { return dist.Sample(src, nil, -5) })
	untouched(t, "dist: Sample: 4 distinct indices of [0, 3) asked for, want at most n", func(src rand.Source) error { return dist.Sample(src, make([]int, 4), 3) })
	untouched(t, "[0, 0)", func(src rand.Source) error { return dist.Sample(src, make([]int, 1), 0) })
	for _, n := range []int{0, 1, 1000} {
		a, b := chacha.NewSource(4), chacha.NewSource(4)
		require.NoError(t, dist.Sample(a, nil, n))
		require.Equal(t, b.Uint64(), a.Uint64(), "Sample of 0 of %d drew", n)
	}
}

// successiveProb returns the probability that successive sampling by w
// gives the ordered tuple idx: Π w[i_j]/(Σw - w[i_1] - ... - w[i_(j-1)]),
// the weights divided by the largest first.
func successiveProb(w []float64, idx []int) float64 {
	m := 0.0
	for _, x := range w {
		m = max(m, x)
	}
	total := 0.0
	for _, x := range w {
		total += x / m
	}
	p := 1.0
	for _, i := range idx {
		p *= w[i] / m / total
		total -= w[i] / m
	}
	return p
}

// tuplesOf returns every ordered k-tuple of distinct indices of [0, n).
func tuplesOf(n, k int) [][]int {
	if k == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for _, t := range tuplesOf(n, k-1) {
		for i := range n {
			if !containsInt(t, i) {
				out = append(out, append(append([]int(nil), t...), i))
			}
		}
	}
	return out
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestWeightedSampleExact: the frequency of every ordered tuple against
// its exact successive-sampling probability (chi-square), for small n and
// k, with a zero weight (never drawn) and with a sum that overflows.
func TestWeightedSampleExact(t *testing.T) {
	for _, c := range []struct {
		w     []float64
		k     int
		draws int
	}{
		{[]float64{1, 2, 3, 4}, 2, 60000},
		{[]float64{1, 2, 3, 4}, 3, 100000},
		{[]float64{1, 2, 3, 4}, 4, 100000},
		{[]float64{0.5, 0, 2, 1.5, 0.01}, 3, 100000},
		{[]float64{1e308, 1e308, 0.5e308}, 2, 30000},
		{[]float64{1e-300, 3e-300, 2e-300}, 3, 30000},
	} {
		name := fmt.Sprintf("WeightedSample(k=%d, %v)", c.k, c.w)
		src := chacha.NewSource(uint64(c.k + len(c.w)))
		tuples := tuplesOf(len(c.w), c.k)
		index := map[string]int{}
		probs := make([]float64, len(tuples))
		for i, tp := range tuples {
			index[fmt.Sprint(tp)] = i
			probs[i] = successiveProb(c.w, tp)
		}
		counts := make([]int, len(tuples))
		dst := make([]int, c.k)
		for range c.draws {
			if err := dist.WeightedSample(src, dst, c.w); err != nil {
				t.Fatal(err)
			}
			i, ok := index[fmt.Sprint(dst)]
			if !ok {
				t.Fatalf("%s: %v is not a tuple of distinct indices", name, dst)
			}
			counts[i]++
		}
		stat, df, p := chiSquare(counts, probs)
		require.Greater(t, p, choiceAlpha, "%s: chi-square %.1f on %d df", name, stat, df)
	}
}

// TestWeightedSampleMarginals: over 200 weights (increasing, so that the
// buffer of the k least keys is cut back often, and shuffled), the first
// and second picks against their exact laws.
func TestWeightedSampleMarginals(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	inc := make([]float64, 200)
	for i := range inc {
		inc[i] = float64(i+1) * float64(i+1)
	}
	shuf := append([]float64(nil), inc...)
	r.Shuffle(len(shuf), func(i, j int) { shuf[i], shuf[j] = shuf[j], shuf[i] })
	shuf[3], shuf[77] = 0, 0
	for _, c := range []struct {
		name  string
		w     []float64
		k     int
		draws int
	}{{"increasing", inc, 5, 50000}, {"shuffled, zeros", shuf, 2, 50000}, {"increasing, k=40", inc, 40, 20000}} {
		n := len(c.w)
		total := 0.0
		for _, x := range c.w {
			total += x
		}
		first := make([]float64, n)
		second := make([]float64, n)
		for i, x := range c.w {
			first[i] = x / total
		}
		for i := range c.w {
			for j, y := range c.w {
				if j != i {
					second[j] += first[i] * y / (total - c.w[i])
				}
			}
		}
		src := chacha.NewSource(10)
		dst := make([]int, c.k)
		c1, c2 := make([]int, n), make([]int, n)
		for range c.draws {
			if err := dist.WeightedSample(src, dst, c.w); err != nil {
				t.Fatal(err)
			}
			requireDistinct(t, dst, n, c.name)
			c1[dst[0]]++
			c2[dst[1]]++
		}
		for _, m := range []struct {
			what   string
			counts []int
			probs  []float64
		}{{"first", c1, first}, {"second", c2, second}} {
			stat, df, p := chiSquare(m.counts, m.probs)
			require.Greater(t, p, choiceAlpha, "%s: %s pick: chi-square %.1f on %d df", c.name, m.what, stat, df)
		}
	}
}

// TestWeightedSampleExtremes: weights at least 1e8 apart are drawn in the
// order of their size (any other order has probability below 1e-7 in all),
// down to 5e-324 once every larger one is taken.
func TestWeightedSampleExtremes(t *testing.T) {
	// extremeWeights by size: MaxFloat64, 1e300, 1e150, 1, 1e-20,
	// 1e-150, 1e-300, 5e-324.
	want := []int{9, 1, 7, 3, 8, 5, 0, 4}
	src := chacha.NewSource(11)
	dst := make([]int, len(want))
	for range 1000 {
		require.NoError(t, dist.WeightedSample(src, dst, extremeWeights))
		require.Equal(t, want, dst)
	}
	tiny := []float64{5e-324, 0, 1e-323, 1.5e-323}
	dst = dst[:3]
	counts := make([]int, len(tiny))
	for range 6000 {
		require.NoError(t, dist.WeightedSample(src, dst, tiny))
		requireDistinct(t, dst, len(tiny), "subnormal weights")
		counts[dst[0]]++
	}
	stat, df, p := chiSquare(counts, []float64{1.0 / 6, 0, 2.0 / 6, 3.0 / 6})
	require.Greater(t, p, choiceAlpha, "subnormal weights' first pick: chi-square %.1f on %d df", stat, df)
}

// TestWeightedSampleErrors: bad weights and too few positive ones are
// errors, src untouched; k = 0 draws nothing.
func TestWeightedSampleErrors(t *testing.T) {
	one := make([]int, 1)
	three := make([]int, 3)
	for _, c := range []struct {
		dst  []int
		w    []float64
		want string
	}{
		{one, nil, "dist: WeightedSample: 1 distinct indices asked for, but 0 weights are positive"},
		{one, []float64{}, "but 0 weights are positive"},
		{one, []float64{0, 0}, "but 0 weights are positive"},
		{three, []float64{1, 0, 2, 0}, "dist: WeightedSample: 3 distinct indices asked for, but 2 weights are positive"},
		{one, []float64{1, -2}, "dist: WeightedSample: weights[1] = -2, want a finite number >= 0"},
		{nil, []float64{math.NaN()}, "weights[0] = NaN"},
		{one, []float64{1, math.Inf(1)}, "weights[1] = +Inf"},
		{one, []float64{math.Inf(-1)}, "weights[0] = -Inf"},
	} {
		untouched(t, c.want, func(src rand.Source) error { return dist.WeightedSample(src, c.dst, c.w) })
	}
	for _, w := range [][]float64{nil, {0}, {1, 2}} {
		a, b := chacha.NewSource(4), chacha.NewSource(4)
		require.NoError(t, dist.WeightedSample(a, nil, w))
		require.Equal(t, b.Uint64(), a.Uint64(), "WeightedSample of 0 drew")
	}
	// -0 is a weight of 0.
	dst := make([]int, 1)
	require.NoError(t, dist.WeightedSample(chacha.NewSource(1), dst, []float64{math.Copysign(0, -1), 2}))
	require.Equal(t, []int{1}, dst)
}
