package fill_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// TestAESCarry: from AES checkpoints a few blocks before block counter 2^64
// (whose carry goes into the stream id), every fill function gives the
// per-call values and leaves the same position and stream.
func TestAESCarry(t *testing.T) {
	for _, name := range []string{"aes128ctr", "aes256ctr", "chacha8"} {
		key := make([]byte, map[string]int{"aes128ctr": 16, "aes256ctr": 32, "chacha8": 32}[name])
		for i := range key {
			key[i] = byte(3 * i)
		}
		for _, f := range fns() {
			for _, stream := range []uint64{5, math.MaxUint64} {
				for _, left := range []uint64{1, 3, 64, 1024} {
					for _, off := range []byte{0, 3, 8, 13} {
						data := gentest.CheckpointAt(name, key, stream, -left, off)
						src, err := streamrand.Unmarshal(data)
						if err != nil {
							t.Fatal(err)
						}
						twin, _ := streamrand.Unmarshal(data)
						n := int(left)*2 + 3000
						got, want := f.bulk(src, n), f.call(rand.New(twin), n)
						if !slices.Equal(got, want) {
							t.Fatalf("%s stream %d left %d off %d: values differ", f.name, stream, left, off)
						}
						if src.Uint64() != twin.Uint64() || src.Stream() != twin.Stream() {
							t.Fatalf("%s stream %d left %d off %d: position differs", f.name, stream, left, off)
						}
					}
				}
			}
		}
	}
}
