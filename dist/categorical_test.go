package dist_test

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// choiceAlpha is the p-value below which the chi-square checks of the
// choice laws fail: a false alarm about once in 10^6 runs were the seeds
// not fixed.
const choiceAlpha = 1e-6

// tenWeights has a zero among weights of several sizes.
var tenWeights = []float64{1, 2, 3, 0, 5, 6.5, 7, 8, 9, 10}

// skewedWeights returns n weights falling as 1/(i+1)², with every 100th
// (i = 99, 199, ...) 0 and every 100th from i = 50 on 1e-300 (drawn with
// probability far below what one 64-bit word resolves, so never).
func skewedWeights(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		switch i % 100 {
		case 99:
			w[i] = 0
		case 50:
			w[i] = 1e-300
		default:
			w[i] = 1 / float64((i+1)*(i+1))
		}
	}
	return w
}

func mustCategorical(t testing.TB, w []float64) *dist.Categorical {
	c, err := dist.NewCategorical(w)
	require.NoError(t, err)
	return c
}

// categoricalCase is a Categorical as a law of the contract and golden
// tests: its values as uint64.
func categoricalCase(name string, w []float64) lawCase {
	c, err := dist.NewCategorical(w)
	if err != nil {
		panic(err)
	}
	return lawCase{
		name: name,
		rand: func(src rand.Source) uint64 { return uint64(c.Rand(src)) },
		fill: func(src rand.Source, n int) []uint64 {
			ks := make([]int, n)
			c.Fill(src, ks)
			bits := make([]uint64, n)
			for i, k := range ks {
				bits[i] = uint64(k)
			}
			return bits
		},
	}
}

var categoricalLaws = []lawCase{
	categoricalCase("dist.NewCategorical([1 2 3 0 5 6.5 7 8 9 10])", tenWeights),
	categoricalCase("dist.NewCategorical(1000 weights 1/(i+1)², zeros, 1e-300s)", skewedWeights(1000)),
}

func init() { vectorLaws = append(vectorLaws, categoricalLaws...) }

// TestCategoricalFillIsRandLoop: on every kind of Source, at every byte
// offset of the stream and over lengths around the keystream's buffer and
// Fill's chunk, Fill gives the values of a loop of Rand and leaves the
// Source where the loop does.
func TestCategoricalFillIsRandLoop(t *testing.T) {
	lengths := []int{0, 1, 2, 3, 17, 127, 128, 129, 1000, 2047, 2048, 2049, 5000}
	for _, l := range categoricalLaws {
		for si, s := range sources {
			for li, n := range lengths {
				for off := range 8 {
					if off != (li+si)%8 && n > 200 {
						continue // every offset for the short lengths, one for the long
					}
					a, b := s.new(uint64(n)), s.new(uint64(n))
					skip(t, a, off)
					skip(t, b, off)
					got := l.fill(a, n)
					want := make([]uint64, n)
					for i := range want {
						want[i] = l.rand(b)
					}
					require.Equal(t, want, got, "%s on %s: Fill(%d) at offset %d", l.name, s.name, n, off)
					require.Equal(t, b.Uint64(), a.Uint64(), "%s on %s: the Source after Fill(%d) at offset %d", l.name, s.name, n, off)
				}
			}
		}
	}
}

