package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// The negative controls are the xorshift generators of badgen_test.go,
// from seeds spread over their states.
func walkSeed64(s uint64) rand.Source { return &xorshift64{s*0x9E3779B97F4A7C15 | 1} }
func walkSeed32(s uint64) rand.Source {
	return pairs{&xorshift32{uint32(s*0x9E3779B97F4A7C15>>32) | 1}}
}

// naiveWalk returns H, M, J, R and C of the walk with steps ±1 for the
// bits of steps, straight from the definitions of RandomWalk's doc: the
// positions S_0..S_L, then each statistic counted over them.
func naiveWalk(steps []int) (h, m, j, r, c int) {
	s := make([]int, len(steps)+1)
	for k, d := range steps {
		s[k+1] = s[k] + d
	}
	L := len(steps)
	for k := 1; k <= L; k++ {
		m = max(m, s[k])
		if s[k-1]+s[k] > 0 {
			j++
		}
		if s[k] == 0 {
			r++
			if k < L && s[k-1]*s[k+1] < 0 {
				c++
			}
		}
	}
	return s[L], m, j, r, c
}

// walkValues maps a walk's statistics to the value indices of walkLaws.
func walkValues(L, h, m, j, r, c int) [walkStats]int {
	return [walkStats]int{(h + L) / 2, m, j / 2, r, c}
}

// bruteLaws enumerates all 2^L walks of L steps and returns the exact law
// of each statistic (counts / 2^L, exact in float64 for L <= 52).
func bruteLaws(L int) [walkStats][]float64 {
	var law [walkStats][]float64
	for i := range law {
		law[i] = make([]float64, L+1)
	}
	steps := make([]int, L)
	for x := range 1 << L {
		for k := range steps {
			steps[k] = 2*(x>>k&1) - 1
		}
		h, m, j, r, c := naiveWalk(steps)
		for i, v := range walkValues(L, h, m, j, r, c) {
			law[i][v] += math.Ldexp(1, -L)
		}
	}
	return law
}

// dpLaws computes the exact laws by dynamic programming over the walk's
// state, one statistic at a time: the probability of each (position,
// statistic so far, sign of the last nonzero position) after k steps.
func dpLaws(L int) [walkStats][]float64 {
	type state struct{ pos, stat, last int }
	var law [walkStats][]float64
	for i := range law {
		cur := map[state]float64{{0, 0, 0}: 1}
		for range L {
			next := map[state]float64{}
			for st, p := range cur {
				for _, d := range [2]int{-1, 1} {
					pos, stat, last := st.pos+d, st.stat, st.last
					switch i {
					case 0:
						stat = pos
					case 1:
						stat = max(stat, pos)
					case 2:
						if st.pos+pos > 0 {
							stat++
						}
					case 3:
						if pos == 0 {
							stat++
						}
					case 4:
						if pos != 0 && st.pos == 0 {
							sign := 1
							if pos < 0 {
								sign = -1
							}
							if last != 0 && sign != last {
								stat++
							}
							last = sign
						}
					}
					next[state{pos, stat, last}] += p / 2
				}
			}
			cur = next
		}
		law[i] = make([]float64, L+1)
		for st, p := range cur {
			law[i][walkValues(L, st.stat, st.stat, st.stat, st.stat, st.stat)[i]] += p
		}
	}
	return law
}

// requireLaws checks got (walkLaws, shorter slices) against want (padded
// with zeros) to within tol.
func requireLaws(t *testing.T, L int, got, want [walkStats][]float64, tol float64) {
	t.Helper()
	for i := range walkStats {
		for v := range want[i] {
			g := 0.0
			if v < len(got[i]) {
				g = got[i][v]
			}
			require.InDelta(t, want[i][v], g, tol, "L=%d %c value %d", L, walkNames[i], v)
		}
		sum := 0.0
		for _, p := range got[i] {
			sum += p
		}
		require.InDelta(t, 1, sum, 1e-12, "L=%d %c sums to 1", L, walkNames[i])
	}
}

