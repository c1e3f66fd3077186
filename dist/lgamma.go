package dist

import "math"

// lgamma and lgammaCorr: log Γ(x) for x > 0 with the package's exact
// arithmetic (see xmath.go), for the shapes of the continuous laws and the
// log k! of the discrete ones.
//
// Below 8, log Γ(x) is (x - z)·Q(x), z = 1 below 1.5 and 2 above, with Q
// = log Γ(x)/(x - z) (analytic, without zeros, flatter than log Γ) a
// polynomial on each of 30 intervals (width 1/8 on [0.5, 3), 1/2 on [3,
// 8)), and x - z exact, so that the result keeps its relative accuracy
// near the zeros at 1 and 2 (as log Γ near 1 and 2 is what the Poisson
// and binomial acceptance tests compare). The polynomials are truncated
// Chebyshev series (L. Fox and I. B. Parker, "Chebyshev Polynomials in
// Numerical Analysis", Oxford University Press, 1968: near-minimax,
// computed without an iterative exchange), which TestLgammaTables
// recomputes with math/big from a reference log Γ; their constant terms
// are held in double-float form and multiplied by x - z in exact parts,
// so that only the last addition rounds the leading term. Below 0.5, log
// Γ(x) = log Γ(1+x) - log x, with log Γ(1+x) from the polynomials of [1,
// 1.5), their variable computed from x (1+x is never rounded).
//
// From 8 on, Stirling's series: log Γ(x) = (x - 1/2)(log x - 1) +
// log(2π)/2 - 1/2 + lgammaCorr(x) (its series summed plainly), with log x in double-float form from
// logCore and the product x·(log x - 1) split into exact partial products
// (Dekker's splitting: T. J. Dekker, "A floating-point technique for
// extending the available precision", Numerische Mathematik 18, 224-242,
// 1971), so that the cancellation of x log x against x loses nothing.
// This is the form whose error does not grow with x (1e18 and beyond, as
// the discrete laws need).
//
// Chosen over the rational approximations of fdlibm (which Go's
// math.Lgamma ports) because every constant here is recomputed by a test
// from its definition, and the relative accuracy at the zeros comes from
// the factored form rather than from hand-tuned splits.

const (
	lgIntervals = 30

	// lgHalfLog2PiLessHalf is log(2π)/2 - 1/2 rounded.
	lgHalfLog2PiLessHalf = 0x1.acfe390c97d69p-2
)

// lgCorrCoef holds B_2k / (2k (2k-1)) for k = 1..10, the coefficients of
// Stirling's series (B_2k the Bernoulli numbers); TestLgammaTables checks
// them against the B_2k it computes.
var lgCorrCoef = [10]float64{
	1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188,
	-691.0 / 360360, 1.0 / 156, -3617.0 / 122400, 43867.0 / 244188, -174611.0 / 125400,
}

// lgammaCorr returns the remainder of Stirling's formula, log Γ(x) - ((x
// - 1/2) log x - x + log(2π)/2) = 1/(12x) - 1/(360x^3) + ..., summed
// directly as the first ten terms of its series, for the samplers that
// need log Γ differences without their cancellation (the Stirling
// correction of BTRS/PTRS). Valid for x >= 10, where the first term
// omitted is below 2^-58 of the sum: error below 0.8 ulp (above 0.55
// only where the result is subnormal, x > 3.7e306). For 8 <= x < 10
// (where lgamma uses it) its absolute error stays below 2e-18. Below 8
// the series is not accurate: do not use it there.
//
// The sum is 1/(12x)·(1 + 12 t^2 p(t^2)), t = 1/x; 1/(12x) = q(1 + ρ) to
// 2^-105, with q = (1/h)/8 for h + e = 12x/8 exactly (Fast2Sum of x +
// x/2) and ρ = 1 - 12x·q = 1 - (h + e)·(1/h), computed exactly from
// Dekker's split of h·(1/h), so that the leading term is rounded only
// once, at the end.
func lgammaCorr(x float64) float64 {
	scale := 1.0
	if x > 0x1p900 {
		// The split below would make subnormal parts: compute 1/(12x) for
		// x·2^-600 and scale it back, exactly (the other terms are below
		// 2^-1800 of this one, and are replaced by the clamped ones).
		x *= 0x1p-600
		scale = 0x1p-600
	}
	h := x + float64(0.5*x)
	e := (x - h) + float64(0.5*x)
	w := 1 / h
	q := float64(0.125 * w) // exact, but it feeds a sum: no fusion
	const mask = 1<<27 - 1
	hh := math.Float64frombits(math.Float64bits(h) &^ mask)
	hl := h - hh
	wh := math.Float64frombits(math.Float64bits(w) &^ mask)
	wl := w - wh
	rho := (1 - float64(hh*wh)) - float64(hh*wl) - float64(hl*wh) - float64(hl*wl) - float64(e*w)
	// t = 1/x to 2^-52, but at least 2^-32 so that t^2 is never
	// subnormal (for x > 2^32 the series' terms after the first are below
	// 2^-69 of it, and so is what the clamp adds).
	t := max(1.5*w, 0x1p-32)
	t2 := t * t
	c := &lgCorrCoef
	p := float64(t2*c[9]) + c[8]
	p = float64(t2*p) + c[7]
	p = float64(t2*p) + c[6]
	p = float64(t2*p) + c[5]
	p = float64(t2*p) + c[4]
	p = float64(t2*p) + c[3]
	p = float64(t2*p) + c[2]
	p = float64(t2*p) + c[1]
	return (q + float64(q*(rho+float64(12*float64(t2*p))))) * scale
}

