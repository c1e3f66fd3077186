package dist

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNormalise: normalise's rare cases (a vector of zeros, which only
// exponentials of exactly 0 make; a sum that overflows; a sum too large
// for its reciprocal), and normaliseRows, four vectors at a time, gives
// normalise's values exactly, with the rare vectors among the others.
func TestNormalise(t *testing.T) {
	row := []float64{0, 0, 0, 0}
	normalise(row)
	require.Equal(t, []float64{0.25, 0.25, 0.25, 0.25}, row)

	row = []float64{math.MaxFloat64, math.MaxFloat64 / 2, math.MaxFloat64 / 2}
	normalise(row)
	require.Equal(t, []float64{0.5, 0.25, 0.25}, row)

	row = []float64{0x1p1010, 0x1p1010 * 3}
	normalise(row)
	require.Equal(t, []float64{0.25, 0.75}, row)

	r := rand.New(rand.NewPCG(1, 1))
	for _, k := range []int{1, 2, 3, 10} {
		b := make([]float64, 37*k)
		for i := range b {
			b[i] = r.ExpFloat64()
		}
		clear(b[5*k : 6*k])
		b[9*k] = math.MaxFloat64
		b[13*k] = 0x1p1020
		want := append([]float64(nil), b...)
		for o := 0; o < len(want); o += k {
			normalise(want[o : o+k])
		}
		normaliseRows(b, k)
		require.Equal(t, want, b, "k = %d", k)
	}
}
