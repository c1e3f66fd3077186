package fill

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestConversionKernels runs float64s, uint32s and float32s of every SIMD
// kernel set on words that sit on the edges of their conversions (0, all
// ones, 2^53-1 and its neighbours, each bit of the 53 alone, the 24 bits of
// Float32 full and empty, with the bits the conversions drop set and
// clear) at every lane of a 64-word block, and on random words, for lengths
// that leave tails; it compares with the Go conversions and checks that
// nothing beyond the whole blocks is written.
func TestConversionKernels(t *testing.T) {
	type kern struct {
		name string
		have bool
		f64  func(p []uint64)
		u32  func(dst []uint32, src []uint64)
		f32  func(dst []float32, src []uint64)
	}
	ks := []kern{
		{"avx512", haveAVX512, float64sAVX512, uint32sAVX512, float32sAVX512},
		{"avx2", haveAVX2, float64sAVX2, uint32sAVX2, float32sAVX2},
	}
	edges := []uint64{0, math.MaxUint64, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<52 - 1, 1 << 52, 1<<32 - 1, 1 << 32,
		0xFFFFFF << 32, 0xFFFFFF<<32 | 1<<56, 0xFF000000_00000000, 0x001FFFFF_00000000, 0x00000000_FFFFFFFF}
	for b := range 64 {
		edges = append(edges, 1<<b, ^uint64(1<<b))
	}
	r := rand.New(rand.NewPCG(11, 12))
	var trials [][]uint64
	for lane := range 64 {
		src := make([]uint64, 64*len(edges))
		for w := range src {
			src[w] = r.Uint64()
		}
		for g, e := range edges {
			src[64*g+lane] = e
		}
		trials = append(trials, src)
	}
	for n := range 300 {
		src := make([]uint64, n)
		for w := range src {
			src[w] = r.Uint64()
			if r.IntN(4) == 0 {
				src[w] = edges[r.IntN(len(edges))]
			}
		}
		trials = append(trials, src)
	}
	const guard, guard32 = 0x5A5A5A5A5A5A5A5A, 0x5A5A5A5A
	for _, k := range ks {
		if !k.have {
			t.Logf("%s: not on this machine or build", k.name)
			continue
		}
		for _, src := range trials {
			n, whole := len(src), len(src)&^63
			p := append(append([]uint64(nil), src...), guard)
			k.f64(p[:n])
			for w, u := range src {
				want := math.Float64bits(float64(u<<11>>11) / (1 << 53)) // rand.Rand.Float64
				if w >= whole {
					want = u
				}
				if p[w] != want {
					t.Fatalf("%s float64s: word %d of %d (%#x) gave %#x, want %#x", k.name, w, n, u, p[w], want)
				}
			}
			if p[n] != guard {
				t.Fatalf("%s float64s: wrote past the slice", k.name)
			}
			u32 := make([]uint32, n+1)
			f32 := make([]float32, n+1)
			u32[n], f32[n] = guard32, guard32
			k.u32(u32[:n], src)
			k.f32(f32[:n], src)
			for w, u := range src {
				wantU, wantF := uint32(u>>32), math.Float32bits(float32(uint32(u>>32)<<8>>8)/(1<<24)) // rand.Rand.Uint32, Float32
				if w >= whole {
					wantU, wantF = 0, 0
				}
				if u32[w] != wantU || math.Float32bits(f32[w]) != wantF {
					t.Fatalf("%s uint32s/float32s: word %d of %d (%#x) gave %#x and %#x, want %#x and %#x",
						k.name, w, n, u, u32[w], math.Float32bits(f32[w]), wantU, wantF)
				}
			}
			if u32[n] != guard32 || f32[n] != guard32 {
				t.Fatalf("%s uint32s/float32s: wrote past the slice", k.name)
			}
		}
	}
}
