package dist

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// TestMultinomialMarginals: each count of each law is Binomial(N, P[i])
// against gonum's Prob (binomialRef, discCheck: chi-square, mean,
// variance and tails), for N where the conditional binomials take
// inversion (N = 20), BTRS (N = 5000), and both with the flip above 1/2.
func TestMultinomialMarginals(t *testing.T) {
	n := discSize() / 4
	for _, d := range []Multinomial{
		{N: 20, P: []float64{0.1, 0.2, 0.3, 0.4}},
		{N: 5000, P: []float64{0.05, 0.6, 0, 0.35}},
		{N: 300, P: []float64{0.7, 0.01, 0.29}},
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
// the conditional draws must give the joint law, not only the marginals.
func TestMultinomialJoint(t *testing.T) {
	d := Multinomial{N: 4, P: []float64{0.2, 0.3, 0.5}}
	n := 200000
	xs := make([]int64, 3*n)
	d.Fill(chacha.NewSource(11), xs)
	counts := map[[3]int64]float64{}
	for r := range n {
		counts[[3]int64{xs[3*r], xs[3*r+1], xs[3*r+2]}]++
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
	require.Empty(t, counts, "vectors outside the law's support")
	p := distuv.ChiSquared{K: float64(cells - 1)}.Survival(chi2)
	require.Greater(t, p, 1e-7, fmt.Sprintf("chi-square %.1f over %d cells", chi2, cells))
}
