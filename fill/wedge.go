package fill

import "math"

// The wedge tests of math/rand/v2's ziggurats compare a float32 y with
// float32(math.Exp(v)), v = -.5*x*x (NormFloat64) or -x (ExpFloat64), in
// [-8, 0]. math.Exp's latency, several times its throughput, sat on the
// critical path of every slow value. belowExp decides
// the comparison from a short-latency approximation instead, and calls
// math.Exp only when the approximation cannot decide it, so the result is
// always the comparison itself:
//
// e approximates exp(v) to a relative error below 2^-36 (a table of
// exp(-n/32) and a degree-4 Taylor polynomial on |r| <= 1/64: truncation
// r^5/120 <= 2^-36.9, plus a few float64 roundings, with or without fused
// multiply-adds), and math.Exp is within a few float64 ulps (2^-50) of
// exp(v) on every platform, so math.Exp(v) lies within [e(1-2^-32),
// e(1+2^-32)] with a margin of 2^4. Rounding to float32 is monotone, so
// float32(math.Exp(v)) lies within [float32(lo), float32(hi)] for those
// bounds: y < float32(lo) means y < float32(math.Exp(v)), y >= float32(hi)
// means it is not. Only a y within a few float32 ulps of exp(v) (1 in 10^5
// wedge tests or fewer) needs math.Exp. TestBelowExp checks the bound
// against this platform's math.Exp and the decision on the float32 values
// around it.

// expTable holds math.Exp(-n/32) for n in 0..511 (approxExp uses the
// first 257; the others keep an index of a v outside [-8, 0] in bounds).
var expTable = func() (t [512]float64) {
	for n := range t {
		t[n] = math.Exp(-float64(n) / 32)
	}
	return t
}()

// expSlack is the relative bound belowExp allows between its approximation
// and math.Exp.
const expSlack = 0x1p-32

// approxExp returns exp(v), to a relative error below 2^-36, for v in [-8,
// 0] (and something, without a panic, for any other v). It is written for
// a short latency, which bounds the walk over a block's wedge tests: n =
// -32v rounded by adding 1.5*2^52 (whose ulp is 1), and the polynomial by
// Estrin's scheme (its terms in parallel) rather than Horner's (a chain of
// 8 dependent operations).
func approxExp(v float64) float64 {
	t := v*-32 + 0x1.8p52          // 1.5*2^52 + n, n = round(-32v)
	r := v + (t-0x1.8p52)*(1.0/32) // |r| <= 1/64
	r2 := r * r
	return expTable[math.Float64bits(t)&511] * ((1 + r) + r2*((1.0/2+r*(1.0/6))+r2*(1.0/24)))
}

// belowExp reports whether y < float32(math.Exp(v)), calling math.Exp only
// when its short approximation cannot tell.
func belowExp(y float32, v float64) bool {
	if below, above := expBracket(y, v); below != above && v >= -8 && v <= 0 {
		return below
	}
	return y < float32(math.Exp(v))
}

// expBracket returns whether y is below float32 of approxExp(v)'s lower
// bound on math.Exp(v) and whether it is at or above float32 of its upper
// bound: if exactly one is true (and v is in [-8, 0]) it is the answer to
// y < float32(math.Exp(v)) (lo <= hi, so both are never true). It is small
// enough to inline, so a caller's loop keeps its registers, and it branches
// on neither answer.
func expBracket(y float32, v float64) (below, above bool) {
	e := approxExp(v)
	return y < float32(e*(1-expSlack)), y >= float32(e*(1+expSlack))
}