// lgamma returns log Γ(x) for x > 0 (Γ(x) > 0 there): lgamma(0) =
// lgamma(+Inf) = +Inf; x < 0 and NaN give NaN (not needed by any law, so
// not computed). Error below 0.9 ulp, relative to log Γ(x) everywhere,
// near its zeros at 1 and 2 included; +Inf from x near 2.55e305 on.
func lgamma(x float64) float64 {
	if !(x > 0 && x < math.Inf(1)) {
		if x == 0 || x > 0 {
			return math.Inf(1)
		}
		return math.NaN()
	}
	if x >= 8 {
		return lgammaStirling(x)
	}
	if x >= 0.5 {
		var j int
		if x < 3 {
			j = int((x - 0.5) * 8) // x - 0.5 and the product are exact
		} else {
			j = 20 + int((x-3)*2)
		}
		// x - lgZero[j] and x - lgCenter[j] are exact.
		return lgEval(j, x-lgZero[j], x-lgCenter[j])
	}
	// 0 < x < 0.5: log Γ(x) = log Γ(1+x) - log x, log Γ(1+x) from the
	// interval j of 1+x, where 1+x - 1 = x and the polynomial's variable
	// is (1+x) - c = x - (c-1) (c-1 exact; x itself for j = 4, c = 1).
	j := 4 + int(8*x)
	g := lgEval(j, x, x-(lgCenter[j]-1))
	ix := math.Float64bits(x)
	if ix < 0x0010000000000000 { // subnormal
		ix = math.Float64bits(x*0x1p52) - 52<<52
	}
	hi, lo := logCore(ix)
	return -hi + (g - lo)
}

// lgEval returns d·Q(v), d = x - z for the zero z = lgZero[j] of log Γ
// the polynomial Q = lgPoly[j] divides out and v = x - lgCenter[j]: Q by
// Horner's rule but for its constant term, held in double-float form
// c[0] + lgC0lo[j]; d·c[0] split into an exact product of the top 26 bits
// of each and small exact or nearly exact products (Dekker), the rest,
// with d·(c0lo + v·S(v)), summed apart, so that only the last addition
// rounds the leading term.
func lgEval(j int, d, v float64) float64 {
	c := lgPoly[j]
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 1; i-- {
		p = float64(p*v) + c[i]
	}
	p = float64(p * v)
	const mask = 1<<27 - 1
	dh := math.Float64frombits(math.Float64bits(d) &^ mask)
	dl := d - dh
	ah := math.Float64frombits(math.Float64bits(c[0]) &^ mask)
	al := c[0] - ah
	rest := float64(dh*al) + float64(dl*ah) + float64(dl*al) + float64(d*(lgC0lo[j]+p))
	return float64(dh*ah) + rest
}

