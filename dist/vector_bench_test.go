package dist_test

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/dist"
)

// vectorBenchRow is a vector law's row of docs/performance.md's
// distributions table, named as scripts/numpy_dist.py names numpy's: its
// Fill (of float64 or int64 values) and the dimension of its vectors.
// (gonum's distmv, which has the multivariate normal and the Dirichlet,
// needs a module this one does not depend on, so it has no column here.)
type vectorBenchRow struct {
	name string
	fill any // func(rand.Source, []float64) or func(rand.Source, []int64)
}

func vectorBenchRows() []vectorBenchRow {
	mvn, err := dist.NewMultivariateNormal(make([]float64, 10), randomCov(10, 1))
	if err != nil {
		panic(err)
	}
	return []vectorBenchRow{
		{"MultivariateNormal(d=10)", mvn.Fill},
		{"Dirichlet(ones(10))", dist.Dirichlet{Alpha: filled(10, 1)}.Fill},
		{"Dirichlet(1..10)", dist.Dirichlet{Alpha: []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}.Fill},
		{"Dirichlet(0.1*ones(10))", dist.Dirichlet{Alpha: filled(10, 0.1)}.Fill},
		{"Dirichlet(0.1..1)", dist.Dirichlet{Alpha: []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}}.Fill},
		{"Multinomial(100,ones(10)/10)", dist.Multinomial{N: 100, P: filled(10, 0.1)}.Fill},
		{"Multinomial(1e6,ones(10)/10)", dist.Multinomial{N: 1e6, P: filled(10, 0.1)}.Fill},
	}
}

// BenchmarkVector times each row's Fill of benchN values (benchN/dim
// vectors) on each generator, per value (per element of the vectors).
// Read ns/value, or 8e9 / cpuB/s for the CPU time of the process:
//
//	go test ./dist -run '^$' -bench Vector -count 6 | benchstat -
func BenchmarkVector(b *testing.B) {
	xs, ks := make([]float64, benchN), make([]int64, benchN)
	for _, row := range vectorBenchRows() {
		for _, g := range benchSources {
			b.Run(row.name+"/Fill/"+g.name, func(b *testing.B) {
				src := g.new()
				perValue(b, func() {
					switch f := row.fill.(type) {
					case func(rand.Source, []float64):
						f(src, xs)
					case func(rand.Source, []int64):
						f(src, ks)
					}
				})
			})
		}
	}
}
