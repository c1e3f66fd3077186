package dist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// A sliceFunc is one of the slice forms of exp and log: its kernel (nil
// for the driver only), its driver and the scalar function each lane must
// give the bits of.
type sliceFunc struct {
	name   string
	kernel func(dst, src []float64) int
	driver func(xs []float64)
	scalar func(x float64) float64
	inputs func(r *rand.Rand) float64
	// apart reports whether the kernel leaves x to the scalar code.
	apart func(x float64) bool
}

func expApart(x float64) bool { return !(math.Abs(x) < 700) }
func logApart(x float64) bool { return !(x >= 0x1p-1022 && x <= math.MaxFloat64) }

func sliceFuncs() []sliceFunc {
	fs := []sliceFunc{
		{"exp", asmExp, expAll, exp, expInput, expApart},
		{"log", asmLog, logAll, log, logInput, logApart},
	}
	for _, p := range [][2]float64{{1.5, 1}, {1.5, 2}, {1, 1}, {0.5, 3}, {3, 1e-300}, {7.25, 1e300}, {1e-3, 1}, {1e300, 1}, {2, math.MaxFloat64}} {
		k, lambda := p[0], p[1]
		fs = append(fs, sliceFunc{fmt.Sprintf("pow(k=%v,lambda=%v)", k, lambda),
			func(dst, src []float64) int { return asmPow(dst, src, k, lambda) },
			func(xs []float64) { powAll(xs, k, lambda) },
			func(x float64) float64 { return lambda * exp(log(x)/k) },
			powInput,
			func(x float64) bool { return logApart(x) || expApart(log(x)/k) }})
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
				for _, n := range lengths {
					off := n % 8
					mem := make([]float64, n+16)
					src := mem[off : off+n]
					for i := range src {
						src[i] = f.inputs(r)
						if !dense {
							// Redraw the inputs the kernel leaves to the
							// scalar code, so that it runs to the end.
							for f.apart(src[i]) {
								src[i] = f.inputs(r)
							}
						}
					}
					in := append([]float64(nil), src...)
					out := make([]float64, n+16)
					for i := range out {
						out[i] = math.Float64frombits(guard)
					}
					dst := out[off : off+n]
					m := f.kernel(dst, src)
					// The first group holding an input apart.
					stop := n / lanes * lanes
					for i := range stop {
						if f.apart(in[i]) {
							stop = i / lanes * lanes
							break
						}
					}
					if m != stop {
						t.Fatalf("%s %s, len %d offset %d: converted %d, want %d", Backend(), f.name, n, off, m, stop)
					}
					if !dense && m != n/lanes*lanes {
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
