package stattest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// In one dimension the tuple form counts exactly the equal spacings that
// BirthdaySpacings counts, over the same values.
func TestBirthdayTuplesOneDimension(t *testing.T) {
	for _, f := range []struct{ bits, shift uint }{{32, 32}, {32, 0}, {16, 48}, {20, 7}} {
		a, err := BirthdaySpacings(chacha.NewSource(3), 20, 256, f.bits, f.shift)
		require.NoError(t, err)
		b, err := BirthdaySpacingsTuples(chacha.NewSource(3), 20, 256, 1, f.bits, f.shift)
		require.NoError(t, err)
		require.Equal(t, a.Statistic, b.Statistic, "bits %d..%d", f.shift, f.shift+f.bits-1)
	}
}

// birthdayMean against a simulation where its correction matters: 64
// birthdays in 2^14 days, λ = 4, where Knuth's m³/(4k) overstates the
// mean by 8%. 20000 samples of a good generator measure the mean to
// ±0.35% (one standard error); the test allows four.
func TestBirthdayMean(t *testing.T) {
	const m, yearBits, samples = 64, 14, 20000
	src := rand.NewPCG(5, 6)
	y, s := make([]uint64, m), make([]uint64, m)
	var total int64
	for range samples {
		for i := range y {
			y[i] = src.Uint64() >> (64 - yearBits)
		}
		total += equalSpacings(y, s, yearBits)
	}
	mean, want := float64(total)/samples, birthdayMean(m, yearBits)
	se := math.Sqrt(want / samples)
	require.InDelta(t, want, mean, 4*se, "mean of R, want birthdayMean")
	knuth := math.Pow(m, 3) / (4 * math.Ldexp(1, yearBits))
	require.Greater(t, math.Abs(knuth-mean), 10*se, "the uncorrected λ should be far off here, or this test shows nothing")
}

// The points of an LCG lie on a lattice: MINSTD (Park & Miller 1988,
// x' = 16807x mod 2^31-1) fails with pairs of its values as birthdays at
// a few thousand points (L'Ecuyer & Simard 2001: about 8·m^(1/3)), while
// a good generator passes.
func TestBirthdayTuplesLattice(t *testing.T) {
	x := uint64(1)
	minstd := sourceFunc(func() uint64 {
		x = x * 16807 % (1<<31 - 1)
		return x << 33 // 31 bits at the top of the word
	})
	bad, err := BirthdaySpacingsTuples(minstd, 4, 8192, 2, 20, 44)
	require.NoError(t, err)
	require.Equal(t, Fail, bad.Verdict(), "MINSTD pairs: %v", bad)
	good, err := BirthdaySpacingsTuples(chacha.NewSource(9), 4, 8192, 2, 20, 44)
	require.NoError(t, err)
	require.NotEqual(t, Fail, good.Verdict(), "ChaCha8 pairs: %v", good)
	require.Equal(t, "birthday-spacings-2d-63:44", good.Name)
}

type sourceFunc func() uint64

func (f sourceFunc) Uint64() uint64 { return f() }

func TestBirthdayTuplesBadArguments(t *testing.T) {
	src := chacha.NewSource(1)
	for _, c := range []struct {
		samples     int64
		m, dim      int
		bits, shift uint
	}{
		{1, 64, 0, 8, 0}, {1, 64, 65, 1, 0}, {1, 64, 2, 33, 0}, {1, 64, 3, 22, 0},
		{1, 64, 1, 0, 0}, {1, 64, 1, 65, 0}, {1, 64, 1, 8, 57}, {1, 64, 1, 1, ^uint(0)},
		{1, 64, 2, ^uint(0)/2 + 1, 0}, {1, 4096, 1, 20, 0}, {0, 64, 1, 8, 0}, {-1, 64, 1, 8, 0}, {1, 1, 1, 8, 0},
		{1, maxBirthdays + 1, 1, 8, 0}, {math.MaxInt64, 64, 1, 8, 0},
	} {
		_, err := BirthdaySpacingsTuples(src, c.samples, c.m, c.dim, c.bits, c.shift)
		require.Error(t, err, "%+v", c)
		require.Contains(t, err.Error(), "stattest: ")
	}
}

// birthdayFit keeps the battery's tuple tests inside the data and in the
// regime where the count is Poisson: m² <= k, λ <= 4 (or the widest
// field, when even it gives more), at every size the battery takes.
func TestBirthdayFit(t *testing.T) {
	for _, dim := range []int{2, 8} {
		for n := int64(MinBytes); n <= MaxBytes; n *= 2 {
			for _, bytes := range []int64{n, n + n/3} {
				samples, m, bits := birthdayFit(bytes, dim)
				year := bits * uint(dim)
				require.LessOrEqual(t, samples*int64(m*dim), bytes/8, "n=%d dim=%d", bytes, dim)
				require.LessOrEqual(t, m, maxBatteryBirthdays)
				require.LessOrEqual(t, 2*math.Log2(float64(m)), float64(year), "m² <= k, n=%d dim=%d", bytes, dim)
				lambda := math.Pow(float64(m), 3) / math.Ldexp(4, int(year))
				if bits < uint(64/dim) {
					require.LessOrEqual(t, lambda, 4.0, "n=%d dim=%d", bytes, dim)
					// one bit fewer would give λ > 16 or m² > k: bits is the fewest
					require.True(t, lambda*math.Ldexp(1, dim) > 4 || 2*math.Log2(float64(m)) > float64(year-uint(dim)), "n=%d dim=%d bits=%d", bytes, dim, bits)
				}
				require.GreaterOrEqual(t, lambda, 0.5, "n=%d dim=%d: λ = %g", bytes, dim, lambda)
				_, err := BirthdaySpacingsTuples(sourceFunc(func() uint64 { return 0 }), 1, min(m, 64), dim, bits, 0)
				require.NoError(t, err)
				if n == MinBytes || n == DefaultBytes || n == MaxBytes {
					t.Logf("n=%d dim=%d: %d samples of m=%d, %d bits: λ=%.3g", bytes, dim, samples, m, bits, lambda)
				}
			}
		}
	}
}
