package streamrand_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/peers"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// benchName turns a peer's name into a sub-benchmark name.
func benchName(s string) string {
	return "peer=" + strings.NewReplacer("/", "-", " ", "-").Replace(s)
}

var readSizes = []int{16, 1019, 16384, 2000000}

// BenchmarkRead measures Read of several sizes (1019: an unaligned size that
// exercises the tails) for every algorithm and every peer, in one run.
func BenchmarkRead(b *testing.B) {
	type reader struct {
		name string
		read func([]byte)
	}
	var rs []reader
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 1)
		rs = append(rs, reader{a.String(), func(p []byte) { g.Read(p) }})
	}
	for _, p := range peers.All() {
		rs = append(rs, reader{benchName(p.Name), p.Read})
	}
	for _, r := range rs {
		for _, n := range readSizes {
			b.Run(fmt.Sprintf("%s/%d", r.name, n), func(b *testing.B) {
				buf := make([]byte, n)
				stop := benchutil.Start(b, n)
				for b.Loop() {
					r.read(buf)
				}
				stop()
			})
		}
	}
}

// BenchmarkUint64 measures direct calls of Uint64 on the concrete types
// (each loop calls the method statically, as a program holding a
// *chacha.Source would), next to math/rand/v2's ChaCha8 and PCG.
func BenchmarkUint64(b *testing.B) {
	for _, a := range streamrand.Algorithms() {
		b.Run(a.String(), func(b *testing.B) {
			var s uint64
			switch g := streamrand.New(a, 1).(type) {
			case *chacha.Source:
				stop := benchutil.Start(b, 8)
				for b.Loop() {
					s += g.Uint64()
				}
				stop()
			case *aesctr.Source:
				stop := benchutil.Start(b, 8)
				for b.Loop() {
					s += g.Uint64()
				}
				stop()
			}
			sink = s
		})
	}
	b.Run("peer=math-rand-v2-ChaCha8", func(b *testing.B) {
		g := rand.NewChaCha8([32]byte{1})
		var s uint64
		stop := benchutil.Start(b, 8)
		for b.Loop() {
			s += g.Uint64()
		}
		stop()
		sink = s
	})
	b.Run("peer=math-rand-v2-PCG", func(b *testing.B) {
		g := rand.NewPCG(1, 2)
		var s uint64
		stop := benchutil.Start(b, 8)
		for b.Loop() {
			s += g.Uint64()
		}
		stop()
		sink = s
	})
}

var sink uint64

// BenchmarkRandUint64 measures rand.New(src).Uint64, the way most programs
// draw numbers, against rand.New over math/rand/v2's own sources.
func BenchmarkRandUint64(b *testing.B) {
	srcs := []struct {
		name string
		src  rand.Source
	}{
		{"peer=math-rand-v2-ChaCha8", rand.NewChaCha8([32]byte{1})},
		{"peer=math-rand-v2-PCG", rand.NewPCG(1, 2)},
	}
	for _, a := range streamrand.Algorithms() {
		srcs = append(srcs, struct {
			name string
			src  rand.Source
		}{a.String(), streamrand.New(a, 1)})
	}
	for _, s := range srcs {
		b.Run(s.name, func(b *testing.B) {
			r := rand.New(s.src)
			var x uint64
			stop := benchutil.Start(b, 8)
			for b.Loop() {
				x += r.Uint64()
			}
			stop()
			sink = x
		})
	}
}

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
