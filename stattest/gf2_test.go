package stattest

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// The xorshift generators of badgen_test.go are the negative controls
// here: xorshift64 steps x_{k+1} = T x_k for a 64×64 matrix T over GF(2)
// whose characteristic polynomial is primitive (the period is 2^64-1);
// pairs{xorshift32} holds two 32-bit outputs per Uint64, the first in the
// low half.

// gf2BitMatrix packs the string of '0' and '1' into rows of q bits, the
// first bit of a row in column 0.
func gf2BitMatrix(s string, q int) []uint64 {
	m := make([]uint64, len(s)/q)
	for i, c := range s {
		if c == '1' {
			m[i/q] |= 1 << (i % q)
		}
	}
	return m
}

// naiveRank is the rank over GF(2) of a matrix of bools by textbook
// elimination.
func naiveRank(a [][]bool) int {
	rank := 0
	for c := 0; len(a) > 0 && c < len(a[0]); c++ {
		p := -1
		for i := rank; i < len(a); i++ {
			if a[i][c] {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		a[rank], a[p] = a[p], a[rank]
		for i := range a {
			if i != rank && a[i][c] {
				for j := range a[i] {
					a[i][j] = a[i][j] != a[rank][j]
				}
			}
		}
		rank++
	}
	return rank
}

// NIST SP 800-22 rev. 1a §2.5.8: ε = 01011001001010101101, M = Q = 3, so
// N = 2 matrices (the last 2 bits unused), of ranks 2 and 3; with the
// probabilities NIST uses for 32×32 matrices in §2.5.4 step (5) (0.2888,
// 0.5776 and 0.1336 for ranks M, M-1 and lower), χ²(obs) = 0.596953 and
// P-value = e^{-χ²/2} = 0.741948 (the chi-square law with 2 degrees of
// freedom).
func TestMatrixRankNIST(t *testing.T) {
	const eps = "01011001001010101101"
	m1 := gf2BitMatrix(eps[0:9], 3)
	m2 := gf2BitMatrix(eps[9:18], 3)
	r1 := gf2Rank(m1, 3, 1, 3)
	r2 := gf2Rank(m2, 3, 1, 3)
	require.Equal(t, 2, r1)
	require.Equal(t, 3, r2)
	counts := make([]float64, 3) // rank M, M-1, below
	for _, r := range []int{r1, r2} {
		counts[min(3-r, 2)]++
	}
	exp := []float64{2 * 0.2888, 2 * 0.5776, 2 * 0.1336}
	stat, p := ChiSquare(counts, exp, 2)
	require.InDelta(t, 0.596953, stat, 1e-6)
	require.InDelta(t, 0.741948, p, 1e-6)

	// NIST's 32×32 probabilities are the exact law rounded to 4 places.
	prob := rankProbabilities(32)
	require.InDelta(t, 0.2888, prob[32], 5e-5)
	require.InDelta(t, 0.5776, prob[31], 5e-5)
	var low float64
	for r := range 31 {
		low += prob[r]
	}
	require.InDelta(t, 0.1336, low, 5e-5)
}

// Every 3×3 and 4×4 matrix over GF(2): the number of rank r is exactly
// 2^{L²}·P(r), and both elimination paths (one word per row and several)
// agree. Also the classic count of invertible matrices, ∏(2^L - 2^i):
// 168 for L = 3, 20160 for L = 4.
func TestGF2RankExhaustive(t *testing.T) {
	for _, L := range []int{1, 2, 3, 4} {
		counts := make([]int, L+1)
		for x := range 1 << (L * L) {
			m := make([]uint64, L)
			wide := make([]uint64, 2*L) // two words per row, the second zero
			for r := range L {
				m[r] = uint64(x >> (r * L) & (1<<L - 1))
				wide[2*r] = m[r]
			}
			r1 := gf2Rank(m, L, 1, L)
			r2 := gf2Rank(wide, L, 2, L)
			require.Equal(t, r1, r2)
			counts[r1]++
		}
		prob := rankProbabilities(L)
		var sum float64
		for r := range counts {
			require.InDelta(t, float64(counts[r]), math.Ldexp(prob[r], L*L), 1e-9, "L=%d rank %d", L, r)
			sum += prob[r]
		}
		require.InDelta(t, 1, sum, 1e-15)
		if L == 3 {
			require.Equal(t, 168, counts[3])
		}
		if L == 4 {
			require.Equal(t, 20160, counts[4])
		}
	}
	for _, L := range []int{32, 64, 100, 1024} {
		var sum float64
		for _, p := range rankProbabilities(L) {
			sum += p
		}
		require.InDelta(t, 1, sum, 1e-13, "L=%d", L)
	}
}

// gf2Rank against naiveRank on products A·B of random L×k and k×L
// matrices (rank at most k), square and not, one word per row and several.
func TestGF2RankAgainstNaive(t *testing.T) {
	rng := rand.New(chacha.NewSource(7))
	for _, L := range []int{5, 63, 64, 65, 100, 128, 200} {
		for _, k := range []int{1, L / 3, L - 2, L} {
			if k < 1 {
				continue
			}
			a := make([][]bool, L)
			b := make([][]bool, k)
			for i := range a {
				a[i] = make([]bool, k)
				for j := range a[i] {
					a[i][j] = rng.Uint64()&1 == 1
				}
			}
			for i := range b {
				b[i] = make([]bool, L)
				for j := range b[i] {
					b[i][j] = rng.Uint64()&1 == 1
				}
			}
			words := (L + 63) / 64
			m := make([]uint64, L*words)
			prod := make([][]bool, L)
			for i := range L {
				prod[i] = make([]bool, L)
				for j := range L {
					v := false
					for h := range k {
						v = v != (a[i][h] && b[h][j])
					}
					prod[i][j] = v
					if v {
						m[i*words+j>>6] |= 1 << (j & 63)
					}
				}
			}
			want := naiveRank(prod)
			require.LessOrEqual(t, want, k)
			require.Equal(t, want, gf2Rank(m, L, words, L), "L=%d k=%d", L, k)
		}
	}
}

// matrixRankCounts against matrices packed bit by bit and ranked by
// naiveRank, from the same stream, for fields that fill whole words, half
// words, and fields that straddle two words of a row.
func TestMatrixRankPacking(t *testing.T) {
	for _, tc := range []struct {
		size        int
		bits, shift uint
	}{{64, 64, 0}, {32, 32, 32}, {72, 24, 40}, {10, 5, 3}, {128, 64, 0}, {66, 33, 31}, {8, 1, 63}} {
		const matrices = 40
		got := matrixRankCounts(chacha.NewSource(3), matrices, tc.size, tc.bits, tc.shift)
		src := chacha.NewSource(3)
		want := make([]int64, tc.size+1)
		for range matrices {
			a := make([][]bool, tc.size)
			for i := range a {
				for range tc.size / int(tc.bits) {
					v := src.Uint64() >> tc.shift
					for b := range tc.bits {
						a[i] = append(a[i], v>>b&1 == 1)
					}
				}
			}
			want[naiveRank(a)]++
		}
		require.Equal(t, want, got, "%+v", tc)
	}
}

// The cells of rankResult for 40000 matrices are diehard's (Marsaglia
// 1995, binary rank tests): ranks 32, 31, 30 and ≤ 29 for 32×32, and 31,
// 30, 29 and ≤ 28 for 31×31.
func TestMatrixRankCells(t *testing.T) {
	require.Equal(t, 29, rankCut(rankProbabilities(32), 40000))
	require.Equal(t, 28, rankCut(rankProbabilities(31), 40000))
	// The fewest matrices give two cells, one fewer gives one.
	for _, L := range []int{1, 2, 3, 32, 1024} {
		prob := rankProbabilities(L)
		n := leastMatrices(prob)
		require.Equal(t, L-1, rankCut(prob, n), "L=%d", L)
		require.Equal(t, L, rankCut(prob, n-1), "L=%d", L)
	}
	require.EqualValues(t, 18, leastMatrices(rankProbabilities(64)))
}

// gf2Verdicts returns how many of rs are Weak and Fail.
func gf2Verdicts(rs []Result) (weak, fail int) {
	for _, r := range rs {
		switch r.Verdict() {
		case Weak:
			weak++
		case Fail:
			fail++
		}
	}
	return weak, fail
}

func TestMatrixRankGoodGenerator(t *testing.T) {
	var rs []Result
	for seed := range uint64(4) {
		for _, tc := range []struct {
			matrices    int64
			size        int
			bits, shift uint
		}{{2000, 32, 32, 0}, {2000, 32, 32, 32}, {1000, 64, 64, 0}, {200, 128, 64, 0}, {300, 72, 24, 40}} {
			r, err := MatrixRank(chacha.NewSource(seed), tc.matrices, tc.size, tc.bits, tc.shift)
			require.NoError(t, err)
			require.EqualValues(t, tc.matrices, r.N)
			rs = append(rs, r)
		}
	}
	weak, fail := gf2Verdicts(rs)
	require.Zero(t, fail, "%v", rs)
	require.LessOrEqual(t, weak, 1, "%v", rs)
	require.Equal(t, "matrix-rank-64x64", rs[2].Name)
	require.Equal(t, "matrix-rank-32x32-63:32", rs[1].Name)
	require.Equal(t, "matrix-rank-72x72-63:40", rs[4].Name)
}

func TestMatrixRankLinearGenerators(t *testing.T) {
	// xorshift64's 64 successive words are x, Tx, ..., T^63 x, a Krylov
	// sequence of a matrix with an irreducible characteristic polynomial:
	// always independent, so every matrix has full rank (probability
	// 0.2888 for a random one).
	r, err := MatrixRank(&xorshift64{x: 88172645463325252}, 200, 64, 64, 0)
	require.NoError(t, err)
	require.Equal(t, Fail, r.Verdict(), "%v", r)
	require.Equal(t, float64(200), r.pool.observed[0], "%v", r) // all of rank 64

	// Two xorshift32 outputs per word: 64 bits that are a linear function
	// of 32 bits of state, so rank ≤ 32.
	counts := matrixRankCounts(pairs{&xorshift32{x: 2463534242}}, 50, 64, 64, 0)
	for rank := 33; rank <= 64; rank++ {
		require.Zero(t, counts[rank], "rank %d", rank)
	}
	r, err = MatrixRank(pairs{&xorshift32{x: 2463534242}}, 200, 64, 64, 0)
	require.NoError(t, err)
	require.Equal(t, Fail, r.Verdict(), "%v", r)

	// Bits 31:0 are every other xorshift32 output, x, T²x, T⁴x, ...: T²
	// has the same irreducible characteristic polynomial as T (squaring
	// is the Frobenius map), so again full rank every time.
	r, err = MatrixRank(pairs{&xorshift32{x: 2463534242}}, 200, 32, 32, 0)
	require.NoError(t, err)
	require.Equal(t, Fail, r.Verdict(), "%v", r)
	require.Equal(t, float64(200), r.pool.observed[0], "%v", r)
}

// naiveBM is Massey's algorithm (1969) over a slice of bits, written as
// in the paper: the linear complexity, the connection polynomial and the
// jumps of the profile.
func naiveBM(s []byte) (l int, c []byte, jumps int, sizes map[int]int) {
	n := len(s)
	c = make([]byte, n+1)
	b := make([]byte, n+1)
	c[0], b[0] = 1, 1
	m := 1
	sizes = map[int]int{}
	for k := range n {
		d := s[k]
		for i := 1; i <= l; i++ {
			d ^= c[i] & s[k-i]
		}
		if d == 0 {
			m++
			continue
		}
		old := append([]byte(nil), c...)
		for i := 0; i+m <= n; i++ {
			c[i+m] ^= b[i]
		}
		if 2*l <= k {
			jumps++
			sizes[k+1-2*l]++
			l = k + 1 - l
			b = old
			m = 1
		} else {
			m++
		}
	}
	return l, c[:l+1], jumps, sizes
}

func gf2Pack(s []byte) []uint64 {
	w := make([]uint64, (len(s)+63)/64)
	for i, v := range s {
		w[i/64] |= uint64(v) << (i % 64)
	}
	return w
}

// NIST SP 800-22 rev. 1a §2.10.8: the 13-bit block 1101011110001 has
// linear complexity 4 (the Berlekamp-Massey example there).
func TestBerlekampMasseyNIST(t *testing.T) {
	var s []byte
	for _, c := range "1101011110001" {
		s = append(s, byte(c-'0'))
	}
	p := linearComplexityProfile(gf2Pack(s), len(s))
	require.Equal(t, 4, p.l)
	l, _, _, _ := naiveBM(s)
	require.Equal(t, 4, l)
}

// The packed algorithm against naiveBM on random sequences of every length
// to 300 and a few long ones (crossing many word boundaries), with garbage
// bits past n; and the LFSR it returns generates the sequence.
func TestBerlekampMasseyAgainstNaive(t *testing.T) {
	rng := rand.New(chacha.NewSource(11))
	lengths := []int{1000, 4097}
	for n := 1; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		s := make([]byte, n)
		for i := range s {
			s[i] = byte(rng.Uint64() & 1)
		}
		// Sequences of low complexity too: s_k = s_{k-5} ^ s_{k-7} after a
		// random start.
		if n%3 == 0 {
			for k := 7; k < n; k++ {
				s[k] = s[k-5] ^ s[k-7]
			}
		}
		packed := gf2Pack(s)
		if len(packed) > 0 && n%64 != 0 {
			packed[len(packed)-1] |= ^uint64(0) << (n % 64)
		}
		p := linearComplexityProfile(packed, n)
		l, c, jumps, sizes := naiveBM(s)
		require.Equal(t, l, p.l, "n=%d", n)
		require.Equal(t, jumps, p.jumps, "n=%d", n)
		for h := 1; h < maxJumpSize; h++ {
			require.EqualValues(t, sizes[h], p.sizes[h], "n=%d size %d", n, h)
		}
		for i := range l + 1 {
			require.Equal(t, uint64(c[i]), p.c[i>>6]>>(i&63)&1, "n=%d c_%d", n, i)
		}
		for k := l; k < n; k++ {
			var v byte
			for i := 1; i <= l; i++ {
				v ^= byte(p.c[i>>6]>>(i&63)&1) & s[k-i]
			}
			require.Equal(t, s[k], v, "n=%d k=%d", n, k)
		}
	}
}

// Over all 2^n sequences of n bits, n ≤ 16: the number with linear
// complexity L is 2^{min(2n-2L, 2L-1)} for 1 ≤ L ≤ n (Gustavson 1976;
// NIST SP 800-22 §3.10), and the mean and variance of the number of jumps
// are exactly TestU01's E(J) and Var(J).
func TestLinearComplexityExhaustive(t *testing.T) {
	for n := 1; n <= 16; n++ {
		count := make([]int, n+1)
		var s1, s2 float64
		for x := range uint64(1) << n {
			p := linearComplexityProfile([]uint64{x}, n)
			count[p.l]++
			j := float64(p.jumps)
			s1 += j
			s2 += j * j
		}
		require.Equal(t, 1, count[0])
		for l := 1; l <= n; l++ {
			require.Equal(t, 1<<min(2*n-2*l, 2*l-1), count[l], "n=%d L=%d", n, l)
		}
		total := math.Ldexp(1, n)
		mean, variance := jumpMoments(n)
		require.InDelta(t, mean, s1/total, 1e-12, "n=%d", n)
		require.InDelta(t, variance, s2/total-(s1/total)*(s1/total), 1e-10, "n=%d", n)
	}
}

// Every bit of xorshift32 and xorshift64 obeys the recurrence of the
// characteristic polynomial of the generator's matrix, irreducible of
// degree 32 or 64, so the linear complexity is exactly 32 or 64 (bits
// 0..31 of pairs{xorshift32} are every other output, ruled by T², whose
// characteristic polynomial is that of T).
func TestLinearComplexityOfXorshift(t *testing.T) {
	for _, tc := range []struct {
		src  func() rand.Source
		want int
	}{
		{func() rand.Source { return pairs{&xorshift32{x: 2463534242}} }, 32},
		{func() rand.Source { return &xorshift64{x: 88172645463325252} }, 64},
	} {
		for _, bit := range []uint{0, 17, 31, 32, 63} {
			src := tc.src()
			s := make([]uint64, 1000/64+1)
			for i := range 1000 {
				s[i>>6] |= src.Uint64() >> bit & 1 << (i & 63)
			}
			require.Equal(t, tc.want, linearComplexityProfile(s, 1000).l, "bit %d", bit)
		}
	}
}

func TestLinearComplexityLinearGenerators(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   rand.Source
		nbits int64
		l0    float64 // the linear complexity
	}{
		{"xorshift32", pairs{&xorshift32{x: 2463534242}}, 1000, 32},
		{"xorshift64", &xorshift64{x: 88172645463325252}, 1000, 64},
		{"xorshift64", &xorshift64{x: 1}, 10000, 64},
	} {
		for _, bit := range []uint{0, 31, 63} {
			r, err := LinearComplexity(tc.src, tc.nbits, bit)
			require.NoError(t, err)
			require.Equal(t, Fail, r.Verdict(), "%s %v", tc.name, r)
			// Each jump raises the complexity: at most L0 jumps (about L0/2).
			require.LessOrEqual(t, r.Statistic, tc.l0, "%s %v", tc.name, r)
		}
	}
}

