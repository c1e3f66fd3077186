//go:build gc && !purego

package fill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
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
		{"avx512", kernels.Has("avx512"), float64sAVX512, uint32sAVX512, float32sAVX512},
		{"avx2", kernels.Has("avx2"), float64sAVX2, uint32sAVX2, float32sAVX2},
	}
	edges := []uint64{0, math.MaxUint64, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<52 - 1, 1 << 52, 1<<32 - 1, 1 << 32,
		0xFFFFFF << 32, 0xFFFFFF<<32 | 1<<56, 0xFF000000_00000000, 0x001FFFFF_00000000, 0x00000000_FFFFFFFF}
	for b := range 64 {
		edges = append(edges, 1<<b, ^uint64(1<<b))
	}
	r := rand.New(rand.NewPCG(11, 12))
	trials := edgesAtEveryLane(r, edges, 64)
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
					require.Failf(t, "kernel differs from Go", "%s float64s: word %d of %d (%#x) gave %#x, want %#x", k.name, w, n, u, p[w], want)
				}
			}
			if p[n] != guard {
				require.Failf(t, "kernel differs from Go", "%s float64s: wrote past the slice", k.name)
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
					require.Failf(t, "kernel differs from Go", "%s uint32s/float32s: word %d of %d (%#x) gave %#x and %#x, want %#x and %#x",
						k.name, w, n, u, u32[w], math.Float32bits(f32[w]), wantU, wantF)
				}
			}
			if u32[n] != guard32 || f32[n] != guard32 {
				require.Failf(t, "kernel differs from Go", "%s uint32s/float32s: wrote past the slice", k.name)
			}
		}
	}
}

// edgesAtEveryLane returns one slice of random words per lane of a group
// of lanes words, in which group g holds edges[g] at that lane.
func edgesAtEveryLane(r *rand.Rand, edges []uint64, lanes int) [][]uint64 {
	var trials [][]uint64
	for lane := range lanes {
		src := make([]uint64, lanes*len(edges))
		for w := range src {
			src[w] = r.Uint64()
		}
		for g, e := range edges {
			src[lanes*g+lane] = e
		}
		trials = append(trials, src)
	}
	return trials
}

// TestKernelVBMI compares normsVBMI and expsVBMI with normsAVX512 and
// expsAVX512 (which the other tests compare with the portable Go loop),
// value bits and slow masks, on random words and on words crafted for every
// table index with j at and around its bound, in every lane position of the
// 64 a VBMI iteration takes, over lengths that leave 16-word remainders.
func TestKernelVBMI(t *testing.T) {
	if !kernels.Has("avx512vbmi") {
		t.Skip("no AVX-512 VBMI kernels on this machine or build")
	}
	r := rand.New(rand.NewPCG(9, 9))
	var words []uint64
	for range 4096 {
		words = append(words, r.Uint64())
	}
	// Every index with j just below, at and above k[i] (and -k[i] for
	// normals), the high bits of the word random.
	for i := range 256 {
		for _, k := range []uint32{kn[i%128], ke[i]} {
			for _, j := range []uint32{k - 1, k, k + 1, -k, -k + 1, -k - 1, 0, math.MaxUint32, 1 << 31} {
				words = append(words, r.Uint64()&^(1<<40-1)|uint64(i)<<32|uint64(j))
			}
		}
	}
	r.Shuffle(len(words), func(a, b int) { words[a], words[b] = words[b], words[a] })
	for _, n := range []int{64, 128, 192, 256, len(words) &^ 63} {
		for start := 0; start+n <= len(words); start += n + 37 {
			src := words[start : start+n]
			for _, exp := range []bool{false, true} {
				x1, x2 := make([]float64, n), make([]float64, n)
				s1, s2 := make([]uint16, n/16), make([]uint16, n/16)
				if exp {
					expsAVX512(x1, s1, src)
					expsVBMI(x2, s2, src)
				} else {
					normsAVX512(x1, s1, src)
					normsVBMI(x2, s2, src)
				}
				for k := range n {
					if math.Float64bits(x1[k]) != math.Float64bits(x2[k]) || s1[k/16]>>(k%16)&1 != s2[k/16]>>(k%16)&1 {
						require.Failf(t, "kernel differs from Go", "exp=%v n=%d word %d (%#x): VBMI x=%v slow=%d, AVX512 x=%v slow=%d",
							exp, n, k, src[k], x2[k], s2[k/16]>>(k%16)&1, x1[k], s1[k/16]>>(k%16)&1)
					}
				}
			}
		}
	}
}