// TestCategoricalMixedCalls runs random sequences of the calls a user
// mixes on one generator (Categorical's Fill and Rand, Uint64, Read, Seek,
// SetStream, a checkpoint restored into a new generator) twice: as
// written, and with every Fill replaced by its loop of Rand. Every output
// and the final checkpoint must agree.
func TestCategoricalMixedCalls(t *testing.T) {
	for _, alg := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR, streamrand.ChaCha12} {
		for seed := range uint64(10) {
			ops := rand.New(rand.NewPCG(seed, 98))
			a, b := streamrand.New(alg, seed), streamrand.New(alg, seed)
			var outA, outB []uint64
			for range 60 {
				l := categoricalLaws[ops.IntN(len(categoricalLaws))]
				switch ops.IntN(7) {
				case 0:
					n := ops.IntN(3000)
					outA = append(outA, l.fill(a, n)...)
					for range n {
						outB = append(outB, l.rand(b))
					}
				case 1:
					outA, outB = append(outA, l.rand(a)), append(outB, l.rand(b))
				case 2:
					outA, outB = append(outA, a.Uint64()), append(outB, b.Uint64())
				case 3:
					pa, pb := make([]byte, ops.IntN(70)), make([]byte, 0)
					pb = append(pb, pa...)
					_, _ = a.Read(pa)
					_, _ = b.Read(pb)
					require.Equal(t, pb, pa)
				case 4:
					pos := ops.Int64N(1 << 20)
					_, err := a.Seek(pos, io.SeekStart)
					require.NoError(t, err)
					_, err = b.Seek(pos, io.SeekStart)
					require.NoError(t, err)
				case 5:
					s := ops.Uint64N(4)
					a.SetStream(s)
					b.SetStream(s)
				case 6:
					cp, err := a.MarshalBinary()
					require.NoError(t, err)
					a, err = streamrand.Unmarshal(cp)
					require.NoError(t, err)
				}
			}
			require.Equal(t, outB, outA, "%v seed %d", alg, seed)
			ca, err := a.MarshalBinary()
			require.NoError(t, err)
			cb, err := b.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, cb, ca, "%v seed %d: final checkpoints", alg, seed)
		}
	}
}

