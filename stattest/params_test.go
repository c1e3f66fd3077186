package stattest

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// argError runs f, which must return an error with the package prefix for
// a bad argument: no panic (gonum's included), no Result.
func argError(t *testing.T, what string, f func() error) {
	t.Helper()
	var err error
	require.NotPanics(t, func() { err = f() }, what)
	require.Error(t, err, what)
	require.True(t, strings.HasPrefix(err.Error(), "stattest: "), "%s: error %q lacks the package prefix", what, err)
	require.NotContains(t, err.Error(), "\n", what)
}

// Parameters whose products or sums wrap in uint arithmetic used to pass
// the checks: Equidistribution2D(src, 1000, 1<<63) panicked in gonum
// ("cephes: parameter out of bounds"), Equidistribution3D with bits =
// 0x5555555555555556 (3·bits wraps to 2) and BirthdaySpacings with
// shift = ^uint(0) (shift+bits wraps to 0) returned Fail results.
func TestWrappingBits(t *testing.T) {
	src := chacha.NewSource(1)
	for _, bits := range []uint{0, 13, 1 << 63, 0x8000000000000001, ^uint(0)} {
		argError(t, "Equidistribution2D", func() error { _, err := Equidistribution2D(src, 1000, bits); return err })
	}
	for _, bits := range []uint{0, 9, 0x5555555555555556, 1 << 63, ^uint(0)} {
		argError(t, "Equidistribution3D", func() error { _, err := Equidistribution3D(src, 1000, bits); return err })
	}
	for _, f := range [][2]uint{ // bits, shift
		{1, ^uint(0)}, {0, 0}, {65, 0}, {64, 1}, {32, 33}, {1 << 63, 1 << 63},
		{32, ^uint(0) - 30}, // shift+bits wraps to 1
		{^uint(0), 2},       // shift+bits wraps to 1
	} {
		argError(t, "BirthdaySpacings", func() error { _, err := BirthdaySpacings(src, 10, 4096, f[0], f[1]); return err })
	}
	// The largest fields pass the check of bits (and ask 5·2^24 tuples).
	_, err := Equidistribution2D(src, 1000, 12)
	require.ErrorContains(t, err, "sample size from 83886080")
	_, err = Equidistribution3D(src, 1000, 8)
	require.ErrorContains(t, err, "sample size from 83886080")
}

// BirthdaySpacings takes fields up to 64 bits; m² may not exceed the days.
func TestBirthdaySpacingsBits(t *testing.T) {
	// 64-bit birthdays 0, 2^62, 2^63, 3·2^62: the circular spacing
	// 0 + 2^64 - 3·2^62 = 2^62 wraps in uint64 like the year, so all four
	// spacings are equal and R = 3, for a mean near 4³/(4·2^64) = 2^-60.
	src := &seqSource{v: []uint64{1 << 63, 0, 3 << 62, 1 << 62}}
	res, err := BirthdaySpacings(src, 1, 4, 64, 0)
	require.NoError(t, err)
	require.Equal(t, "birthday-spacings-63:0", res.Name)
	require.Equal(t, 3.0, res.Statistic)
	require.Equal(t, Fail, res.Verdict())

	// A good generator's 64-bit birthdays: m = 4096 in 2^64 days expect
	// about λ = 2^36/2^66 = 2^-30 equal spacings per sample, so one sample
	// has none (but once in 10^9) and p = 1 - e^-λ/2, the mid-p at 0.
	res, err = BirthdaySpacings(chacha.NewSource(1), 1, 4096, 64, 0)
	require.NoError(t, err)
	require.Equal(t, 0.0, res.Statistic)
	require.InDelta(t, 0.5+0x1p-31, res.P, 1e-12)

	// m² <= 2^bits: 64 birthdays in 2^12 days, not 65; 4096 in 2^24.
	_, err = BirthdaySpacings(chacha.NewSource(1), 1, 64, 12, 0)
	require.NoError(t, err)
	argError(t, "65 birthdays in 2^12 days", func() error {
		_, err := BirthdaySpacings(chacha.NewSource(1), 1, 65, 12, 0)
		return err
	})
	argError(t, "4097 birthdays in 2^24 days", func() error {
		_, err := BirthdaySpacings(chacha.NewSource(1), 1, 4097, 24, 0)
		return err
	})
	argError(t, "2 birthdays in 2 days", func() error {
		_, err := BirthdaySpacings(chacha.NewSource(1), 1, 2, 1, 0)
		return err
	})
}

