package dist

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// mtWords returns the words of n tries of Marsaglia and Tsang's sampler:
// normal words of which about a third are crafted at the fast path's
// bounds (zigWord), uniform words random, or at the ends (q near 0 and
// near 1, where the squeeze's right side vanishes).
func mtWords(r *rand.Rand, n int) []uint64 {
	words := make([]uint64, 2*n)
	for t := range n {
		words[2*t] = zigWord(r, false)
		u := r.Uint64()
		switch r.IntN(8) {
		case 0:
			u |= 0xFFFFFFF << 36
		case 1:
			u &= 1<<20 - 1
		}
		words[2*t+1] = u
	}
	return words
}

// kernelDst returns where a kernel test writes n values of the words p (at
// byte offset off of their memory) and the words it reads: in place, dst
// over a copy of the words from their memory's start, as a chunk's values
// over its words; apart, the words themselves and a dst of n+8 elements
// set to guard.
func kernelDst(p []byte, off, n int, inPlace bool, guard uint64) (dst []float64, q []byte) {
	if !inPlace {
		dst = make([]float64, n+8)
		for i := range dst {
			dst[i] = math.Float64frombits(guard)
		}
		return dst, p
	}
	mem := make([]float64, (off+len(p)+7)/8+1)
	b := unsafe.Slice((*byte)(unsafe.Pointer(&mem[0])), 8*len(mem))
	q = b[off : off+len(p)]
	copy(q, p)
	return mem[:n], q
}

// TestKernelGammaFills runs the Fill of the Marsaglia-Tsang shapes (of
// Gamma and ChiSquared, of Beta's two gammas: one shape or two, both below
// mtBig or one above, and of StudentsT's), of StudentsT with Nu = 1 and
// 2 (runUnit), of the boosted shapes below 1 (boostFill, for Gamma,
// ChiSquared and StudentsT with Nu from 1/2 to 2) and of Beta with
// shapes 1/2, 1 and above (runLinear) on every backend, on crafted words (a third of the normal words at the fast
// path's bounds) from random byte positions, against Rand calls on the
// same words: the values and the byte position after.
func TestKernelGammaFills(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, d := range []interface {
			Fill(rand.Source, []float64)
			Rand(rand.Source) float64
		}{Gamma{2, 1}, Gamma{1.0001, 1}, Gamma{3.5, 0.25}, Gamma{10, 3}, Gamma{2, 1e-310}, Gamma{1e7, 1},
			Beta{2, 5}, Beta{1.5, 1.5}, Beta{1.0001, 30}, Beta{3, 1e7},
			StudentsT{0, 1, 5}, StudentsT{1, 2, 30}, ChiSquared{3},
			StudentsT{0, 1, 1}, StudentsT{-1, 0.5, 2},
			Gamma{0.3, 1}, Gamma{0.9, 2}, Gamma{0.7, 1e-310}, ChiSquared{1.2}, StudentsT{0, 1, 1.5}, StudentsT{2, 0.5, 0.7},
			Beta{0.5, 0.5}, Beta{1, 1}, Beta{0.5, 3}, Beta{2.5, 1},
			Beta{0.3, 3}, Beta{0.7, 0.7}, Beta{1, 0.4}, Beta{0.6, 0.5}} {
			for round := range rounds {
				n := r.IntN(3 * chunkWords)
				start := r.IntN(1 << 20)
				src, twin := &crafted{pos: start}, &crafted{pos: start}
				got := make([]float64, n)
				d.Fill(src, got)
				for k := range got {
					want := d.Rand(twin)
					if math.Float64bits(want) != math.Float64bits(got[k]) {
						t.Fatalf("%s %+v round %d len %d start %d: value %d is %v, want %v", Backend(), d, round, n, start, k, got[k], want)
					}
				}
				if twin.pos != src.pos {
					t.Fatalf("%s %+v round %d len %d start %d: byte position %d, want %d", Backend(), d, round, n, start, src.pos, twin.pos)
				}
			}
		}
	})
}

