package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// A sliceFunc is one of the slice forms of exp and log: its kernel (nil
// for the driver only), its driver and the scalar function each lane must
// give the bits of.
type sliceFunc struct {
	name   string
	kernel func(dst, src []float64) int // nil for a driver of two kernels
	driver func(xs []float64)
	scalar func(x float64) float64
	inputs func(r *rand.Rand) float64
	// apart reports whether the kernel leaves x to the scalar code (nil
	// with kernel).
	apart func(x float64) bool
}

func expApart(x float64) bool { return !(math.Abs(x) < 700) }
func logApart(x float64) bool { return !(x >= 0x1p-1022 && x <= math.MaxFloat64) }

func sliceFuncs() []sliceFunc {
	fs := []sliceFunc{
		{"exp", asmExp, expAll, exp, expInput, expApart},
		{"log", asmLog, logAll, log, logInput, logApart},
	}
	for _, lambda := range []float64{1, 2.5, 1e-300, 1e300, 0.75} {
		fs = append(fs, sliceFunc{fmt.Sprintf("expMul(lambda=%v)", lambda),
			func(dst, src []float64) int { return asmExpMul(dst, src, lambda) },
			func(xs []float64) { expMulAll(xs, lambda) },
			func(x float64) float64 { return lambda * exp(x) },
			expInput, expApart})
	}
	for _, k := range []float64{1, 1 / 1.5, 1 / 0.3, 4, 1.0000000000000002, 1e-300, 1e300, 5e-324, 0.25, 1 / 7.25} {
		fs = append(fs, sliceFunc{fmt.Sprintf("powLogMul(k=%v)", k),
			func(dst, src []float64) int { return asmPowLogMul(dst, src, k) },
			func(xs []float64) { powLogMulAll(xs, k) },
			func(x float64) float64 { return float64(powLog(x) * k) },
			logInput, logApart})
	}
	for _, p := range [][2]float64{{1.5, 1}, {1.5, 2}, {1, 1}, {0.5, 3}, {3, 1e-300}, {7.25, 1e300}, {1e-3, 1}, {1e300, 1}, {2, math.MaxFloat64}} {
		k, lambda := p[0], p[1]
		fs = append(fs, sliceFunc{fmt.Sprintf("pow(k=%v,lambda=%v)", k, lambda), nil,
			func(xs []float64) { powAll(xs, 1/k, lambda) },
			func(x float64) float64 { return lambda * exp(float64(powLog(x)*(1/k))) },
			powInput, nil})
	}
	return fs
}

// expInput draws an input of exp: random bits (mostly huge or special),
// the core's range and its ends (±700 and their neighbours, where the
// kernels hand over to the scalar code), the ends of exp's range, points
// of the table's grid k ln2/128 and the midpoints between them (where kd
// rounds), tiny values, ±0, ±Inf and NaN.
func expInput(r *rand.Rand) float64 {
	switch r.IntN(10) {
	case 0:
		return math.Float64frombits(r.Uint64())
	case 1:
		x := []float64{700, -700, 709.782712893384, -708.3964185322641, -745.1332191019411, 1024, -1024,
			0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -5e-324, 0x1p-1022, 0x1p-55}[r.IntN(16)]
		for range r.IntN(3) {
			x = math.Nextafter(x, float64(r.IntN(3)-1)*math.Inf(1))
		}
		return x
	case 2, 3:
		k := float64(r.IntN(2*128*700) - 128*700)
		x := k * (math.Ln2 / 128)
		if r.IntN(2) == 0 {
			x += math.Ln2 / 256 // the midpoint
		}
		for range r.IntN(3) {
			x = math.Nextafter(x, float64(r.IntN(2)*2-1))
		}
		return x
	case 4:
		return math.Ldexp(r.Float64(), -r.IntN(70)) * float64(r.IntN(2)*2-1)
	}
	return (r.Float64()*2 - 1) * 720
}

