package dist

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// The gamma family's design benchmark: where the small-shape methods cost
// the same (BenchmarkLMSSwitch). Each law's speed beside numpy and gonum
// is BenchmarkDist's (bench_test.go).

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

func gamFtoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// BenchmarkLMSSwitch places lmsMax: the boost against Liu-Martin-Syring on
// both sides of it, for Fill's values (fill: the boost's walks against the
// LMS loop), for one value at a time (value: draw, as Rand) and for the
// logs Beta and StudentsT take (logUnit).
//
//	go test ./dist -run '^$' -bench LMSSwitch -count 6
func BenchmarkLMSSwitch(b *testing.B) {
	for _, a := range []float64{0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4} {
		for _, kind := range []string{"boost", "lms"} {
			s := gammaSampler{alpha: a, rate: 1, scale: newGammaScale(1)}
			if kind == "boost" {
				s.setBoost()
			} else {
				s.setLMS()
			}
			b.Run("fill/alpha="+gamFtoa(a)+"/"+kind, func(b *testing.B) {
				sc := new(tryScratch)
				benchGammaFill(b, func(src rand.Source, dst []float64) {
					w := open(src)
					defer w.done()
					for len(dst) > 0 {
						c := chunk(&w, dst)
						i := 0
						if kind == "boost" {
							i = s.boostFill(&w, c, sc)
						} else {
							i = s.lmsFill(&w, c)
						}
						dst = dst[i:]
					}
				})
			})
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
