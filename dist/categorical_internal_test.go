package dist

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// aliasWeightSets are weight vectors that reach every case of the
// construction: one weight, equal weights (full columns), zeros, tiny
// weights beside huge ones, subnormals, a sum that overflows, many weights
// each below one unit of mass beside one that holds nearly all of it.
func aliasWeightSets() map[string][]float64 {
	r := rand.New(rand.NewPCG(3, 4))
	random := make([]float64, 1000)
	for i := range random {
		random[i] = r.Float64() * math.Ldexp(1, r.IntN(40)-20)
		if i%17 == 0 {
			random[i] = 0
		}
	}
	crumbs := make([]float64, 5000)
	for i := range crumbs {
		crumbs[i] = 1e-20 * float64(1+i%3)
	}
	crumbs[2500] = 1
	equal := make([]float64, 64)
	for i := range equal {
		equal[i] = 0.3
	}
	return map[string][]float64{
		"one":          {2.5},
		"one of zeros": {0, 0, 7, 0},
		"ten":          {1, 2, 3, 0, 5, 6.5, 7, 8, 9, 10},
		"equal 64":     equal,
		"extremes":     {1e-300, 1e300, 0, 2e300, 1e-300, 1, 5e-324},
		"subnormal":    {5e-324, 1e-323, 0, 1.5e-323, 2e-323},
		"sum +Inf":     {1e308, 1e308, 0, math.MaxFloat64},
		"random 1000":  random,
		"crumbs":       crumbs,
	}
}

// TestAliasMassesExact checks every prefix sum of the masses against its
// exact value M·(w_0 + ... + w_i)/Σw, computed in rationals: within 1.5
// units; the masses sum to M, and a weight of 0 has mass 0.
func TestAliasMassesExact(t *testing.T) {
	for name, w := range aliasWeightSets() {
		n := uint64(len(w))
		M := n << (64 - bits.Len64(n))
		wmax, _, err := checkWeights("test", w)
		require.NoError(t, err)
		m := aliasMasses(w, wmax, M)
		total := new(big.Rat)
		for _, x := range w {
			total.Add(total, new(big.Rat).SetFloat64(x))
		}
		bigM := new(big.Rat).SetUint64(M)
		exact, got := new(big.Rat), new(big.Rat)
		var sum uint64
		for i, x := range w {
			if x == 0 {
				require.Zero(t, m[i], "%s: mass of weights[%d] = 0", name, i)
			}
			sum += m[i]
			exact.Add(exact, new(big.Rat).SetFloat64(x))
			want := new(big.Rat).Quo(new(big.Rat).Mul(exact, bigM), total)
			got.SetUint64(sum)
			d, _ := new(big.Rat).Sub(got, want).Float64()
			require.LessOrEqual(t, math.Abs(d), 1.5, "%s: prefix %d: %d units, want %s", name, i, sum, want.FloatString(3))
		}
		require.Equal(t, M, sum, "%s: the masses sum to M", name)
	}
}

// tableMasses returns the mass each index holds in c's table: its own
// column's threshold and every other column's remainder that names it.
func tableMasses(t *testing.T, c *Categorical) []uint64 {
	sh := uint(bits.Len64(c.n))
	C := uint64(1) << (64 - sh)
	m := make([]uint64, c.n)
	for j, e := range c.tab {
		th, a := e>>sh, e&c.mask
		if a == uint64(j) {
			require.Zero(t, th, "full column %d has a threshold", j)
			m[j] += C
			continue
		}
		m[j] += th
		m[a] += C - th
	}
	return m
}

// TestAliasTable checks every table entry: the masses it gives are the
// masses computed (so no unit is lost or moved by the pairing), a weight
// of 0 has threshold 0 in its own column and is no column's alias, and
// every alias is an index.
func TestAliasTable(t *testing.T) {
	for name, w := range aliasWeightSets() {
		c, err := NewCategorical(w)
		require.NoError(t, err)
		n := c.n
		M := n << (64 - bits.Len64(n))
		wmax, _, _ := checkWeights("test", w)
		require.Equal(t, aliasMasses(w, wmax, M), tableMasses(t, c), name)
		sh := uint(bits.Len64(n))
		for j, e := range c.tab {
			a := e & c.mask
			require.Less(t, a, n, "%s: column %d's alias", name, j)
			if w[j] == 0 {
				require.Zero(t, e>>sh, "%s: column %d of weight 0 keeps itself", name, j)
			}
			if a != uint64(j) {
				require.NotZero(t, w[a], "%s: column %d's alias %d has weight 0", name, j, a)
			}
		}
	}
}

