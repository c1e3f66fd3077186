package fill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

// TestBackendsAgree runs every function with each kernel set this machine
// has (AVX-512, AVX2) and with the portable Go path, from every byte offset,
// on lengths around the kernels' block sizes, and compares values and
// positions.
func TestBackendsAgree(t *testing.T) {
	if len(simdSets()) == 0 {
		t.Skip("no SIMD kernels on this machine or build: the portable path is the only one")
	}
	lengths := []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 511, 512, 513, 1000, 1024, 1025, 5000}
	type run func(src rand.Source, n int) []uint64
	fs := map[string]run{
		"Float64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			Float64(src, d)
			return bits64(d)
		},
		"Float32": func(src rand.Source, n int) []uint64 {
			d := make([]float32, n)
			Float32(src, d)
			r := make([]uint64, n)
			for i, v := range d {
				r[i] = uint64(math.Float32bits(v))
			}
			return r
		},
		"Uint32": func(src rand.Source, n int) []uint64 {
			d := make([]uint32, n)
			Uint32(src, d)
			r := make([]uint64, n)
			for i, v := range d {
				r[i] = uint64(v)
			}
			return r
		},
		"NormFloat64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			NormFloat64(src, d)
			return bits64(d)
		},
		"ExpFloat64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			ExpFloat64(src, d)
			return bits64(d)
		},
	}
	for _, m := range []uint64{3, 1000, 1<<32 + 1, 1<<40 + 7, 6148914691236517206, 1<<63 + 1, math.MaxUint64} {
		fs["Uint64N/"+strconv.FormatUint(m, 10)] = func(src rand.Source, n int) []uint64 {
			d := make([]uint64, n)
			Uint64N(src, d, m)
			return d
		}
	}
	fs["IntN/1000"] = func(src rand.Source, n int) []uint64 {
		d := make([]int, n)
		IntN(src, d, 1000)
		r := make([]uint64, n)
		for i, v := range d {
			r[i] = uint64(v)
		}
		return r
	}
	for name, f := range fs {
		for _, n := range lengths {
			for off := range 8 {
				sets := kernelSets()
				got, want := make([][]uint64, len(sets)), make([][]uint64, len(sets))
				for k, ks := range sets {
					restore := ks.use()
					var src rand.Source
					if n%2 == 0 {
						s := chacha.NewSource(uint64(n))
						s.Read(make([]byte, off))
						src = s
					} else {
						s := aesctr.NewSource(uint64(n))
						s.Read(make([]byte, off))
						src = s
					}
					got[k] = f(src, n)
					want[k] = []uint64{src.Uint64()}
					restore()
				}
				g := len(sets) - 1 // generic
				for k := range g {
					for i := range got[g] {
						if got[k][i] != got[g][i] {
							t.Fatalf("%s len %d offset %d: value %d is %#x with %s, %#x with generic", name, n, off, i, got[k][i], sets[k].name, got[g][i])
						}
					}
					if want[k][0] != want[g][0] {
						t.Fatalf("%s len %d offset %d: position differs between %s and generic", name, n, off, sets[k].name)
					}
				}
			}
		}
	}
}

func bits64(d []float64) []uint64 {
	r := make([]uint64, len(d))
	for i, v := range d {
		r[i] = math.Float64bits(v)
	}
	return r
}