// lgammaStirling is lgamma for x >= 8: (x - 1/2) M + log(2π)/2 - 1/2 +
// lgCorrSum(x) with M = log x - 1 = mh + ml (Fast2Sum of logCore's hi
// and -1, log x >= 2). x·mh = xh·mhh + (xh·mhl + xl·mhh + xl·mhl), xh and
// mhh their top 26 bits: the first product is exact and is the result's
// leading part, the others, with x·ml, -M/2 and the constants, are summed
// first, so that only their own roundings (far below the result's ulp)
// and the last addition's reach the result.
func lgammaStirling(x float64) float64 {
	lh, ll := logCore(math.Float64bits(x))
	mh := lh - 1
	ml := ((lh - mh) - 1) + ll
	const mask = 1<<27 - 1
	xh := math.Float64frombits(math.Float64bits(x) &^ mask)
	xl := x - xh
	mhh := math.Float64frombits(math.Float64bits(mh) &^ mask)
	mhl := mh - mhh
	p1 := float64(xh * mhh)
	s := float64(xh*mhl) + float64(xl*mhh) + float64(xl*mhl) + float64(x*ml) -
		float64(0.5*mh) - float64(0.5*ml) + lgHalfLog2PiLessHalf + lgCorrSum(x)
	return p1 + s
}

// lgCorrSum is lgammaCorr's series summed plainly (t = 1/x rounded, Horner
// in t^2): its few-ulp relative error is an absolute one below 2^-58,
// 2^-61 of log Γ(x) for x >= 8, enough inside lgamma, and it is faster.
func lgCorrSum(x float64) float64 {
	t := 1 / x
	t2 := t * t
	c := &lgCorrCoef
	p := float64(t2*c[9]) + c[8]
	p = float64(t2*p) + c[7]
	p = float64(t2*p) + c[6]
	p = float64(t2*p) + c[5]
	p = float64(t2*p) + c[4]
	p = float64(t2*p) + c[3]
	p = float64(t2*p) + c[2]
	p = float64(t2*p) + c[1]
	return t * (c[0] + float64(t2*p))
}

