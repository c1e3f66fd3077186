package dist

import "math"

// This file is the package's own elementary math: exp, expm1, log and
// log1p, computed with float64 additions, subtractions, multiplications
// and divisions only, each rounded on its own, so that every machine gives
// the same bits (Go's math.Exp and math.Log are assembly on amd64 and
// s390x, with FMA where the CPU has it, and the compiler fuses x*y + z on
// arm64, ppc64 and s390x). Every product that feeds a sum is written
// float64(x*y), which forbids the fusion; there is no math.FMA here, since
// it is slow in software where the hardware lacks it (GOARCH=386, old
// amd64). Each function checks its special inputs once, up front; the rest
// is a branch-free core (a range reduction on the bits, one table lookup, a
// polynomial), so that a SIMD kernel can compute the very same operations
// in the same order, lane by lane.
//
// exp follows the table-driven method of P. T. P. Tang, "Table-driven
// implementation of the exponential function in IEEE floating-point
// arithmetic", ACM Transactions on Mathematical Software 15(2), 144-157,
// 1989, in the variant of Arm's optimized-routines (Szabolcs Nagy, the
// exp of musl and glibc since 2018): x = k ln2/128 + r, |r| <= ln2/256,
// exp(x) = 2^(k/128) exp(r) with 2^(j/128) from a 128-entry table of
// exact bit patterns and exp(r) by its Taylor polynomial of degree 5;
// results near the ends of the range are scaled so that overflow gives
// +Inf and subnormal results are rounded once, correctly. It was chosen as
// the fastest known method that keeps the error near 0.5 ulp without an
// FMA and with a branch-free core.
//
// log follows P. T. P. Tang, "Table-driven implementation of the
// logarithm function in IEEE floating-point arithmetic", ACM Transactions
// on Mathematical Software 16(4), 378-400, 1990, again in the layout of
// Arm's optimized-routines (the 128 subintervals of [0.6855, 1.371) read
// from the bits, the table holding 1/c), with one change that removes its
// branch for x near 1: 1/c has 26 significant bits, so r = z/c - 1 =
// (z - c)·(1/c) is computed exactly as two products of a split z - c, and
// the cell holding 1 has c = 1, so that near 1 the result is r plus a
// polynomial in r with no cancellation. log x = k ln2 + log c + log1p(r),
// the first terms summed in double-float form. Error below 0.52 ulp.

// ---- exp ----

const (
	expN = 128 // table size: 2^(j/128), j in [0, 128)

	// expInvLn2N is 128/ln2 rounded; expShift rounds a float64 below 2^51
	// to an integer when added (round to nearest even), leaving the
	// integer in the low bits of its representation.
	expInvLn2N = 0x1.71547652b82fep7
	expShift   = 0x1.8p52

	// expLn2hiN and expLn2loN (with the tables at the end) split ln2/128.

	// exp(r) - 1 = r + r^2/2 + r^3/6 + r^4/24 + r^5/120: for |r| <=
	// ln2/256 the omitted r^6/720 is below 2^-60.7, 0.006 ulp.
	expC2 = 1.0 / 2
	expC3 = 1.0 / 6
	expC4 = 1.0 / 24
	expC5 = 1.0 / 120
)

// expReduce computes the core of exp for |x| < 1024: exp(x) = s·(1 +
// tmp) with s = 2^(k/128) rounded (its bits sbits, whose exponent field
// may overflow for |x| >= 708: the callers adjust it before use) and tmp
// = tail + exp(r) - 1 where 2^(k/128) = s·(1 + tail).
func expReduce(x float64) (sbits uint64, tmp float64) {
	kd := float64(x*expInvLn2N) + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := x - float64(kd*expLn2hiN) - float64(kd*expLn2loN)
	t := &expTab[ki%expN]
	r2 := r * r
	tmp = math.Float64frombits(t[0]) + r + float64(r2*(expC2+float64(r*expC3))) +
		float64(r2*r2*(expC4+float64(r*expC5)))
	return t[1] + ki<<45, tmp
}

// exp returns e^x for every float64 x: correctly rounded subnormal results
// down to exp(-745.1332...) = 2^-1074, 0 below, +Inf above 709.7827...,
// exp(-Inf) = 0, exp(+Inf) = +Inf, exp(NaN) = NaN. Error below 0.52 ulp.
func exp(x float64) float64 {
	if math.Float64bits(x)&^(1<<63) >= 0x4085e00000000000 { // |x| >= 700, Inf, NaN
		return expSpecial(x)
	}
	// expReduce, written out (it is too big to be inlined).
	kd := float64(x*expInvLn2N) + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := x - float64(kd*expLn2hiN) - float64(kd*expLn2loN)
	t := &expTab[ki%expN]
	r2 := r * r
	tmp := math.Float64frombits(t[0]) + r + float64(r2*(expC2+float64(r*expC3))) +
		float64(r2*r2*(expC4+float64(r*expC5)))
	s := math.Float64frombits(t[1] + ki<<45)
	return s + float64(s*tmp)
}

// expSpecial is exp for |x| >= 700, ±Inf and NaN: where 2^(k/128), s·tmp
// or the result may not be a normal float64.
func expSpecial(x float64) float64 {
	switch {
	case x != x:
		return math.NaN()
	case x >= 1024:
		return math.Inf(1)
	case x <= -1024:
		return 0
	}
	sbits, tmp := expReduce(x)
	if x > 0 {
		// 2^(k/128) >= 2^1009: scale it by 2^-1009 so that its bits are a
		// normal float64, and the product overflows to +Inf if it must.
		s := math.Float64frombits(sbits - 1009<<52)
		return 0x1p1009 * (s + float64(s*tmp))
	}
	// 2^(k/128) <= 2^-1009: scale it by 2^1022. A result below 2^-1022 is
	// subnormal: y = s(1 + tmp) < 1 is then rounded to the subnormal grid
	// (multiples of 2^-52 once multiplied by 2^-1022) by adding 1, with
	// the error of y carried along, so that it is rounded once.
	s := math.Float64frombits(sbits + 1022<<52)
	st := float64(s * tmp)
	y := s + st
	if y < 1 {
		lo := (s - y) + st
		hi := 1 + y
		lo = ((1 - hi) + y) + lo
		y = (hi + lo) - 1
	}
	return 0x1p-1022 * y
}

