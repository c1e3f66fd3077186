package dist

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

// TestMultinomialMarginals: each count of each law is Binomial(N, P[i])
// against gonum's Prob (binomialRef, discCheck: chi-square, mean,
// variance and tails), for N drawn one trial at a time (N = 20, 40) and
// by conditional binomials taking inversion (N = 300) and BTRS (N =
// 5000), with the flip above 1/2.
func TestMultinomialMarginals(t *testing.T) {
	n := discSize() / 4
	for _, d := range []Multinomial{
		{N: 20, P: []float64{0.1, 0.2, 0.3, 0.4}},
		{N: 5000, P: []float64{0.05, 0.6, 0, 0.35}},
		{N: 300, P: []float64{0.7, 0.01, 0.29}},
		{N: 40, P: []float64{0.7, 0.01, 0.29}}, // one trial at a time
	} {
		k := len(d.P)
		xs := make([]int64, n*k)
		d.Fill(chacha.NewSource(uint64(d.N)), xs)
		col := make([]int64, n)
		for i, p := range d.P {
			if p == 0 {
				continue
			}
			for r := range n {
				col[r] = xs[r*k+i]
			}
			if bad := discCheck(col, binomialRef(d.N, p), 50); len(bad) > 0 {
				t.Errorf("%+v: count %d is not Binomial(%d, %g): %s", d, i, d.N, p, strings.Join(bad, "; "))
			}
		}
	}
}

// TestMultinomialJoint: the vectors of N = 4 over 3 places, all 15 of
// them, by chi-square against the multinomial pmf N!/(a!b!c!)·p^a·q^b·r^c:
// the draws must give the joint law, not only the marginals. One trial at
// a time, and by conditional binomials (the same 3 places followed by 62
// of probability 0, beyond the trials' 64 places).
func TestMultinomialJoint(t *testing.T) {
	for _, k := range []int{3, 65} {
		p := make([]float64, k)
		copy(p, []float64{0.2, 0.3, 0.5})
		d := Multinomial{N: 4, P: p}
		n := 200000
		xs := make([]int64, k*n)
		d.Fill(chacha.NewSource(11), xs)
		counts := map[[3]int64]float64{}
		for r := range n {
			counts[[3]int64{xs[k*r], xs[k*r+1], xs[k*r+2]}]++
		}
		fact := []float64{1, 1, 2, 6, 24}
		chi2, cells := 0.0, 0
		for a := int64(0); a <= 4; a++ {
			for b := int64(0); a+b <= 4; b++ {
				c := 4 - a - b
				p := fact[4] / (fact[a] * fact[b] * fact[c]) *
					math.Pow(0.2, float64(a)) * math.Pow(0.3, float64(b)) * math.Pow(0.5, float64(c))
				e := float64(n) * p
				chi2 += (counts[[3]int64{a, b, c}] - e) * (counts[[3]int64{a, b, c}] - e) / e
				cells++
				delete(counts, [3]int64{a, b, c})
			}
		}
		require.Empty(t, counts, "%d places: vectors outside the law's support", k)
		pv := distuv.ChiSquared{K: float64(cells - 1)}.Survival(chi2)
		require.Greater(t, pv, 1e-7, fmt.Sprintf("%d places: chi-square %.1f over %d cells", k, chi2, cells))
	}
}

// TestMultinomialAliasTable: the probability the table gives each place, Σ_j (its
// own threshold, and the rest of the cells whose alias it is)/len(P),
// equals P[i]/ΣP to within 1e-15, over sets with zeros, tiny and huge
// ratios, unnormalised sums, one place and 64; places of probability 0
// get exactly 0.
func TestMultinomialAliasTable(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sets := [][]float64{
		{1},
		{0.5, 0.5},
		{0, 0.2, 0, 0.3, 0.5},
		{1e-300, 1 - 1e-15, 1e-15, 0},
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1},
	}
	for range 20 {
		p := make([]float64, 1+r.IntN(trialsMaxPlaces))
		for i := range p {
			if r.IntN(4) > 0 {
				p[i] = math.Exp(30 * r.NormFloat64())
			}
		}
		p[r.IntN(len(p))] = 1
		sets = append(sets, p)
	}
	for _, p := range sets {
		var tab multinomialAlias
		tab.build(p)
		k := len(p)
		got := make([]float64, k)
		for j := range k {
			if tab.thr[j] == math.MaxUint64 {
				require.Equal(t, uint8(j), tab.alias[j])
				got[j] += 1
				continue
			}
			keep := float64(tab.thr[j]) / 0x1p64
			got[j] += keep
			got[tab.alias[j]] += 1 - keep
		}
		total := 0.0
		for _, v := range p {
			total += v
		}
		for i, v := range p {
			if v == 0 {
				require.Zero(t, got[i], "%v: place %d", p, i)
				continue
			}
			require.InDelta(t, v/total, got[i]/float64(k), 1e-15, "%v: place %d", p, i)
		}
	}
}
