//go:build amd64 && gc && !purego

package fill

import (
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkKernelNorm compares the NormFloat64 fast path of the AVX-512
// kernel and of the Go loop on words that all take it.
func BenchmarkKernelNorm(b *testing.B) {
	if !kernels.Has("avx512") {
		b.Skip("no AVX-512 kernels on this machine or build")
	}
	src := make([]uint64, 4096)
	s := chacha.NewSource(1)
	k := 0
	for k < len(src) {
		u := s.Uint64()
		j := int32(u)
		if absInt32(j) < kn[u>>32&0x7F] {
			src[k] = u
			k++
		}
	}
	dst := make([]float64, len(src))
	slow := make([]uint16, len(src)/16)
	b.Run("avx512", func(b *testing.B) {
		defer benchutil.Start(b, 8*len(src))()
		for b.Loop() {
			normsAVX512(dst, slow, src)
		}
	})
	b.Run("go", func(b *testing.B) {
		defer benchutil.Start(b, 8*len(src))()
		for b.Loop() {
			for w, u := range src {
				j := int32(u)
				i := u >> 32 & 0x7F
				if absInt32(j) >= kn[i] {
					b.Fatal("slow")
				}
				dst[w] = float64(j) * float64(wn[i])
			}
		}
	})
}