// expm1 returns e^x - 1, accurate near 0 (expm1(x) = x for |x| < 2^-54):
// a Taylor polynomial for |x| < 1/4, else exp's reduction with s - 1
// summed exactly. expm1(+Inf) = +Inf, expm1(-Inf) = -1, NaN gives NaN.
// Error below 0.55 ulp.
func expm1(x float64) float64 {
	top := math.Float64bits(x) >> 52 & 0x7ff
	if top >= 0x408 { // |x| >= 512, Inf, NaN
		if x > 0 || x != x {
			return exp(x)
		}
		return -1
	}
	if top < 0x3fd { // |x| < 1/4
		if top < 0x3c9 { // |x| < 2^-54: x rounds x + x^2/2, and keeps -0
			return x
		}
		// x + x^2/2 + x^3 (1/3! + x/4! + ... + x^10/13!): the first term
		// omitted, x^14/14!, is below 2^-62 |x|. x^2/2 = a + b with a =
		// xh^2/2 exact (xh: the top 26 bits of x) and b = xl (x + xh)/2,
		// and x + a is summed exactly (Fast2Sum, |a| < |x|), so that the
		// rounding of the x^2/2 term does not reach the result.
		xh := math.Float64frombits(math.Float64bits(x) &^ (1<<27 - 1))
		xl := x - xh
		a := float64(float64(xh*xh) * 0.5)
		b := float64(float64(xl*(x+xh)) * 0.5)
		sum := x + a
		err := (x - sum) + a
		x2 := x * x
		x4 := x2 * x2
		x8 := x4 * x4
		q := ((1.0/6 + float64(x*(1.0/24))) + float64(x2*(1.0/120+float64(x*(1.0/720))))) +
			float64(x4*((1.0/5040+float64(x*(1.0/40320)))+float64(x2*(1.0/362880+float64(x*(1.0/3628800)))))) +
			float64(x8*((1.0/39916800+float64(x*(1.0/479001600)))+float64(x2*(1.0/6227020800))))
		return sum + (err + b + float64(x2*x*q))
	}
	sbits, tmp := expReduce(x)
	s := math.Float64frombits(sbits)
	// s - 1 = hi + lo exactly (Knuth's TwoSum).
	hi := s - 1
	b := hi - s
	lo := (s - (hi - b)) + (-1 - b)
	return hi + (lo + float64(s*tmp))
}

// ---- log ----

const (
	logN   = 128                // cells
	logOff = 0x3fe5f00000000000 // bits of the reduced z's lower end, 0.6875 - 2^-9
)

// logEntry is the table's row for one cell of z: c near its midpoint.
type logEntry struct {
	invc   float64 // 1/c, 26 significant bits
	chi    float64 // c rounded
	rc     float64 // -(c - chi)·invc rounded
	logchi float64 // log c rounded to a multiple of 2^-42
	logclo float64 // log c - logchi rounded
}

// logCore returns log(x) = hi + lo (|lo| a small fraction of ulp(hi)
// except near x = 1, where both come from r) for the bits ix of a
// positive normal float64, or of a subnormal one scaled by 2^52 with its
// exponent field then lowered by 52 (wrapping below 0).
//
// x = 2^k z with z in [0.6855, 1.371), z in the cell i of its top bits,
// c = 1/invc: log x = k ln2 + log c + log1p(r) with r = z/c - 1 = (z -
// chi - (c - chi))·invc. d = z - chi is exact (Sterbenz) with at most 46
// significant bits, split into dh (27 bits) and dl = d - dh (exact), so
// dh·invc and dl·invc are exact products: r = rh + rl with only rc's
// rounding (below 2^-106). k·ln2hi + logchi is exact (multiples of 2^-42
// below 2^10), its sum with rh is done as Fast2Sum (|k ln2 + logchi| >=
// |rh| whenever it is not 0), and log1p(r) - r is r^2 times the Taylor
// polynomial -1/2 + r/3 - ... - r^6/8: |r| <= 2^-8, so the first term
// omitted, r^9/9, is below 2^-66 |r|.
func logCore(ix uint64) (hi, lo float64) {
	tmp := ix - logOff
	e := &logTab[(tmp>>45)%logN]
	k := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	d := z - e.chi
	dh := math.Float64frombits(math.Float64bits(d) &^ (1<<26 - 1))
	rh := float64(dh * e.invc)
	rl := float64((d-dh)*e.invc) + e.rc
	r := rh + rl
	t := float64(k*ln2hi) + e.logchi
	hi = t + rh
	lo = (t - hi) + rh + rl + float64(k*ln2lo) + e.logclo + logPoly(r)
	return hi, lo
}

// logPoly returns log1p(r) - r for |r| <= 2^-8 (up to 2^-66 |r|): r^2
// times the Taylor polynomial -1/2 + r/3 - r^2/4 + ... - r^6/8.
func logPoly(r float64) float64 {
	r2 := r * r
	r4 := r2 * r2
	return float64(r2*((-1.0/2+float64(r*(1.0/3)))+float64(r2*(-1.0/4+float64(r*(1.0/5)))))) +
		float64(r4*r2*((-1.0/6+float64(r*(1.0/7)))+float64(r2*(-1.0/8))))
}

// log returns the natural logarithm of x for x > 0, subnormals included;
// log(0) = -Inf, log(+Inf) = +Inf, log(x < 0) = log(NaN) = NaN. Error
// below 0.52 ulp.
func log(x float64) float64 {
	ix := math.Float64bits(x)
	if ix-0x0010000000000000 >= 0x7ff0000000000000-0x0010000000000000 {
		// 0, subnormal, negative, Inf, NaN
		if !(x > 0 && x < math.Inf(1)) {
			return logSpecial(x)
		}
		ix = math.Float64bits(x*0x1p52) - 52<<52
	}
	// logCore, written out (it is too big to be inlined).
	tmp := ix - logOff
	e := &logTab[(tmp>>45)%logN]
	k := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	d := z - e.chi
	dh := math.Float64frombits(math.Float64bits(d) &^ (1<<26 - 1))
	rh := float64(dh * e.invc)
	rl := float64((d-dh)*e.invc) + e.rc
	r := rh + rl
	t := float64(k*ln2hi) + e.logchi
	hi := t + rh
	lo := (t - hi) + rh + rl + float64(k*ln2lo) + e.logclo + logPoly(r)
	return hi + lo
}

