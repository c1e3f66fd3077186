package dist_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// benchN is the number of values per Fill in the bulk benchmarks: 80 KB,
// in L2 on every core we target, so the figure is the sampler's and the
// keystream's, not memory's.
const benchN = 10000

// benchRows are the rows of docs/performance.md's distributions table,
// named as scripts/numpy_dist.py names numpy's: each law, the gonum
// distuv law it replaces (nil where gonum has none), and for the laws
// fill also gives, fill's function (math/rand/v2's values, the bound the
// same-everywhere values are held to).
var benchRows = []struct {
	name  string
	law   any // floatLaw or intLaw
	gonum func(src rand.Source) func() float64
	fill  func(src rand.Source, dst []float64)
}{
	{"Uniform(0,1)", dist.Uniform{Min: 0, Max: 1}, func(s rand.Source) func() float64 { return distuv.Uniform{Min: 0, Max: 1, Src: s}.Rand }, fill.Float64},
	{"Normal(0,1)", dist.Normal{Mu: 0, Sigma: 1}, func(s rand.Source) func() float64 { return distuv.Normal{Mu: 0, Sigma: 1, Src: s}.Rand }, fill.NormFloat64},
	{"Exponential(1)", dist.Exponential{Rate: 1}, func(s rand.Source) func() float64 { return distuv.Exponential{Rate: 1, Src: s}.Rand }, fill.ExpFloat64},
	{"LogNormal(0,1)", dist.LogNormal{Mu: 0, Sigma: 1}, func(s rand.Source) func() float64 { return distuv.LogNormal{Mu: 0, Sigma: 1, Src: s}.Rand }, nil},
	{"Weibull(1.5,1)", dist.Weibull{K: 1.5, Lambda: 1}, func(s rand.Source) func() float64 { return distuv.Weibull{K: 1.5, Lambda: 1, Src: s}.Rand }, nil},
	{"Gamma(0.1)", dist.Gamma{Alpha: 0.1, Beta: 1}, func(s rand.Source) func() float64 { return distuv.Gamma{Alpha: 0.1, Beta: 1, Src: s}.Rand }, nil},
	{"Gamma(0.3)", dist.Gamma{Alpha: 0.3, Beta: 1}, func(s rand.Source) func() float64 { return distuv.Gamma{Alpha: 0.3, Beta: 1, Src: s}.Rand }, nil},
	{"Gamma(0.5)", dist.Gamma{Alpha: 0.5, Beta: 1}, func(s rand.Source) func() float64 { return distuv.Gamma{Alpha: 0.5, Beta: 1, Src: s}.Rand }, nil},
	{"Gamma(2)", dist.Gamma{Alpha: 2, Beta: 1}, func(s rand.Source) func() float64 { return distuv.Gamma{Alpha: 2, Beta: 1, Src: s}.Rand }, nil},
	{"Gamma(10)", dist.Gamma{Alpha: 10, Beta: 1}, func(s rand.Source) func() float64 { return distuv.Gamma{Alpha: 10, Beta: 1, Src: s}.Rand }, nil},
	{"Beta(2,5)", dist.Beta{Alpha: 2, Beta: 5}, func(s rand.Source) func() float64 { return distuv.Beta{Alpha: 2, Beta: 5, Src: s}.Rand }, nil},
	{"Beta(0.5,0.5)", dist.Beta{Alpha: 0.5, Beta: 0.5}, func(s rand.Source) func() float64 { return distuv.Beta{Alpha: 0.5, Beta: 0.5, Src: s}.Rand }, nil},
	{"Beta(0.2,0.8)", dist.Beta{Alpha: 0.2, Beta: 0.8}, func(s rand.Source) func() float64 { return distuv.Beta{Alpha: 0.2, Beta: 0.8, Src: s}.Rand }, nil},
	{"ChiSquared(3)", dist.ChiSquared{K: 3}, func(s rand.Source) func() float64 { return distuv.ChiSquared{K: 3, Src: s}.Rand }, nil},
	{"StudentsT(5)", dist.StudentsT{Mu: 0, Sigma: 1, Nu: 5}, func(s rand.Source) func() float64 { return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 5, Src: s}.Rand }, nil},
	{"StudentsT(1)", dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1}, func(s rand.Source) func() float64 { return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 1, Src: s}.Rand }, nil},
	{"Poisson(3)", dist.Poisson{Lambda: 3}, func(s rand.Source) func() float64 { return distuv.Poisson{Lambda: 3, Src: s}.Rand }, nil},
	{"Poisson(100)", dist.Poisson{Lambda: 100}, func(s rand.Source) func() float64 { return distuv.Poisson{Lambda: 100, Src: s}.Rand }, nil},
	{"Poisson(1e4)", dist.Poisson{Lambda: 1e4}, func(s rand.Source) func() float64 { return distuv.Poisson{Lambda: 1e4, Src: s}.Rand }, nil},
	{"Binomial(20,0.3)", dist.Binomial{N: 20, P: 0.3}, func(s rand.Source) func() float64 { return distuv.Binomial{N: 20, P: 0.3, Src: s}.Rand }, nil},
	{"Binomial(1000,0.5)", dist.Binomial{N: 1000, P: 0.5}, func(s rand.Source) func() float64 { return distuv.Binomial{N: 1000, P: 0.5, Src: s}.Rand }, nil},
	{"Binomial(1e6,0.3)", dist.Binomial{N: 1e6, P: 0.3}, func(s rand.Source) func() float64 { return distuv.Binomial{N: 1e6, P: 0.3, Src: s}.Rand }, nil},
	{"Geometric(0.1)", dist.Geometric{P: 0.1}, nil, nil},
}

