package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkChunk times one chunk of 65536 paths (bytes = 8 per path, so
// cpuB/s / 8 is paths per CPU second) for each problem, in bulk with
// package fill and per call over PCG (the -percall program).
//
//	go test -run '^$' -bench Chunk -count 6 ./examples/internal/mc | benchstat -col /how -
func BenchmarkChunk(b *testing.B) {
	for _, problem := range []string{"pi", "call"} {
		for _, how := range []string{"percall-pcg", "fill-chacha8", "fill-aes128ctr"} {
			b.Run("problem="+problem+"/how="+how, func(b *testing.B) {
				cfg := Config{Problem: problem, Alg: streamrand.ChaCha8, Seed: 1, Paths: 1 << 30, Chunk: 1 << 16}
				unit := cfg.Unit()
				switch how {
				case "percall-pcg":
					unit = cfg.PerCallUnit()
				case "fill-aes128ctr":
					cfg.Alg = streamrand.AES128CTR
					unit = cfg.Unit()
				}
				g := streamrand.New(cfg.Alg, cfg.Seed)
				defer benchutil.Start(b, 8*int(cfg.Chunk))()
				k := int64(0)
				for b.Loop() {
					g.SetStream(uint64(k % 64))
					unit(k%64, g)
					k++
				}
			})
		}
	}
}

// BenchmarkChunkPerCallBatched times problem "call" per call over PCG, but
// with call's batch structure (a batch of NormFloat64 calls into a
// slice, then the math.Exp loop, then the sums): how much of fill's speed-up
// over the -percall program is that structure rather than the bulk draws.
// Same units as BenchmarkChunk.
func BenchmarkChunkPerCallBatched(b *testing.B) {
	const paths = 1 << 16
	buf := make([]float64, batch)
	defer benchutil.Start(b, 8*paths)()
	k := uint64(0)
	for b.Loop() {
		benchSums = callPerCallBatched(rand.New(rand.NewPCG(1, k)), paths, buf)
		k++
	}
}

var benchSums Sums

func callPerCallBatched(r *rand.Rand, n int64, buf []float64) Sums {
	var s Sums
	for n > 0 {
		z := buf[:min(n, batch)]
		for i := range z {
			z[i] = r.NormFloat64()
		}
		s = addPayoffs(s, z)
		n -= int64(len(z))
	}
	return s
}