func TestLinearComplexityGoodGenerator(t *testing.T) {
	var rs []Result
	for seed := range uint64(4) {
		for _, bit := range []uint{0, 31, 63} {
			r, err := LinearComplexity(chacha.NewSource(seed), 20000, bit)
			require.NoError(t, err)
			rs = append(rs, r)
			r, err = LinearComplexitySizes(chacha.NewSource(seed), 20000, bit)
			require.NoError(t, err)
			rs = append(rs, r)
		}
	}
	weak, fail := gf2Verdicts(rs)
	require.Zero(t, fail, "%v", rs)
	require.LessOrEqual(t, weak, 1, "%v", rs)
	require.Equal(t, "linear-complexity-bit0", rs[0].Name)
	require.Equal(t, "linear-complexity-sizes-bit0", rs[1].Name)
	require.True(t, rs[0].TwoSided)
	require.False(t, rs[1].TwoSided)
}

// gf2BinomialRange returns the counts lo..hi outside which a Binomial(n, p)
// count falls with probability below 1e-6 on each side.
func gf2BinomialRange(n int, p float64) (lo, hi int) {
	b := distuv.Binomial{N: float64(n), P: p}
	for lo = 0; b.CDF(float64(lo)) < 1e-6; lo++ {
	}
	for hi = n; 1-b.CDF(float64(hi-1)) < 1e-6; hi-- {
	}
	return lo, hi
}