// chiSquare returns the chi-square statistic, degrees of freedom and
// p-value of the counts against the probabilities (summing to 1), cells of
// expected count below 5 merged, in order, with the ones after them (the
// last into the one before). A count in a cell of probability 0 gives p =
// 0.
func chiSquare(counts []int, probs []float64) (stat float64, df int, p float64) {
	total := 0
	for _, c := range counts {
		total += c
	}
	var ec, oc []float64
	var e, o float64
	for i, q := range probs {
		if q == 0 && counts[i] > 0 {
			return math.Inf(1), 0, 0
		}
		e += float64(total) * q
		o += float64(counts[i])
		if e >= 5 {
			ec, oc = append(ec, e), append(oc, o)
			e, o = 0, 0
		}
	}
	if len(ec) < 2 {
		return 0, 0, 1
	}
	ec[len(ec)-1] += e
	oc[len(oc)-1] += o
	for i := range ec {
		stat += (oc[i] - ec[i]) * (oc[i] - ec[i]) / ec[i]
	}
	df = len(ec) - 1
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// normalized returns w/Σw, summed in float64 after scaling by the largest.
func normalized(w []float64) []float64 {
	m := 0.0
	for _, x := range w {
		m = max(m, x)
	}
	s := 0.0
	for _, x := range w {
		s += x / m
	}
	p := make([]float64, len(w))
	for i, x := range w {
		p[i] = x / m / s
	}
	return p
}

// categoricalFit draws n values of NewCategorical(w) by Fill and checks
// them against w/Σw by chi-square; a weight of 0 must never be drawn.
func categoricalFit(t *testing.T, name string, w []float64, n int, seed uint64) {
	c := mustCategorical(t, w)
	ks := make([]int, n)
	c.Fill(chacha.NewSource(seed), ks)
	counts := make([]int, len(w))
	for _, k := range ks {
		if k < 0 || k >= len(w) {
			t.Fatalf("%s: value %d out of range", name, k)
		}
		counts[k]++
	}
	for i, x := range w {
		if x == 0 {
			require.Zero(t, counts[i], "%s: index %d, of weight 0, drawn", name, i)
		}
	}
	stat, df, p := chiSquare(counts, normalized(w))
	require.Greater(t, p, choiceAlpha, "%s: chi-square %.1f on %d df", name, stat, df)
}

// TestCategoricalLaw: chi-square of the values against the weights, for
// small and large tables, weights of every magnitude, and zeros.
func TestCategoricalLaw(t *testing.T) {
	categoricalFit(t, "ten weights", tenWeights, 1_000_000, 1)
	categoricalFit(t, "1000 skewed", skewedWeights(1000), 2_000_000, 2)
	categoricalFit(t, "one weight", []float64{3}, 1000, 3)
	categoricalFit(t, "two, one 0", []float64{0, 1e-5}, 1000, 4)
	// A weight of 1e300 beside ones of 1e-300: those are far below one
	// part in 2^64 and never drawn; the large ones share evenly.
	categoricalFit(t, "1e-300 to 1e300", []float64{1e-300, 1e300, 0, 2e300, 1e-300, 1, 5e-324}, 300_000, 5)
	// Tiny and subnormal weights in proportion: scaled before anything.
	categoricalFit(t, "all tiny", []float64{1e-300, 2e-300, 0, 3e-300, 4e-300}, 300_000, 6)
	categoricalFit(t, "subnormal", []float64{5e-324, 1e-323, 0, 1.5e-323, 2e-323}, 300_000, 7)
	// The sum overflows: still a law, not an error.
	categoricalFit(t, "sum +Inf", []float64{1e308, 1e308, 0, math.MaxFloat64}, 300_000, 8)
	// Mass spread over 2^20 + 1 columns of very different weights.
	w := make([]float64, 1<<10+1)
	for i := range w {
		w[i] = math.Ldexp(1, i%64-32)
	}
	categoricalFit(t, "powers of two 2^-32..2^31", w, 2_000_000, 9)
}

// TestCategoricalMillion: chi-square over 10^6 weights drawn uniformly from
// [0.5, 1.5), about 20 values expected per index.
func TestCategoricalMillion(t *testing.T) {
	long.Skip(t)
	r := rand.New(rand.NewPCG(10, 11))
	w := make([]float64, 1_000_000)
	for i := range w {
		w[i] = 0.5 + r.Float64()
		if i%1000 == 7 {
			w[i] = 0
		}
	}
	categoricalFit(t, "10^6 weights", w, 20_000_000, 12)
}

// TestCategoricalErrors: bad weights are an error naming the first bad
// one; -0 is a weight of 0.
func TestCategoricalErrors(t *testing.T) {
	for _, c := range []struct {
		w    []float64
		want string
	}{
		{nil, "dist: NewCategorical: no weights"},
		{[]float64{}, "dist: NewCategorical: no weights"},
		{[]float64{1, -1}, "dist: NewCategorical: weights[1] = -1, want a finite number >= 0"},
		{[]float64{1, math.Copysign(0, -1), -1e-300}, "weights[2] = -1e-300"},
		{[]float64{math.NaN()}, "weights[0] = NaN"},
		{[]float64{1, 2, math.Inf(1)}, "weights[2] = +Inf"},
		{[]float64{math.Inf(-1)}, "weights[0] = -Inf"},
		{[]float64{0, 0, 0}, "dist: NewCategorical: every weight is 0"},
	} {
		got, err := dist.NewCategorical(c.w)
		require.Error(t, err, "%v", c.w)
		require.Nil(t, got)
		require.True(t, strings.Contains(err.Error(), c.want), "%v: error %q, want %q", c.w, err, c.want)
	}
	// -0 is a weight of 0, not negative.
	c := mustCategorical(t, []float64{math.Copysign(0, -1), 1})
	require.Equal(t, 1, c.Rand(chacha.NewSource(1)))
}

// TestCategoricalZeroValue: a Categorical not made by NewCategorical
// panics, with a message, before drawing.
func TestCategoricalZeroValue(t *testing.T) {
	var c dist.Categorical
	src := chacha.NewSource(1)
	want := chacha.NewSource(1).Uint64()
	require.PanicsWithValue(t, "dist: Categorical not made by NewCategorical", func() { c.Rand(src) })
	require.PanicsWithValue(t, "dist: Categorical not made by NewCategorical", func() { c.Fill(src, make([]int, 3)) })
	var nilc *dist.Categorical // as a failed NewCategorical returns
	require.PanicsWithValue(t, "dist: Categorical not made by NewCategorical", func() { nilc.Rand(src) })
	require.PanicsWithValue(t, "dist: Categorical not made by NewCategorical", func() { nilc.Fill(src, make([]int, 3)) })
	require.Equal(t, want, src.Uint64(), "src moved")
}

// TestCategoricalPowerOfTwo: n = 2^k equal weights leave every column
// full, so the value is the top k bits of the word, exactly.
func TestCategoricalPowerOfTwo(t *testing.T) {
	for _, k := range []int{0, 1, 3, 10} {
		w := make([]float64, 1<<k)
		for i := range w {
			w[i] = 0.1
		}
		c := mustCategorical(t, w)
		a, b := chacha.NewSource(uint64(k)), chacha.NewSource(uint64(k))
		for range 1000 {
			require.Equal(t, int(b.Uint64()>>(64-k)&(1<<k-1)), c.Rand(a), fmt.Sprint("n = ", 1<<k))
		}
	}
}