// lgPoly: TestLgammaTables recomputes every coefficient (lgFit in
// lgamma_test.go; XMATH_GEN=1 prints them). Polynomial j is in powers of
// x - lgCenter[j] and approximates log Γ(x)/(x - lgZero[j]); lgCenter[j]
// is its interval's midpoint, or the zero itself for the four intervals
// that end at one.
var lgPoly = [lgIntervals][]float64{
	// lgamma(x)/(x-1) on [0.5, 0.625], degree 13 in x - 0.5625
	{-0x1.0c6103fe8f42ap+00, 0x1.74313bcb27071p+00, -0x1.4d0d4e54c24e8p+00, 0x1.9780abeb6bea2p+00, -0x1.17a9496a0ba5cp+01, 0x1.96d211a786664p+01, -0x1.32877813d18f7p+02, 0x1.d92c62a6687a1p+02, -0x1.73b80e3c78ddp+03, 0x1.280687ed2dfdfp+04, -0x1.dc62e2c615428p+04, 0x1.82ebc606588a8p+05, -0x1.48f108261b589p+06, 0x1.0fba6bfdcd404p+07},
	// lgamma(x)/(x-1) on [0.625, 0.75], degree 12 in x - 0.6875
	{-0x1.c4c1d8b83ac7fp-01, 0x1.3078a5de80f66p+00, -0x1.b8a07e31980efp-01, 0x1.b6b0d8698b1f4p-01, -0x1.ec06c5dd4f099p-01, 0x1.25006506a587fp+00, -0x1.69c18242fb46dp+00, 0x1.c9953393e9acdp+00, -0x1.26873734bd109p+01, 0x1.80373e5ea4979p+01, -0x1.fab15042dece4p+01, 0x1.58fd9992be8d2p+02, -0x1.cf4d7e1da0cfp+02},
	// lgamma(x)/(x-1) on [0.75, 0.875], degree 12 in x - 0.8125
	{-0x1.7ec5a17486139p-01, 0x1.020df3c9f48cp+00, -0x1.38f78f11b085dp-01, 0x1.062ee9274f5b4p-01, -0x1.f0976f6de4bffp-02, 0x1.f45cb5d5d1df6p-02, -0x1.058e4ff1ee0edp-01, 0x1.183d3bb1a7a53p-01, -0x1.319965e66fa89p-01, 0x1.51b781c856cdfp-01, -0x1.7938538694f6p-01, 0x1.b021441b2323ap-01, -0x1.eb1e249480af9p-01},
	// lgamma(x)/(x-1) on [0.875, 1], degree 11 in x - 1
	{-0x1.2788cfc6fb619p-01, 0x1.a51a6625307d9p-01, -0x1.9a4d55beaa15dp-02, 0x1.151322ad1f724p-02, -0x1.a8b9c119ec56ep-03, 0x1.5b40dc11b51c3p-03, -0x1.2701be21263b2p-03, 0x1.012e6e700723fp-03, -0x1.c4a10db5f9169p-04, 0x1.b558e4bcc9b55p-04, -0x1.d8dea265d9559p-05, 0x1.61338e82ec171p-03},
	// lgamma(x)/(x-1) on [1, 1.125], degree 11 in x - 1
	{-0x1.2788cfc6fb619p-01, 0x1.a51a6625307d2p-01, -0x1.9a4d55beaaeacp-02, 0x1.151322ac5658bp-02, -0x1.a8b9c162d6769p-03, 0x1.5b40c6c8a10dp-03, -0x1.270324af536d7p-03, 0x1.0101c0a57f92bp-03, -0x1.c71052470e981p-04, 0x1.91a2a33623428p-04, -0x1.450bf487bcd32p-04, 0x1.604175ab99162p-05},
	// lgamma(x)/(x-1) on [1.125, 1.25], degree 11 in x - 1.1875
	{-0x1.bdfb2e9a8b709p-02, 0x1.646ef9ced566dp-01, -0x1.220558395b1fdp-02, 0x1.478deba7e9f67p-03, -0x1.a50bea0f6a63p-04, 0x1.214b69819d03dp-04, -0x1.9daa1df55117ap-05, 0x1.2f90d1b5f7353p-05, -0x1.c5cb80d936df1p-06, 0x1.57dc99d53817ap-06, -0x1.093704b9558aep-06, 0x1.99ff027f9d2a3p-07},
	// lgamma(x)/(x-1) on [1.25, 1.375], degree 10 in x - 1.3125
	{-0x1.691bb16e6e47fp-02, 0x1.43a5ea424c82bp-01, -0x1.da74acd872724p-03, 0x1.e2d5ef873ae22p-04, -0x1.17fdf492aa483p-04, 0x1.5b8f8e05f2574p-05, -0x1.c1513187cbbfcp-06, 0x1.2a44eafa1e4edp-06, -0x1.937b34e9e9787p-07, 0x1.162a00ad1cbe5p-07, -0x1.81df0b8c9ed3cp-08},
	// lgamma(x)/(x-1) on [1.375, 1.5], degree 10 in x - 1.4375
	{-0x1.1baed50949238p-02, 0x1.2893110e0fd07p-01, -0x1.8b892c83b0613p-03, 0x1.6e2a74c280ecbp-04, -0x1.82b5ae22919c1p-05, 0x1.b58f47168d238p-06, -0x1.0201c05311d05p-06, 0x1.38a52edabd965p-07, -0x1.82258873c5fb1p-08, 0x1.e5cda1cfe6ddep-09, -0x1.33b952c467d9ep-09},
	// lgamma(x)/(x-2) on [1.5, 1.625], degree 10 in x - 1.5625
	{0x1.112a3e14dd1f7p-02, 0x1.95e1915741902p-02, -0x1.b2ccd8b66eed9p-04, 0x1.57d3694458b46p-05, -0x1.3f6b1d6557c08p-06, 0x1.43032006cd4cdp-07, -0x1.579f64f81eaefp-08, 0x1.79c717e5cf5f2p-09, -0x1.a8e485f9b1795p-10, 0x1.e7a2b837c392dp-11, -0x1.1a6fed3f8f6c9p-11},
	// lgamma(x)/(x-2) on [1.625, 1.75], degree 10 in x - 1.6875
	{0x1.4247f42128428p-02, 0x1.7c937f67ea431p-02, -0x1.791a32c5ac9bdp-04, 0x1.1317a18593f78p-05, -0x1.d791e031d74f1p-07, 0x1.b84c73d632e3bp-08, -0x1.b0ce8cd1bafabp-09, 0x1.b7f6f2e82a643p-10, -0x1.c9c4ce8865c98p-11, 0x1.e5ef44317bd0cp-12, -0x1.0483ad8407eb9p-12},
	// lgamma(x)/(x-2) on [1.75, 1.875], degree 9 in x - 1.8125
	{0x1.70719c836d7ecp-02, 0x1.66830728b6dfdp-02, -0x1.4a8e869dcdd67p-04, 0x1.bf973afbdc0f5p-06, -0x1.64036f3993c6cp-07, 0x1.34a61d6d3685bp-08, -0x1.19e6c3ec9fd07p-09, 0x1.0a6af89f124b2p-10, -0x1.027380a9410f8p-11, 0x1.fd1bebbce15d1p-13},
	// lgamma(x)/(x-2) on [1.875, 2], degree 9 in x - 2
	{0x1.b0ee6072093cep-02, 0x1.4a34cc4a60fa9p-02, -0x1.13e001a556937p-04, 0x1.51322ac91eae8p-06, -0x1.e404fb19ee1e1p-08, 0x1.7addabb57ff9cp-09, -0x1.38a3c926e3f28p-10, 0x1.0bf483005668dp-11, -0x1.c05cef24d0ba3p-13, 0x1.1688419a83476p-13},
	// lgamma(x)/(x-2) on [2, 2.125], degree 9 in x - 2
	{0x1.b0ee6072093cep-02, 0x1.4a34cc4a60fa5p-02, -0x1.13e001a556ee6p-04, 0x1.51322ac721014p-06, -0x1.e404fb8bc6a47p-08, 0x1.7add4b747c805p-09, -0x1.38a74d2eb3865p-10, 0x1.0ac2f16cdb217p-11, -0x1.c758e715dcd2fp-13, 0x1.3c94845ee67f6p-14},
	// lgamma(x)/(x-2) on [2.125, 2.25], degree 9 in x - 2.1875
	{0x1.ec8ce42c0d32cp-02, 0x1.32620d3b9c2c6p-02, -0x1.d4472326040d6p-05, 0x1.04d59a88564c5p-06, -0x1.550a5f95893fap-08, 0x1.e67bec3d0e126p-10, -0x1.6e0ede0eedc51p-11, 0x1.1d68009af1a08p-12, -0x1.c905e9f6b1422p-14, 0x1.741bf27232447p-15},
	// lgamma(x)/(x-2) on [2.25, 2.375], degree 9 in x - 2.3125
	{0x1.08fb6ba6bfdd7p-01, 0x1.24795bebd5061p-02, -0x1.a71736db047b7p-05, 0x1.bd164f308dce5p-07, -0x1.12a4d89816b51p-08, 0x1.71d42d623d095p-10, -0x1.06c6e7dbf2653p-11, 0x1.83117a32b8d08p-13, -0x1.24c9ab691e575p-14, 0x1.c2a1b7cf47841p-16},
	// lgamma(x)/(x-2) on [2.375, 2.5], degree 9 in x - 2.4375
	{0x1.1adc94d1ea4a2p-01, 0x1.17df6325e53dfp-02, -0x1.805ee27df7f98p-05, 0x1.7f0e4dde2573dp-07, -0x1.bf9a75b86c0f6p-09, 0x1.1d5c9202e9948p-10, -0x1.8015099fdf9b7p-12, 0x1.0c0076d2cbc14p-13, -0x1.802eb62457f1dp-15, 0x1.1840515e9b258p-16},
	// lgamma(x)/(x-2) on [2.5, 2.625], degree 9 in x - 2.5625
	{0x1.2bfd568079ae8p-01, 0x1.0c6567e9c676ap-02, -0x1.5eeb03149a8c8p-05, 0x1.4c3e535671158p-07, -0x1.70a140aea3c8ep-09, 0x1.be4cd76453a1cp-11, -0x1.1d3eac50dddd5p-12, 0x1.7a26ebdf610fcp-14, -0x1.01833a0f00fd6p-15, 0x1.65114afa9eef1p-17},
	// lgamma(x)/(x-2) on [2.625, 2.75], degree 8 in x - 2.6875
	{0x1.3c6e74877ab6fp-01, 0x1.01e52737169ep-02, -0x1.41cd389f6a69p-05, 0x1.2232d48778034p-07, -0x1.328216220bf1bp-09, 0x1.613e1a24c8d97p-11, -0x1.ade3ada76f1bp-13, 0x1.0f9bcdf370e84p-14, -0x1.5ff90362481bp-16},
	// lgamma(x)/(x-2) on [2.75, 2.875], degree 8 in x - 2.8125
	{0x1.4c3e859474a76p-01, 0x1.f07df68565c6dp-03, -0x1.284a1ce09981p-05, 0x1.fe2db87f7cb66p-08, -0x1.011340662d049p-09, 0x1.1aab546b90ca7p-11, -0x1.483f40826b7dep-13, 0x1.8bd3022afebbcp-15, -0x1.e9a28cc0da55dp-17},
	// lgamma(x)/(x-2) on [2.875, 3], degree 8 in x - 2.9375
	{0x1.5b7a516650704p-01, 0x1.deb0f1e8c3c36p-03, -0x1.11cca406b8ba7p-05, 0x1.c30e0a949137ap-08, -0x1.b2a62350243cap-10, 0x1.c8eea6ce0ac95p-12, -0x1.fb59001a0fcfbp-14, 0x1.24839107c98a6p-15, -0x1.5a178d6f91a4bp-17},
	// lgamma(x)/(x-2) on [3, 3.5], degree 12 in x - 3.25
	{0x1.7f4df1cf6ed8ap-01, 0x1.b7a9e1ca904e3p-03, -0x1.c7df7b42ad454p-06, 0x1.52f0e72344e4fp-08, -0x1.26647f6de498dp-10, 0x1.16da7a97e5027p-12, -0x1.17008e6516d95p-14, 0x1.21c339aaed8e9p-16, -0x1.3519687dc7199p-18, 0x1.50546ceae2a3bp-20, -0x1.73a00c804573ap-22, 0x1.a67f723598f98p-24, -0x1.ddc77651857f4p-26},
	// lgamma(x)/(x-2) on [3.5, 4], degree 11 in x - 3.75
	{0x1.b2fff0216b62fp-01, 0x1.859f17755f486p-03, -0x1.5fc983b488b95p-06, 0x1.c4e8d84fb681dp-09, -0x1.53d9b44eb79ap-11, 0x1.15e66419d0a05p-13, -0x1.e006f393bd09bp-16, 0x1.ae716e6955ceap-18, -0x1.8c93d005d8d3fp-20, 0x1.74e65bdcdc8bep-22, -0x1.682f1197ce352p-24, 0x1.5cbd7e504d3e5p-26},
	// lgamma(x)/(x-2) on [4, 4.5], degree 11 in x - 4.25
	{0x1.e1280b31f49ebp-01, 0x1.5e5dedd973da9p-03, -0x1.18768463e943p-06, 0x1.3e94f5098c064p-09, -0x1.a4fda2154b7acp-12, 0x1.2edff0241a8d5p-14, -0x1.cc2c667e952b3p-17, 0x1.6af82ffbd7a8bp-19, -0x1.263819f8608c4p-21, 0x1.e6ecad3efc139p-24, -0x1.9cf92a5590492p-26, 0x1.5ffef34a556b6p-28},
	// lgamma(x)/(x-2) on [4.5, 5], degree 10 in x - 4.75
	{0x1.0573d4d9e9f2cp+00, 0x1.3eac3bf6827cbp-03, -0x1.ca9a9e40462cdp-07, 0x1.d25689076b22dp-10, -0x1.1354a65ea6b21p-12, 0x1.61b64962a2a42p-15, -0x1.dfaa2715c377dp-18, 0x1.51a8b8346ce77p-20, -0x1.e897ff7ad6ce5p-23, 0x1.6b250762e0cap-25, -0x1.10d28f5fe76d5p-27},
	// lgamma(x)/(x-2) on [5, 5.5], degree 10 in x - 5.25
	{0x1.1886df0c44c5dp+00, 0x1.247f8422b7081p-03, -0x1.7e8a40c24b99ap-07, 0x1.60407dc0ec70bp-10, -0x1.780c6c2cb3e8p-13, 0x1.b46a8a04b0963p-16, -0x1.0b36a8c14041p-18, 0x1.53ae196365da1p-21, -0x1.bbca261722771p-24, 0x1.297f6eb1e4e58p-26, -0x1.93a02529685c9p-29},
	// lgamma(x)/(x-2) on [5.5, 6], degree 10 in x - 5.75
	{0x1.2a19e4d785e6fp+00, 0x1.0e7c269a6f82p-03, -0x1.4459dd89968edp-07, 0x1.10ff9d269d1f1p-10, -0x1.0a003a9f482a9p-13, 0x1.198b30ae16b7ap-16, -0x1.3a51e9b441821p-19, 0x1.6c348a9529d6bp-22, -0x1.b1b3be189ef14p-25, 0x1.08c64265efe26p-27, -0x1.476b7a82d19aep-30},
	// lgamma(x)/(x-2) on [6, 6.5], degree 9 in x - 6.25
	{0x1.3a678588fca44p+00, 0x1.f762a3536021fp-04, -0x1.16c6b27079f85p-07, 0x1.b045222fc2b9ep-11, -0x1.83761ccd5e90fp-14, 0x1.78fec1090e609p-17, -0x1.82c1f6b971773p-20, 0x1.9bb9b1a3cbc5fp-23, -0x1.c3cf86036dd9fp-26, 0x1.f8e17f3477797p-29},
	// lgamma(x)/(x-2) on [6.5, 7], degree 9 in x - 6.75
	{0x1.499d9d0ab10dcp+00, 0x1.d6e5312618dadp-04, -0x1.e4be4e1da2705p-08, 0x1.5c70d38d82d84p-11, -0x1.21388f239dbbp-14, 0x1.046c52b1c0517p-17, -0x1.ee4dc3780e687p-21, 0x1.e6b0f455c442fp-24, -0x1.edaff7d5419a2p-27, 0x1.fe230099b690ap-30},
	// lgamma(x)/(x-2) on [7, 7.5], degree 9 in x - 7.25
	{0x1.57e0c44cfff41p+00, 0x1.ba822e41812b1p-04, -0x1.a99b0adbbe2abp-08, 0x1.1d382df3bcf81p-11, -0x1.b8f3e352d5072p-15, 0x1.7189a76b2a4a7p-18, -0x1.464a7481d1ac2p-21, 0x1.2ad66457cff74p-24, -0x1.19d63060413ap-27, 0x1.0ed6149bd6ep-30},
	// lgamma(x)/(x-2) on [7.5, 8], degree 9 in x - 7.75
	{0x1.654eaf7b0ef2dp+00, 0x1.a17a73d99b6bap-04, -0x1.78e0bc3ca9673p-08, 0x1.d9303b0cfcb35p-12, -0x1.564ee1dd627fp-15, 0x1.0c4f7fc0b0564p-18, -0x1.bb041ea5fc5e3p-22, 0x1.7b48d074dc8e7p-25, -0x1.4e3e5d18bc3p-28, 0x1.2c2f3bc409971p-31},
}