func TestWalkLawsHand(t *testing.T) {
	// L = 4, enumerated by hand over the 16 walks: H = -4..4 by twos; M =
	// 0..4 (0 for the 6 walks that never go above 0: ----, ---+, --+-,
	// -+--, --++, -+-+); J = 0, 2, 4 steps above the axis; R = 0, 1, 2
	// returns; C = 0 or 1 sign change (only at step 2, in the 4 walks
	// +--+, +---, -++-, -+++).
	want4 := [walkStats][]float64{
		{1. / 16, 4. / 16, 6. / 16, 4. / 16, 1. / 16},
		{6. / 16, 4. / 16, 4. / 16, 1. / 16, 1. / 16},
		{6. / 16, 4. / 16, 6. / 16},
		{6. / 16, 6. / 16, 4. / 16},
		{12. / 16, 4. / 16},
	}
	requireLaws(t, 4, walkLaws(4), want4, 1e-15)
	requireLaws(t, 4, bruteLaws(4), want4, 0)
	// L = 2: ++, +-, -+, --.
	want2 := [walkStats][]float64{
		{1. / 4, 2. / 4, 1. / 4},
		{2. / 4, 1. / 4, 1. / 4},
		{2. / 4, 2. / 4},
		{2. / 4, 2. / 4},
		{1},
	}
	requireLaws(t, 2, walkLaws(2), want2, 1e-15)
	requireLaws(t, 2, bruteLaws(2), want2, 0)
}

func TestWalkLawsExact(t *testing.T) {
	for L := 2; L <= 16; L += 2 {
		brute := bruteLaws(L)
		requireLaws(t, L, walkLaws(L), brute, 1e-14)
		requireLaws(t, L, dpLaws(L), brute, 1e-15)
	}
	maxL := 64
	if testing.Short() {
		maxL = 32
	}
	for L := 18; L <= maxL; L += 2 {
		requireLaws(t, L, walkLaws(L), dpLaws(L), 1e-13)
	}
}

// naiveFieldBits returns the first n bits of the stream RandomWalk and
// HammingIndep read: bits shift..shift+width-1 of each Uint64 of src,
// lowest first.
func naiveFieldBits(src rand.Source, width, shift uint, n int) []int {
	out := make([]int, 0, n+64)
	for len(out) < n {
		x := src.Uint64()
		for i := range width {
			out = append(out, int(x>>(shift+i)&1))
		}
	}
	return out[:n]
}

func TestWalkAgainstNaive(t *testing.T) {
	for _, fld := range [][2]uint{{64, 0}, {32, 32}, {13, 5}, {8, 0}, {1, 63}, {1, 0}, {63, 1}, {30, 34}} {
		for _, L := range []int{4, 6, 8, 14, 64, 150} {
			const walks = 300
			bitsOf := naiveFieldBits(chacha.NewSource(7), fld[0], fld[1], walks*L)
			f := newFieldBits(chacha.NewSource(7), fld[0], fld[1])
			steps := make([]int, L)
			for w := range walks {
				for k := range steps {
					steps[k] = 2*bitsOf[w*L+k] - 1
				}
				h, m, j, r, c := naiveWalk(steps)
				gh, gm, gj, gr, gc := walk(&f, L)
				require.Equal(t, [5]int{h, m, j, r, c}, [5]int{gh, gm, gj, gr, gc}, "field %d@%d L=%d walk %d", fld[0], fld[1], L, w)
			}
		}
		for _, block := range []int{1, 7, 32, 64, 65, 200} {
			const blocks = 200
			bitsOf := naiveFieldBits(chacha.NewSource(8), fld[0], fld[1], blocks*block)
			f := newFieldBits(chacha.NewSource(8), fld[0], fld[1])
			for b := range blocks {
				want := 0
				for _, x := range bitsOf[b*block : (b+1)*block] {
					want += x
				}
				require.Equal(t, want, blockWeight(&f, block), "field %d@%d block=%d block %d", fld[0], fld[1], block, b)
			}
		}
	}
}

