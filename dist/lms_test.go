package dist_test

import (
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestLMSFillIsRandLoop holds the bulk paths of the small shapes (Liu,
// Martin and Syring's sampler below 1/4, and Beta's blocks around it and
// the boost) to a loop of Rand over many values (the goldens' shorter
// Fills can miss a try a broken path decides wrongly), at shapes where
// every path is taken often (up to just below 1/4, where the quickest path
// takes the fewest), with rates 1 and 3: the values and the Source's final
// position.
func TestLMSFillIsRandLoop(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 40000
	}
	var laws []floatLaw
	for _, alpha := range []float64{0.01, 0.05, 0.1, 0.2, 0.249} {
		for _, rate := range []float64{1, 3} {
			laws = append(laws, dist.Gamma{Alpha: alpha, Beta: rate})
		}
	}
	for _, d := range []dist.Beta{{0.2, 0.8}, {0.1, 5}, {2.5, 0.05}, {0.1, 0.1}, {0.249, 0.01}} {
		laws = append(laws, d)
	}
	for _, d := range []dist.StudentsT{{0, 1, 0.3}, {1, 2, 0.05}} {
		laws = append(laws, d)
	}
	xs := make([]float64, n)
	for _, d := range laws {
		longFillIsRandLoop(t, "chacha8", d, chacha.NewSource(7), chacha.NewSource(7), xs)
	}
}