// powLog returns log x for the exponent of a power, exp(powLog(x)·a), where
// what counts is its absolute error: below ½ ulp of the result plus 2^-52
// (log's is 0.52 ulp, relative). It is log's core with r = z·invc - 1
// rounded once instead of computed exactly (an absolute error below 2^-53:
// z·invc is within 2^-8 of 1) and log1p(r) - r to r^6 (the next term is
// below 2^-62), so that it reads three of the table's columns, not five,
// and takes half the operations. Inputs that are not positive normal
// float64s take log.
func powLog(x float64) float64 {
	ix := math.Float64bits(x)
	if ix-0x0010000000000000 >= 0x7ff0000000000000-0x0010000000000000 {
		return log(x)
	}
	tmp := ix - logOff
	e := &logTab[(tmp>>45)%logN]
	k := float64(int64(tmp) >> 52)
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	r := float64(z*e.invc) - 1
	r2 := r * r
	p := float64(r2 * ((-1.0/2 + float64(r*(1.0/3))) +
		float64(r2*((-1.0/4+float64(r*(1.0/5)))+float64(r2*(-1.0/6))))))
	lo := float64(k*ln2lo) + e.logclo + p
	return (float64(k*ln2hi) + e.logchi) + (r + lo)
}

// logSpecial is log for x <= 0, +Inf and NaN.
func logSpecial(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(-1)
	case x > 0: // +Inf
		return x
	}
	return math.NaN()
}

// log1p returns log(1 + x), accurate for tiny x (log1p(x) = x for |x| <
// 2^-54, subnormals and -0 included): x + logPoly(x) for |x| < 2^-9,
// else u = 1 + x rounded, c = 1 + x - u exactly (TwoSum) and log1p(x) =
// log u + c/u (|c/u| <= 2^-53, so its rounding and the omitted
// -(c/u)^2/2 are below 2^-106, 2^-44 ulp of a result above 2^-9). log1p(-1) = -Inf, log1p(+Inf) = +Inf, x < -1 or
// NaN gives NaN. Error below 0.52 ulp.
func log1p(x float64) float64 {
	if !(x > -1 && x <= math.MaxFloat64) || x == 0 {
		switch {
		case x == -1:
			return math.Inf(-1)
		case x == 0 || x > 0:
			return x // ±0, +Inf
		}
		return math.NaN()
	}
	if math.Abs(x) < 0x1p-9 {
		// x itself is the r of the cell of 1: log(u) + c/u would round
		// the sum of two terms of similar size where |x| is near 2^-53.
		return x + logPoly(x)
	}
	u := 1 + x // a normal float64 in [2^-53, MaxFloat64]
	b := u - 1
	c := (1 - (u - b)) + (x - b)
	hi, lo := logCore(math.Float64bits(u))
	return hi + (lo + c/u)
}

// Tables: TestXmathTables recomputes every constant below from its
// definition (expTable, logTable in xmath_test.go; go test -run
// TestXmathTables with XMATH_GEN=1 prints them).