// logInput draws an input of log: random bits and random positive bits
// (of every exponent, subnormals included), values near 1 (the cell of 1,
// where r is the result), the table's cell boundaries and centres, powers
// of two, the ends of the normal range, 0, Inf, NaN, negatives.
func logInput(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return math.Float64frombits(r.Uint64())
	case 1, 2:
		return math.Float64frombits(r.Uint64() >> 1)
	case 3:
		return 1 + (r.Float64()*2-1)*math.Ldexp(1, -r.IntN(60))
	case 4:
		i := uint64(r.IntN(logN))
		e := uint64(r.IntN(2046)) - 1022
		var b uint64
		if r.IntN(2) == 0 {
			b = logOff + i<<45 // a cell's lower end
		} else {
			b = math.Float64bits(logTab[i].chi)
		}
		b += e << 52
		x := math.Float64frombits(b)
		for range r.IntN(3) {
			x = math.Nextafter(x, float64(r.IntN(2)*2-1)*math.Inf(1))
		}
		return x
	case 5:
		x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -1, 0x1p-1022, 5e-324,
			math.MaxFloat64, 1, 2, 0.5}[r.IntN(12)]
		for range r.IntN(3) {
			x = math.Nextafter(x, float64(r.IntN(2)*2-1)*math.Inf(1))
		}
		return x
	}
	return math.Ldexp(r.Float64(), r.IntN(2100)-1074)
}

// powInput draws an input of Weibull's power: mostly exponential deviates'
// range, and log's inputs.
func powInput(r *rand.Rand) float64 {
	if r.IntN(3) == 0 {
		return logInput(r)
	}
	return r.ExpFloat64() * float64(1+r.IntN(20))
}

// offsets are the offsets in elements (within a 64-byte line) at which
// TestKernelXmath places slices of n elements: all of them, or with -short
// one, n % 8.
func offsets(n int) []int {
	if testing.Short() {
		return []int{n % 8}
	}
	return []int{0, 1, 2, 3, 4, 5, 6, 7}
}

// TestKernelXmath compares the kernels of exp, log and Weibull's power
// with the scalar functions bit for bit, for every length 0 to 300 and
// more, at every offset (in elements) of the slices, in place and into
// another slice, on inputs dense in the special and boundary cases and on
// inputs with none: a kernel converts whole groups, stops exactly before
// the first group holding an input it leaves to the scalar code (so none
// of its values is the scalar code's), and writes nothing beyond.
func TestKernelXmath(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		lanes := kernelLanes(t)
		r := rand.New(rand.NewPCG(21, 22))
		var lengths []int
		for n := range 301 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 511, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		for _, f := range sliceFuncs() {
			for _, dense := range []bool{true, false} {
				if f.kernel == nil && !dense {
					continue
				}
				for _, n := range lengths {
					for _, off := range offsets(n) {
						mem := make([]float64, n+16)
						src := mem[off : off+n]
						for i := range src {
							src[i] = f.inputs(r)
							if !dense { // then f.kernel != nil
								// Redraw the inputs the kernel leaves to the
								// scalar code, so that it runs to the end.
								for f.apart(src[i]) {
									src[i] = f.inputs(r)
								}
							}
						}
						in := append([]float64(nil), src...)
						if f.kernel != nil {
							out := make([]float64, n+16)
							for i := range out {
								out[i] = math.Float64frombits(guard)
							}
							dst := out[off : off+n]
							m := f.kernel(dst, src)
							// The first group holding an input apart.
							stop := 0
							if lanes > 0 {
								stop = n / lanes * lanes
							}
							for i := range stop {
								if f.apart(in[i]) {
									stop = i / lanes * lanes
									break
								}
							}
							if m != stop {
								t.Fatalf("%s %s, len %d offset %d: converted %d, want %d", Backend(), f.name, n, off, m, stop)
							}
							if !dense && m != stop {
								t.Fatalf("%s %s, len %d: stopped at %d on inputs it converts", Backend(), f.name, n, m)
							}
							for i := range out {
								want := uint64(guard)
								if i >= off && i < off+m {
									want = math.Float64bits(f.scalar(in[i-off]))
								}
								if got := math.Float64bits(out[i]); got != want {
									t.Fatalf("%s %s, len %d offset %d: element %d (input %v, %#x) is %#x, want %#x",
										Backend(), f.name, n, off, i-off, in[i-off], math.Float64bits(in[i-off]), got, want)
								}
							}
						}
						// In place, the driver: every value the scalar function's.
						f.driver(src)
						for i := range src {
							if got, want := math.Float64bits(src[i]), math.Float64bits(f.scalar(in[i])); got != want {
								t.Fatalf("%s %s driver, len %d offset %d: element %d (input %v, %#x) is %#x, want %#x",
									Backend(), f.name, n, off, i, in[i], math.Float64bits(in[i]), got, want)
							}
						}
					}
				}
			}
		}
	})
}

