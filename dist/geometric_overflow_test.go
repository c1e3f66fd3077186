package dist_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/dist"
)

// wordList is a rand.Source that returns its words in order.
type wordList []uint64

func (w *wordList) Uint64() uint64 {
	x := (*w)[0]
	*w = (*w)[1:]
	return x
}

// TestGeometricOverflowBound holds Geometric's doc (a value exceeds
// MaxInt64 only for P below 5e-18) at the greatest exponential the
// ziggurat gives: its tail strip's word, then the least uniform, E = r +
// 53·log 2, about 44.43. It saturates the value at P = 4.7e-18 but not at
// 4.9e-18.
func TestGeometricOverflowBound(t *testing.T) {
	top := func() *wordList { return &wordList{0xFFFFFFFFFFFFFF00, 0} }
	require.Equal(t, int64(math.MaxInt64), dist.Geometric{P: 4.7e-18}.Rand(top()))
	v := dist.Geometric{P: 4.9e-18}.Rand(top())
	require.Less(t, v, int64(math.MaxInt64))
	require.Greater(t, v, int64(9e18), "the words no longer give the greatest exponential")
}