var benchSources = []struct {
	name string
	new  func() rand.Source
}{
	{"chacha8", func() rand.Source { return chacha.NewSource(1) }},
	{"aes128ctr", func() rand.Source { return aesctr.NewSource(1) }},
}

// BenchmarkDist times each row: Fill of benchN values (on each generator),
// fill's function where there is one (the same generators), Rand per call
// in a loop, and gonum's distuv Rand with the same Source. Read ns/value,
// or 8e9 / cpuB/s for the CPU time of the process:
//
//	go test ./dist -run '^$' -bench Dist -count 6 | benchstat -
func BenchmarkDist(b *testing.B) {
	xs, ks := make([]float64, benchN), make([]int64, benchN)
	for _, row := range benchRows {
		for _, g := range benchSources {
			b.Run(row.name+"/Fill/"+g.name, func(b *testing.B) {
				src := g.new()
				perValue(b, func() { fillRow(row.law, src, xs, ks) })
			})
			if row.fill != nil {
				b.Run(row.name+"/fill/"+g.name, func(b *testing.B) {
					src := g.new()
					perValue(b, func() { row.fill(src, xs) })
				})
			}
		}
		b.Run(row.name+"/Rand/chacha8", func(b *testing.B) {
			src := chacha.NewSource(1)
			perValue(b, func() {
				switch d := row.law.(type) {
				case floatLaw:
					for i := range xs {
						xs[i] = d.Rand(src)
					}
				case intLaw:
					for i := range ks {
						ks[i] = d.Rand(src)
					}
				}
			})
		})
		if row.gonum != nil {
			b.Run(row.name+"/gonum/chacha8", func(b *testing.B) {
				r := row.gonum(chacha.NewSource(1))
				perValue(b, func() {
					for i := range xs {
						xs[i] = r()
					}
				})
			})
		}
	}
}

// BenchmarkTiers times Fill of each row under each kernel tier this CPU
// has and under this package's Go code ("generic"), on the same keystream
// kernels: how a tier is judged against the one below it on the machine at
// hand (a tier should beat it, or tie).
//
//	go test ./dist -run '^$' -bench Tiers -count 6 | benchstat -col /tier -
func BenchmarkTiers(b *testing.B) {
	xs, ks := make([]float64, benchN), make([]int64, benchN)
	for _, row := range benchRows {
		for _, g := range benchSources {
			for _, tier := range dist.Tiers() {
				b.Run(row.name+"/"+g.name+"/tier="+tier, func(b *testing.B) {
					defer dist.SelectTier(tier)()
					src := g.new()
					perValue(b, func() { fillRow(row.law, src, xs, ks) })
				})
			}
		}
	}
}

// fillRow fills xs or ks with law, as its values are float64 or int64.
func fillRow(law any, src rand.Source, xs []float64, ks []int64) {
	switch d := law.(type) {
	case floatLaw:
		d.Fill(src, xs)
	case intLaw:
		d.Fill(src, ks)
	}
}

// perValue runs f, which makes benchN values, in the benchmark loop and
// reports ns/value beside cpuB/s (8 bytes a value).
func perValue(b *testing.B, f func()) {
	stop := benchutil.Start(b, 8*benchN)
	for b.Loop() {
		f()
	}
	stop()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchN, "ns/value")
}

// BenchmarkFillLength times Fill of short slices on chacha8, for the laws
// whose Fill walks blocks of tries with a scratch block of its own (the
// Marsaglia-Tsang laws): what a Fill's fixed costs weigh per value at
// lengths a caller may well use.
//
//	go test ./dist -run '^$' -bench FillLength -count 6 | benchstat -
func BenchmarkFillLength(b *testing.B) {
	laws := []struct {
		name string
		law  floatLaw
	}{
		{"Gamma(2)", dist.Gamma{Alpha: 2, Beta: 1}},
		{"Beta(2,5)", dist.Beta{Alpha: 2, Beta: 5}},
		{"StudentsT(5)", dist.StudentsT{Mu: 0, Sigma: 1, Nu: 5}},
	}
	for _, l := range laws {
		for _, n := range []int{16, 64, 256, 1024} {
			b.Run(fmt.Sprintf("%s/n=%d", l.name, n), func(b *testing.B) {
				src := chacha.NewSource(1)
				xs := make([]float64, n)
				b.SetBytes(int64(8 * n))
				b.ReportAllocs()
				for b.Loop() {
					l.law.Fill(src, xs)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
			})
		}
	}
}