var expTab = [expN][2]uint64{
	{0x0000000000000000, 0x3ff0000000000000},
	{0x3c9b3b4f1a88bf6e, 0x3feff63da9fb3335},
	{0xbc7160139cd8dc5d, 0x3fefec9a3e778061},
	{0xbc905e7a108766d1, 0x3fefe315e86e7f85},
	{0x3c8cd2523567f613, 0x3fefd9b0d3158574},
	{0xbc8bce8023f98efa, 0x3fefd06b29ddf6de},
	{0x3c60f74e61e6c861, 0x3fefc74518759bc8},
	{0x3c90a3e45b33d399, 0x3fefbe3ecac6f383},
	{0x3c979aa65d837b6d, 0x3fefb5586cf9890f},
	{0x3c8eb51a92fdeffc, 0x3fefac922b7247f7},
	{0x3c3ebe3d702f9cd1, 0x3fefa3ec32d3d1a2},
	{0xbc6a033489906e0b, 0x3fef9b66affed31b},
	{0xbc9556522a2fbd0e, 0x3fef9301d0125b51},
	{0xbc5080ef8c4eea55, 0x3fef8abdc06c31cc},
	{0xbc91c923b9d5f416, 0x3fef829aaea92de0},
	{0x3c80d3e3e95c55af, 0x3fef7a98c8a58e51},
	{0xbc801b15eaa59348, 0x3fef72b83c7d517b},
	{0xbc8f1ff055de323d, 0x3fef6af9388c8dea},
	{0x3c8b898c3f1353bf, 0x3fef635beb6fcb75},
	{0xbc96d99c7611eb26, 0x3fef5be084045cd4},
	{0x3c9aecf73e3a2f60, 0x3fef54873168b9aa},
	{0xbc8fe782cb86389d, 0x3fef4d5022fcd91d},
	{0x3c8a6f4144a6c38d, 0x3fef463b88628cd6},
	{0x3c807a05b0e4047d, 0x3fef3f49917ddc96},
	{0x3c968efde3a8a894, 0x3fef387a6e756238},
	{0x3c875e18f274487d, 0x3fef31ce4fb2a63f},
	{0x3c80472b981fe7f2, 0x3fef2b4565e27cdd},
	{0xbc96b87b3f71085e, 0x3fef24dfe1f56381},
	{0x3c82f7e16d09ab31, 0x3fef1e9df51fdee1},
	{0xbc3d219b1a6fbffa, 0x3fef187fd0dad990},
	{0x3c8b3782720c0ab4, 0x3fef1285a6e4030b},
	{0x3c6e149289cecb8f, 0x3fef0cafa93e2f56},
	{0x3c834d754db0abb6, 0x3fef06fe0a31b715},
	{0x3c864201e2ac744c, 0x3fef0170fc4cd831},
	{0x3c8fdd395dd3f84a, 0x3feefc08b26416ff},
	{0xbc86a3803b8e5b04, 0x3feef6c55f929ff1},
	{0xbc924aedcc4b5068, 0x3feef1a7373aa9cb},
	{0xbc9907f81b512d8e, 0x3feeecae6d05d866},
	{0xbc71d1e83e9436d2, 0x3feee7db34e59ff7},
	{0xbc991919b3ce1b15, 0x3feee32dc313a8e5},
	{0x3c859f48a72a4c6d, 0x3feedea64c123422},
	{0xbc9312607a28698a, 0x3feeda4504ac801c},
	{0xbc58a78f4817895b, 0x3feed60a21f72e2a},
	{0xbc7c2c9b67499a1b, 0x3feed1f5d950a897},
	{0x3c4363ed60c2ac11, 0x3feece086061892d},
	{0x3c9666093b0664ef, 0x3feeca41ed1d0057},
	{0x3c6ecce1daa10379, 0x3feec6a2b5c13cd0},
	{0x3c93ff8e3f0f1230, 0x3feec32af0d7d3de},
	{0x3c7690cebb7aafb0, 0x3feebfdad5362a27},
	{0x3c931dbdeb54e077, 0x3feebcb299fddd0d},
	{0xbc8f94340071a38e, 0x3feeb9b2769d2ca7},
	{0xbc87deccdc93a349, 0x3feeb6daa2cf6642},
	{0xbc78dec6bd0f385f, 0x3feeb42b569d4f82},
	{0xbc861246ec7b5cf6, 0x3feeb1a4ca5d920f},
	{0x3c93350518fdd78e, 0x3feeaf4736b527da},
	{0x3c7b98b72f8a9b05, 0x3feead12d497c7fd},
	{0x3c9063e1e21c5409, 0x3feeab07dd485429},
	{0x3c34c7855019c6ea, 0x3feea9268a5946b7},
	{0x3c9432e62b64c035, 0x3feea76f15ad2148},
	{0xbc8ce44a6199769f, 0x3feea5e1b976dc09},
	{0xbc8c33c53bef4da8, 0x3feea47eb03a5585},
	{0xbc845378892be9ae, 0x3feea34634ccc320},
	{0xbc93cedd78565858, 0x3feea23882552225},
	{0x3c5710aa807e1964, 0x3feea155d44ca973},
	{0xbc93b3efbf5e2228, 0x3feea09e667f3bcd},
	{0xbc6a12ad8734b982, 0x3feea012750bdabf},
	{0xbc6367efb86da9ee, 0x3fee9fb23c651a2f},
	{0xbc80dc3d54e08851, 0x3fee9f7df9519484},
	{0xbc781f647e5a3ecf, 0x3fee9f75e8ec5f74},
	{0xbc86ee4ac08b7db0, 0x3fee9f9a48a58174},
	{0xbc8619321e55e68a, 0x3fee9feb564267c9},
	{0x3c909ccb5e09d4d3, 0x3feea0694fde5d3f},
	{0xbc7b32dcb94da51d, 0x3feea11473eb0187},
	{0x3c94ecfd5467c06b, 0x3feea1ed0130c132},
	{0x3c65ebe1abd66c55, 0x3feea2f336cf4e62},
	{0xbc88a1c52fb3cf42, 0x3feea427543e1a12},
	{0xbc9369b6f13b3734, 0x3feea589994cce13},
	{0xbc805e843a19ff1e, 0x3feea71a4623c7ad},
	{0xbc94d450d872576e, 0x3feea8d99b4492ed},
	{0x3c90ad675b0e8a00, 0x3feeaac7d98a6699},
	{0x3c8db72fc1f0eab4, 0x3feeace5422aa0db},
	{0xbc65b6609cc5e7ff, 0x3feeaf3216b5448c},
	{0x3c7bf68359f35f44, 0x3feeb1ae99157736},
	{0xbc93091fa71e3d83, 0x3feeb45b0b91ffc6},
	{0xbc5da9b88b6c1e29, 0x3feeb737b0cdc5e5},
	{0xbc6c23f97c90b959, 0x3feeba44cbc8520f},
	{0xbc92434322f4f9aa, 0x3feebd829fde4e50},
	{0xbc85ca6cd7668e4b, 0x3feec0f170ca07ba},
	{0x3c71affc2b91ce27, 0x3feec49182a3f090},
	{0x3c6dd235e10a73bb, 0x3feec86319e32323},
	{0xbc87c50422622263, 0x3feecc667b5de565},
	{0x3c8b1c86e3e231d5, 0x3feed09bec4a2d33},
	{0xbc91bbd1d3bcbb15, 0x3feed503b23e255d},
	{0x3c90cc319cee31d2, 0x3feed99e1330b358},
	{0x3c8469846e735ab3, 0x3feede6b5579fdbf},
	{0xbc82dfcd978e9db4, 0x3feee36bbfd3f37a},
	{0x3c8c1a7792cb3387, 0x3feee89f995ad3ad},
	{0xbc907b8f4ad1d9fa, 0x3feeee07298db666},
	{0xbc55c3d956dcaeba, 0x3feef3a2b84f15fb},
	{0xbc90a40e3da6f640, 0x3feef9728de5593a},
	{0xbc68d6f438ad9334, 0x3feeff76f2fb5e47},
	{0xbc91eee26b588a35, 0x3fef05b030a1064a},
	{0x3c74ffd70a5fddcd, 0x3fef0c1e904bc1d2},
	{0xbc91bdfbfa9298ac, 0x3fef12c25bd71e09},
	{0x3c736eae30af0cb3, 0x3fef199bdd85529c},
	{0x3c8ee3325c9ffd94, 0x3fef20ab5fffd07a},
	{0x3c84e08fd10959ac, 0x3fef27f12e57d14b},
	{0x3c63cdaf384e1a67, 0x3fef2f6d9406e7b5},
	{0x3c676b2c6c921968, 0x3fef3720dcef9069},
	{0xbc808a1883ccb5d2, 0x3fef3f0b555dc3fa},
	{0xbc8fad5d3ffffa6f, 0x3fef472d4a07897c},
	{0xbc900dae3875a949, 0x3fef4f87080d89f2},
	{0x3c74a385a63d07a7, 0x3fef5818dcfba487},
	{0xbc82919e2040220f, 0x3fef60e316c98398},
	{0x3c8e5a50d5c192ac, 0x3fef69e603db3285},
	{0x3c843a59ac016b4b, 0x3fef7321f301b460},
	{0xbc82d52107b43e1f, 0x3fef7c97337b9b5f},
	{0xbc892ab93b470dc9, 0x3fef864614f5a129},
	{0x3c74b604603a88d3, 0x3fef902ee78b3ff6},
	{0x3c83c5ec519d7271, 0x3fef9a51fbc74c83},
	{0xbc8ff7128fd391f0, 0x3fefa4afa2a490da},
	{0xbc8dae98e223747d, 0x3fefaf482d8e67f1},
	{0x3c8ec3bc41aa2008, 0x3fefba1bee615a27},
	{0x3c842b94c3a9eb32, 0x3fefc52b376bba97},
	{0x3c8a64a931d185ee, 0x3fefd0765b6e4540},
	{0xbc8e37bae43be3ed, 0x3fefdbfdad9cbe14},
	{0x3c77893b4d91cd9d, 0x3fefe7c1819e90d8},
	{0x3c5305c14160cc89, 0x3feff3c22b8f71f1},
}

