package dist_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests the vector laws (MultivariateNormal, Dirichlet, Multinomial)
// share.

// vectorRows are the numbers of vectors the Fill-is-a-loop tests draw at
// once: none, one, a few, and enough to cross the keystream's buffers and
// Fill's blocks.
var vectorRows = []int{0, 1, 2, 3, 17, 129, 700}

// fillIsVectorLoop checks, on every kind of Source at several byte offsets,
// that one Fill of k vectors of dimension dim gives the values of k Fills
// of one vector and leaves the Source where they do (the next Uint64 is
// the same).
func fillIsVectorLoop[T float64 | int64](t *testing.T, name string, dim int, fill func(src rand.Source, dst []T)) {
	t.Helper()
	for si, s := range sources {
		for _, k := range vectorRows {
			if k*dim > 40000 {
				continue
			}
			off := (k + si) % 8
			a, b := s.new(uint64(k)), s.new(uint64(k))
			skip(t, a, off)
			skip(t, b, off)
			got := make([]T, k*dim)
			fill(a, got)
			want := make([]T, k*dim)
			for r := range k {
				fill(b, want[r*dim:(r+1)*dim])
			}
			require.Equal(t, want, got, "%s on %s: Fill of %d vectors at offset %d", name, s.name, k, off)
			require.Equal(t, b.Uint64(), a.Uint64(), "%s on %s: the Source after Fill of %d vectors at offset %d", name, s.name, k, off)
		}
	}
}

// vectorCase is a vector law as a golden lawCase: its fill makes n values,
// n/dim vectors row after row (n a multiple of dim).
func vectorCase[T float64 | int64](name string, fill func(src rand.Source, dst []T)) lawCase {
	return lawCase{
		name: name,
		fill: func(src rand.Source, n int) []uint64 {
			xs := make([]T, n)
			fill(src, xs)
			bits := make([]uint64, n)
			for i, x := range xs {
				switch v := any(x).(type) {
				case float64:
					bits[i] = math.Float64bits(v)
				case int64:
					bits[i] = uint64(v)
				}
			}
			return bits
		},
	}
}

// panicsUntouched checks that f panics with want and leaves a Source
// where it was.
func panicsUntouched(t *testing.T, want string, f func(src rand.Source)) {
	t.Helper()
	a, b := rand.NewPCG(3, 4), rand.NewPCG(3, 4)
	require.PanicsWithValue(t, want, func() { f(a) })
	require.Equal(t, b.Uint64(), a.Uint64(), "the Source moved: %s", want)
}
