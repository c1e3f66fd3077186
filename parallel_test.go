package streamrand_test

import (
	"sync/atomic"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkParallel measures the aggregate throughput of independent
// streams, one Source per goroutine (same key, distinct stream ids), each
// reading 64 KiB per operation. Run it with -cpu 1,2,... : b.RunParallel
// starts GOMAXPROCS goroutines, so with no shared state the B/s should
// grow with the number of cores.
//
// It also reports cpuB/s, the bytes per second of CPU time the whole
// process used. That stays flat as goroutines are added when nothing is
// shared between them, even when other processes hold the cores and B/s
// (per wall-clock second) cannot grow.
func BenchmarkParallel(b *testing.B) {
	const chunk = 64 << 10
	for _, a := range streamrand.Algorithms() {
		b.Run(a.String(), func(b *testing.B) {
			var nextStream atomic.Uint64
			stop := benchutil.Start(b, chunk)
			b.RunParallel(func(pb *testing.PB) {
				g := streamrand.New(a, 1)
				g.SetStream(nextStream.Add(1) - 1)
				buf := make([]byte, chunk)
				for pb.Next() {
					if n, err := g.Read(buf); n != chunk || err != nil {
						b.Errorf("Read = %d, %v", n, err)
						return
					}
				}
			})
			stop()
		})
	}
}
