package dist

// The geometric law by inversion of its survival function from an
// exponential deviate: for E exponential of rate 1, ⌊E/-log(1-P)⌋ takes
// value k with probability (1-P)^k - (1-P)^(k+1) exactly (P(X >= k) =
// P(E >= -k·log(1-P))), the method of numpy's random_geometric_inversion.
// E comes from the package's exponential ziggurat (stdExp: one word and no
// logarithm for about 99% of the values), where ⌊log(u)/log(1-P)⌋ for a
// uniform u would cost a logarithm per value and lose the law's tail beyond
// u's smallest value 2^-53 (values above 36.7/P); the ziggurat's tail goes
// on to E = 44. log(1-P) is log1p(-P), accurate for tiny P where 1-P
// would round to 1 (numpy's geometric lost its tail that way, numpy#17007).
//
// Overflow: the value exceeds MaxInt64 only where P < about 5e-18 (2^63
// failures have probability (1-P)^(2^63) = e^-44 at P = 4.8e-18); such
// values are MaxInt64. Saturating puts the mass beyond on the largest
// int64, as numpy's Generator.geometric does since numpy#23691 (before it
// the cast returned MinInt64), where a panic would refuse a valid law and
// a wrapped value would be a silent wrong answer.

import (
	"math"
	"math/rand/v2"
	"unsafe"
)

// Geometric is the geometric distribution with success probability P: the
// number of failures before the first success, P(k) = (1-P)^k·P, k = 0, 1,
// 2, ...; P in (0, 1]. P = 1 gives 0. A value that would exceed MaxInt64
// (possible only for P below 5e-18) is MaxInt64.
type Geometric struct{ P float64 }

func (d Geometric) check() { probability("Geometric", "P", d.P, true) }

// Rand returns a geometric variate (one word about 99% of the time).
func (d Geometric) Rand(src rand.Source) int64 {
	if !(d.P > 0 && d.P <= 1) { // check's test, written in
		d.check()
	}
	return geometricValue(stdExpSrc(src), geometricScale(d.P))
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Geometric) Fill(src rand.Source, dst []int64) {
	d.check()
	s := geometricScale(d.P)
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		// The exponentials of a chunk first, by expFill (the kernels where
		// there are), in dst's memory as float64s (e/1 is e), then each
		// replaced by its value while in L1.
		c := chunk(&w, dst)
		es := unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(c))), len(c))
		n := expFill(&w, es, 1)
		for i := 0; i < n; {
			// The kernels' whole groups, then a group they leave (or the
			// tail) by the Go code.
			i += asmGeometrics(c[i:n], es[i:n], s)
			for end := min(i+kernelWords, n); i < end; i++ {
				c[i] = geometricValue(es[i], s)
			}
		}
		dst = dst[n:]
	}
}

// geometricScale returns -1/log(1-P) >= 0: 0 for P = 1, +Inf for a P so
// small (below 2^-1022) that the reciprocal of log1p(-P) = -P overflows.
func geometricScale(p float64) float64 {
	if p == 1 {
		return 0
	}
	return -1 / log1p(-p)
}

// geometricValue returns ⌊e·s⌋ for e >= 0, saturated at MaxInt64 (also
// for e = 0 and s = +Inf, whose product is NaN: the law's values are all
// beyond MaxInt64 there).
func geometricValue(e, s float64) int64 {
	y := e * s
	if y < 0x1p63 {
		return int64(y) // y >= 0: truncation is the floor
	}
	return math.MaxInt64
}
