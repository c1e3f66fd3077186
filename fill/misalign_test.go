package fill_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// TestMisaligned4: Uint32 and Float32 into a slice that starts 4 bytes off
// an 8-byte boundary (an odd element of a larger slice) give the per-call
// values, also under -race (checkptr) and on every backend.
func TestMisaligned4(t *testing.T) {
	for _, n := range []int{31, 32, 33, 100, 1000, 5000} {
		src, twin := streamrand.New(streamrand.ChaCha8, 4), streamrand.New(streamrand.ChaCha8, 4)
		r := rand.New(twin)
		u := make([]uint32, n+1)
		fill.Uint32(src, u[1:])
		f := make([]float32, n+1)
		fill.Float32(src, f[1:])
		for i := range n {
			if w := r.Uint32(); u[1+i] != w {
				t.Fatalf("Uint32 len %d: value %d is %#x, want %#x", n, i, u[1+i], w)
			}
		}
		for i := range n {
			if w := r.Float32(); math.Float32bits(f[1+i]) != math.Float32bits(w) {
				t.Fatalf("Float32 len %d: value %d is %v, want %v", n, i, f[1+i], w)
			}
		}
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("len %d: position differs", n)
		}
	}
}