// TestXmathDrivers checks the slice drivers on every backend, the portable
// code included, against the scalar functions on a few lengths.
func TestXmathDrivers(t *testing.T) {
	backendtest.Run(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		for _, f := range sliceFuncs() {
			for _, n := range []int{0, 1, 7, 8, 9, 17, 64, 100} {
				xs := make([]float64, n)
				for i := range xs {
					xs[i] = f.inputs(r)
				}
				in := append([]float64(nil), xs...)
				f.driver(xs)
				for i := range xs {
					if got, want := math.Float64bits(xs[i]), math.Float64bits(f.scalar(in[i])); got != want {
						t.Fatalf("%s %s, len %d: element %d (input %v) is %#x, want %#x", Backend(), f.name, n, i, in[i], got, want)
					}
				}
			}
		}
	})
}

// TestXmathUnits checks what Dirichlet's fillBlocks relies on to treat a
// gamma that is not boosted as one with u = 1: log 1 = +0 and exp(±0) = 1
// exactly, by the scalar functions and by the slice forms on every
// backend, on every length (kernel groups and tails), and -Inf - m = -Inf
// to exp 0.
func TestXmathUnits(t *testing.T) {
	if log(1) != 0 || math.Signbit(log(1)) || exp(0) != 1 || exp(math.Copysign(0, -1)) != 1 || exp(math.Inf(-1)) != 0 {
		t.Fatalf("log(1) = %v, exp(0) = %v, exp(-0) = %v, exp(-Inf) = %v", log(1), exp(0), exp(math.Copysign(0, -1)), exp(math.Inf(-1)))
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for n := range 40 {
			ones, zeros := make([]float64, n), make([]float64, n)
			for i := range ones {
				ones[i] = 1
				if i%3 == 1 {
					zeros[i] = math.Copysign(0, -1)
				}
				if i%5 == 4 {
					zeros[i] = math.Inf(-1)
				}
			}
			logAll(ones)
			expAll(zeros)
			for i := range n {
				want := 1.0
				if i%5 == 4 {
					want = 0
				}
				if ones[i] != 0 || math.Signbit(ones[i]) || zeros[i] != want {
					t.Fatalf("%s, len %d, element %d: log 1 = %v, exp = %v (want %v)", Backend(), n, i, ones[i], zeros[i], want)
				}
			}
		}
	})
}

// BenchmarkXmathSlice times the slice forms of exp, log and Weibull's
// power on every backend over 2048 values (a chunk, in L1) of the ranges
// LogNormal and Weibull give them (copied in each time): read ns/value, or
// 8e9 / cpuB/s for the CPU time of the process.
func BenchmarkXmathSlice(b *testing.B) {
	r := rand.New(rand.NewPCG(25, 26))
	in := make([]float64, chunkWords)
	normals, exps := make([]float64, len(in)), make([]float64, len(in))
	for i := range in {
		normals[i], exps[i] = r.NormFloat64(), r.ExpFloat64()
	}
	cases := []struct {
		name string
		src  []float64
		f    func(xs []float64)
	}{
		{"exp", normals, expAll},
		{"log", exps, logAll},
		{"pow", exps, func(xs []float64) { powAll(xs, 1/1.5, 1) }},
	}
	backendtest.Bench(b, kernels, func(b *testing.B) {
		for _, c := range cases {
			b.Run(c.name, func(b *testing.B) {
				stop := benchutil.Start(b, 8*len(in))
				for b.Loop() {
					copy(in, c.src)
					c.f(in)
				}
				stop()
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/value")
			})
		}
	})
}