// TestKernelTMT compares asmTMT (AVX2: with AVX-512 it sets none) with
// tSampler.runMT bit for bit, for
// several Nu and locations, every number of values 0 to 200 and more, at
// every byte offset of the words (mod 16), in place (dst over the words,
// as a chunk is) and apart: the kernel must set the values runMT takes up
// to the first it does not, in whole groups of its lanes, and write
// nothing else.
func TestKernelTMT(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(37, 38))
		lanes := kernelLanes(t)
		var lengths []int
		for n := range 201 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 511, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		sets := 0
		for _, d := range []StudentsT{{0, 1, 5}, {1.5, 2, 2.0002}, {-3, 1e-300, 40}, {0, 1, 1e6}} {
			s := newTSampler(d)
			l := s.g.mt.lanes()
			for _, n := range lengths {
				off := n % 16
				// Words in threes: z, then a try's two (mtWords' crafting,
				// for every other length only one value in 64, so that
				// long runs of values are taken at once).
				tries := mtWords(r, 2*n)
				words := make([]uint64, 3*n)
				for v := range n {
					words[3*v], words[3*v+1], words[3*v+2] = tries[4*v], tries[4*v+2], tries[4*v+3]
					if n%2 == 1 && r.IntN(64) != 0 {
						words[3*v], words[3*v+1], words[3*v+2] = r.Uint64(), r.Uint64(), r.Uint64()
					}
				}
				p := bytesAt(words, off)
				want := make([]float64, n)
				wantN, _ := s.runMT(p, 0, len(p)-7, want)
				wantM := min(wantN, n/lanes*lanes)
				if Backend() == "avx512" {
					wantM = 0 // AVX-512 runs tBlock only (TestKernelTBlock)
				}
				for _, inPlace := range []bool{false, true} {
					dst, q := kernelDst(p, off, n, inPlace, guard)
					got := asmTMT(dst, q, &l, s.mu, s.sigma, s.h)
					sets += got
					desc := fmt.Sprintf("%s %+v, %d values, offset %d, in place %v", Backend(), d, n, off, inPlace)
					if got != wantM {
						t.Fatalf("%s: set %d, want %d (runMT takes %d)", desc, got, wantM, wantN)
					}
					for i := range got {
						if math.Float64bits(dst[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%s: value %d is %v, want %v", desc, i, dst[i], want[i])
						}
					}
					if !inPlace {
						for i := got; i < len(dst); i++ {
							if math.Float64bits(dst[i]) != guard {
								t.Fatalf("%s: wrote dst[%d]", desc, i)
							}
						}
					}
				}
			}
		}
		if sets < 10000 && Backend() != "avx512" {
			t.Fatalf("%s: the kernel set %d values in all, want runs of them", Backend(), sets)
		}
	})
}

// checkTry compares try i of a tries kernel's block sc with the Go code's
// value v, y and q, and its marks with fast (its normal words on the fast
// path) and taken (y > -1 and the squeeze takes it), bit for bit (a NaN
// value, from y <= -1, as any NaN), and counts its kind in marks: slow,
// left by the squeeze, y <= -1, taken.
func checkTry(t *testing.T, desc string, sc *tryScratch, i int, v, y, q float64, fast, taken bool, marks *[4]int) {
	t.Helper()
	slow, und := sc.slow[i/64]>>(i%64)&1 == 1, sc.und[i/64]>>(i%64)&1 == 1
	if slow != !fast || und != !taken {
		t.Fatalf("%s: try %d marked slow %v, und %v, want %v, %v", desc, i, slow, und, !fast, !taken)
	}
	same := math.Float64bits(sc.vals[i]) == math.Float64bits(v) || math.IsNaN(sc.vals[i]) && math.IsNaN(v)
	if !same || sc.ys[i] != y || sc.qs[i] != q {
		t.Fatalf("%s: try %d: value, y, q %v %v %v, want %v %v %v", desc, i, sc.vals[i], sc.ys[i], sc.qs[i], v, y, q)
	}
	switch {
	case slow:
		marks[0]++
	case !(y > -1):
		marks[2]++
	case und:
		marks[1]++
	default:
		marks[3]++
	}
}

// checkMarks fails where checkTry saw no try of a kind.
func checkMarks(t *testing.T, marks [4]int) {
	t.Helper()
	for i, c := range marks {
		if c == 0 {
			t.Fatalf("no try of kind %d (slow, und, y <= -1, taken: %v): the words test nothing there", i, marks)
		}
	}
}

