package fill

import (
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// benchSources are the Sources of BenchmarkFill: the per-call loop over
// PCG, math/rand/v2's ChaCha8 and ours, and fill over ours, and over a
// *rand.Rand made on ours (the slow path the package doc warns of).
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
	{"randRand-chacha8", false, func() rand.Source { return rand.New(streamrand.New(streamrand.ChaCha8, 1)) }},
}

// benchBounds are the bounds the N functions are timed with: one that fits
// 32 bits, one that does not.
var benchBounds = []uint64{1000, 1<<40 + 7}

// BenchmarkFill times n values of every row (the N functions at
// benchBounds), per call and through fill (bytes = n times the value
// size). cpuB/s (CPU time, steadier than wall time on a shared machine)
// divided into the value size gives ns/value.
//
//	go test -run '^$' -bench Fill -count 6 ./fill | benchstat -col /source -
func BenchmarkFill(b *testing.B) {
	for _, f := range fns() {
		if f.bound != nil && !slices.ContainsFunc(benchBounds, func(m uint64) bool { return strings.HasSuffix(f.name, "/"+strconv.FormatUint(m, 10)) }) {
			continue
		}
		b.Run(strings.ReplaceAll(f.name, "/", ""), func(b *testing.B) {
			for _, n := range []int{1000, 100000} {
				j := f.job(n, 0)
				for _, s := range benchSources {
					b.Run("source="+s.name+"/len="+strconv.Itoa(n), func(b *testing.B) {
						src := s.make()
						defer benchutil.Start(b, int(f.size)*n)()
						if s.percall {
							r := rand.New(src)
							for b.Loop() {
								j.ref(r)
							}
						} else {
							for b.Loop() {
								j.fill(src)
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
			NormFloat64(src, xs)
			for i := range xs {
				xs[i] = xs[i]*2.5 + 10
			}
		}
	})
}

// callSwaps calls swap(i, js[i]) for i from len(js)-1 down to 1: a
// Shuffle whose random numbers cost nothing.
//
//go:noinline
func callSwaps(js []int, swap func(i, j int)) {
	for i := len(js) - 1; i > 0; i-- {
		swap(i, js[i])
	}
}

// BenchmarkShuffleBound shows what bounds Shuffle's speed: the calls of
// swap. "calls-only" makes the 999 swap calls of a Shuffle of 1000 with
// indices drawn beforehand (64 different shuffles in turn, so that the
// CPU cannot learn one pattern of memory accesses), beside rand.Rand's
// Shuffle over PCG and fill.Shuffle with the same swap (that of
// BenchmarkFill). fill.Shuffle's time is calls-only plus the keystream's
// words and little else; half of PCG's per-call time is near calls-only
// alone.
//
//	go test -run '^$' -bench ShuffleBound -count 6 ./fill | benchstat -col /how -
func BenchmarkShuffleBound(b *testing.B) {
	const n = 1000
	ints := make([]int, n)
	buf := &struct{ ints []int }{ints}
	swap := func(i, j int) { buf.ints[i], buf.ints[j] = buf.ints[j], buf.ints[i] }
	r := rand.New(rand.NewPCG(1, 2))
	js := make([][]int, 64)
	for k := range js {
		js[k] = make([]int, n)
		for i := range n {
			js[k][i] = r.IntN(i + 1)
		}
	}
	b.Run("how=calls-only", func(b *testing.B) {
		defer benchutil.Start(b, 8*n)()
		k := 0
		for b.Loop() {
			callSwaps(js[k%len(js)], swap)
			k++
		}
	})
	b.Run("how=percall-pcg", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		defer benchutil.Start(b, 8*n)()
		for b.Loop() {
			r.Shuffle(n, swap)
		}
	})
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
		b.Run("how=fill-"+a.String(), func(b *testing.B) {
			src := streamrand.New(a, 1)
			defer benchutil.Start(b, 8*n)()
			for b.Loop() {
				Shuffle(src, n, swap)
			}
		})
	}
}
