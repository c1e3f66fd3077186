package dist_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// benchWeights returns n weights drawn uniformly from (0, 1], fixed by the
// seed.
func benchWeights(n int) []float64 {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	w := make([]float64, n)
	for i := range w {
		w[i] = 1 - r.Float64()
	}
	return w
}

// BenchmarkCategorical times Categorical over 10, 10^3 and 10^6 weights:
// Fill of benchN values on each generator, Rand per call in a loop, and
// gonum's distuv.Categorical Rand with the same Source. Read ns/value:
//
//	go test ./dist -run '^$' -bench Categorical -count 6 | benchstat -
func BenchmarkCategorical(b *testing.B) {
	ks := make([]int, benchN)
	for _, n := range []int{10, 1000, 1000000} {
		w := benchWeights(n)
		c, err := dist.NewCategorical(w)
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range benchSources {
			b.Run(fmt.Sprintf("n=%d/Fill/%s", n, g.name), func(b *testing.B) {
				src := g.new()
				perValue(b, func() { c.Fill(src, ks) })
			})
		}
		b.Run(fmt.Sprintf("n=%d/Rand/chacha8", n), func(b *testing.B) {
			src := chacha.NewSource(1)
			perValue(b, func() {
				for i := range ks {
					ks[i] = c.Rand(src)
				}
			})
		})
		b.Run(fmt.Sprintf("n=%d/gonum/chacha8", n), func(b *testing.B) {
			g := distuv.NewCategorical(w, chacha.NewSource(1))
			perValue(b, func() {
				for i := range ks {
					ks[i] = int(g.Rand())
				}
			})
		})
	}
}
