package fill_test

import (
	"io"
	"math/rand/v2"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// benchSources are the Sources of BenchmarkFill: the per-call loop over
// PCG, math/rand/v2's ChaCha8 and ours, and fill over ours.
var benchSources = []struct {
	name    string
	percall bool
	make    func() rand.Source
}{
	{"percall-pcg", true, func() rand.Source { return rand.NewPCG(1, 2) }},
	{"percall-randchacha8", true, func() rand.Source { return rand.NewChaCha8([32]byte{1}) }},
	{"percall-chacha8", true, func() rand.Source { return streamrand.New(streamrand.ChaCha8, 1) }},
	{"percall-aes128ctr", true, func() rand.Source { return streamrand.New(streamrand.AES128CTR, 1) }},
	{"chacha8", false, func() rand.Source { return streamrand.New(streamrand.ChaCha8, 1) }},
	{"aes128ctr", false, func() rand.Source { return streamrand.New(streamrand.AES128CTR, 1) }},
}

// benchFuncs: each returns the value size and a function filling n values
// from src, per call through r or in bulk through fill.
var benchFuncs = []struct {
	name string
	size int64
	call func(r *rand.Rand, buf *bufs)
	fill func(src rand.Source, buf *bufs)
}{
	{"Uint64", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.u64 {
				b.u64[i] = r.Uint64()
			}
		},
		func(src rand.Source, b *bufs) { fill.Uint64(src, b.u64) }},
	{"Uint32", 4,
		func(r *rand.Rand, b *bufs) {
			for i := range b.u32 {
				b.u32[i] = r.Uint32()
			}
		},
		func(src rand.Source, b *bufs) { fill.Uint32(src, b.u32) }},
	{"Float64", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.f64 {
				b.f64[i] = r.Float64()
			}
		},
		func(src rand.Source, b *bufs) { fill.Float64(src, b.f64) }},
	{"Float32", 4,
		func(r *rand.Rand, b *bufs) {
			for i := range b.f32 {
				b.f32[i] = r.Float32()
			}
		},
		func(src rand.Source, b *bufs) { fill.Float32(src, b.f32) }},
	{"NormFloat64", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.f64 {
				b.f64[i] = r.NormFloat64()
			}
		},
		func(src rand.Source, b *bufs) { fill.NormFloat64(src, b.f64) }},
	{"ExpFloat64", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.f64 {
				b.f64[i] = r.ExpFloat64()
			}
		},
		func(src rand.Source, b *bufs) { fill.ExpFloat64(src, b.f64) }},
	{"IntN1000", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.ints {
				b.ints[i] = r.IntN(1000)
			}
		},
		func(src rand.Source, b *bufs) { fill.IntN(src, b.ints, 1000) }},
	{"Uint64N2^40+7", 8,
		func(r *rand.Rand, b *bufs) {
			for i := range b.u64 {
				b.u64[i] = r.Uint64N(1<<40 + 7)
			}
		},
		func(src rand.Source, b *bufs) { fill.Uint64N(src, b.u64, 1<<40+7) }},
	{"Perm", 8,
		func(r *rand.Rand, b *bufs) { sink = r.Perm(len(b.ints)) },
		func(src rand.Source, b *bufs) { fill.Perm(src, b.ints) }},
	{"Shuffle", 8,
		func(r *rand.Rand, b *bufs) {
			r.Shuffle(len(b.ints), func(i, j int) { b.ints[i], b.ints[j] = b.ints[j], b.ints[i] })
		},
		func(src rand.Source, b *bufs) {
			fill.Shuffle(src, len(b.ints), func(i, j int) { b.ints[i], b.ints[j] = b.ints[j], b.ints[i] })
		}},
}

// sink keeps the per-call Perm's result alive.
var sink []int

type bufs struct {
	u64  []uint64
	u32  []uint32
	f64  []float64
	f32  []float32
	ints []int
}

// BenchmarkFill times n values of each function (bytes = n times the value
// size), per call and through fill. cpuB/s (CPU time, steadier than wall
// time on a shared machine) divided into the value size gives ns/value.
//
//	go test -run '^$' -bench Fill -count 6 ./fill | benchstat -col /source -
func BenchmarkFill(b *testing.B) {
	for _, f := range benchFuncs {
		b.Run(f.name, func(b *testing.B) {
			for _, n := range []int{1000, 100000} {
				buf := &bufs{make([]uint64, n), make([]uint32, n), make([]float64, n), make([]float32, n), make([]int, n)}
				for _, s := range benchSources {
					b.Run("source="+s.name+"/len="+strconv.Itoa(n), func(b *testing.B) {
						src := s.make()
						defer benchutil.Start(b, int(f.size)*n)()
						if s.percall {
							r := rand.New(src)
							for b.Loop() {
								f.call(r, buf)
							}
						} else {
							for b.Loop() {
								f.fill(src, buf)
							}
						}
					})
				}
			}
		})
	}
}

// BenchmarkRead is the Sources' own Read throughput, the bound for
// fill.Uint64.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		p := make([]byte, 8*n)
		for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
			b.Run("source="+a.String()+"/len="+strconv.Itoa(n), func(b *testing.B) {
				var src io.Reader = streamrand.New(a, 1)
				defer benchutil.Start(b, len(p))()
				for b.Loop() {
					src.Read(p)
				}
			})
		}
	}
}

// BenchmarkGonumNormal: 100000 distuv.Normal.Rand calls against
// fill.NormFloat64 scaled and shifted, the same values.
func BenchmarkGonumNormal(b *testing.B) {
	xs := make([]float64, 100000)
	b.Run("distuv.Normal.Rand", func(b *testing.B) {
		d := distuv.Normal{Mu: 10, Sigma: 2.5, Src: streamrand.New(streamrand.ChaCha8, 1)}
		defer benchutil.Start(b, 8*len(xs))()
		for b.Loop() {
			for i := range xs {
				xs[i] = d.Rand()
			}
		}
	})
	b.Run("fill.NormFloat64", func(b *testing.B) {
		src := streamrand.New(streamrand.ChaCha8, 1)
		defer benchutil.Start(b, 8*len(xs))()
		for b.Loop() {
			fill.NormFloat64(src, xs)
			for i := range xs {
				xs[i] = xs[i]*2.5 + 10
			}
		}
	})
}
