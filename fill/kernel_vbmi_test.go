package fill

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// zigMatches fills n values from src with NormFloat64 (or ExpFloat64 if
// exp) and draws them from twin, a copy, per call with rand.Rand; it
// describes the first difference in value or final position, or returns "".
func zigMatches(src, twin rand.Source, n int, exp bool) string {
	d := make([]float64, n)
	r := rand.New(twin)
	call := r.NormFloat64
	if exp {
		ExpFloat64(src, d)
		call = r.ExpFloat64
	} else {
		NormFloat64(src, d)
	}
	for i, v := range d {
		if w := call(); math.Float64bits(v) != math.Float64bits(w) {
			return fmt.Sprintf("value %d is %v, want %v", i, v, w)
		}
	}
	if src.Uint64() != twin.Uint64() {
		return "position differs"
	}
	return ""
}

// TestZigguratVBMIOnOff runs NormFloat64 and ExpFloat64 on every backend
// (the VBMI kernels, normsAVX512/expsAVX512 alone as on a CPU without VBMI,
// the AVX2 ones and the portable loop), on crafted words dense in slow paths and on a ChaCha8 stream, at lengths
// around the 64-word groups and the chunk, against rand.Rand's calls.
func TestZigguratVBMIOnOff(t *testing.T) {
	lengths := []int{15, 16, 63, 64, 65, 79, 80, 127, 128, 191, 255, 256, 257, 319, 1000, zigChunkWords - 1, zigChunkWords + 63, 3*zigChunkWords + 17}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			for k, n := range lengths {
				for _, c := range []bool{false, true} {
					var src, twin rand.Source
					if c {
						start := 8*k*977 + k%8
						src, twin = &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
					} else {
						s, w := chacha.NewSource(uint64(k)), chacha.NewSource(uint64(k))
						s.Read(make([]byte, k%8))
						w.Read(make([]byte, k%8))
						src, twin = s, w
					}
					if err := zigMatches(src, twin, n, exp); err != "" {
						t.Fatalf("exp %v crafted %v len %d: %s", exp, c, n, err)
					}
				}
			}
		}
	})
}