const (
	// expLn2hiN + expLn2loN = ln2/128 to 2^-94: hi has 33 significant
	// bits, so k·hi is exact for |k| < 2^20, and x - k·hi is exact
	// (Sterbenz: x and k·hi are within a factor 2 of each other).
	expLn2hiN = 0x1.62e42ffp-08
	expLn2loN = -0x1.718432a1b0e26p-42

	// ln2hi + ln2lo = ln 2 to 2^-95: hi is a multiple of 2^-42 with 42
	// significant bits, so k·ln2hi is exact for |k| < 2^11.
	ln2hi = 0x1.62e42fefa38p-01
	ln2lo = 0x1.ef35793c7673p-45
)

var logTab = [logN]logEntry{
	{0x1.745d178p+00, 0x1.5fffffc900001p-01, 0x1.58ba2fp-54, -0x1.7fafa45d81p-02, -0x1.46c979bf7282p-44},
	{0x1.724288p+00, 0x1.61fffff4fp-01, -0x1p-58, -0x1.79e266a7dp-02, 0x1.309e168817399p-44},
	{0x1.702e06p+00, 0x1.63ffffc2d0001p-01, 0x1.f8b818p-55, -0x1.741d881c68p-02, 0x1.13e435b1160bcp-44},
	{0x1.6e1f768p+00, 0x1.660000330bp-01, -0x1.4d1p-54, -0x1.6e60edd8f2p-02, 0x1.a3a40c0f7b3efp-44},
	{0x1.6c16c18p+00, 0x1.67ffffec5p-01, -0x1.88p-57, -0x1.68ac8421c7p-02, 0x1.7aff86c54869dp-44},
	{0x1.6a13cdp+00, 0x1.6a00001536p-01, -0x1.c2p-57, -0x1.63003077abp-02, 0x1.db704e731b6cap-45},
	{0x1.6816818p+00, 0x1.6bffffe7d4p-01, -0x1.21p-56, -0x1.5d5bde3996p-02, 0x1.a0fae08a432afp-47},
	{0x1.661ec68p+00, 0x1.6e000025e3p-01, -0x1.5f2p-55, -0x1.57bf74d28dp-02, -0x1.fa8716e5ce002p-46},
	{0x1.642c858p+00, 0x1.700000114p-01, -0x1.2p-57, -0x1.522ae0438ap-02, -0x1.ebde08164c2d9p-45},
	{0x1.623fa78p+00, 0x1.71ffffef61p-01, -0x1.088p-57, -0x1.4c9e0a0f73p-02, 0x1.e210d5b0ad4aep-45},
	{0x1.605816p+00, 0x1.74000005dp-01, -0x1p-60, -0x1.4718dc171cp-02, -0x1.06c10fb4c14bp-44},
	{0x1.5e75bb8p+00, 0x1.7600000de1p-01, -0x1.69p-58, -0x1.419b42175fp-02, 0x1.ce3a6426de50ap-44},
	{0x1.5c98828p+00, 0x1.7800003db0001p-01, 0x1.003105p-54, -0x1.3c2526cb33p-02, -0x1.82d8cb6053b7cp-46},
	{0x1.5ac0568p+00, 0x1.7a0000346bp-01, -0x1.3b1p-54, -0x1.36b676dde1p-02, -0x1.164f530f08ec4p-46},
	{0x1.58ed23p+00, 0x1.7c000008e8p-01, -0x1.2p-59, -0x1.314f1e0536p-02, 0x1.8e29ed3213d48p-45},
	{0x1.571ed4p+00, 0x1.7dffffbe58001p-01, 0x1.947b5p-55, -0x1.2bef087dc9p-02, -0x1.a956a4a50e2c9p-45},
	{0x1.5555558p+00, 0x1.7fffffdp-01, -0x1p-54, -0x1.269621934ep-02, 0x1.1b81f1051fb7ap-44},
	{0x1.5390948p+00, 0x1.8200001157p-01, -0x1.088p-57, -0x1.214456a2ecp-02, 0x1.caf4648b72a9ep-44},
	{0x1.51d07e8p+00, 0x1.840000350cp-01, -0x1.324p-54, -0x1.1bf995a9a7p-02, 0x1.1aeedd75c58f8p-44},
	{0x1.5015018p+00, 0x1.85ffffc865p-01, -0x1.4d1p-54, -0x1.16b5cd4cdp-02, 0x1.23533242d356ep-44},
	{0x1.4e5e0a8p+00, 0x1.87fffff0bp-01, -0x1.9p-58, -0x1.1178e84a7ep-02, -0x1.1ef46ce2d093fp-44},
	{0x1.4cab888p+00, 0x1.89ffffefd7p-01, -0x1.b9p-58, -0x1.0c42d6a016p-02, -0x1.7181cd63cedecp-45},
	{0x1.4afd6ap+00, 0x1.8c0000063p-01, -0x1p-60, -0x1.071385f4d6p-02, 0x1.e763a4e912b2cp-44},
	{0x1.49539ep+00, 0x1.8e00004784001p-01, 0x1.034e78p-55, -0x1.01eae4aa6cp-02, -0x1.a3fbafade06fp-44},
	{0x1.47ae148p+00, 0x1.8ffffff9cp-01, -0x1p-60, -0x1.f991c6eb3cp-03, 0x1.90d0ccd7cc81fp-44},
	{0x1.460cbc8p+00, 0x1.91ffffff37p-01, -0x1p-66, -0x1.ef5ade51dp-03, 0x1.a212565bb8e0cp-51},
	{0x1.446f868p+00, 0x1.93ffffcbecp-01, -0x1.104p-54, -0x1.e530f10672p-03, 0x1.fddfc313f4d4dp-44},
	{0x1.42d6628p+00, 0x1.95ffffd463p-01, -0x1.7a2p-55, -0x1.db13dbe948p-03, -0x1.27ef0647542fap-44},
	{0x1.4141418p+00, 0x1.97ffffb050001p-01, 0x1.18283p-58, -0x1.d10380b656p-03, 0x1.8718e75b1e0cep-47},
	{0x1.3fb014p+00, 0x1.99fffff998p-01, -0x1p-60, -0x1.c6ffbc8fp-03, -0x1.ee130d3a69d58p-44},
	{0x1.3e22ccp+00, 0x1.9bffffbfa0001p-01, 0x1.d88b3p-55, -0x1.bd0874c3bep-03, 0x1.d520459536c0bp-45},
	{0x1.3c995a8p+00, 0x1.9dffffb66b001p-01, 0x1.ce8ad4p-56, -0x1.b31d86e1bcp-03, -0x1.c7543362ade72p-44},
	{0x1.3b13b1p+00, 0x1.a000004e00001p-01, 0x1.b13b1p-57, -0x1.a93ed248aep-03, 0x1.87b4350574169p-45},
	{0x1.3991c3p+00, 0x1.a1ffffacba001p-01, -0x1.71c7ap-58, -0x1.9f6c42088ap-03, 0x1.33cedcbcc928ap-44},
	{0x1.381381p+00, 0x1.a400004b78001p-01, 0x1.7c9c08p-56, -0x1.95a5ac5f7p-03, -0x1.7d118589d0985p-47},
	{0x1.3698dfp+00, 0x1.a600005412001p-01, -0x1.d0e42p-58, -0x1.8beafd1b9p-03, 0x1.765f8aaee9299p-47},
	{0x1.3521cf8p+00, 0x1.a800004590001p-01, 0x1.62873ep-55, -0x1.823c15051ap-03, -0x1.e00139a619ca3p-46},
	{0x1.33ae458p+00, 0x1.aa00004a0d001p-01, 0x1.e1322cp-56, -0x1.7898d6f044p-03, -0x1.8e29dc3db3c81p-44},
	{0x1.323e348p+00, 0x1.ac0000307cp-01, -0x1.a48p-55, -0x1.6f0127cf56p-03, -0x1.575948d31cf4ep-44},
	{0x1.30d19p+00, 0x1.ae00001aep-01, -0x1p-56, -0x1.6574eb68c2p-03, 0x1.98c9d34f0f9b7p-44},
	{0x1.2f684cp+00, 0x1.afffffcap-01, -0x1p-54, -0x1.5bf407b544p-03, 0x1.27823eb67ed71p-46},
	{0x1.2e025cp+00, 0x1.b2000006c8p-01, -0x1p-60, -0x1.527e5e2a1cp-03, 0x1.4e6138d4b4132p-44},
	{0x1.2c9fb5p+00, 0x1.b3ffffc618p-01, -0x1.21p-54, -0x1.4913d9433cp-03, 0x1.540855580f196p-44},
	{0x1.2b404bp+00, 0x1.b5ffffb9da001p-01, 0x1.64812cp-55, -0x1.3fb45ba192p-03, -0x1.193cb40cb3f17p-44},
	{0x1.29e4128p+00, 0x1.b800002cbp-01, -0x1.52p-55, -0x1.365fca315ap-03, 0x1.fd4f2afb97ffep-44},
	{0x1.288b01p+00, 0x1.ba00003c6e001p-01, 0x1.1ed602p-54, -0x1.2d160fb068p-03, -0x1.38a48cb7ff603p-47},
	{0x1.27350b8p+00, 0x1.bc00000c24p-01, -0x1.88p-59, -0x1.23d7126c9cp-03, -0x1.00cc18fd3dd93p-46},
	{0x1.25e227p+00, 0x1.be00000c32p-01, -0x1.88p-59, -0x1.1aa2b7aa4p-03, 0x1.1ac515de3b3d8p-44},
	{0x1.249249p+00, 0x1.c0000038p-01, -0x1p-54, -0x1.1178e7227ep-03, -0x1.1eb78ce2cb29cp-45},
	{0x1.2345678p+00, 0x1.c200000ef1p-01, -0x1.21p-58, -0x1.08598b15e4p-03, 0x1.7e625b00991c5p-45},
	{0x1.21fb78p+00, 0x1.c400001c4p-01, -0x1p-56, -0x1.fe89129dbcp-04, -0x1.56514d82f752cp-44},
	{0x1.20b471p+00, 0x1.c5ffffa58e001p-01, -0x1.235c78p-56, -0x1.ec739b60ap-04, -0x1.11ab7280d89c9p-44},
	{0x1.1f7048p+00, 0x1.c7ffffc7p-01, -0x1p-54, -0x1.da72783844p-04, -0x1.a81401fa7c1dep-46},
	{0x1.1e2ef38p+00, 0x1.ca00005331001p-01, 0x1.fcde7p-58, -0x1.c8857d33c4p-04, -0x1.63e5f8659a6fdp-45},
	{0x1.1cf06bp+00, 0x1.cbffffc2e8001p-01, 0x1.18e0d6p-54, -0x1.b6ac8afad4p-04, -0x1.b199df50258f4p-44},
	{0x1.1bb4a4p+00, 0x1.ce00000738p-01, -0x1p-60, -0x1.a4e763cb1cp-04, 0x1.e42f6b9440873p-47},
	{0x1.1a7b96p+00, 0x1.d000001dp-01, -0x1p-56, -0x1.9335e4d594p-04, -0x1.3105c3abd3d2fp-45},
	{0x1.194538p+00, 0x1.d200000e9p-01, -0x1p-58, -0x1.8197e2741p-04, 0x1.c100460d200ecp-44},
	{0x1.181181p+00, 0x1.d400002838p-01, -0x1.e4p-56, -0x1.700d2f4eacp-04, -0x1.c004da99c3188p-49},
	{0x1.16e0688p+00, 0x1.d6000021f7p-01, -0x1.564p-56, -0x1.5e95a3b178p-04, -0x1.1cad1c1d16933p-44},
	{0x1.15b1e6p+00, 0x1.d7fffff14p-01, -0x1p-58, -0x1.4d31165208p-04, 0x1.53c2582f4d745p-48},
	{0x1.1485f1p+00, 0x1.d9ffffca4ep-01, -0x1.a48p-55, -0x1.3bdf5c4d2p-04, 0x1.19d752d1238d3p-44},
	{0x1.135c81p+00, 0x1.dc00002178p-01, -0x1.44p-56, -0x1.2aa049247p-04, -0x1.7a3e9a8b1c3a9p-44},
	{0x1.12358e8p+00, 0x1.ddffffee43p-01, -0x1.69p-58, -0x1.1973bdac64p-04, -0x1.566a434f931dp-44},
	{0x1.111111p+00, 0x1.e000001ep-01, -0x1p-56, -0x1.08598a59e4p-04, 0x1.7e7dd7009a581p-46},
	{0x1.0fef01p+00, 0x1.e200001c3ep-01, -0x1.c2p-57, -0x1.eea31a2068p-05, -0x1.c3d67b606d42cp-44},
	{0x1.0ecf568p+00, 0x1.e400006f8c002p-01, 0x1.a9fab4p-55, -0x1.ccb7357dd8p-05, -0x1.95ef6ee08ea92p-44},
	{0x1.0db20a8p+00, 0x1.e600001023p-01, -0x1.21p-58, -0x1.aaef2bffbp-05, -0x1.0fbd1f53bb295p-45},
	{0x1.0c9715p+00, 0x1.e7fffff86p-01, -0x1p-60, -0x1.894aa1c9f8p-05, -0x1.9a1928be97676p-44},
	{0x1.0b7e6fp+00, 0x1.e9ffff8f12002p-01, 0x1.8f7378p-55, -0x1.67c9568d48p-05, -0x1.da554027dd577p-44},
	{0x1.0a68108p+00, 0x1.ec0000471c001p-01, 0x1.7d2042p-55, -0x1.466ae8a2ep-05, 0x1.c1bcc75be8111p-45},
	{0x1.0953f38p+00, 0x1.ee00001de9p-01, -0x1.e08p-57, -0x1.252f3108dp-05, -0x1.83daaa021acc8p-45},
	{0x1.0842108p+00, 0x1.f0000007cp-01, -0x1p-60, -0x1.0415d81e78p-05, 0x1.dddcff461c52bp-44},
	{0x1.0732608p+00, 0x1.f20000450f001p-01, 0x1.a6a982p-55, -0x1.c63d25e15p-06, 0x1.546130030e0c8p-44},
	{0x1.0624ddp+00, 0x1.f4000059d8001p-01, -0x1.2d918p-60, -0x1.8492470c9p-06, 0x1.aa8fe325b09afp-45},
	{0x1.05197f8p+00, 0x1.f5fffffb19p-01, -0x1.9p-62, -0x1.432a92f98p-06, -0x1.9812092863828p-47},
	{0x1.041041p+00, 0x1.f8000007ep-01, -0x1p-60, -0x1.020564893p-06, -0x1.611ca7c8e8402p-44},
	{0x1.03091b8p+00, 0x1.f9ffffa611001p-01, 0x1.046ep-63, -0x1.8244a0f88p-07, -0x1.45138f2c5ff87p-44},
	{0x1.020408p+00, 0x1.fc00001fcp-01, -0x1p-56, -0x1.01014f588p-07, -0x1.bcda51998afb1p-44},
	{0x1.010101p+00, 0x1.fe000001fep-01, -0x1p-64, -0x1.008054958p-08, -0x1.166aecb31c67ap-45},
	{0x1p+00, 0x1p+00, 0x0p+00, 0x0p+00, 0x0p+00},
	{0x1.fc07fp-01, 0x1.020000102p+00, -0x1p-56, 0x1.fe02b6b1p-08, 0x1.9e43f0dda563ap-46},
	{0x1.f81f82p-01, 0x1.03fffffbfp+00, -0x1p-60, 0x1.fc0a890fcp-07, 0x1.f207cf6d3a147p-50},
	{0x1.f4465ap-01, 0x1.05fffff1acp+00, -0x1.88p-57, 0x1.7b91acfd6p-06, -0x1.3b8f3b602b076p-44},
	{0x1.f07c1fp-01, 0x1.080000042p+00, -0x1p-60, 0x1.f829b1e78p-06, 0x1.980367c7e0a0fp-45},
	{0x1.ecc07bp-01, 0x1.0a000019fap+00, -0x1.388p-55, 0x1.39e87ebfe8p-05, 0x1.eb10d00ada46ep-44},
	{0x1.e9131a8p-01, 0x1.0c0000228cp+00, -0x1.104p-54, 0x1.774593833p-05, -0x1.17fbc6586803ep-44},
	{0x1.e573ac8p-01, 0x1.0e000008f7p+00, -0x1.21p-58, 0x1.b42dd82198p-05, -0x1.c81ea65d66d19p-46},
	{0x1.e1e1e2p-01, 0x1.0fffffefp+00, -0x1p-56, 0x1.f0a30a0118p-05, -0x1.d589e8336993cp-45},
	{0x1.de5d6ep-01, 0x1.1200002464p+00, -0x1.21p-54, 0x1.1653710a38p-04, -0x1.47356768ed653p-46},
	{0x1.dae6078p-01, 0x1.13fffff424p+00, -0x1.e4p-58, 0x1.341d78b1bcp-04, 0x1.1d0cf19837455p-44},
	{0x1.d77b658p-01, 0x1.15ffffe10dp+00, -0x1.962p-55, 0x1.51b072286p-04, 0x1.840ff478e4a46p-44},
	{0x1.d41d42p-01, 0x1.17ffffe5cp+00, -0x1.2p-55, 0x1.6f0d272e58p-04, -0x1.4b3441b665813p-44},
	{0x1.d0cb59p-01, 0x1.19fffffa7ep+00, -0x1.9p-60, 0x1.8c345d1318p-04, 0x1.b21022cb42a3cp-44},
	{0x1.cd85688p-01, 0x1.1c000009fcp+00, -0x1.44p-58, 0x1.a926d434acp-04, 0x1.5638d8bd22b8fp-44},
	{0x1.ca4b308p-01, 0x1.1dffffe5bfp+00, -0x1.142p-55, 0x1.c5e5477dbcp-04, 0x1.d10a7d85f7a6ep-46},
	{0x1.c71c72p-01, 0x1.1fffffdcp+00, -0x1p-54, 0x1.e27074e2bp-04, -0x1.a302c2af05591p-45},
	{0x1.c3f8fp-01, 0x1.220000122p+00, -0x1p-56, 0x1.fec9141dcp-04, -0x1.544d5d1ae60b1p-44},
	{0x1.c0e07p-01, 0x1.240000248p+00, -0x1p-54, 0x1.0d77e8cd08p-03, 0x1.cb4cd2ee31f2cp-44},
	{0x1.bdd2b88p-01, 0x1.26000010a7p+00, -0x1.a48p-57, 0x1.1b72adc6f6p-03, 0x1.e81765811ab87p-45},
	{0x1.bacf918p-01, 0x1.27ffffdd5p+00, -0x1.c2p-55, 0x1.29552e92p-03, -0x1.5b7a5f4474124p-44},
	{0x1.b7d6c4p-01, 0x1.29ffffe8b8p+00, -0x1.9p-56, 0x1.371fc161e8p-03, 0x1.ee93f9b2d8052p-44},
	{0x1.b4e81b8p-01, 0x1.2bffffde04p+00, -0x1.a48p-55, 0x1.44d2b5e4b8p-03, -0x1.7062f6135f743p-46},
	{0x1.b20364p-01, 0x1.2e000004b8p+00, -0x1p-60, 0x1.526e5e5a1cp-03, -0x1.790b237fc5223p-44},
	{0x1.af286cp-01, 0x1.2fffffdap+00, -0x1p-54, 0x1.5ff3060a7ap-03, -0x1.8566f183c169cp-44},
	{0x1.ac57018p-01, 0x1.3200001fadp+00, -0x1.5f2p-55, 0x1.6d60ff459ep-03, -0x1.bc58637132f2bp-44},
	{0x1.a98ef6p-01, 0x1.34000004dp+00, -0x1p-60, 0x1.7ab890410ep-03, -0x1.bdb8072534a2dp-45},
	{0x1.a6d01a8p-01, 0x1.35fffff213p+00, -0x1.088p-57, 0x1.87fa05f60cp-03, 0x1.2216260120101p-44},
	{0x1.a41a418p-01, 0x1.3800001adp+00, -0x1.e4p-56, 0x1.9525aa7f46p-03, -0x1.296217d9f07b1p-44},
	{0x1.a16d3f8p-01, 0x1.3a000011c9p+00, -0x1.a48p-57, 0x1.a23bc2722cp-03, -0x1.5396471dc9b13p-44},
	{0x1.9ec8e98p-01, 0x1.3bffffdc34p+00, -0x1.a48p-55, 0x1.af3c94000cp-03, -0x1.8a9e33fed5211p-52},
	{0x1.9c2d15p-01, 0x1.3dfffff256p+00, -0x1.e4p-58, 0x1.bc2866ead8p-03, 0x1.9ac90739d1061p-44},
	{0x1.9999998p-01, 0x1.40000014p+00, -0x1p-56, 0x1.c8ff7cf9aap-03, -0x1.7784f689f7989p-45},
	{0x1.970e4f8p-01, 0x1.42000000a1p+00, -0x1p-66, 0x1.d5c216b8fcp-03, -0x1.1ba917bca681bp-45},
	{0x1.948b1p-01, 0x1.43ffffd78p+00, -0x1p-54, 0x1.e27075e2bp-03, -0x1.a322c2af02ae7p-44},
	{0x1.920fb48p-01, 0x1.460000178fp+00, -0x1.564p-56, 0x1.ef0add51c6p-03, -0x1.b25615c869ea7p-45},
	{0x1.8f9c19p-01, 0x1.47fffffaep+00, -0x1p-60, 0x1.fb9186b5e4p-03, -0x1.d56eaab993d31p-47},
	{0x1.8d3019p-01, 0x1.49ffffda9ep+00, -0x1.a48p-55, 0x1.040258d74dp-02, 0x1.051009ef23164p-48},
	{0x1.8acb91p-01, 0x1.4bfffff838p+00, -0x1.2p-59, 0x1.0a324e0f39p-02, 0x1.c6c7e7ef400cep-47},
	{0x1.886e5fp-01, 0x1.4e00000922p+00, -0x1.88p-59, 0x1.1058bfb6e5p-02, -0x1.4ab85017d525bp-44},
	{0x1.8618618p-01, 0x1.500000054p+00, -0x1p-60, 0x1.1675cacabap-02, 0x1.83816731f55d9p-44},
	{0x1.83c9778p-01, 0x1.52000025a1p+00, -0x1.962p-55, 0x1.1c898c889ap-02, -0x1.8127ac5c60cdbp-44},
	{0x1.8181818p-01, 0x1.5400000154p+00, -0x1p-64, 0x1.22941fc0f8p-02, -0x1.a697675eb0962p-44},
	{0x1.7f406p-01, 0x1.55ffffd54p+00, -0x1p-54, 0x1.2895a0bde8p-02, 0x1.a8f7ad24be946p-44},
	{0x1.7d05f4p-01, 0x1.580000158p+00, -0x1p-56, 0x1.2e8e2bee12p-02, -0x1.67a1e99b7212dp-45},
	{0x1.7ad2208p-01, 0x1.5a00000cd7p+00, -0x1.69p-58, 0x1.347dd9cf88p-02, -0x1.558f394c57e56p-45},
	{0x1.78a4c8p-01, 0x1.5c000015cp+00, -0x1p-56, 0x1.3a64c59694p-02, 0x1.7a79cbcd73b26p-44},
	{0x1.767dce8p-01, 0x1.5dffffc743001p+00, 0x1.3e6b9dp-54, 0x1.404307c26ap-02, 0x1.f925150499ac3p-44},
}
