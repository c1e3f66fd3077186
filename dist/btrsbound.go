package dist

import "math"

// BTRS's acceptance test decided by bounds on log f(k)/f(m), where they
// decide it, before the exact ratio (two expo sums of Stirling and bd0
// terms, ten divisions for a draw's first test): a draw of a new n and p
// (Rand, a Multinomial's places) pays that for about one value in five.
//
// With E = log f(k)/f(m) in Loader's form (see ratio),
//
//	E = δ(m) + δ(n-m) - δ(k) - δ(n-k) + S(m) - S(k) + ½·log(m(n-m)/(k(n-k))),
//	S(k) = bd0(k, np) + bd0(n-k, nq),
//
// the bounds, for 0 < k < n (np >= 10 and p <= 1/2, so that m, n-m >= 9):
//
//   - bd0(μ+d, μ) = d²·∫₀¹ (1-t)/(μ+t·d) dt (Taylor's remainder of x·log(x/μ)
//     + μ - x, whose second derivative is 1/x), so d²/(2·max(μ, μ+d)) <=
//     bd0 <= d²/(2·min(μ, μ+d)): S(k) between d²/2·(1/max(np, k) + 1/max(nq,
//     n-k)) and d²/2·(1/min(np, k) + 1/min(nq, n-k)), d = k - np; S(m) >= 0
//     and, with |m - np| < 1, m >= np - 1 and n-m >= nq - 1, S(m) <=
//     (m-np)²/2·(1/(np-1) + 1/(nq-1)) <= 1.12·(m-np)²/np. Closer for k:
//     1/(μ+t·d) = (1 - t·ε + t²ε²/(1+t·ε))/μ, ε = d/μ, so bd0 = d²/μ·(1/2 -
//     ε/6 + ε²·θ/12), θ between 1 and μ/(μ+d).
//   - 0 < δ(x) < 1/(12x) for x >= 1 (H. Robbins, "A remark on Stirling's
//     formula", Amer. Math. Monthly 62(1), 1955), and 1/m, 1/(n-m) <=
//     1.12/np, 1.12/nq as above.
//   - 1 - 1/x <= log x <= x - 1.
//
// The computed ratio is within a few ulps of each of its terms of exp(E)
// (its bd0 to 2^-46 of itself), and so are the bounds' own terms; the
// bounds are widened by 2^-40 of the sum of their terms' sizes, and the
// comparisons by 2^-30, far above both. Past exp(E) <= e^-600 the test
// rejects whatever the rounding: v·alpha·us² >= 2^-159·alpha there, and r·(a
// + b·us²) < 2^-800. The bounds take k and n-k for bd0's x = np + d and nq
// - d, which the ratio computes within an ulp of np (nq) of them: a
// relative error under 2^-40 wherever lo >= -700 (there d²/(2k) <= 700 with
// |d| <= np, so np/k < 50, and likewise for n-k), and where lo < -700
// only the rejection by hi is taken, whose bounds take np and nq there.

// Results of surely (surely computes them as acc | rej<<1).
const (
	surelyUndecided = 0
	surelyAccepted  = 1
	surelyRejected  = 2
)

// surely returns surelyAccepted or surelyRejected where bounds on E decide
// the acceptance test passes(ratio(k, j), us, v) of a valid try, else
// surelyUndecided: always so for k = 0 or n, and where the bounds are too
// wide to decide (v near the test's boundary, n·p small and k far from m).
func (s *btrs) surely(k int64, j, us, v float64) int {
	if k <= 0 || k >= s.n {
		return surelyUndecided
	}
	// What depends on n and p alone is computed here, not kept in s:
	// most draws test one try or none, and a larger btrs (which
	// Binomial.Fill's frame holds) measured slower on its AVX-512 path.
	// lg = log(v·alpha·us²/h), alpha = (2.83 + 5.1/b)·spq (as setRatio's)
	// and h = a + b·us², as one quotient.
	us2 := us * us
	num := float64(float64(v*us2) * float64(s.spq*(float64(2.83*s.b)+5.1)))
	lg := powLog(num / float64(s.b*(s.a+float64(s.b*us2))))
	var b struct{ mm, imm, inp, inq, hi float64 }
	b.mm = float64(s.m) * float64(s.n-s.m)
	b.imm = 1 / b.mm
	b.inp, b.inq = 1/s.np, 1/s.nq
	b.hi = float64(0.1*(b.inp+b.inq)) + float64(float64(1.12*float64(s.dm*s.dm))*b.inp)
	fk, fnk := float64(k), float64(s.n-k)
	ik, ink := 1/fk, 1/fnk
	d := j - s.dm
	d2 := float64(d * d)
	// bd0(k, np) = d²/np·(1/2 - ε/6 + ε²θ/12), ε = d/np, θ between 1 and
	// np/k; bd0(n-k, nq) the same with -d and nq.
	e1, e2 := float64(d*b.inp), -float64(d*b.inq)
	q1, q2 := float64(d2*b.inp), float64(d2*b.inq)
	base := float64(q1*(0.5-float64(e1*(1.0/6)))) + float64(q2*(0.5-float64(e2*(1.0/6))))
	c1 := float64(float64(q1*float64(e1*e1)) * (1.0 / 12))
	c2 := float64(float64(q2*float64(e2*e2)) * (1.0 / 12))
	t1, t2 := float64(s.np*ik), float64(s.nq*ink)
	sLo := base + float64(c1*min(1, t1)) + float64(c2*min(1, t2))
	sHi := base + float64(c1*max(1, t1)) + float64(c2*max(1, t2))
	// ½·log x, x = m(n-m)/(k(n-k)) = 1 + y: log(1+y) = y - y²·∫₀¹
	// (1-t)/(1+ty)² dt, between y - y²/(2·min(1, x)²) and y - y²/(2·max(1,
	// x)²); xi is 1/x.
	x := float64(float64(b.mm*ik) * ink)
	xi := float64(float64(fk*fnk) * b.imm)
	y := x - 1
	y2 := float64(0.25 * float64(y*y))
	lxLo := float64(0.5*y) - float64(y2*float64(max(1, xi)*max(1, xi)))
	lxHi := float64(0.5*y) - float64(y2*float64(min(1, xi)*min(1, xi)))
	margin := float64((math.Abs(base) + float64(c1*max(1, t1)) + float64(c2*max(1, t2)) + math.Abs(y) + x + xi + 1) * 0x1p-40)
	lo := lxLo - sHi - float64((ik+ink)*(1.0/12)) - margin
	hi := lxHi - sLo + b.hi + margin
	// The test is lhs <= e^E·h: in logs, lg <= E. lg depends on the try's
	// us and v alone, so it is computed beside the bounds, not after them
	// as exp of a bound would be. The margin, 2^-30, is that of the
	// products' form, far above lg's rounding (its products', its
	// quotient's and powLog's: under 2^-43, as |lg| < 2^9). The verdict
	// is made without a branch on it (a Fill's tests take it as a flag):
	// accepted where lg <= lo less the margin (and lo >= -700), rejected
	// where lg > hi plus it or hi < -600; lg >= -2^9 > hi there, so the
	// two never both hold.
	rej := discFlag(lg > hi+0x1p-30) | discFlag(hi < -600)
	acc := discFlag(lo >= -700) & discFlag(lg <= lo-0x1p-30) &^ rej
	return int(acc) | int(rej)<<1
}