// TestWalkCounts checks the counts behind the Results on a source whose
// walks are known: all ones gives H = M = J = L, R = C = 0 in every walk,
// so each statistic's observed counts all fall in the cell of that value.
func TestWalkCounts(t *testing.T) {
	const walks, L = 1000, 8
	rs, err := RandomWalk(constSource(math.MaxUint64), walks, L, 64, 0)
	require.NoError(t, err)
	require.Len(t, rs, walkStats)
	laws := walkLaws(L)
	for i, r := range rs {
		require.Equal(t, "random-walk-"+walkNames[i:i+1], r.Name)
		require.Equal(t, int64(walks), r.N)
		require.Equal(t, Fail, r.Verdict(), "%v", r)
		obs, exp := r.pool.observed, r.pool.expected
		total := 0.0
		for k := range obs {
			total += obs[k]
			require.GreaterOrEqual(t, exp[k], 5.0)
		}
		require.Equal(t, float64(walks), total)
		// The value every walk has: H = L, M = L, J = L, R = 0, C = 0.
		v := walkValues(L, L, L, L, 0, 0)[i]
		counts := make([]int64, len(laws[i]))
		counts[v] = walks
		wantObs, wantExp := mergeCells(counts, laws[i], walks)
		require.Equal(t, wantObs, obs)
		require.InDeltaSlice(t, wantExp, exp, 1e-9)
	}
}

func TestWalkNamesAndCells(t *testing.T) {
	rs, err := RandomWalk(chacha.NewSource(1), 100, 4, 8, 56)
	require.NoError(t, err)
	for i, r := range rs {
		require.Equal(t, fmt.Sprintf("random-walk-%c-63:56", walkNames[i]), r.Name)
	}
	h, err := HammingIndep(chacha.NewSource(1), 100, 64, 32, 0)
	require.NoError(t, err)
	require.Equal(t, "hamming-indep-31:0", h.Name)
	h, err = HammingIndep(chacha.NewSource(1), 100, 64, 64, 0)
	require.NoError(t, err)
	require.Equal(t, "hamming-indep", h.Name)

	// The smallest and largest samples and walks still give at least two
	// cells, each expecting at least 5 (the laws of MaxWalkSteps steps,
	// most of this test's time, not with -short).
	steps := []int{4, 6, 150, MaxWalkSteps}
	if testing.Short() {
		steps = steps[:3]
	}
	for _, L := range steps {
		for _, walks := range []float64{100, 1e4, MaxN} {
			for i, law := range walkLaws(L) {
				_, exp := mergeCells(make([]int64, len(law)), law, walks)
				require.GreaterOrEqual(t, len(exp), 2, "L=%d walks=%g %c", L, walks, walkNames[i])
				for _, e := range exp {
					require.GreaterOrEqual(t, e, 5.0, "L=%d walks=%g %c", L, walks, walkNames[i])
				}
			}
		}
	}
	for _, block := range []int{1, 2, 3, 32, 64, 1000, MaxHammingBlock} {
		for _, pairs := range []int64{100, 1000, 1 << 20, MaxN} {
			classOf, q := hammingClasses(block, pairs)
			require.GreaterOrEqual(t, len(q), 2, "block=%d pairs=%d", block, pairs)
			require.LessOrEqual(t, len(q), maxHammingClasses)
			sum := 0.0
			for _, p := range q {
				require.GreaterOrEqual(t, float64(pairs)*p*p, 5.0, "block=%d pairs=%d", block, pairs)
				sum += p
			}
			require.InDelta(t, 1, sum, 1e-9)
			for w := 1; w <= block; w++ { // classes are contiguous and in order
				require.Contains(t, []int{classOf[w-1], classOf[w-1] + 1}, classOf[w])
			}
			require.Equal(t, len(q)-1, classOf[block])
		}
	}
}

// walkVerdicts returns the worst Verdict of rs.
func walkWorst(rs []Result) Verdict {
	v := Pass
	for _, r := range rs {
		v = max(v, r.Verdict())
	}
	return v
}

// The configurations that the negative controls fail, found by a sweep of
// fields, walk lengths and sizes (see the commit message): xorshift64
// fails in its low bits, and the walks of its low 16 bits, 32 steps long,
// catch it with 256 KiB; xorshift32's defect is an excess of pairs of
// consecutive outputs that both have few ones, seen by walks of 64 steps
// over all 64 bits (H is then the weight of two outputs) with 2 MiB.
var (
	walkLowCfg  = struct{ words, steps, bits, shift int }{1 << 15, 32, 16, 0}
	walkFullCfg = struct{ words, steps, bits, shift int }{1 << 18, 64, 64, 0}
)

