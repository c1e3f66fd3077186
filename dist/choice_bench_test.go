package dist_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
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

// BenchmarkSample times Sample and WeightedSample of k = 10 indices of n =
// 10^3, 10^6 and 10^8: Sample's time and memory should not grow with n,
// WeightedSample's time grows as n (one exponential per weight) and its
// memory not at all. Read sec/op per call, B/op for what a call
// allocates, and for the CPU time 8e9/cpuB/s: ns per value of Sample, ns
// per weight of WeightedSample.
//
//	go test ./dist -run '^$' -bench 'Sample' -count 6 | benchstat -
func BenchmarkSample(b *testing.B) {
	const k = 10
	dst := make([]int, k)
	for _, n := range []int{1e3, 1e6, 1e8} {
		b.Run(fmt.Sprintf("Sample/k=%d/n=%d", k, n), func(b *testing.B) {
			src := chacha.NewSource(1)
			stop := benchutil.Start(b, 8*k)
			for b.Loop() {
				if err := dist.Sample(src, dst, n); err != nil {
					b.Fatal(err)
				}
			}
			stop()
		})
	}
	for _, n := range []int{1e3, 1e6, 1e8} {
		if n > 1e6 && testing.Short() {
			continue
		}
		w := benchWeights(n)
		b.Run(fmt.Sprintf("WeightedSample/k=%d/n=%d", k, n), func(b *testing.B) {
			src := chacha.NewSource(1)
			stop := benchutil.Start(b, 8*n)
			for b.Loop() {
				if err := dist.WeightedSample(src, dst, w); err != nil {
					b.Fatal(err)
				}
			}
			stop()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/weight")
		})
	}
}
