package parallel_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
	"github.com/streamrand/streamrand/parallel"
)

// The scheduling cost per unit: f does nothing.
func BenchmarkOverhead(b *testing.B) {
	empty := func(int64, streamrand.Generator) (int, error) { return 0, nil }
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
		for _, w := range []int{1, 2} {
			j := parallel.Job{Alg: a, Workers: w}
			b.Run(fmt.Sprintf("Map/%v/workers=%d", a, w), func(b *testing.B) {
				b.ReportAllocs()
				_, err := parallel.Map(b.Context(), j, int64(b.N), empty)
				if err != nil {
					b.Fatal(err)
				}
			})
			b.Run(fmt.Sprintf("Fold/%v/workers=%d", a, w), func(b *testing.B) {
				b.ReportAllocs()
				_, err := parallel.Fold(b.Context(), j, int64(b.N), empty, 0, func(a, b int) int { return a + b })
				if err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

// piBuffers holds the batches of the pi units running at a time, as
// examples/internal/mc does: a unit may run on any goroutine, and a batch
// allocated per unit would make the benchmark time the garbage collector.
var piBuffers = sync.Pool{New: func() any { return new([2048]float64) }}

// piUnit counts, of paths points of the unit square drawn with fill, those
// inside the quarter disc.
func piUnit(paths int) func(int64, streamrand.Generator) (int64, error) {
	return func(_ int64, g streamrand.Generator) (int64, error) {
		buf := piBuffers.Get().(*[2048]float64)
		defer piBuffers.Put(buf)
		var in int64
		for left := paths; left > 0; {
			xy := buf[:2*min(left, len(buf)/2)]
			fill.Float64(g, xy)
			for i := 0; i < len(xy); i += 2 {
				if xy[i]*xy[i]+xy[i+1]*xy[i+1] < 1 {
					in++
				}
			}
			left -= len(xy) / 2
		}
		return in, nil
	}
}

// Pi over 10^7 paths in 1000 units (the bytes: of keystream drawn), on 1
// and 2 workers: the ratio of MB/s (wall clock) is the scaling, cpuB/s
// (the process's CPU time) what it cost.
func BenchmarkPi(b *testing.B) {
	const units, paths = 1000, 10_000
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			defer benchutil.Start(b, units*paths*16)()
			j := parallel.Job{Alg: streamrand.ChaCha8, Seed: 1, Workers: w}
			for b.Loop() {
				_, err := parallel.Fold(b.Context(), j, units, piUnit(paths), int64(0), func(a, b int64) int64 { return a + b })
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Fill of 10^6 float64s (8 MB, near the caches) and 10^8 (800 MB, bound
// by memory bandwidth) on 1 and 2 workers, against fill.Float64 on one
// goroutine.
func BenchmarkFill(b *testing.B) {
	for _, n := range []int{1e6, 1e8} {
		dst := make([]float64, n)
		for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
			g := streamrand.New(a, 1)
			b.Run(fmt.Sprintf("n=%d/%v/fill.Float64", n, a), func(b *testing.B) {
				defer benchutil.Start(b, 8*n)()
				for b.Loop() {
					fill.Float64(g, dst)
				}
			})
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("n=%d/%v/workers=%d", n, a, w), func(b *testing.B) {
					defer benchutil.Start(b, 8*n)()
					for b.Loop() {
						if err := parallel.Fill(g, dst, fill.Float64, w); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
