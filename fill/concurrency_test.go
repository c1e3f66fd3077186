package fill

import (
	"io"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
)

// TestLockedConcurrent: the rows that draw one word per value, called by
// many goroutines on one Locked Source (run it under -race), consume
// exactly one word per value between them.
func TestLockedConcurrent(t *testing.T) {
	var fs []fillFunc
	for _, f := range fns() {
		if f.oneWord {
			fs = append(fs, f)
		}
	}
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
					if k := c.IntN(len(fs) + 1); k < len(fs) {
						fs[k].bulk(src, n)
					} else {
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
		pos, err := src.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, int64(8*want), pos, "%s: position after %d values", a, want)
	}
}
