package dist_test

import (
	"math"
	"math/rand/v2"
	"strconv"
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
	type law struct {
		name string
		fill func(src rand.Source, dst []float64)
		rand func(src rand.Source) float64
	}
	var laws []law
	for _, alpha := range []float64{0.01, 0.05, 0.1, 0.2, 0.249} {
		for _, rate := range []float64{1, 3} {
			d := dist.Gamma{Alpha: alpha, Beta: rate}
			laws = append(laws, law{ff(alpha) + "/" + ff(rate), d.Fill, d.Rand})
		}
	}
	for _, d := range []dist.Beta{{0.2, 0.8}, {0.1, 5}, {2.5, 0.05}, {0.1, 0.1}, {0.249, 0.01}} {
		laws = append(laws, law{"Beta " + ff(d.Alpha) + "/" + ff(d.Beta), d.Fill, d.Rand})
	}
	for _, d := range []dist.StudentsT{{0, 1, 0.3}, {1, 2, 0.05}} {
		laws = append(laws, law{"StudentsT " + ff(d.Nu), d.Fill, d.Rand})
	}
	xs := make([]float64, n)
	for _, l := range laws {
		src, twin := chacha.NewSource(7), chacha.NewSource(7)
		l.fill(src, xs)
		for i, x := range xs {
			if want := l.rand(twin); math.Float64bits(x) != math.Float64bits(want) {
				t.Fatalf("%s: value %d of Fill is %v, Rand gives %v", l.name, i, x, want)
			}
		}
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("%s: Fill left the Source elsewhere than the Rand loop", l.name)
		}
	}
}

// ff formats a parameter for a law's name.
func ff(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