// TestKernelMTTries compares asmMTTries with the Go code of mtGamma.try
// as if its normal word took the fast path (normalFast, y = c·x, open01,
// mtValue, the squeeze) bit for bit, and its marks with the fast path,
// y > -1 and the squeeze, on every shape kind below mtBig, one shape or
// two in turn in the lanes, rate scalings, every number of tries 0 to 300
// and more, at every byte offset of the words (mod 16), on words dense in
// slow paths and the ends of the uniforms and with y <= -1: the number of
// tries it returns is min(len/16, mtBlockLen)&^7 (0 without a kernel) and
// the words keep their bytes.
func TestKernelMTTries(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(43, 44))
		var marks [4]int // slow, und, y <= -1, taken
		for _, shapes := range [][2]float64{{1.0001, 1.0001}, {1.2, 1.2}, {2, 2}, {3.5, 3.5}, {1e4, 1e4}, {0x1p20 - 1, 0x1p20 - 1}, {2, 5}, {1.0001, 30}} {
			var m [2]mtGamma
			m[0].init(shapes[0])
			m[1].init(shapes[1])
			l := pairLanes(&m[0], &m[1])
			for _, mul := range []float64{1, 0.5, 3.25, 1e-300} {
				for n := range 305 {
					words := mtWords(r, n)
					for j := 0; j < len(words); j += 2 {
						switch {
						case n%3 == 1:
							words[j], words[j+1] = r.Uint64(), r.Uint64()
						case r.IntN(64) == 0: // x far below 0: y <= -1
							words[j] = uint64(-(1<<52)+r.Int64N(1<<40))<<11 | uint64(1+r.IntN(250))
						}
					}
					if n%4 == 3 {
						words = words[:r.IntN(len(words)+1)]
					}
					off := n % 16
					p := bytesAt(words, off)
					var sc tryScratch
					got := asmMTTries(&sc, p, &l, mul)
					desc := fmt.Sprintf("%s shapes %v mul %v, %d words, offset %d", Backend(), shapes, mul, len(words), off)
					want := min(len(p)/16, mtBlockLen) &^ 7
					if !haveKernels() {
						want = 0
					}
					if got != want {
						t.Fatalf("%s: made %d tries, want %d", desc, got, want)
					}
					for j := range got {
						g := &m[j%2]
						x, fast := normalFast(le64(p, 16*j))
						y := float64(g.c * x)
						q := open01(le64(p, 16*j+8))
						x2 := x * x
						sq := y > -1 && g.c2*(x2*x2) < (1-q)*min(1, 1+y)
						v := mtValue(g.d, false, y) * mul
						checkTry(t, desc, &sc, j, v, y, q, fast, sq, &marks)
					}
					if !bytes.Equal(p, bytesAt(words, off)) {
						t.Fatalf("%s: wrote over the words", desc)
					}
				}
			}
		}
		if haveKernels() {
			checkMarks(t, marks)
		}
	})
}

// TestKernelVerdicts compares asmVerdicts with mtGamma.verdict bit for
// bit (its answers 1 and 2 as the bits of rej and acc), for shapes from
// just above 1 to 1e6 in any order, every count of tries 1 to mtBlockLen,
// on the tries the squeeze leaves (from mtWords) and on y near -1, 0, -0,
// 1 and beyond it, q near 0 and 1.
func TestKernelVerdicts(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(45, 46))
		shapes := []float64{1.0001, 1.5, 2, 3.7, 40, 1e6}
		var ms [2]mtGamma
		decided := [3]int{}
		for n := 1; n <= mtBlockLen; n++ {
			ms[0].init(shapes[r.IntN(len(shapes))])
			ms[1].init(shapes[r.IntN(len(shapes))])
			var v verdictScratch
			for e := range n {
				m := &ms[e&1]
				var y, q float64
				switch r.IntN(4) {
				case 0: // edges
					y = []float64{-1 + 0x1p-52, -0.999, -0.5, math.Copysign(0, -1), 0, 1e-300, 0.3, 1, 1 + 0x1p-52, 2.5}[r.IntN(10)]
					q = []float64{0x1p-53, 1e-9, 0.5, 0.999999, 1 - 0x1p-53}[r.IntN(5)]
				default: // a try the squeeze leaves: 1-q below its bound
					x, _ := normalFast(r.Uint64())
					y = max(float64(m.c*x), -0.99)
					x2 := x * x
					q = 1 - min(1, m.c2*(x2*x2)/min(1, 1+y))*open01(r.Uint64())
				}
				v.ys[e], v.qs[e], v.d3s[e], v.at[e] = y, q, m.d3, uint8(e)
			}
			if !asmVerdicts(&v, n) {
				t.Fatalf("%s: no kernel", Backend())
			}
			for e := range n {
				want := ms[e&1].verdict(v.ys[e], v.qs[e])
				got := v.rej[e>>3]>>(e&7)&1 | (v.acc[e>>3]>>(e&7)&1)<<1
				if got != want {
					t.Fatalf("%s: %d tries, try %d (y %v, q %v, 3d %v): %d, want %d", Backend(), n, e, v.ys[e], v.qs[e], v.d3s[e], got, want)
				}
				decided[want]++
			}
		}
		if decided[0] == 0 || decided[1] == 0 || decided[2] == 0 {
			t.Fatalf("answers %v: the tries test nothing there", decided)
		}
	})
}

