package dist

import (
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"gonum.org/v1/gonum/stat/distuv"
)

// discBenchN is the number of values per Fill: 80 KB, in L2, so the figure
// is the sampler's and the keystream's.
const discBenchN = 10000

// discBench runs the sub-benchmarks of one law: Fill of discBenchN values,
// Rand per call, and gonum's Rand if gonum is non-nil.
func discBench(b *testing.B, name string, fill func(*chacha.Source, []int64), rnd func(*chacha.Source) int64, gonum func(*chacha.Source) func() float64) {
	b.Run(name+"/Fill", func(b *testing.B) {
		src := chacha.NewSource(1)
		dst := make([]int64, discBenchN)
		b.SetBytes(8 * discBenchN)
		b.ReportAllocs()
		for b.Loop() {
			fill(src, dst)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/discBenchN, "ns/value")
	})
	b.Run(name+"/Rand", func(b *testing.B) {
		src := chacha.NewSource(1)
		b.SetBytes(8)
		b.ReportAllocs()
		var s int64
		for b.Loop() {
			s += rnd(src)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/value")
		discSink = s
	})
	if gonum != nil {
		b.Run(name+"/gonum", func(b *testing.B) {
			src := chacha.NewSource(1)
			r := gonum(src)
			b.SetBytes(8)
			b.ReportAllocs()
			var s float64
			for b.Loop() {
				s += r()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/value")
			discSink = int64(s)
		})
	}
}

var discSink int64

func BenchmarkPoisson(b *testing.B) {
	for _, c := range []struct {
		name string
		lam  float64
	}{{"lambda=3", 3}, {"lambda=100", 100}} {
		d := Poisson{Lambda: c.lam}
		discBench(b, c.name,
			func(s *chacha.Source, dst []int64) { d.Fill(s, dst) },
			func(s *chacha.Source) int64 { return d.Rand(s) },
			func(s *chacha.Source) func() float64 { return distuv.Poisson{Lambda: c.lam, Src: s}.Rand })
	}
}

func BenchmarkBinomial(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int64
		p    float64
	}{{"n=20,p=0.3", 20, 0.3}, {"n=1000,p=0.5", 1000, 0.5}} {
		d := Binomial{N: c.n, P: c.p}
		discBench(b, c.name,
			func(s *chacha.Source, dst []int64) { d.Fill(s, dst) },
			func(s *chacha.Source) int64 { return d.Rand(s) },
			func(s *chacha.Source) func() float64 {
				return distuv.Binomial{N: float64(c.n), P: c.p, Src: s}.Rand
			})
	}
}

func BenchmarkGeometric(b *testing.B) {
	d := Geometric{P: 0.1}
	discBench(b, "p=0.1",
		func(s *chacha.Source, dst []int64) { d.Fill(s, dst) },
		func(s *chacha.Source) int64 { return d.Rand(s) },
		nil)
}
