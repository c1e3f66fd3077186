package dist_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestFillIsRandLoopManyRejections is TestFillIsRandLoop for the shapes
// where Marsaglia and Tsang's tries miss the squeeze and are rejected most
// often (shapes just above 1, and Beta's and StudentsT's gammas there),
// over long Fills from this module's generators, whose words a Fill reads
// in bulk: the values and the next word equal those of a loop of Rand on
// a twin Source, for lengths around the chunks' sizes.
func TestFillIsRandLoopManyRejections(t *testing.T) {
	laws := []floatLaw{
		dist.Gamma{Alpha: 1.0001, Beta: 1},
		dist.Gamma{Alpha: 1.3, Beta: 0.7},
		dist.ChiSquared{K: 2.5},
		dist.Beta{Alpha: 1.0001, Beta: 1.2},
		dist.Beta{Alpha: 1.5, Beta: 30},
		dist.StudentsT{Mu: 0, Sigma: 1, Nu: 2.0002},
	}
	sources := []struct {
		name string
		new  func(seed uint64) rand.Source
	}{
		{"chacha8", func(s uint64) rand.Source { return chacha.NewSource(s) }},
		{"aes128ctr", func(s uint64) rand.Source { return aesctr.NewSource(s) }},
	}
	for _, law := range laws {
		for _, src := range sources {
			for i, n := range []int{63, 64, 65, 2047, 2048, 2049, 20000} {
				a, b := src.new(uint64(i)), src.new(uint64(i))
				got := make([]float64, n)
				law.Fill(a, got)
				for k := range got {
					if want := law.Rand(b); math.Float64bits(got[k]) != math.Float64bits(want) {
						t.Fatalf("%+v on %s, Fill of %d: value %d is %v, Rand gives %v", law, src.name, n, k, got[k], want)
					}
				}
				if x, y := a.Uint64(), b.Uint64(); x != y {
					t.Fatalf("%+v on %s, Fill of %d: next word %#x, after Rand %#x", law, src.name, n, x, y)
				}
			}
		}
	}
}