// TestKernelBetaRatios compares asmBetaRatios with the Go division bit for
// bit, on gammas from 1e-300 to 1e300 and ordinary ones, for every length
// of dst and g up to 70: it sets the whole groups of its lanes that fit
// both and nothing else.
func TestKernelBetaRatios(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(43, 44))
		const guard = 0x5A5A5A5A5A5A5A5A
		for n := range 71 {
			for _, m := range []int{n / 2, n/2 + 3, n / 3} {
				g := make([]float64, n)
				for i := range g {
					g[i] = r.ExpFloat64()
					if r.IntN(4) == 0 {
						g[i] = math.Ldexp(r.Float64()+0.5, r.IntN(1996)-998)
					}
				}
				dst := make([]float64, m+8)
				for i := range dst {
					dst[i] = math.Float64frombits(guard)
				}
				got := asmBetaRatios(dst[:m], g)
				lanes := kernelLanes(t)
				if want := min(m, n/2) / lanes * lanes; got != want {
					t.Fatalf("%s: %d gammas, %d values: set %d, want %d", Backend(), n, m, got, want)
				}
				// In place, as Beta's pairFill calls it: dst over g from
				// its start.
				in := append([]float64(nil), g...)
				if k := asmBetaRatios(in[:min(m, n)], in); k != min(m, n, n/2)/lanes*lanes {
					t.Fatalf("%s: %d gammas, %d values in place: set %d", Backend(), n, m, k)
				} else {
					for i := range k {
						if want := g[2*i] / (g[2*i] + g[2*i+1]); math.Float64bits(in[i]) != math.Float64bits(want) {
							t.Fatalf("%s: in place, value %d is %v, want %v", Backend(), i, in[i], want)
						}
					}
				}
				for k := range got {
					if want := g[2*k] / (g[2*k] + g[2*k+1]); math.Float64bits(dst[k]) != math.Float64bits(want) {
						t.Fatalf("%s: value %d is %v, want %v", Backend(), k, dst[k], want)
					}
				}
				for k := got; k < len(dst); k++ {
					if math.Float64bits(dst[k]) != guard {
						t.Fatalf("%s: wrote dst[%d]", Backend(), k)
					}
				}
			}
		}
	})
}

