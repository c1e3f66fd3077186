package fill_test

import (
	"io"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// TestLockedConcurrent: fill calls of many goroutines on one Locked Source
// (run it under -race) consume exactly one word per value between them, and
// each call's values are a contiguous run of the stream.
func TestLockedConcurrent(t *testing.T) {
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
		src := streamrand.Locked(streamrand.New(a, 1))
		const g, calls = 8, 50
		var wg sync.WaitGroup
		total := make([]int, g)
		for w := range g {
			wg.Go(func() {
				c := rand.New(rand.NewPCG(uint64(w), 0))
				for range calls {
					n := c.IntN(5000)
					switch c.IntN(6) {
					case 0:
						fill.Uint64(src, make([]uint64, n))
					case 1:
						fill.Float64(src, make([]float64, n))
					case 2:
						fill.Float32(src, make([]float32, n))
					case 3:
						fill.Uint32(src, make([]uint32, n))
					case 4:
						fill.IntN(src, make([]int, n), 1<<20)
					case 5:
						src.Uint64()
						n = 1
					}
					total[w] += n
				}
			})
		}
		wg.Wait()
		want := 0
		for _, n := range total {
			want += n
		}
		if pos, _ := src.Seek(0, io.SeekCurrent); pos != int64(8*want) {
			t.Errorf("%s: position %d after %d values, want %d", a, pos, want, 8*want)
		}
	}
}
