package dist

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
	"gonum.org/v1/gonum/stat/distuv"
)

// The gamma family's benchmarks: Fill of benchGammaN values from
// chacha.NewSource(1) (ns/value is the figure to compare; 8e9/cpuB/s is the
// same per second of this process's CPU time, steadier on a shared
// machine), Rand per call in a loop of benchGammaN calls, and gonum's
// distuv Rand on the same source.
//
//	go test ./dist -run '^$' -bench 'Gamma|Beta|ChiSquared|StudentsT' -count 6

const benchGammaN = 1 << 14

func benchGammaFill(b *testing.B, fill func(rand.Source, []float64)) {
	src := chacha.NewSource(1)
	dst := make([]float64, benchGammaN)
	stop := benchutil.Start(b, 8*benchGammaN)
	for b.Loop() {
		fill(src, dst)
	}
	stop()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*benchGammaN), "ns/value")
}

func benchGammaCalls(b *testing.B, call func(rand.Source) float64) {
	src := chacha.NewSource(1)
	dst := make([]float64, benchGammaN)
	stop := benchutil.Start(b, 8*benchGammaN)
	for b.Loop() {
		for i := range dst {
			dst[i] = call(src)
		}
	}
	stop()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*benchGammaN), "ns/value")
}

// benchGonum times a gonum Rand that draws from the Source it was built
// with.
func benchGonum(b *testing.B, mk func(rand.Source) func() float64) {
	r := mk(chacha.NewSource(1))
	benchGammaCalls(b, func(rand.Source) float64 { return r() })
}

func gamFtoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func BenchmarkGamma(b *testing.B) {
	for _, a := range []float64{0.5, 2, 10} {
		d := Gamma{Alpha: a, Beta: 1}
		b.Run("alpha="+gamFtoa(a), func(b *testing.B) { benchGammaFill(b, d.Fill) })
	}
	for _, a := range []float64{0.5, 2, 10} {
		d := Gamma{Alpha: a, Beta: 1}
		b.Run("rand/alpha="+gamFtoa(a), func(b *testing.B) { benchGammaCalls(b, d.Rand) })
	}
	for _, a := range []float64{0.5, 2, 10} {
		b.Run("gonum/alpha="+gamFtoa(a), func(b *testing.B) {
			benchGonum(b, func(src rand.Source) func() float64 { return distuv.Gamma{Alpha: a, Beta: 1, Src: src}.Rand })
		})
	}
}

func BenchmarkBeta(b *testing.B) {
	d := Beta{Alpha: 2, Beta: 5}
	b.Run("2,5", func(b *testing.B) { benchGammaFill(b, d.Fill) })
	b.Run("rand/2,5", func(b *testing.B) { benchGammaCalls(b, d.Rand) })
	b.Run("gonum/2,5", func(b *testing.B) {
		benchGonum(b, func(src rand.Source) func() float64 { return distuv.Beta{Alpha: 2, Beta: 5, Src: src}.Rand })
	})
}

func BenchmarkChiSquared(b *testing.B) {
	d := ChiSquared{K: 3}
	b.Run("k=3", func(b *testing.B) { benchGammaFill(b, d.Fill) })
	b.Run("rand/k=3", func(b *testing.B) { benchGammaCalls(b, d.Rand) })
	b.Run("gonum/k=3", func(b *testing.B) {
		benchGonum(b, func(src rand.Source) func() float64 { return distuv.ChiSquared{K: 3, Src: src}.Rand })
	})
}

func BenchmarkStudentsT(b *testing.B) {
	d := StudentsT{Mu: 0, Sigma: 1, Nu: 5}
	b.Run("nu=5", func(b *testing.B) { benchGammaFill(b, d.Fill) })
	b.Run("rand/nu=5", func(b *testing.B) { benchGammaCalls(b, d.Rand) })
	b.Run("gonum/nu=5", func(b *testing.B) {
		benchGonum(b, func(src rand.Source) func() float64 { return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 5, Src: src}.Rand })
	})
}

// BenchmarkLMSSwitch places lmsMax: the boost against Liu-Martin-Syring on
// both sides of it, for Gamma's values (draw) and for the logs Beta and
// StudentsT take (logUnit).
//
//	go test ./dist -run '^$' -bench LMSSwitch -count 6
func BenchmarkLMSSwitch(b *testing.B) {
	for _, a := range []float64{0.1, 0.2, 0.25, 0.3, 0.4} {
		for _, kind := range []string{"boost", "lms"} {
			s := gammaSampler{alpha: a, rate: 1, scale: newGammaScale(1)}
			if kind == "boost" {
				s.setBoost()
			} else {
				s.setLMS()
			}
			b.Run("value/alpha="+gamFtoa(a)+"/"+kind, func(b *testing.B) {
				benchGammaFill(b, func(src rand.Source, dst []float64) {
					w := open(src)
					defer w.done()
					for i := range dst {
						dst[i] = s.draw(&w)
					}
				})
			})
			b.Run("log/alpha="+gamFtoa(a)+"/"+kind, func(b *testing.B) {
				benchGammaFill(b, func(src rand.Source, dst []float64) {
					w := open(src)
					defer w.done()
					for i := range dst {
						dst[i] = s.logUnit(&w)
					}
				})
			})
		}
	}
}