// errStopped is what stopSource panics with.
var errStopped = errors.New("stopSource: stopped")

// stopSource returns the values of src and panics with errStopped after
// left of them: it tells a test that a function was still drawing.
type stopSource struct {
	src  rand.Source
	left int
}

func (s *stopSource) Uint64() uint64 {
	if s.left--; s.left < 0 {
		panic(errStopped)
	}
	return s.src.Uint64()
}

// Gap's cut-off, 100·ngaps/p + 10^6 values, overflowed an int64 for 10^9
// gaps in [0, 1e-8) and wrapped negative: Gap returned at once with n = 0
// gaps and p = 0, a Fail of a good generator. Such a sample is an error
// now (MaxGapDraws, TestPublicGapDrawBound), and at the bound the cut-off,
// 100·2^40 + 10^6, is far from wrapping: Gap is still drawing after 3·10^6
// values (far past the 10^6 a wrapped budget could leave).
func TestGapCutOff(t *testing.T) {
	src := &stopSource{src: chacha.NewSource(1), left: 3e6}
	require.PanicsWithValue(t, errStopped, func() { _, _ = Gap(src, 1<<30, 0, 1.0/1024) })
	// A source that never hits the interval is still cut off, after
	// 100·ngaps/p + 10^6 = 1.8·10^6 values.
	src = &stopSource{src: constSource(3 << 51), left: 1_800_001}
	res, err := Gap(src, 1000, 0, 0.125)
	require.NoError(t, err)
	require.Equal(t, int64(0), res.N)
	require.Equal(t, 0.0, res.P)
}

// Intervals Gap cannot use, NaN and infinite bounds included, and
// intervals so short that no sample size gives t >= 4 cells.
func TestGapBadIntervals(t *testing.T) {
	src := chacha.NewSource(1)
	nan, inf := math.NaN(), math.Inf(1)
	for _, iv := range [][2]float64{
		{nan, 0.5}, {0, nan}, {nan, nan}, {-inf, 0.5}, {0, inf}, {0.5, 0.5}, {1, 1}, {-0.5, 0}, {1, 1.5},
		{0, 1}, {0, 5e-324}, {0, 1e-300},
	} {
		argError(t, "Gap interval", func() error { _, err := Gap(src, MaxN, iv[0], iv[1]); return err })
	}
}

// ChiSquare is exported with no error: input that is no histogram gives
// NaN statistic and p, never a panic in gonum.
func TestChiSquareBadInput(t *testing.T) {
	ok := []float64{10, 12, 8}
	exp := []float64{10, 10, 10}
	stat, p := ChiSquare(ok, exp, 2)
	require.InDelta(t, 0.8, stat, 1e-12) // (0 + 4 + 4)/10
	require.InDelta(t, math.Exp(-0.4), p, 1e-12)
	for _, tc := range []struct {
		name     string
		obs, exp []float64
		df       int
	}{
		{"lengths", ok, exp[:2], 1},
		{"longer expected", ok[:2], exp, 1},
		{"empty", []float64{}, []float64{}, 1},
		{"nil", nil, nil, 1},
		{"df 0", ok, exp, 0},
		{"df -1", ok, exp, -1},
		{"negative count", []float64{-1, 12, 19}, exp, 2},
		{"NaN count", []float64{nan(), 12, 8}, exp, 2},
		{"infinite count", []float64{math.Inf(1), 12, 8}, exp, 2},
		{"expected 0", ok, []float64{0, 15, 15}, 2},
		{"negative expected", ok, []float64{-10, 20, 20}, 2},
		{"NaN expected", ok, []float64{nan(), 10, 10}, 2},
		{"infinite expected", ok, []float64{math.Inf(1), 10, 10}, 2},
	} {
		var stat, p float64
		require.NotPanics(t, func() { stat, p = ChiSquare(tc.obs, tc.exp, tc.df) }, tc.name)
		require.True(t, math.IsNaN(stat) && math.IsNaN(p), "%s: statistic %g, p %g, want NaN", tc.name, stat, p)
		require.Equal(t, Fail, Classify(p), tc.name)
	}
}

func nan() float64 { return math.NaN() }