func walkRun(src rand.Source, cfg struct{ words, steps, bits, shift int }) ([]Result, error) {
	return RandomWalk(src, int64(cfg.words*cfg.bits/cfg.steps), cfg.steps, uint(cfg.bits), uint(cfg.shift))
}

func TestWalkGoodGeneratorPasses(t *testing.T) {
	for seed := range uint64(3) {
		for _, cfg := range []struct{ words, steps, bits, shift int }{walkLowCfg, walkFullCfg, {1 << 15, 150, 30, 34}} {
			rs, err := walkRun(chacha.NewSource(seed), cfg)
			require.NoError(t, err)
			require.NotEqual(t, Fail, walkWorst(rs), "seed %d %v: %v", seed, cfg, rs)
		}
		for _, fld := range [][2]uint{{16, 0}, {64, 0}, {32, 32}} {
			r, err := HammingIndep(chacha.NewSource(seed), 1<<14, 16, fld[0], fld[1])
			require.NoError(t, err)
			require.NotEqual(t, Fail, r.Verdict(), "seed %d: %v", seed, r)
		}
	}
}

func TestWalkBadGeneratorsFail(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	for seed := range seeds {
		rs, err := walkRun(walkSeed64(seed), walkLowCfg)
		require.NoError(t, err)
		require.Equal(t, Fail, walkWorst(rs), "xorshift64 seed %d: %v", seed, rs)
		rs, err = walkRun(walkSeed32(seed), walkFullCfg)
		require.NoError(t, err)
		require.Equal(t, Fail, walkWorst(rs), "xorshift32 seed %d: %v", seed, rs)

		// HammingIndep: xorshift64's low 16 bits in blocks of 16 (256 KiB).
		r, err := HammingIndep(walkSeed64(seed), 1<<14, 16, 16, 0)
		require.NoError(t, err)
		require.Equal(t, Fail, r.Verdict(), "xorshift64 seed %d: %v", seed, r)
	}
	// xorshift32's consecutive outputs, blocks of 32 bits: 4 MiB.
	r, err := HammingIndep(walkSeed32(1), 1<<19, 32, 64, 0)
	require.NoError(t, err)
	require.Equal(t, Fail, r.Verdict(), "xorshift32: %v", r)
}

// TestWalkPValuesUniform runs both tests over many ChaCha8 seeds and
// checks that each statistic's p-values fall outside [0.01, 0.99] about 2%
// of the time: not more, nor fewer, than a binomial count allows (at a
// false-alarm rate of 1e-6 either way).
func TestWalkPValuesUniform(t *testing.T) {
	seeds := 1500
	if testing.Short() {
		seeds = 300
	}
	outside := map[string]int{}
	for s := range seeds {
		src := chacha.NewSource(uint64(s) + 1000)
		rs, err := RandomWalk(src, 1000, 64, 64, 0)
		require.NoError(t, err)
		lo, err := RandomWalk(src, 500, 16, 16, 0)
		require.NoError(t, err)
		h, err := HammingIndep(src, 1000, 32, 64, 0)
		require.NoError(t, err)
		for _, r := range append(append(rs, lo...), h) {
			if r.P < 0.01 || r.P > 0.99 {
				outside[r.Name]++
			} else {
				outside[r.Name] += 0
			}
		}
	}
	require.Len(t, outside, 2*walkStats+1)
	b := distuv.Binomial{N: float64(seeds), P: 0.02}
	lo, hi := 0, seeds
	for b.CDF(float64(lo)) < 1e-6 {
		lo++
	}
	for 1-b.CDF(float64(hi-1)) < 1e-6 {
		hi--
	}
	for name, n := range outside {
		require.True(t, n >= lo && n <= hi, "%s: %d of %d p-values outside [0.01, 0.99], want %d to %d", name, n, seeds, lo, hi)
	}
}