// Over many ChaCha8 seeds the p-values of each test are near uniform:
// the number outside [0.01, 0.99] (below 0.02 for a two-sided P, judged on
// its lower tail alone) is within binomial bounds for 2% of the samples.
// The sample mean and variance of the number of jumps match E(J) and
// Var(J) at a length where exhaustion is out of reach. 2000 seeds in the
// long run (STREAMRAND_LONG=1), 500 by default, 200 with -short or under
// the race detector.
func TestGF2PValuesUniform(t *testing.T) {
	seeds := sweep(2000, 500, 200)
	const nbits = 2048
	tests := []struct {
		name string
		run  func(src rand.Source) (Result, error)
	}{
		{"matrix-rank-32x32", func(src rand.Source) (Result, error) { return MatrixRank(src, 200, 32, 32, 0) }},
		{"matrix-rank-64x64", func(src rand.Source) (Result, error) { return MatrixRank(src, 60, 64, 64, 0) }},
		{"linear-complexity", func(src rand.Source) (Result, error) { return LinearComplexity(src, nbits, 5) }},
		{"linear-complexity-sizes", func(src rand.Source) (Result, error) { return LinearComplexitySizes(src, nbits, 5) }},
	}
	lo, hi := gf2BinomialRange(seeds, 0.02)
	for _, tc := range tests {
		outside := 0
		var s1, s2 float64
		for seed := range seeds {
			r, err := tc.run(chacha.NewSource(uint64(seed) + 1000))
			require.NoError(t, err)
			if r.TwoSided && r.P < 0.02 || !r.TwoSided && (r.P < 0.01 || r.P > 0.99) {
				outside++
			}
			s1 += r.Statistic
			s2 += r.Statistic * r.Statistic
		}
		t.Logf("%s: %d of %d outside, bounds %d..%d", tc.name, outside, seeds, lo, hi)
		require.GreaterOrEqual(t, outside, lo, tc.name)
		require.LessOrEqual(t, outside, hi, tc.name)
		if tc.name == "linear-complexity" {
			mean, variance := jumpMoments(nbits)
			fs := float64(seeds)
			m := s1 / fs
			v := (s2 - fs*m*m) / (fs - 1)
			// The sample mean is within 5 standard errors, and the sample
			// variance within 5 of its standard errors (√(2/seeds)·Var
			// for a near-normal count).
			require.InDelta(t, mean, m, 5*math.Sqrt(variance/fs))
			require.InDelta(t, variance, v, 5*math.Sqrt(2/fs)*variance)
		}
	}
}