// Poker's digits are 4 or 8 bits, and 8-bit hands need 130 hands for two
// cells: Poker(r, 100, 8) used to return a Fail with p = NaN (one cell,
// no degrees of freedom).
func TestPokerBadArguments(t *testing.T) {
	data := make([]byte, 1<<12)
	for _, digitBits := range []int{-8, 0, 1, 2, 3, 5, 7, 16, math.MaxInt} {
		argError(t, "Poker digits", func() error { _, err := Poker(bytes.NewReader(data), 1000, digitBits); return err })
	}
	for _, n := range []int64{99, 100, 129} {
		argError(t, "Poker 8-bit hands", func() error { _, err := Poker(bytes.NewReader(data), n, 8); return err })
	}
	for _, tc := range []struct {
		hands     int64
		digitBits int
	}{{130, 8}, {100, 4}} {
		res, err := Poker(chacha.NewSource(1), tc.hands, tc.digitBits)
		require.NoError(t, err)
		require.True(t, res.P > 0 && res.P < 1, "%v", res)
	}
}

// Block sizes BlockFrequency cannot use: none, negative, more bits than
// the sample.
func TestBlockFrequencyBadBlocks(t *testing.T) {
	for _, m := range []int{math.MinInt, -1, 0, 1025, math.MaxInt} {
		argError(t, "BlockFrequency m", func() error {
			_, err := BlockFrequency(bytes.NewReader(make([]byte, 128)), 1024, m)
			return err
		})
	}
}

// KSUniform returns no error: an empty sample or a NaN gives p = NaN.
func TestKSUniformBadSamples(t *testing.T) {
	for _, x := range [][]float64{nil, {}, {0.5, math.NaN(), 0.25}} {
		plus, minus := KSUniform(x)
		require.True(t, math.IsNaN(plus.P) && math.IsNaN(minus.P), "KSUniform(%v): %v, %v", x, plus, minus)
	}
}

// The count tests keep their counts (chiSquareResult, poissonResult) so
// that a Battery can pool repetitions; the Statistic and P are those of
// ChiSquare of the kept counts, which add up to the sample.
func TestCountResultsPool(t *testing.T) {
	src := chacha.NewSource(3)
	for _, tc := range []struct {
		res Result
		err error
		df  int
	}{
		{res: must(ByteFrequency(src, 5000)), df: 255},
		{res: must(Poker(src, 1000, 4)), df: 2},
		{res: must(Poker(src, 1000, 8)), df: 1},
		{res: must(Equidistribution2D(src, 1000, 3)), df: 63},
		{res: must(Equidistribution3D(src, 1000, 2)), df: 63},
		{res: must(Gap(src, 1000, 0, 0.125)), df: 25}, // 125·(7/8)^24 >= 5 > 125·(7/8)^25
	} {
		r := tc.res
		require.NotNil(t, r.pool, r.Name)
		require.Equal(t, tc.df, r.pool.df, r.Name)
		stat, p := ChiSquare(r.pool.observed, r.pool.expected, r.pool.df)
		require.Equal(t, stat, r.Statistic, r.Name)
		require.Equal(t, p, r.P, r.Name)
		var sum float64
		for _, o := range r.pool.observed {
			sum += o
		}
		require.Equal(t, float64(r.N), sum, r.Name)
	}

	// BirthdaySpacings: the count and its mean, and P the mid-p
	// Survival(T) + Prob(T)/2 of gonum's Poisson with that mean.
	for bits := uint(12); bits <= 64; bits += 4 {
		for _, samples := range []int64{1, 3, 100} {
			r := must(BirthdaySpacings(chacha.NewSource(uint64(bits)), samples, 64, bits, 0))
			require.NotNil(t, r.pool)
			require.Nil(t, r.pool.expected)
			require.Equal(t, r.Statistic, r.pool.count)
			require.Positive(t, r.pool.lambda)
			pois := distuv.Poisson{Lambda: r.pool.lambda}
			require.Equal(t, pois.Survival(r.Statistic)+pois.Prob(r.Statistic)/2, r.P, "bits %d, %d samples", bits, samples)
		}
	}

	// A Gap run cut off keeps no counts: there is nothing to pool.
	require.Nil(t, must(Gap(constSource(3<<51), 1000, 0, 0.125)).pool)
}
