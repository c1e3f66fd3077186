package aesctr_test

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// forEachBackend runs f once per kernel this machine supports, with that
// kernel selected.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	backendtest.Run(t, aesctr.Kernels, f)
}

// ctrAt returns n bytes of crypto/cipher's CTR keystream from byte off of
// the counter block BE64(stream) || BE64(block): the 128-bit counter block
// incremented as one big-endian number, carry included.
func ctrAt(key []byte, stream, block uint64, off, n int) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	iv := make([]byte, 16)
	binary.BigEndian.PutUint64(iv, stream)
	binary.BigEndian.PutUint64(iv[8:], block)
	out := make([]byte, off+n)
	cipher.NewCTR(b, iv).XORKeyStream(out, out)
	return out[off:]
}

// TestCarryAt2To64: from checkpoints within 64 blocks of block counter
// 2^64, every read style crosses the carry into the stream id exactly as
// crypto/cipher does, on every backend. (Before the fix only one large Read
// did: Uint64, short Reads and checkpoints after the wrap went on with the
// old stream id.) After the carry, Stream is one more, the position counts
// from block 0 of that stream, and Seek moves within it; before it, the
// position is beyond int64 and Seek(0, io.SeekCurrent) says so.
func TestCarryAt2To64(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		for _, keyLen := range []int{16, 32} {
			key := make([]byte, keyLen)
			for i := range key {
				key[i] = byte(i + keyLen)
			}
			name := fmt.Sprintf("aes%dctr", keyLen*8)
			for _, stream := range []uint64{7, math.MaxUint64} {
				for _, left := range []uint64{64, 63, 40, 1} { // blocks before the carry
					for _, off := range []int{0, 5} {
						block := -left // 2^64 - left
						data := gentest.CheckpointAt(name, key, stream, block, byte(off))
						start := func() gentest.Generator {
							s := new(aesctr.Source)
							require.NoError(t, s.UnmarshalBinary(data))
							return s
						}
						_, err := start().Seek(0, io.SeekCurrent)
						require.ErrorContains(t, err, "beyond 2^63-1 bytes")
						require.Equal(t, stream, start().Stream())

						n := int(left)*16 - off + 3000
						after := func(t *testing.T, g gentest.Generator) {
							require.Equal(t, stream+1, g.Stream(), "Stream after the carry")
							pos, err := g.Seek(0, io.SeekCurrent)
							require.NoError(t, err)
							require.Equal(t, int64(3000), pos, "position after the carry")
							_, err = g.Seek(100, io.SeekStart)
							require.NoError(t, err)
							b := make([]byte, 50)
							g.Read(b)
							require.Equal(t, ctrAt(key, stream+1, 6, 4, 50), b, "Seek after the carry")
							_, err = g.ReadAt(b, 1000)
							require.NoError(t, err)
							require.Equal(t, ctrAt(key, stream+1, 62, 8, 50), b, "ReadAt after the carry")
						}
						gentest.Styles(t, start, func() gentest.Generator { return new(aesctr.Source) },
							ctrAt(key, stream, block, off, n), after)
					}
				}
			}
		}
	})
}
