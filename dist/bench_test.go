package dist_test

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/fill"
)

// benchN is the number of values per Fill in the bulk benchmarks: 80 KB,
// in L2 on every core we target, so the figure is the sampler's and the
// keystream's, not memory's.
const benchN = 10000

// BenchmarkContinuous times Fill of the ziggurat-based laws beside fill's
// math/rand/v2 values on the same Source, the bound they are held to.
func BenchmarkContinuous(b *testing.B) {
	dst := make([]float64, benchN)
	for _, gen := range []string{"chacha8", "aes128ctr"} {
		src := func() interface{ Uint64() uint64 } {
			if gen == "chacha8" {
				return chacha.NewSource(1)
			}
			return aesctr.NewSource(1)
		}()
		cases := []struct {
			name string
			fill func()
		}{
			{"fill.Float64", func() { fill.Float64(src, dst) }},
			{"Uniform(0,1)", func() { dist.Uniform{Min: 0, Max: 1}.Fill(src, dst) }},
			{"fill.NormFloat64", func() { fill.NormFloat64(src, dst) }},
			{"Normal(0,1)", func() { dist.Normal{Mu: 0, Sigma: 1}.Fill(src, dst) }},
			{"fill.ExpFloat64", func() { fill.ExpFloat64(src, dst) }},
			{"Exponential(1)", func() { dist.Exponential{Rate: 1}.Fill(src, dst) }},
			{"LogNormal(0,1)", func() { dist.LogNormal{Mu: 0, Sigma: 1}.Fill(src, dst) }},
			{"Weibull(1.5,1)", func() { dist.Weibull{K: 1.5, Lambda: 1}.Fill(src, dst) }},
		}
		for _, c := range cases {
			b.Run(fmt.Sprintf("%s/%s", c.name, gen), func(b *testing.B) {
				b.SetBytes(8 * benchN)
				b.ReportAllocs()
				for b.Loop() {
					c.fill()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchN, "ns/value")
			})
		}
	}
}