var lgC0lo = [lgIntervals]float64{0x1.e5ffb2354cc86p-54, -0x1.34f94af513a5p-57, -0x1.4e71c42bdc5ccp-57, 0x1.81d1c1be93ceap-58, 0x1.71a4de33cbf96p-58, -0x1.91a76026e0031p-60, 0x1.4fbaefe08d917p-57, 0x1.4aba16d43659bp-58, 0x1.ec751bfb85b8cp-56, 0x1.7e128a92144fp-60, 0x1.4c032c617429fp-56, 0x1.74b9e702ec408p-58, 0x1.711decbf1fe9cp-58, -0x1.152fad44ba417p-56, 0x1.1bc62f27f8af9p-61, 0x1.d1d62f192c2fbp-55, 0x1.6b9f3eaa19ad9p-55, 0x1.b63042bf65421p-56, 0x1.d54385d9c1deap-57, -0x1.3a363d8070b82p-55, -0x1.029aacb9eeec8p-55, 0x1.8a128c8b252adp-55, 0x1.c4763f1413954p-55, -0x1.131831116ff6bp-54, -0x1.31992e55db745p-54, 0x1.ce45877da64adp-54, -0x1.ee79fa4e28f7ap-55, -0x1.db4be17774b0ap-54, 0x1.cd1f4931ec5e1p-54, 0x1.b7dad89f6fdbbp-56}

var lgZero = [lgIntervals]float64{1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}

var lgCenter = [lgIntervals]float64{0.5625, 0.6875, 0.8125, 1, 1, 1.1875, 1.3125, 1.4375, 1.5625, 1.6875, 1.8125, 2, 2, 2.1875, 2.3125, 2.4375, 2.5625, 2.6875, 2.8125, 2.9375, 3.25, 3.75, 4.25, 4.75, 5.25, 5.75, 6.25, 6.75, 7.25, 7.75}
