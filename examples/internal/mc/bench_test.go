package mc

import (
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/benchutil"
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
				newWorker := NewWorker
				switch how {
				case "percall-pcg":
					newWorker = NewPerCallWorker
				case "fill-aes128ctr":
					cfg.Alg = streamrand.AES128CTR
				}
				w, err := newWorker(cfg)
				if err != nil {
					b.Fatal(err)
				}
				defer benchutil.Start(b, 8*int(cfg.Chunk))()
				k := int64(0)
				for b.Loop() {
					w.Chunk(k % 64)
					k++
				}
			})
		}
	}
}