// TestZigguratKernels feeds the ziggurat kernels words built to sit on
// every edge of the fast-path test (j equal to the bound and one below,
// the most negative j, the first and last table entries) at every lane of
// a group, and compares values and slow marks with the Go fast path.
func TestZigguratKernels(t *testing.T) {
	if len(kernels.Available()) == 1 {
		t.Skip("no assembly kernels on this machine or build")
	}
	type kern struct {
		name   string
		have   bool
		f      func(xs []float64, slow []uint16, src []uint64)
		fast   func(u uint64) (float64, bool)
		edges  func(i uint64) []uint64 // words on the edges for table entry i
		tables int
	}
	normFast := func(u uint64) (float64, bool) {
		j, i := int32(u), u>>32&0x7F
		return float64(j) * float64(wn[i]), absInt32(j) < kn[i]
	}
	normEdges := func(i uint64) []uint64 {
		k := uint64(kn[i])
		return []uint64{i<<32 | k, i<<32 | (k - 1), i<<32 | uint64(uint32(-int32(k))), i<<32 | uint64(uint32(-int32(k)+1)),
			i<<32 | 0x80000000, i<<32 | 0, i<<32 | 0x7fffffff, (i|0x80)<<32 | (k - 1), (i|0xff80)<<32 | 1}
	}
	expFast := func(u uint64) (float64, bool) {
		j, i := uint32(u), uint8(u>>32)
		return float64(j) * float64(we[i]), j < ke[i]
	}
	expEdges := func(i uint64) []uint64 {
		k := uint64(ke[i])
		return []uint64{i<<32 | k, i<<32 | (k - 1), i<<32 | 0, i<<32 | 0xffffffff, (i|0xff00)<<32 | (k - 1)}
	}
	ks := []kern{
		{"normsAVX512", kernels.Has("avx512"), normsAVX512, normFast, normEdges, 128},
		{"expsAVX512", kernels.Has("avx512"), expsAVX512, expFast, expEdges, 256},
		{"normsAVX2", kernels.Has("avx2"), normsAVX2, normFast, normEdges, 128},
		{"expsAVX2", kernels.Has("avx2"), expsAVX2, expFast, expEdges, 256},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, k := range ks {
		if !k.have {
			continue
		}
		var edge []uint64
		for i := range uint64(k.tables) {
			edge = append(edge, k.edges(i)...)
		}
		// Every edge word at every lane of a group of 16, then random
		// mixtures.
		trials := edgesAtEveryLane(r, edge, 16)
		for trial := range 4000 {
			n := 16 * (1 + trial%4)
			if trial%5 == 0 {
				n += trial % 16 // a tail the kernel leaves
			}
			src := make([]uint64, n)
			for w := range src {
				if r.IntN(3) == 0 {
					src[w] = edge[r.IntN(len(edge))]
				} else {
					src[w] = r.Uint64()
				}
			}
			trials = append(trials, src)
		}
		for _, src := range trials {
			n := len(src)
			xs := make([]float64, n)
			slow := make([]uint16, n/16+1)
			k.f(xs, slow, src)
			for w := range n / 16 * 16 {
				x, fast := k.fast(src[w])
				if marked := slow[w/16]>>(w%16)&1 == 1; marked == fast {
					require.Failf(t, "kernel differs from Go", "%s: word %#x marked slow %v, takes the fast path %v", k.name, src[w], marked, fast)
				}
				if math.Float64bits(xs[w]) != math.Float64bits(x) { // also slow: its wedge test's x
					require.Failf(t, "kernel differs from Go", "%s: word %#x gave %v, want %v", k.name, src[w], xs[w], x)
				}
			}
			for w := n / 16 * 16; w < n; w++ {
				if xs[w] != 0 {
					require.Failf(t, "kernel differs from Go", "%s: wrote value %d beyond the %d whole groups", k.name, w, n/16)
				}
			}
			if slow[n/16] != 0 {
				require.Failf(t, "kernel differs from Go", "%s: wrote a mask beyond the %d whole groups", k.name, n/16)
			}
		}
	}
}

// TestUint64nKernel feeds uint64nAVX512 and uint64nAVX2 words whose low
// product word is the rejection threshold, one below and one above it, at
// every lane, and compares with bits.Mul64; and uint64n32AVX512 and
// uint64n32AVX2 (n below 2^32) the same and words whose low product word is
// at and around 2^32, where they stop.
func TestUint64nKernel(t *testing.T) {
	kernels := []struct {
		name   string
		have   bool
		lanes  int
		narrow bool // n below 2^32, stopping where the low word is
		f      func(dst []uint64, src []uint64, n, thresh uint64) int
	}{
		{"uint64nAVX512", kernels.Has("avx512"), 8, false, uint64nAVX512},
		{"uint64nAVX2", kernels.Has("avx2"), 4, false, uint64nAVX2},
		{"uint64n32AVX512", kernels.Has("avx512"), 8, true, uint64n32AVX512},
		{"uint64n32AVX2", kernels.Has("avx2"), 4, true, uint64n32AVX2},
	}
	for _, k := range kernels {
		if !k.have {
			t.Logf("%s: not on this machine or build", k.name)
			continue
		}
		t.Run(k.name, func(t *testing.T) { testUint64nKernel(t, k.lanes, k.narrow, k.f) })
	}
}

func testUint64nKernel(t *testing.T, lanes int, narrow bool, uint64nKernel func(dst []uint64, src []uint64, n, thresh uint64) int) {
	r := rand.New(rand.NewPCG(3, 4))
	ns := []uint64{3, 1000, 1<<32 - 1, 1<<32 + 1, 1<<40 + 7, 6148914691236517207, 1<<63 + 1, math.MaxUint64}
	if narrow {
		ns = []uint64{3, 1000, 999, 1<<31 + 1, 1<<32 - 1, 6}
	}
	for _, n := range ns {
		thresh := -n % n
		inv := n // n*inv = 1 mod 2^64 by Newton's iteration (n is odd)
		for range 6 {
			inv *= 2 - n*inv
		}
		edges := []uint64{(thresh - 1) * inv, thresh * inv, (thresh + 1) * inv, 0, math.MaxUint64}
		if narrow {
			edges = append(edges, (1<<32-1)*inv, (1<<32)*inv, (1<<32+1)*inv)
		}
		stop := func(u uint64) bool {
			_, lo := bits.Mul64(u, n)
			if narrow {
				return lo < 1<<32
			}
			return lo < thresh
		}
		for trial := range 2000 {
			src := make([]uint64, lanes*(1+trial%5)+trial%lanes)
			for i := range src {
				if r.IntN(4) == 0 {
					src[i] = edges[r.IntN(len(edges))]
				} else {
					src[i] = r.Uint64()
				}
			}
			dst := make([]uint64, len(src))
			got := uint64nKernel(dst, src, n, thresh)
			want := 0
			for want < len(src)/lanes*lanes && !stop(src[want]) {
				want++
			}
			if got != want {
				require.Failf(t, "kernel differs from Go", "n %d: converted %d words, want %d (%#x)", n, got, want, src)
			}
			for i := range dst {
				hi, _ := bits.Mul64(src[i], n)
				if i < got && dst[i] != hi {
					require.Failf(t, "kernel differs from Go", "n %d: word %#x gave %d, want %d", n, src[i], dst[i], hi)
				}
				if i >= got && dst[i] != 0 {
					require.Failf(t, "kernel differs from Go", "n %d: wrote value %d beyond the %d converted", n, i, got)
				}
			}
		}
	}
}

// TestCompactKernel gives compactAVX512 and compactAVX2 masks from empty to full (and
// random) at every length up to 40, and compares with the scalar loop; dst
// has guard elements that must stay untouched (all but those after the
// elements kept up to the last element of src read), and one case compacts
// within one slice, dst starting before src.
func TestCompactKernel(t *testing.T) {
	kernels := []struct {
		name string
		have bool
		f    func(dst []float64, src []float64, keep []uint8) int
	}{{"compactAVX512", kernels.Has("avx512"), compactAVX512}, {"compactAVX2", kernels.Has("avx2"), compactAVX2}}
	for _, k := range kernels {
		if !k.have {
			t.Logf("%s: not on this machine or build", k.name)
			continue
		}
		t.Run(k.name, func(t *testing.T) { testCompactKernel(t, k.f) })
	}
}

func testCompactKernel(t *testing.T, compact func(dst []float64, src []float64, keep []uint8) int) {
	r := rand.New(rand.NewPCG(5, 6))
	const guard = -1.5
	for trial := range 3000 {
		n := trial % 41
		keep := make([]uint8, n/8+1)
		for g := range keep {
			switch trial % 3 {
			case 0:
				keep[g] = uint8(r.Uint32())
			case 1:
				keep[g] = 0xFF &^ (1 << r.IntN(8)) // one word dropped
			default:
				keep[g] = uint8(r.IntN(2)) * 0xFF
			}
		}
		buf := make([]float64, 2*n+16)
		for i := range buf {
			buf[i] = guard
		}
		src := buf[n+8 : 2*n+8]
		for i := range src {
			src[i] = float64(i) + 0.25
		}
		var want []float64
		for k := range n &^ 15 {
			if keep[k/8]>>(k%8)&1 == 1 {
				want = append(want, src[k])
			}
		}
		at := r.IntN(n + 9) // dst = buf[at:], at most src's start
		dst := buf[at:]
		got := compact(dst, src, keep)
		if got != len(want) {
			require.Failf(t, "kernel differs from Go", "n %d keep %#x: kept %d, want %d", n, keep, got, len(want))
		}
		for i, x := range want {
			if dst[i] != x {
				require.Failf(t, "kernel differs from Go", "n %d keep %#x: dst[%d] = %v, want %v", n, keep, i, dst[i], x)
			}
		}
		for i := range at {
			if buf[i] != guard {
				require.Failf(t, "kernel differs from Go", "n %d: wrote buf[%d] before dst", n, i)
			}
		}
		for i := at + max(got, n&^15); i < n+8; i++ { // below src: must be untouched
			if buf[i] != guard {
				require.Failf(t, "kernel differs from Go", "n %d keep %#x: wrote dst[%d] beyond the %d kept", n, keep, i-at, got)
			}
		}
	}
}

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
					require.Fail(b, "a word missed the fast path")
				}
				dst[w] = float64(j) * float64(wn[i])
			}
		}
	})
}

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
