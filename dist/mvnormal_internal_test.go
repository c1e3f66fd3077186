package dist

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"
)

// TestCholeskyIsGonums: the package's own factor agrees with gonum's
// (LAPACK's dpotrf, summing in another order) to within rounding, over
// well and badly conditioned covariances.
func TestCholeskyIsGonums(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []int{1, 2, 5, 40, 200} {
		for _, ridge := range []float64{1, 1e-8} {
			a := mat.NewDense(d, d, nil)
			for i := range d {
				for j := range d {
					a.Set(i, j, r.NormFloat64())
				}
			}
			var c mat.SymDense
			c.SymOuterK(1, a)
			for i := range d {
				c.SetSym(i, i, c.At(i, i)+ridge)
			}
			var ch mat.Cholesky
			require.True(t, ch.Factorize(&c), "gonum: d = %d", d)
			var want mat.TriDense
			ch.LTo(&want)
			l, err := cholesky(&c, d)
			require.NoError(t, err)
			scale := math.Sqrt(mat.Max(&c))
			for i := range d {
				for j := range i + 1 {
					got := l[i*(i+1)/2+j]
					require.InDelta(t, want.At(i, j), got, 1e-9*scale, "d = %d, ridge %g: L[%d][%d]", d, ridge, i, j)
				}
			}
		}
	}
}