func TestGF2BadParameters(t *testing.T) {
	src := chacha.NewSource(1)
	huge := int64(MaxN) + 1
	calls := map[string]func() (Result, error){
		"rank bits 0":          func() (Result, error) { return MatrixRank(src, 100, 32, 0, 0) },
		"rank bits 65":         func() (Result, error) { return MatrixRank(src, 100, 65, 65, 0) },
		"rank shift+bits 65":   func() (Result, error) { return MatrixRank(src, 100, 32, 32, 33) },
		"rank shift 64":        func() (Result, error) { return MatrixRank(src, 100, 32, 1, 64) },
		"rank shift wraps":     func() (Result, error) { return MatrixRank(src, 100, 32, 32, ^uint(0)) },
		"rank shift wraps 2":   func() (Result, error) { return MatrixRank(src, 100, 64, 64, ^uint(0)-62) },
		"rank bits huge":       func() (Result, error) { return MatrixRank(src, 100, 32, ^uint(0), 1) },
		"rank size 0":          func() (Result, error) { return MatrixRank(src, 100, 0, 32, 0) },
		"rank size negative":   func() (Result, error) { return MatrixRank(src, 100, -32, 32, 0) },
		"rank size not mult":   func() (Result, error) { return MatrixRank(src, 100, 48, 32, 0) },
		"rank size too large":  func() (Result, error) { return MatrixRank(src, 100, 2048, 64, 0) },
		"rank size huge":       func() (Result, error) { return MatrixRank(src, 100, math.MaxInt, 1, 0) },
		"rank matrices 0":      func() (Result, error) { return MatrixRank(src, 0, 32, 32, 0) },
		"rank matrices neg":    func() (Result, error) { return MatrixRank(src, -1, 32, 32, 0) },
		"rank matrices few":    func() (Result, error) { return MatrixRank(src, 17, 32, 32, 0) },
		"rank matrices huge":   func() (Result, error) { return MatrixRank(src, huge, 32, 32, 0) },
		"rank matrices max":    func() (Result, error) { return MatrixRank(src, math.MaxInt64, 32, 32, 0) },
		"lc bit 64":            func() (Result, error) { return LinearComplexity(src, 10000, 64) },
		"lc bit wraps":         func() (Result, error) { return LinearComplexity(src, 10000, ^uint(0)) },
		"lc nbits 0":           func() (Result, error) { return LinearComplexity(src, 0, 0) },
		"lc nbits neg":         func() (Result, error) { return LinearComplexity(src, -1000, 0) },
		"lc nbits few":         func() (Result, error) { return LinearComplexity(src, 999, 0) },
		"lc nbits huge":        func() (Result, error) { return LinearComplexity(src, MaxLinearComplexityBits+1, 0) },
		"lc nbits max":         func() (Result, error) { return LinearComplexity(src, math.MaxInt64, 0) },
		"sizes bit 64":         func() (Result, error) { return LinearComplexitySizes(src, 10000, 64) },
		"sizes nbits few":      func() (Result, error) { return LinearComplexitySizes(src, 10, 0) },
		"sizes nbits huge":     func() (Result, error) { return LinearComplexitySizes(src, huge, 0) },
		"sizes nbits negative": func() (Result, error) { return LinearComplexitySizes(src, math.MinInt64, 0) },
	}
	for name, call := range calls {
		var err error
		require.NotPanics(t, func() { _, err = call() }, name)
		require.Error(t, err, name)
		require.True(t, strings.HasPrefix(err.Error(), "stattest: "), "%s: %v", name, err)
		require.NotContains(t, err.Error(), "\n", name)
	}
	// The smallest allowed sizes work.
	_, err := MatrixRank(src, 18, 32, 32, 0)
	require.NoError(t, err)
	_, err = MatrixRank(src, 10, 1, 1, 0)
	require.NoError(t, err)
	_, err = LinearComplexity(src, minLinearComplexityBits, 63)
	require.NoError(t, err)
}

// BenchmarkMatrixRank reports the time per matrix, reading from ChaCha8
// included.
func BenchmarkMatrixRank(b *testing.B) {
	for _, tc := range []struct {
		name string
		size int
		bits uint
	}{{"32x32", 32, 32}, {"64x64", 64, 64}, {"256x256", 256, 64}, {"1024x1024", 1024, 64}} {
		b.Run(tc.name, func(b *testing.B) {
			src := chacha.NewSource(1)
			const matrices = 100
			for b.Loop() {
				if _, err := MatrixRank(src, matrices, tc.size, tc.bits, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*matrices), "ns/matrix")
		})
	}
}

// BenchmarkLinearComplexity reports the time per bit of the
// Berlekamp-Massey run alone (the sequence is read once).
func BenchmarkLinearComplexity(b *testing.B) {
	for _, n := range []int{8192, 65536, 131072} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src := chacha.NewSource(1)
			s := make([]uint64, n/64)
			for i := range s {
				s[i] = src.Uint64()
			}
			for b.Loop() {
				linearComplexityProfile(s, n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/bit")
		})
	}
}
