package fill_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// guardLengths are the lengths of dst TestGuardedSlices tries: every one up
// to 300 (each tail after the 16- and 64-value kernels' registers), and
// around chunk, batch and the fused Float64 threshold (4096 values).
func guardLengths() []int {
	var ns []int
	for n := range 301 {
		ns = append(ns, n)
	}
	for _, c := range []int{512, 1024, 2048, 4096, 8192} {
		for d := -17; d <= 17; d += 2 {
			ns = append(ns, c+d)
		}
	}
	return ns
}

// guarded runs f on buf[lo:lo+n], where buf holds guard elsewhere, and
// fails if f wrote anything outside it: dst's capacity reaches to the end
// of buf, so a write past len(dst) that stays in the backing array is
// caught too.
func guarded[T comparable](t *testing.T, what string, lo, n int, guard T, f func(dst []T)) []T {
	t.Helper()
	buf := make([]T, lo+n+80)
	for i := range buf {
		buf[i] = guard
	}
	dst := buf[lo : lo+n]
	f(dst)
	for i, v := range buf {
		if (i < lo || i >= lo+n) && v != guard {
			t.Fatalf("%s: len %d at element %d of its array: wrote element %d (dst[%d])", what, n, lo, i, i-lo)
		}
	}
	return dst
}

// TestGuardedSlices calls every fill function into a slice between guard
// elements, for every length up to 300 and lengths around 512-8192, from
// Sources at byte positions 0-7 in a word, and compares each value with
// rand.Rand's per-call method on a twin: the kernels that store whole
// registers (the ziggurat's compaction, the fused Float64) must never write
// outside dst, nor over a value already final. Run under each GODEBUG tier
// (cpu.avx512vbmi=off, cpu.avx512=off) and purego it reaches every kernel.
func TestGuardedSlices(t *testing.T) {
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
		for fn := range 9 {
			src, twin := streamrand.New(a, uint64(fn)), streamrand.New(a, uint64(fn))
			r := rand.New(twin)
			for k, n := range guardLengths() {
				skip := make([]byte, k%8) // a byte position in a word
				src.Read(skip)
				twin.Read(skip)
				lo := k % 5
				switch fn {
				case 0:
					d := guarded(t, "Uint64", lo, n, 7, func(d []uint64) { fill.Uint64(src, d) })
					for i := range d {
						if w := r.Uint64(); d[i] != w {
							t.Fatalf("%s Uint64 len %d: value %d is %#x, want %#x", a, n, i, d[i], w)
						}
					}
				case 1:
					d := guarded(t, "Uint32", lo, n, 7, func(d []uint32) { fill.Uint32(src, d) })
					for i := range d {
						if w := r.Uint32(); d[i] != w {
							t.Fatalf("%s Uint32 len %d: value %d is %#x, want %#x", a, n, i, d[i], w)
						}
					}
				case 2, 4, 5:
					name, per := "Float64", r.Float64
					f := fill.Float64
					switch fn {
					case 4:
						name, per, f = "NormFloat64", r.NormFloat64, fill.NormFloat64
					case 5:
						name, per, f = "ExpFloat64", r.ExpFloat64, fill.ExpFloat64
					}
					d := guarded(t, name, lo, n, math.Pi, func(d []float64) { f(src, d) })
					for i := range d {
						if w := per(); math.Float64bits(d[i]) != math.Float64bits(w) {
							t.Fatalf("%s %s len %d: value %d is %v, want %v", a, name, n, i, d[i], w)
						}
					}
				case 3:
					d := guarded(t, "Float32", lo, n, math.Pi, func(d []float32) { fill.Float32(src, d) })
					for i := range d {
						if w := r.Float32(); math.Float32bits(d[i]) != math.Float32bits(w) {
							t.Fatalf("%s Float32 len %d: value %d is %v, want %v", a, n, i, d[i], w)
						}
					}
				case 6:
					m := ns[k%len(ns)]
					d := guarded(t, "Uint64N", lo, n, 7, func(d []uint64) { fill.Uint64N(src, d, m) })
					for i := range d {
						if w := r.Uint64N(m); d[i] != w {
							t.Fatalf("%s Uint64N(%d) len %d: value %d is %d, want %d", a, m, n, i, d[i], w)
						}
					}
				case 7:
					m := int(min(ns[k%len(ns)], math.MaxInt))
					d := guarded(t, "IntN", lo, n, -7, func(d []int) { fill.IntN(src, d, m) })
					for i := range d {
						if w := r.IntN(m); d[i] != w {
							t.Fatalf("%s IntN(%d) len %d: value %d is %d, want %d", a, m, n, i, d[i], w)
						}
					}
				default:
					d := guarded(t, "Perm", lo, n, -7, func(d []int) { fill.Perm(src, d) })
					for i, w := range r.Perm(n) {
						if d[i] != w {
							t.Fatalf("%s Perm(%d): value %d is %d, want %d", a, n, i, d[i], w)
						}
					}
				}
				if g, w := src.Uint64(), twin.Uint64(); g != w {
					t.Fatalf("%s fill function %d len %d: position differs afterwards", a, fn, n)
				}
			}
		}
	}
}