// TestKernelBoostRun compares asmBoostRun and asmBoostRunZ with
// boostWords' quick path value by value on every backend: for boosted
// shapes across [1/4, 1), one in every lane or two in turn, every number
// of values 0 to 200 and more, at every byte offset of the words (mod
// 24), with gs in place (over the words, as a chunk is) and apart, us (and
// zs) as long as gs or shorter: the returned count is the first value
// whose normal or exponential words miss their fast paths or whose try
// the squeeze does not take (else the whole groups of the kernel's lanes
// that fit the outputs and the words), before it every draw, exponential
// (and normal) is the Go code's, and nothing after it is written.
func TestKernelBoostRun(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		lanes := 8
		if Backend() == "avx2" {
			lanes = 4
		}
		r := rand.New(rand.NewPCG(41, 42))
		const guard = 0x5A5A5A5A5A5A5A5A
		for _, withZ := range []bool{false, true} {
			wv := 3 // words a value
			if withZ {
				wv = 4
			}
			stops, long := 0, 0
			// One shape in every lane, or two in turn (Beta's X and Y).
			for _, alphas := range [][2]float64{{0.25, 0.25}, {0.3, 0.3}, {0.5001, 0.5001}, {0.8, 0.8}, {0.9999, 0.9999}, {0.3, 0.9}, {0.9999, 0.25}} {
				var ms [2]mtGamma
				ms[0].init(alphas[0] + 1)
				ms[1].init(alphas[1] + 1)
				l := pairLanes(&ms[0], &ms[1])
				for n := range 210 {
					words := make([]uint64, wv*n)
					crafted := n%3 == 0 // else random words: runs that go long
					for j := range words {
						words[j] = r.Uint64()
					}
					for j := range n {
						v := words[wv*j : wv*j+wv]
						if crafted {
							v[0], v[wv-3], v[wv-1] = zigWord(r, false), zigWord(r, false), zigWord(r, true)
							switch r.IntN(6) {
							case 0:
								v[wv-2] |= 0xFFFFFFF << 36
							case 1:
								v[wv-2] &= 1<<20 - 1
							}
						}
					}
					off := n % 24
					p := bytesAt(words, off)
					for _, inPlace := range []bool{false, true} {
						gs, q := kernelDst(p, off, n, inPlace, guard)
						nu := n + 8
						if n%2 == 1 {
							nu = n / 2
						}
						us, zs := make([]float64, nu), make([]float64, n+8-n%5)
						for _, o := range [][]float64{us, zs} {
							for i := range o {
								o[i] = math.Float64frombits(guard)
							}
						}
						fit := min(n, len(gs), len(us))
						if withZ {
							fit = min(fit, len(zs))
						}
						want := fit / lanes * lanes
						for j := range want {
							m := &ms[j%2]
							fast := true
							if withZ {
								_, fast = normalFast(le64(p, 32*j))
							}
							x, fx := normalFast(le64(p, wv*8*j+8*(wv-3)))
							_, fe := expFast(le64(p, wv*8*j+8*(wv-1)))
							y := float64(m.c * x)
							qq := open01(le64(p, wv*8*j+8*(wv-2)))
							x2 := x * x
							if !fast || !fx || !fe || !(m.c2*(x2*x2) < (1-qq)*min(1, 1+y)) {
								want = j
								break
							}
						}
						var got int
						if withZ {
							got = asmBoostRunZ(zs, gs, us, q, &l)
						} else {
							got = asmBoostRun(gs, us, q, &l)
						}
						desc := fmt.Sprintf("%s z %v alphas %v, %d values, offset %d, in place %v, len(us) %d, len(zs) %d", Backend(), withZ, alphas, n, off, inPlace, len(us), len(zs))
						if got != want {
							t.Fatalf("%s: returned %d, want %d", desc, got, want)
						}
						for j := range got {
							m := &ms[j%2]
							at := wv * 8 * j
							y := float64(m.c * mustFast(le64(p, at+8*(wv-3))))
							if g := mtValue(m.d, false, y); math.Float64bits(gs[j]) != math.Float64bits(g) {
								t.Fatalf("%s: value %d: draw %v, want %v", desc, j, gs[j], g)
							}
							if e, _ := expFast(le64(p, at+8*(wv-1))); math.Float64bits(us[j]) != math.Float64bits(e) {
								t.Fatalf("%s: value %d: exponential %v, want %v", desc, j, us[j], e)
							}
							if withZ {
								if z := mustFast(le64(p, at)); math.Float64bits(zs[j]) != math.Float64bits(z) {
									t.Fatalf("%s: value %d: normal %v, want %v", desc, j, zs[j], z)
								}
							}
							if j >= 64 {
								long++
							}
						}
						for _, o := range [][]float64{us, zs} {
							for i := got; i < len(o); i++ {
								if math.Float64bits(o[i]) != guard {
									t.Fatalf("%s: wrote an output past its values, at %d", desc, i)
								}
							}
						}
						if inPlace {
							for i := wv * 8 * got; i < len(p); i++ {
								if q[i] != p[i] {
									t.Fatalf("%s: overwrote byte %d of the words", desc, i)
								}
							}
						} else {
							for i := got; i < len(gs); i++ {
								if math.Float64bits(gs[i]) != guard {
									t.Fatalf("%s: wrote gs[%d]", desc, i)
								}
							}
						}
						if got < fit/lanes*lanes {
							stops++
						}
					}
				}
			}
			if stops == 0 || long == 0 {
				t.Fatalf("z %v: no run stopped (%d) or ran past 64 values (%d): the test tests nothing", withZ, stops, long)
			}
		}
	})
}

// mustFast returns normalFast's value of the word u, which must take the
// fast path.
func mustFast(u uint64) float64 {
	x, fast := normalFast(u)
	if !fast {
		panic("mustFast: a word off the fast path")
	}
	return x
}