// TestAliasDrawExact counts, for small tables, the words of each outcome
// exactly (column j holds the words u with ⌊u·n/2^64⌋ = j, whose low
// products lo run from lo0 in steps of n; those with lo's high bits below
// the threshold keep j): each probability within 2 words per column of the
// table's mass share, and 0 for a weight of 0.
func TestAliasDrawExact(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, name := range []string{"one of zeros", "ten", "extremes", "subnormal", "sum +Inf"} {
		w := aliasWeightSets()[name]
		c, err := NewCategorical(w)
		require.NoError(t, err)
		n := c.n
		bn := new(big.Int).SetUint64(n)
		sh := uint(bits.Len64(n))
		M := n << (64 - sh)
		count := make([]*big.Int, n)
		for i := range count {
			count[i] = new(big.Int)
		}
		for j, e := range c.tab {
			// Column j: u in [⌈j·2^64/n⌉, ⌈(j+1)·2^64/n⌉).
			u0 := ceilDiv(new(big.Int).Mul(big.NewInt(int64(j)), two64), bn)
			u1 := ceilDiv(new(big.Int).Mul(big.NewInt(int64(j+1)), two64), bn)
			size := new(big.Int).Sub(u1, u0)
			lo0 := new(big.Int).Sub(new(big.Int).Mul(u0, bn), new(big.Int).Mul(big.NewInt(int64(j)), two64))
			T := new(big.Int).Lsh(new(big.Int).SetUint64(e>>sh), sh)
			keep := new(big.Int)
			if T.Cmp(lo0) > 0 {
				keep = ceilDiv(new(big.Int).Sub(T, lo0), bn)
				if keep.Cmp(size) > 0 {
					keep.Set(size)
				}
			}
			// The draw's own rule on the first and last word of the kept
			// run, against the count.
			if keep.Sign() > 0 {
				last := new(big.Int).Add(u0, new(big.Int).Sub(keep, big.NewInt(1)))
				require.Equal(t, j, c.draw(last.Uint64()), "%s: column %d, last kept word", name, j)
			}
			if keep.Cmp(size) < 0 && e&c.mask != uint64(j) {
				first := new(big.Int).Add(u0, keep)
				require.Equal(t, int(e&c.mask), c.draw(first.Uint64()), "%s: column %d, first alias word", name, j)
			}
			a := e & c.mask
			count[j].Add(count[j], keep)
			count[a].Add(count[a], new(big.Int).Sub(size, keep))
		}
		mass := tableMasses(t, c)
		for i := range count {
			if w[i] == 0 {
				require.Zero(t, count[i].Sign(), "%s: words drawing index %d of weight 0", name, i)
			}
			// count/2^64 against mass/M: |count·M - mass·2^64| <= 2n·M.
			d := new(big.Int).Sub(new(big.Int).Mul(count[i], new(big.Int).SetUint64(M)), new(big.Int).Mul(new(big.Int).SetUint64(mass[i]), two64))
			bound := new(big.Int).Mul(new(big.Int).SetUint64(2*n), new(big.Int).SetUint64(M))
			require.LessOrEqual(t, d.CmpAbs(bound), 0, "%s: index %d: %s words for mass %d", name, i, count[i], mass[i])
		}
	}
}

func ceilDiv(a, b *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	if r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// TestCategoricalFillPaths: the chunk path (this module's generators, a
// 64-bit int), the path through the keystream's buffer (fillWords: a
// 32-bit int) and the per-call path give the same values and leave the
// stream at the same place, at every offset.
func TestCategoricalFillPaths(t *testing.T) {
	c, err := NewCategorical(aliasWeightSets()["random 1000"])
	require.NoError(t, err)
	for _, n := range []int{0, 1, 5, 127, 128, 129, 2048, 2049, 4100} {
		for off := range 8 {
			a, b, p := chacha.NewSource(9), chacha.NewSource(9), chacha.NewSource(9)
			for _, s := range []*chacha.Source{a, b, p} {
				_, _ = s.Read(make([]byte, off))
			}
			got := make([]int, n)
			c.Fill(a, got)
			viaBuf := make([]int, n)
			w := open(b)
			c.fillWords(&w, viaBuf)
			w.done()
			want := make([]int, n)
			for i := range want {
				want[i] = c.draw(p.Uint64())
			}
			require.Equal(t, want, got, "Fill(%d) at offset %d", n, off)
			require.Equal(t, want, viaBuf, "fillWords(%d) at offset %d", n, off)
			x := p.Uint64()
			require.Equal(t, x, a.Uint64(), "after Fill(%d) at offset %d", n, off)
			require.Equal(t, x, b.Uint64(), "after fillWords(%d) at offset %d", n, off)
		}
	}
}
