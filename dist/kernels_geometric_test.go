package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// geometricInput draws an exponential deviate's value for
// TestKernelGeometrics: the ziggurat's range, 0, subnormals, integers
// and their neighbours (where the floor steps) once scaled by s, and values
// whose product is at, below and above 2^63 (the saturation), 2^52 and
// halves (the AVX2 kernel's bound and ties), or NaN.
func geometricInput(r *rand.Rand, s float64) float64 {
	switch r.IntN(6) {
	case 0:
		return []float64{0, 5e-324, 0x1p-1022, 44, 1e300, math.MaxFloat64}[r.IntN(6)]
	case 1:
		if s == 0 || math.IsInf(s, 0) {
			return r.ExpFloat64()
		}
		e := float64(r.IntN(1000)) / s
		for range r.IntN(3) {
			e = math.Nextafter(e, float64(r.IntN(2))*math.Inf(1))
		}
		return e
	case 2:
		if s == 0 || math.IsInf(s, 0) {
			return r.ExpFloat64()
		}
		// The saturation at 2^63, and the AVX2 kernel's bound 2^52 and
		// halves below it, where its rounding to an integer ties.
		y := []float64{0x1p63, 0x1p52, 0x1p52 - 0.5, 0x1p51 + 0.5, 2.5}[r.IntN(5)]
		return math.Nextafter(y, float64(r.IntN(2))*math.Inf(1)) / s
	}
	return r.ExpFloat64() * float64(1+r.IntN(3))
}

// TestKernelGeometrics compares asmGeometrics with geometricValue for
// every length 0 to 300 and more, at every offset of the slices, in place
// and apart, for scales of several sizes, 0 (P = 1) and +Inf (P below
// 2^-1022): the kernel converts whole groups (with AVX2 up to the first
// holding a product at or above 2^52) and writes nothing else.
func TestKernelGeometrics(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(37, 38))
		var lengths []int
		for n := range 301 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 511, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		for _, p := range []float64{0.1, 0.5, 1, 1e-6, 1e-18, 5e-324} {
			s := geometricScale(p)
			for _, n := range lengths {
				for _, off := range offsets(n) {
					mem := make([]float64, n+16)
					src := mem[off : off+n]
					for i := range src {
						src[i] = geometricInput(r, s)
					}
					want := 0
					switch Backend() {
					case "avx512":
						want = n / 8 * 8
					case "avx2":
						// Up to the first group of 4 holding an e·s
						// that is not below 2^52.
						want = n / 4 * 4
						for i := range want {
							if !(src[i]*s < 0x1p52) {
								want = i / 4 * 4
								break
							}
						}
					}
					// Apart.
					out := make([]int64, n+16)
					for i := range out {
						out[i] = guard
					}
					got := asmGeometrics(out[off:off+n], src, s)
					desc := fmt.Sprintf("%s P %v len %d offset %d", Backend(), p, n, off)
					if got != want {
						t.Fatalf("%s: set %d, want %d", desc, got, want)
					}
					for i := range out {
						w := int64(guard)
						if i >= off && i < off+got {
							w = geometricValue(src[i-off], s)
						}
						if out[i] != w {
							t.Fatalf("%s: element %d (e = %v) is %d, want %d", desc, i-off, src[i-off], out[i], w)
						}
					}
					// In place.
					in := append([]float64(nil), src...)
					dst := unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
					got = asmGeometrics(dst, src, s)
					for i := range got {
						if w := geometricValue(in[i], s); dst[i] != w {
							t.Fatalf("%s in place: element %d (e = %v) is %d, want %d", desc, i, in[i], dst[i], w)
						}
					}
				}
			}
		}
	})
}

// TestKernelGeometricFill runs Geometric's Fill (the exponential's block
// kernels, then the values in place) on every backend, on crafted words
// (a third at the exponential ziggurat's bounds) from random byte
// positions, against Rand calls on the same words.
func TestKernelGeometricFill(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, d := range []Geometric{{0.1}, {0.5}, {1}, {1e-18}, {5e-324}} {
			for round := range rounds {
				n := r.IntN(3 * chunkWords)
				start := r.IntN(1 << 20)
				src, twin := &crafted{exp: true, pos: start}, &crafted{exp: true, pos: start}
				got := make([]int64, n)
				d.Fill(src, got)
				for k := range got {
					if want := d.Rand(twin); want != got[k] {
						t.Fatalf("%s %+v round %d len %d start %d: value %d is %d, want %d", Backend(), d, round, n, start, k, got[k], want)
					}
				}
				if twin.pos != src.pos {
					t.Fatalf("%s %+v round %d len %d start %d: byte position %d, want %d", Backend(), d, round, n, start, src.pos, twin.pos)
				}
			}
		}
	})
}
