//go:build amd64 && gc && !purego

package fill

import (
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkKernelZiggurat times the AVX-512 and AVX2 ziggurat kernels
// alone on one block of keystream words (a kernel does the same work for
// fast and slow words), and the compactions with a word in 72 dropped.
func BenchmarkKernelZiggurat(b *testing.B) {
	if len(kernels.Available()) == 1 {
		b.Skip("no SIMD kernels on this machine or build")
	}
	src := make([]uint64, 256)
	s := chacha.NewSource(1)
	for k := range src {
		src[k] = s.Uint64()
	}
	xs := make([]float64, len(src))
	slow := make([]uint16, len(src)/16)
	keep := make([]uint8, len(src)/8)
	for i := range keep {
		keep[i] = 0xFF &^ (1 << (i % 9)) // a word of 72 dropped
	}
	kernels := []struct {
		name string
		have bool
		f    func(xs []float64, slow []uint16, src []uint64)
	}{
		{"norm", kernels.Has("avx512"), normsAVX512},
		{"exp", kernels.Has("avx512"), expsAVX512},
		{"compact", kernels.Has("avx512"), func(xs []float64, slow []uint16, src []uint64) { compactAVX512(xs, xs, keep) }},
		{"norm-vbmi", kernels.Has("avx512vbmi"), normsVBMI},
		{"exp-vbmi", kernels.Has("avx512vbmi"), expsVBMI},
		{"norm-avx2", kernels.Has("avx2"), normsAVX2},
		{"exp-avx2", kernels.Has("avx2"), expsAVX2},
		{"compact-avx2", kernels.Has("avx2"), func(xs []float64, slow []uint16, src []uint64) { compactAVX2(xs, xs, keep) }},
	}
	for _, k := range kernels {
		if !k.have {
			continue
		}
		b.Run(k.name, func(b *testing.B) {
			defer benchutil.Start(b, 8*len(src))()
			for b.Loop() {
				k.f(xs, slow, src)
			}
		})
	}
}
