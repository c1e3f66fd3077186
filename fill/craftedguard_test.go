package fill

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestCraftedWordsGuarded runs NormFloat64 and ExpFloat64 over crafted
// words (about half miss the fast path, so compactAVX512 drops words
// everywhere in its registers and writes junk after the values it keeps),
// on every backend the CPU has (backendtest.Run: the AVX-512 kernels with
// and without VBMI, AVX2, and the portable path), into dst of every length
// up to 300 and every 13th to 700, between guard elements, and requires
// that nothing outside dst changed and that the values and the position are
// rand.Rand's.
func TestCraftedWordsGuarded(t *testing.T) {
	const guard = math.Pi
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			for n := 0; n < 700; n += 1 + n/300*12 { // each up to 300, then every 13th
				lo := n % 3
				start := n*13 + lo
				src, twin := &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
				rr := rand.New(twin)
				buf := make([]float64, lo+n+80)
				for i := range buf {
					buf[i] = guard
				}
				d := buf[lo : lo+n] // its capacity reaches to the end of buf
				call := rr.NormFloat64
				if exp {
					ExpFloat64(src, d)
					call = rr.ExpFloat64
				} else {
					NormFloat64(src, d)
				}
				for i, v := range buf {
					if (i < lo || i >= lo+n) && v != guard {
						t.Fatalf("exp %v len %d: wrote dst[%d], outside dst", exp, n, i-lo)
					}
				}
				for i := range d {
					if w := call(); math.Float64bits(d[i]) != math.Float64bits(w) {
						t.Fatalf("exp %v len %d: value %d is %v, want %v", exp, n, i, d[i], w)
					}
				}
				if src.pos != twin.pos {
					t.Fatalf("exp %v len %d: at byte %d, want %d", exp, n, src.pos, twin.pos)
				}
			}
		}
	})
}
