package dist_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestBoostFillIsRandLoop holds the bulk paths of the shapes from 1/4 to 1
// (Gamma(a+1)·U^(1/a), made a group of values at a time where the CPU has
// the kernels) to a loop of Rand over many values, on chacha8 and
// aes128ctr from an odd byte of the stream: Gamma at rates 1 and 3 and
// shapes across the range, ChiSquared, StudentsT with Nu from 1/2 to 2,
// Beta of two such shapes (their lanes in turn) and of one beside a
// Marsaglia-Tsang shape; and a symmetric Dirichlet's Fill of many vectors
// against Fills of one. The values and the Source's final position.
func TestBoostFillIsRandLoop(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 40000
	}
	var laws []floatLaw
	for _, alpha := range []float64{0.25, 0.3, 0.7, 0.9999} {
		for _, rate := range []float64{1, 3} {
			laws = append(laws, dist.Gamma{Alpha: alpha, Beta: rate})
		}
	}
	for _, d := range []dist.ChiSquared{{K: 0.6}, {K: 1.2}, {K: 1.999}} {
		laws = append(laws, d)
	}
	for _, d := range []dist.StudentsT{{Mu: 0, Sigma: 1, Nu: 0.5001}, {Mu: 2, Sigma: 3, Nu: 1.5}} {
		laws = append(laws, d)
	}
	for _, d := range []dist.Beta{{Alpha: 0.3, Beta: 0.9}, {Alpha: 0.7, Beta: 0.7}, {Alpha: 0.9999, Beta: 0.25}, {Alpha: 0.3, Beta: 3}} {
		laws = append(laws, d)
	}
	sources := []struct {
		name string
		new  func() rand.Source
	}{
		{"chacha8", func() rand.Source { return chacha.NewSource(11) }},
		{"aes128ctr", func() rand.Source { return aesctr.NewSource(11) }},
	}
	xs := make([]float64, n)
	for _, s := range sources {
		for _, d := range laws {
			src, twin := s.new(), s.new()
			skip(t, src, 3)
			skip(t, twin, 3)
			longFillIsRandLoop(t, s.name, d, src, twin, xs)
		}
		// Dirichlet has no Rand: a Fill of many vectors against one Fill
		// a vector on a twin Source.
		d := dist.Dirichlet{Alpha: []float64{0.3, 0.3, 0.3, 0.3, 0.3}}
		k := len(d.Alpha)
		src, twin := s.new(), s.new()
		skip(t, src, 3)
		skip(t, twin, 3)
		vs := xs[:n/k*k]
		d.Fill(src, vs)
		one := make([]float64, k)
		for r := 0; r < len(vs); r += k {
			d.Fill(twin, one)
			for i, x := range one {
				if math.Float64bits(vs[r+i]) != math.Float64bits(x) {
					t.Fatalf("%s Dirichlet(0.3 x %d): vector %d, place %d: %v, one vector's Fill gives %v", s.name, k, r/k, i, vs[r+i], x)
				}
			}
		}
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("%s Dirichlet: Fill left the Source elsewhere than the one-vector Fills", s.name)
		}
	}
}