// TestZigguratKernels feeds the ziggurat kernels words built to sit on
// every edge of the fast-path test (j equal to the bound and one below,
// the most negative j, the first and last table entries) at every lane of
// a group, and compares values and slow marks with the Go fast path.
func TestZigguratKernels(t *testing.T) {
	if len(simdSets()) == 0 {
		t.Skip("no SIMD kernels on this machine or build")
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
		{"normsAVX512", haveAVX512, normsAVX512, normFast, normEdges, 128},
		{"expsAVX512", haveAVX512, expsAVX512, expFast, expEdges, 256},
		{"normsAVX2", haveAVX2, normsAVX2, normFast, normEdges, 128},
		{"expsAVX2", haveAVX2, expsAVX2, expFast, expEdges, 256},
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
		// Every edge word at every lane of a group of 16 (group g holds
		// edge word g at the lane), then random mixtures.
		var trials [][]uint64
		for lane := range 16 {
			src := make([]uint64, 16*len(edge))
			for w := range src {
				src[w] = r.Uint64()
			}
			for g, e := range edge {
				src[16*g+lane] = e
			}
			trials = append(trials, src)
		}
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
					t.Fatalf("%s: word %#x marked slow %v, takes the fast path %v", k.name, src[w], marked, fast)
				}
				if math.Float64bits(xs[w]) != math.Float64bits(x) { // also slow: its wedge test's x
					t.Fatalf("%s: word %#x gave %v, want %v", k.name, src[w], xs[w], x)
				}
			}
			for w := n / 16 * 16; w < n; w++ {
				if xs[w] != 0 {
					t.Fatalf("%s: wrote value %d beyond the %d whole groups", k.name, w, n/16)
				}
			}
			if slow[n/16] != 0 {
				t.Fatalf("%s: wrote a mask beyond the %d whole groups", k.name, n/16)
			}
		}
	}
}

// TestUint64nKernel feeds uint64nAVX512 and uint64nAVX2 words whose low
// product word is the rejection threshold, one below and one above it, at
// every lane, and compares with bits.Mul64.
func TestUint64nKernel(t *testing.T) {
	kernels := []struct {
		name  string
		have  bool
		lanes int
		f     func(dst []uint64, src []uint64, n, thresh uint64) int
	}{{"uint64nAVX512", haveAVX512, 8, uint64nAVX512}, {"uint64nAVX2", haveAVX2, 4, uint64nAVX2}}
	for _, k := range kernels {
		if !k.have {
			t.Logf("%s: not on this machine or build", k.name)
			continue
		}
		t.Run(k.name, func(t *testing.T) { testUint64nKernel(t, k.lanes, k.f) })
	}
}

func testUint64nKernel(t *testing.T, lanes int, uint64nKernel func(dst []uint64, src []uint64, n, thresh uint64) int) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []uint64{3, 1000, 1<<32 - 1, 1<<32 + 1, 1<<40 + 7, 6148914691236517207, 1<<63 + 1, math.MaxUint64} {
		thresh := -n % n
		inv := n // n*inv = 1 mod 2^64 by Newton's iteration (n is odd)
		for range 6 {
			inv *= 2 - n*inv
		}
		edges := []uint64{(thresh - 1) * inv, thresh * inv, (thresh + 1) * inv, 0, math.MaxUint64}
		for trial := range 2000 {
			src := make([]uint64, lanes*(1+trial%3)+trial%lanes)
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
			for want < len(src)/lanes*lanes {
				if _, lo := bits.Mul64(src[want], n); lo < thresh {
					break
				}
				want++
			}
			if got != want {
				t.Fatalf("n %d: converted %d words, want %d (%#x)", n, got, want, src)
			}
			for i := range dst {
				hi, _ := bits.Mul64(src[i], n)
				if i < got && dst[i] != hi {
					t.Fatalf("n %d: word %#x gave %d, want %d", n, src[i], dst[i], hi)
				}
				if i >= got && dst[i] != 0 {
					t.Fatalf("n %d: wrote value %d beyond the %d converted", n, i, got)
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
	}{{"compactAVX512", haveAVX512, compactAVX512}, {"compactAVX2", haveAVX2, compactAVX2}}
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
			t.Fatalf("n %d keep %#x: kept %d, want %d", n, keep, got, len(want))
		}
		for i, x := range want {
			if dst[i] != x {
				t.Fatalf("n %d keep %#x: dst[%d] = %v, want %v", n, keep, i, dst[i], x)
			}
		}
		for i := range at {
			if buf[i] != guard {
				t.Fatalf("n %d: wrote buf[%d] before dst", n, i)
			}
		}
		for i := at + max(got, n&^15); i < n+8; i++ { // below src: must be untouched
			if buf[i] != guard {
				t.Fatalf("n %d keep %#x: wrote dst[%d] beyond the %d kept", n, keep, i-at, got)
			}
		}
	}
}