func TestWalkBadParameters(t *testing.T) {
	src := chacha.NewSource(1)
	huge := ^uint(0)
	walkCases := []struct {
		walks      int64
		steps      int
		bits, shft uint
	}{
		{0, 64, 64, 0}, {-1, 64, 64, 0}, {99, 64, 64, 0}, {MaxN + 1, 64, 64, 0}, {math.MinInt64, 64, 64, 0},
		{1000, 0, 64, 0}, {1000, 2, 64, 0}, {1000, 3, 64, 0}, {1000, 65, 64, 0}, {1000, -64, 64, 0},
		{1000, MaxWalkSteps + 2, 64, 0}, {1000, math.MaxInt, 64, 0}, {1000, math.MinInt, 64, 0},
		{1000, 64, 0, 0}, {1000, 64, 65, 0}, {1000, 64, huge, 0}, {1000, 64, 64, 1}, {1000, 64, 1, 64},
		{1000, 64, 1, huge}, {1000, 64, 2, huge}, {1000, 64, 32, 33}, {1000, 64, huge, 1},
	}
	for _, c := range walkCases {
		rs, err := RandomWalk(src, c.walks, c.steps, c.bits, c.shft)
		require.Error(t, err, "%+v", c)
		require.Nil(t, rs)
		require.True(t, strings.HasPrefix(err.Error(), "stattest: "), err.Error())
	}
	hamCases := []struct {
		pairs      int64
		block      int
		bits, shft uint
	}{
		{0, 64, 64, 0}, {-1, 64, 64, 0}, {99, 64, 64, 0}, {MaxN + 1, 64, 64, 0},
		{1000, 0, 64, 0}, {1000, -1, 64, 0}, {1000, MaxHammingBlock + 1, 64, 0}, {1000, math.MaxInt, 64, 0},
		{1000, 64, 0, 0}, {1000, 64, 65, 0}, {1000, 64, huge, 0}, {1000, 64, 64, 1}, {1000, 64, 1, 64},
		{1000, 64, 1, huge}, {1000, 64, 2, huge}, {1000, 64, huge, 1},
	}
	for _, c := range hamCases {
		_, err := HammingIndep(src, c.pairs, c.block, c.bits, c.shft)
		require.Error(t, err, "%+v", c)
		require.True(t, strings.HasPrefix(err.Error(), "stattest: "), err.Error())
	}
	_, err := RandomWalk(nil, 1000, 64, 64, 0)
	require.ErrorContains(t, err, "stattest: ")
	_, err = HammingIndep(nil, 1000, 64, 64, 0)
	require.ErrorContains(t, err, "stattest: ")
	// The bounds themselves are accepted.
	_, err = RandomWalk(src, 100, 4, 1, 63)
	require.NoError(t, err)
	_, err = HammingIndep(src, 100, 1, 1, 0)
	require.NoError(t, err)
}

func BenchmarkRandomWalk(b *testing.B) {
	for _, cfg := range []struct{ words, steps, bits, shift int }{walkLowCfg, walkFullCfg} {
		walks := int64(cfg.words * cfg.bits / cfg.steps)
		b.Run(fmt.Sprintf("L=%d/field=%d@%d", cfg.steps, cfg.bits, cfg.shift), func(b *testing.B) {
			src := chacha.NewSource(1)
			for b.Loop() {
				if _, err := walkRun(src, cfg); err != nil {
					b.Fatal(err)
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(walks), "ns/walk")
			b.ReportMetric(ns/float64(cfg.words), "ns/word")
		})
	}
}

func BenchmarkHammingIndep(b *testing.B) {
	for _, cfg := range []struct{ words, block, bits, shift int }{{1 << 15, 16, 16, 0}, {1 << 17, 32, 64, 0}, {1 << 17, 64, 64, 0}} {
		pairs := int64(cfg.words * cfg.bits / (2 * cfg.block))
		b.Run(fmt.Sprintf("block=%d/field=%d@%d", cfg.block, cfg.bits, cfg.shift), func(b *testing.B) {
			src := chacha.NewSource(1)
			for b.Loop() {
				if _, err := HammingIndep(src, pairs, cfg.block, uint(cfg.bits), uint(cfg.shift)); err != nil {
					b.Fatal(err)
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(pairs), "ns/pair")
			b.ReportMetric(ns/float64(cfg.words), "ns/word")
		})
	}
}
