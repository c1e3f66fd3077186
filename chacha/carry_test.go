package chacha_test

import (
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// forEachBackend runs f once per kernel this machine supports, with that
// kernel selected.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	backendtest.Run(t, chacha.Kernels, f)
}

// TestWrapAt2To64: from checkpoints within 64 blocks of block counter 2^64,
// every read style wraps the 64-bit counter to block 0 of the same stream,
// as rand_chacha does, on every backend; the position wraps with it.
func TestWrapAt2To64(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		key := seedKey(77)
		for _, rounds := range []int{8, 20} {
			name := map[int]string{8: "chacha8", 20: "chacha20"}[rounds]
			for _, stream := range []uint64{7, math.MaxUint64} {
				for _, left := range []uint64{64, 63, 17, 1} { // blocks before the wrap
					for _, off := range []int{0, 5} {
						block := -left // 2^64 - left
						data := gentest.CheckpointAt(name, key[:], stream, block, byte(off))
						start := func() gentest.Generator {
							s := new(chacha.Source)
							require.NoError(t, s.UnmarshalBinary(data))
							return s
						}
						_, err := start().Seek(0, io.SeekCurrent)
						require.ErrorContains(t, err, "beyond 2^63-1 bytes")

						n := int(left)*64 - off + 3000
						after := func(t *testing.T, g gentest.Generator) {
							require.Equal(t, stream, g.Stream(), "Stream after the wrap")
							pos, err := g.Seek(0, io.SeekCurrent)
							require.NoError(t, err)
							require.Equal(t, int64(3000), pos, "position after the wrap")
						}
						gentest.Styles(t, start, func() gentest.Generator { return new(chacha.Source) },
							chacha.ReferenceBlocks(key, rounds, stream, block, off, n), after)
					}
				}
			}
		}
	})
}
