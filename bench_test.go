package streamrand_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/keystream"
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

// callsPerOp is how many calls one iteration of the per-call benchmarks
// makes: a loop of calls, as a program drawing numbers runs, so that what
// is timed is the calls (and every refill of a keystream's 1 KiB buffer
// falls inside the timing), not the benchmark's own loop. ns per call is
// 8e9 / cpuB/s.
const callsPerOp = 4096

// nullKernel generates nothing: it copies random bytes from a fixed pool,
// block counter c from offset 64c (mod the pool's size). nullSource is the
// keystream layer over it, the same Uint64 (a bounds check, one load, the
// position's decrement and store) with a refill that costs almost nothing.
// Its time per call is what a call costs any buffered Source before it
// generates anything: the bound of the per-call benchmarks. (The store of
// the position and its load by the next call are one dependent chain
// through memory, so calls cannot overlap as the words of a bulk read do.)
// The bytes are random and do not repeat within a MiB, so that methods
// that reject words (IntN) or branch on them (NormFloat64) see what they
// would from a generator, and no branch predictor learns them.
type nullKernel struct{}

var nullPool = func() []byte {
	b := make([]byte, 1<<20)
	rand.NewChaCha8([32]byte{'n', 'u', 'l', 'l'}).Read(b)
	return b
}()

func (nullKernel) Fill(dst []byte, counter, stream uint64) {
	off := counter * 64 % uint64(len(nullPool))
	for len(dst) > 0 {
		n := copy(dst, nullPool[off:])
		dst, off = dst[n:], 0
	}
}
func (nullKernel) BlockSize() int { return 64 }
func (nullKernel) Carries() bool  { return false }

type nullSource struct {
	ks keystream.Stream
	k  nullKernel
}

func newNullSource() *nullSource {
	s := new(nullSource)
	keystream.Init(&s.ks, &s.k, 0)
	return s
}

func (s *nullSource) Uint64() uint64 { return s.ks.Uint64() }

// BenchmarkUint64 measures Uint64 called directly on the concrete types, in
// a loop (inlined, as in a program holding a *chacha.Source), next to
// math/rand/v2's ChaCha8 and PCG and the bound, nullSource.
//
//	go test -run '^$' -bench '^BenchmarkUint64$' -count 6 . | benchstat -col /source -
func BenchmarkUint64(b *testing.B) {
	var s uint64
	run := func(name string, loop func()) {
		b.Run("source="+name, func(b *testing.B) {
			stop := benchutil.Start(b, 8*callsPerOp)
			for b.Loop() {
				loop()
			}
			stop()
		})
	}
	for _, a := range streamrand.Algorithms() {
		switch g := streamrand.New(a, 1).(type) {
		case *chacha.Source:
			run(a.String(), func() {
				for range callsPerOp {
					s += g.Uint64()
				}
			})
		case *aesctr.Source:
			run(a.String(), func() {
				for range callsPerOp {
					s += g.Uint64()
				}
			})
		default:
			b.Fatalf("%v: unexpected type %T", a, g)
		}
	}
	pcg, c8, null := rand.NewPCG(1, 2), rand.NewChaCha8([32]byte{1}), newNullSource()
	run("peer=math-rand-v2-PCG", func() {
		for range callsPerOp {
			s += pcg.Uint64()
		}
	})
	run("peer=math-rand-v2-ChaCha8", func() {
		for range callsPerOp {
			s += c8.Uint64()
		}
	})
	run("bound=null", func() {
		for range callsPerOp {
			s += null.Uint64()
		}
	})
	sink = s
}

var sink uint64

// BenchmarkRand measures rand.New(src)'s Uint64, Float64, NormFloat64 and
// IntN(1000), one call at a time in a plain loop, the way most programs
// draw numbers: the Source is behind the rand.Source interface, which the
// compiler cannot see through. Beside ours: math/rand/v2's own Sources and
// the bound, nullSource. (fill's BenchmarkFill times its per-call rows
// through the tests' reference loop, which calls the method through a
// function value: slower than this loop by a call.)
//
//	go test -run '^$' -bench '^BenchmarkRand$' -count 6 . | benchstat -col /source -
func BenchmarkRand(b *testing.B) {
	type src struct {
		name string
		src  rand.Source
	}
	srcs := []src{}
	for _, a := range streamrand.Algorithms() {
		srcs = append(srcs, src{a.String(), streamrand.New(a, 1)})
	}
	srcs = append(srcs,
		src{"peer=math-rand-v2-PCG", rand.NewPCG(1, 2)},
		src{"peer=math-rand-v2-ChaCha8", rand.NewChaCha8([32]byte{1})},
		src{"bound=null", newNullSource()})
	methods := []struct {
		name string
		loop func(r *rand.Rand, xs []uint64)
	}{
		{"Uint64", func(r *rand.Rand, xs []uint64) {
			for i := range xs {
				xs[i] = r.Uint64()
			}
		}},
		{"Float64", func(r *rand.Rand, xs []uint64) {
			for i := range xs {
				xs[i] = math.Float64bits(r.Float64())
			}
		}},
		{"NormFloat64", func(r *rand.Rand, xs []uint64) {
			for i := range xs {
				xs[i] = math.Float64bits(r.NormFloat64())
			}
		}},
		{"IntN1000", func(r *rand.Rand, xs []uint64) {
			for i := range xs {
				xs[i] = uint64(r.IntN(1000))
			}
		}},
	}
	xs := make([]uint64, callsPerOp)
	for _, m := range methods {
		for _, s := range srcs {
			r := rand.New(s.src)
			b.Run("method="+m.name+"/source="+s.name, func(b *testing.B) {
				stop := benchutil.Start(b, 8*callsPerOp)
				for b.Loop() {
					m.loop(r, xs)
				}
				stop()
			})
		}
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
