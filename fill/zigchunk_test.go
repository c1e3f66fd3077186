package fill

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
)

// TestZigChunk checks the chunk sizes of NormFloat64 and ExpFloat64: a long
// fill's first read ends on a keystream batch boundary (1 KiB) when the
// position is a whole number of words past one, so the reads after it are
// whole batches; otherwise, and for short fills, the plain sizes. Then the
// values from such positions equal rand.Rand's.
func TestZigChunk(t *testing.T) {
	const batch = 1024
	for _, skip := range []int{0, 8, 8 * 37, 1016, 1024, 3, 8*37 + 5} {
		for _, alg := range []string{"chacha8", "aes128ctr"} {
			mk := func() rand.Source {
				var s interface {
					rand.Source
					Read([]byte) (int, error)
				}
				if alg == "chacha8" {
					s = chacha.NewSource(uint64(skip))
				} else {
					s = aesctr.NewSource(uint64(skip))
				}
				s.Read(make([]byte, skip))
				return s
			}
			src := mk()
			b, _ := bulk.Of(src)
			for _, n := range []int{1, zigChunkWords, zigChunkWords + 1, 10 * zigChunkWords} {
				got := zigChunk(b, n)
				switch {
				case n <= zigChunkWords:
					if got != n {
						t.Fatalf("%s skip %d n %d: chunk %d, want %d", alg, skip, n, got, n)
					}
				case skip%8 != 0:
					if got != zigChunkWords {
						t.Fatalf("%s skip %d n %d: chunk %d, want %d", alg, skip, n, got, zigChunkWords)
					}
				default:
					if end := skip + 8*got; end%batch != 0 || got > zigChunkWords || got <= zigChunkWords-batch/8*4 {
						t.Fatalf("%s skip %d n %d: chunk %d words ends at byte %d", alg, skip, n, got, end)
					}
				}
			}
			for _, exp := range []bool{false, true} {
				if err := zigMatches(mk(), mk(), 3*zigChunkWords+5, exp); err != "" {
					t.Fatalf("%s skip %d exp %v: %s", alg, skip, exp, err)
				}
			}
		}
	}
}
