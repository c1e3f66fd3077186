package fill_test

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

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
				fill.Shuffle(src, n, swap)
			}
		})
	}
}
