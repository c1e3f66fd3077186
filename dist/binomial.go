package dist

// The binomial law, by two methods for p <= 1/2 (P > 1/2 draws N less a
// Binomial(N, 1-P): 1 - P is exact there), switched at n·p = 30:
//
// Below, inversion, as for the Poisson below 30 (see poisson.go): the least
// k with u < F(k), F built term by term from f(0) = exp(n·log1p(-p)) by
// f(k) = f(k-1)·((n-k+1)·r·(1/k)), r = p/(1-p); one word per value, N = 0
// and P = 0 (F(0) = 1) and P = 1 (N less that) with no special case; Rand
// sums the first n·p + 2.5√(n·p) + 4 terms with no branch on u, Fill builds
// the same floats once and finds k through a guide table (invTable).
//
// From 30 up, BTRS: W. Hörmann, "The generation of binomial random
// variates", Journal of Statistical Computation and Simulation 46(1-2),
// 1993, pp. 101-110. Transformed rejection with a squeeze, two words per
// try, 1.13 to 1.18 tries per value from n·p = 500 up (1.34 to 1.41 at n·p
// = 10, where the squeeze takes only a quarter to 40% of the tries: the
// switch is at 30, not the paper's 10, because inversion is faster there,
// by measurement), no setup beyond a square root and a few divisions (the
// pmf at the mode, needed only by the acceptance test, is computed when
// first needed). It was chosen over BTPE (Kachitvichyanukul and Schmeiser
// 1988, numpy's choice) for its much shorter code and setup at the same
// speed per value, and over inversion because its cost does not grow with
// n·p.
//
// Huge n. The proposal is k = m + j, m = ⌊(n+1)p⌋ an exact int64 (the mode)
// and j the float ⌊(2a/us + b)·U + (n·p - m) + 0.5⌋ of modest size, so k
// keeps its low bits for n up to 2^63-1 (a float k near 2^61 is a multiple
// of 512). The test compares V·α/(a/us² + b) with f(k)/f(m), each log f in
// Loader's saddle-point form (see poisson.go),
//
//	log f(k) = δ(n) - δ(k) - δ(n-k) - bd0(k, np) - bd0(n-k, nq) + ½·log(n/(2πk(n-k))),
//
// the bd0 from d = k - np = j - (np - m), so the log-ratio's error is a few
// ulps of numbers of size 1 to 50 at every n, where a difference of lgammas
// of size 1e20 keeps no digit.

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Binomial is the binomial distribution: the number of successes in N
// independent trials of success probability P. N = 0 or P = 0 gives 0, P =
// 1 gives N.
type Binomial struct {
	N int64
	P float64
}

// binomialSwitch is the least n·min(p, 1-p) drawn by BTRS (the paper's
// domain is from 10); below it, inversion.
const binomialSwitch = 30

func (d Binomial) check() {
	if d.N < 0 {
		bad("Binomial", "N", strconv.FormatInt(d.N, 10), ">= 0")
	}
	probability("Binomial", "P", d.P, false)
}

// Rand returns a binomial variate: one word below n·min(p, 1-p) = 30
// (inversion), two per try of BTRS above (2.3 to 2.6 words per value).
// Below 30, once a program has made a few hundred calls on one N and P, its
// calls draw from a table of the CDF kept for them, as Poisson's do.
func (d Binomial) Rand(src rand.Source) int64 {
	if !(d.N >= 0 && d.P >= 0 && d.P <= 1) { // check's test, written in
		d.check()
	}
	w := perCall(src)
	p, flip := d.P, d.P > 0.5
	if flip {
		p = 1 - d.P
	}
	var k int64
	if float64(d.N)*p < binomialSwitch {
		u := w.next()
		if e := binomialTables.get(d.N, p); e != nil {
			k = e.t.draw(u)
		} else {
			binomialTables.miss(d.N, p)
			k = binomialWalk(open01(u), d.N, p)
		}
	} else {
		var s btrs
		k, _, _ = s.once(&w, d.N, float64(d.N), p, false)
	}
	if flip {
		return d.N - k
	}
	return k
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Binomial) Fill(src rand.Source, dst []int64) {
	d.check()
	p, flip := d.P, d.P > 0.5
	if flip {
		p = 1 - d.P
	}
	if float64(d.N)*p < binomialSwitch {
		var t invTable
		t.binomial(d.N, p)
		w := open(src)
		defer w.done()
		if flip {
			t.fill(&w, dst, d.N, -1)
		} else {
			t.fill(&w, dst, 0, 1)
		}
		return
	}
	var s btrs
	s.init(d.N, p)
	w := open(src)
	defer w.done()
	s.fill(&w, dst)
	if flip {
		for i, k := range dst {
			dst[i] = d.N - k
		}
	}
}

// binomialTerm returns f(k) from f = f(k-1), r = p/(1-p): the one step of
// the CDF that binomialWalk and invTable.binomial both take.
func binomialTerm(f float64, n, k int64, r float64) float64 {
	return float64(f * float64(float64(float64(n-k+1)*r)*invK(k)))
}

// binomialF0 and binomialRatio are f(0) = (1-p)^n and r = p/(1-p).
func binomialF0(n int64, p float64) float64 { return exp(float64(n) * log1p(-p)) }
func binomialRatio(p float64) float64       { return p / (1 - p) }

// binomialWalk returns the least k < K with u < F(k), else K, where K is n
// or the first k whose term no longer moves the sum, whichever is less: the
// value inversion gives for uniform u. As poissonWalk, it sums the first
// k0 terms with no branch on u and walks with the early exit only if u >=
// F(k0) (probability under 0.5%).
func binomialWalk(u float64, n int64, p float64) int64 {
	np := float64(float64(n) * p)
	k0 := min(n, int64(np+float64(2.5*math.Sqrt(np))+4))
	f := binomialF0(n, p)
	r := binomialRatio(p)
	c := f
	m := int64(0)
	for k := int64(1); k <= k0; k++ {
		m += int64(discFlag(u >= c))
		f = binomialTerm(f, n, k, r)
		c += f
	}
	if u < c {
		return m
	}
	return binomialSearch(u, n, p)
}

// binomialSearch is binomialWalk one term at a time, stopping at the answer.
func binomialSearch(u float64, n int64, p float64) int64 {
	f := binomialF0(n, p)
	r := binomialRatio(p)
	c := f
	k := int64(0)
	for u >= c && k < n {
		k++
		f = binomialTerm(f, n, k, r)
		cn := c + f
		if cn == c {
			break
		}
		c = cn
	}
	return k
}

// binomial builds the table of binomialWalk(·, n, p).
func (t *invTable) binomial(n int64, p float64) {
	f := binomialF0(n, p)
	r := binomialRatio(p)
	c := f
	k := int64(0)
	for {
		t.cdf[k] = c
		if k == n {
			break
		}
		k++
		f = binomialTerm(f, n, k, r)
		cn := c + f
		if cn == c {
			break
		}
		c = cn
		if k == invLen-1 {
			panic("dist: internal error: Binomial inversion table overflow at N = " +
				strconv.FormatInt(n, 10) + ", P = " + fmtFloat(p))
		}
	}
	t.finish(k)
}

// btrs is the setup of BTRS for one n and p <= 1/2 with n·p >= 10 (30 in
// use), the same for Rand and Fill.
type btrs struct {
	n      int64
	p      float64
	np, nq float64
	m      int64   // ⌊(n+1)p⌋, the mode
	dm     float64 // np - m, exact
	cj     float64 // dm + 0.5: the paper's c = np + 0.5 less m
	b      float64
	twoA   float64
	a      float64
	spq    float64 // √(n·p·(1-p))
	alpha  float64 // set with em: only the acceptance test needs it
	vr     float64
	vrM    int64   // v <= vr if and only if v's integer my <= vrM: set by fill
	em     float64 // expo(m), NaN until the first acceptance test needs it
	mm     float64 // m·(n-m), set with em
	lo     int64   // k of memo[0]
}

// init sets s up for n and p (in place, as ptrs.init). It computes only
// what every try needs: a Multinomial draws a new n each time, so what
// the acceptance test alone needs (alpha, em, mm) waits for ratio, and the
// squeeze's integer bound vrM for fill's batches.
func (s *btrs) init(n int64, p float64) { s.initN(n, float64(n), p) }

// initN is init given fn = float64(n) (a Multinomial keeps its n as a
// float too, so that its next setup waits for no conversion).
func (s *btrs) initN(n int64, fn, p float64) {
	np, fm, spq, b, a, vr := btrsSetup(fn, p)
	s.set(n, fn, p, np, fm, spq, b, a, vr)
}

// btrsSetup is the setup's arithmetic for fn = float64(n) and p, in one
// place for initN and once: n·p, the mode m as a float, √(n·p·(1-p)), the
// paper's b and a, and the squeeze's bound vr.
func btrsSetup(fn, p float64) (np, fm, spq, b, a, vr float64) {
	np = float64(fn * p)
	// ⌊(n+1)p⌋ as the truncation: (n+1)p is in [0, 2^62] (no call, as
	// math.Floor makes on CPUs without SSE4.1, and no test for it).
	fm = float64(int64((fn + 1) * p))
	spq = math.Sqrt(np * (1 - p))
	b = float64(2.53*spq) + 1.15
	a = float64(0.0248*b) + float64(0.01*p) - 0.0873
	return np, fm, spq, b, a, 0.92 - 4.2/b
}

// set stores btrsSetup's values into s, with what derives from them.
func (s *btrs) set(n int64, fn, p, np, fm, spq, b, a, vr float64) {
	s.n = n
	s.p = p
	s.np = np
	s.nq = fn - np
	s.m = int64(fm)
	s.dm = np - fm // both >= 9 and within a factor 2: exact
	s.cj = s.dm + 0.5
	s.b = b
	s.a = a
	s.twoA = 2 * a
	s.spq = spq
	s.vr = vr
	s.em = math.NaN()
	setWindow(&s.lo, s.m, memoLen)
}

// once returns the values of initN(n, fn, p) then drawK(w, nil), k and
// its float kf, and n - k as a float too (exact for n <= 2^53, from n - m
// made while the setup computes, so that a Multinomial's next n waits for
// one subtraction after the floor): for a draw of a new n and p (Rand, a
// Multinomial's places). The setup stays in registers, stored into s only
// for a try that reaches the acceptance test, so the tries the squeeze
// takes (most) pay no stores and loads.
//
// With chained, the proposal's t is chainedT's, the same t to rounding:
// for a Multinomial's places after the first, each of whose n is the last
// place's result (see chainedT). Without, it is proposal's, as Binomial's
// Fill computes it.
func (s *btrs) once(w *words, n int64, fn, p float64, chained bool) (k int64, kf, rest float64) {
	np, fm, spq, b, a, vr := btrsSetup(fn, p)
	m := int64(fm)
	cj := (np - fm) + 0.5
	nm := fn - fm
	c0 := float64(0.01*p) - 0.0873 // a is 0.0248·b + c0, rounded otherwise
	stored := false
	for {
		x, ok := w.take()
		if !ok {
			x = w.refill()
		}
		y, ok := w.take()
		if !ok {
			y = w.refill()
		}
		u, us, mu := tryU(x)
		v := open01(y)
		var t float64
		if chained {
			t = chainedT(u, us, spq, c0, cj)
		} else {
			t = float64((a/float64(0.5*us)+b)*u) + cj
		}
		j := math.Floor(t)
		k = m + int64(j)
		if mu >= us007 && v <= vr {
			return k, fm + j, nm - j
		}
		if math.Abs(t) < 0x1p52 && uint64(k) <= uint64(n) {
			if !stored {
				s.set(n, fn, p, np, fm, spq, b, a, vr)
				stored = true
			}
			if s.accept(k, j, us, v, nil) {
				return k, fm + j, nm - j
			}
		}
	}
}

// chainedT returns the proposal's t = (2a/us + b)·u + c - m for the try of
// u and us, computed so that what depends on n waits least: a Multinomial
// place's n is the last place's count less, so its setup's latency (the
// product n·p, the square root spq, b and a, the division by us) adds up
// along a vector, where the words' part can be computed ahead. With r =
// 2u/us, a = 0.0248·b + c0 and b = 2.53·spq + 1.15 (Hörmann's constants),
// (2a/us + b)·u = a·r + b·u = spq·2.53·g + 1.15·g + c0·r for g = 0.0248·r
// + u, and only the last product and sum wait for spq (and cj, which is
// ready by then). It is the same t to rounding, so the same law; a
// proposal differs from proposal's only where t is within a few ulps of
// an integer.
func chainedT(u, us, spq, c0, cj float64) float64 {
	r := u / float64(0.5*us) // exact scaling: us >= 2^-53
	g := float64(0.0248*r) + u
	h := float64(1.15*g) + float64(c0*r)
	return float64(spq*float64(2.53*g)) + (h + cj)
}

// One try of BTRS from words x and y is, in draw and fill alike,
//
//	u, us, mu := tryU(x) // u = open01(x) - 1/2, us = 1/2 - |u|
//	my := int64(y >> 12) // v = open01(y) = (my + 1/2)/2^52
//	j, k, in := s.proposal(u, us)
//	sq := s.squeeze(us, my)
//	st := sq | (sq^1)&s.valid(in, k)<<1
//
// (st is tryAccept in the squeeze, tryTest for the acceptance test, 0 for
// a rejection), then accept(k, j, us, v) if st is tryTest: the arithmetic
// is in tryU, proposal, squeeze and valid, which inline and have no branch,
// and the comparisons of us and v are of their integers (draw compares v
// with vr, the same test). fill computes st in two steps, the squeeze for
// every try, valid for the others only (or a kernel all of it, and the
// acceptance test where p(k) is in the memo): the same states.

// proposal returns the proposal k = ⌊t⌋ for t = (2a/us + b)·u + c - m, as
// m + j with j = ⌊t - m⌋ (its float too, exact), and in = 1 if |t - m| <
// 2^52. For |t - m| >= 2^52 the try is rejected (see valid) and k and j
// are unused: the conversion's value is the platform's there. The floor is
// the truncation less 1 below a non-integer negative t: no branch and no
// call (math.Floor calls a function where the CPU lacks SSE4.1, which
// would spill a loop's registers).
func (s *btrs) proposal(u, us float64) (j float64, k int64, in uint8) {
	t := float64((s.twoA/us+s.b)*u) + s.cj
	i := int64(t)
	i -= int64(discFlag(float64(i) > t))
	return float64(i), s.m + i, discFlag(t > -0x1p52) & discFlag(t < 0x1p52)
}

// squeeze is 1 if the try is in the squeeze, us >= 0.07 and v <= vr:
// inside f(k)/f(m) wherever it applies, and k in [0, n] there for n·p >=
// 10 (the tests check the corners). It compares v's integer my with vrM
// (set by fill); draw compares v itself with vr, the same test (see
// open01Most), and needs no vrM.
func (s *btrs) squeeze(us float64, my int64) uint8 {
	return discFlag(us >= 0.07) & discFlag(my <= s.vrM)
}

// valid is 1 if the try may be accepted by the test: k in [0, n] and in
// (beyond, |k - np| > 2^52 - 1, where log f(k)/f(m) < -2^40 for every n <
// 2^63: the test would reject).
func (s *btrs) valid(in uint8, k int64) uint8 {
	return in & discFlag(uint64(k) <= uint64(s.n))
}

// accept is the acceptance test of a try in state tryTest: the paper's
// log(V·α/(a/us² + b)) <= log f(k)/f(m), without the logs or the
// division. memo is nil for Rand; a Fill's memo only saves computing the
// same ratio twice. Every memo entry was made by ratio, so alpha is set
// when passes runs on one; surely decides the test, where it does, as
// passes of ratio would.
func (s *btrs) accept(k int64, j, us, v float64, memo []float64) bool {
	i := k - s.lo
	inMemo := uint64(i) < uint64(len(memo))
	if inMemo && memo[i] != 0 {
		return s.passes(memo[i], us, v)
	}
	// Bounds on the ratio decide most tests without computing it (and,
	// in a draw's first test, expo(m)): see surely.
	switch s.surely(k, j, us, v) {
	case surelyAccepted:
		return true
	case surelyRejected:
		return false
	}
	r := s.ratio(k, j)
	if inMemo {
		memo[i] = r
	}
	return s.passes(r, us, v)
}

// passes is the acceptance test given r = f(k)/f(m), times us² (> 0) so
// that it needs no division.
func (s *btrs) passes(r, us, v float64) bool {
	us2 := us * us
	return float64(float64(v*s.alpha)*us2) <= float64(r*(s.a+float64(s.b*us2)))
}

// draw returns a variate by BTRS, one try at a time. memo is nil for Rand;
// a Fill's memo only saves computing the same value twice.
func (s *btrs) draw(w *words, memo []float64) int64 {
	k, _ := s.drawK(w, memo)
	return k
}

// drawK is draw returning k also as a float64, exact for n <= 2^53: m +
// ⌊t - m⌋ from the floats, with no conversion after the floor. Its
// proposal is proposal's, from the same floats: a/(us/2) is 2a/us (both
// scalings exact, us >= 2^-53), ⌊t⌋ as a float is the int64 proposal
// computes for |t| < 2^52, and beyond that the try is rejected.
func (s *btrs) drawK(w *words, memo []float64) (int64, float64) {
	for {
		x, ok := w.take()
		if !ok {
			x = w.refill()
		}
		y, ok := w.take()
		if !ok {
			y = w.refill()
		}
		u, us, mu := tryU(x)
		v := open01(y)
		t := float64((s.a/float64(0.5*us)+s.b)*u) + s.cj
		j := math.Floor(t)
		k := s.m + int64(j)
		in := discFlag(t > -0x1p52) & discFlag(t < 0x1p52)
		sq := discFlag(mu >= us007) & discFlag(v <= s.vr)
		st := sq | (sq^1)&s.valid(in, k)<<1
		if st&tryAccept != 0 || st&tryTest != 0 && s.accept(k, j, us, v, memo) {
			return k, float64(s.m) + j // m is fm, exact
		}
	}
}

// fill sets dst to successive draw values, a batch of tries at a time
// (see tryBatch).
func (s *btrs) fill(w *words, dst []int64) {
	s.vrM = open01Most(s.vr)
	s.setRatio()
	b := batchFor(memoKey{2, uint64(s.n), math.Float64bits(s.p)}, memoWindow(s.spq, len(dst)))
	setWindow(&s.lo, s.m, len(b.memo))
	q := tryParams{s.twoA, s.b, s.cj, s.a, s.alpha, 0, s.m, s.vrM, s.n, s.lo, int64(len(b.memo) - 1)}
	defer batches.Put(b)
	for len(dst) > 0 {
		// The tries whose words are at hand in w's buffer, the
		// keystream's next words once those are spent; with fewer than
		// two words at hand even then (always, for a plain Source), one
		// value by draw, whose words refill the buffer.
		nb := min(len(dst), tryBatchLen, (len(w.p)-w.k)/16)
		if nb == 0 && w.refresh() {
			nb = min(len(dst), tryBatchLen, (len(w.p)-w.k)/16)
		}
		if nb == 0 {
			dst[0] = s.draw(w, b.memo)
			dst = dst[1:]
			continue
		}
		p := w.p[w.k : w.k+16*nb]
		nt := s.propose(b, p, &q)
		w.k += 16 * nb
		s.test(b, p, nt)
		dst = dst[b.take(dst, nb):]
	}
}

// propose makes the tries of the words of p, two a try, into b and
// returns how many it leaves to test, listed in b.idx: the kernel in use
// makes the first (asmTries: it also decides most of those the squeeze
// does not take), the loop the rest (their k and whether the squeeze
// takes them). It is a function of its own, with no call in the loop, so
// that the loop's values stay in registers.
func (s *btrs) propose(b *tryBatch, p []byte, q *tryParams) int {
	t0, nt := asmTries(b, p, q)
	for t := t0; t < len(p)/16; t++ {
		x, y := le64(p, 16*t), le64(p, 16*t+8)
		u, us := tryUF(x)
		my := int64(y >> 12)
		_, k, _ := s.proposal(u, us)
		sq := s.squeeze(us, my)
		b.add(t, nt, k, sq)
		nt += int(sq ^ 1)
	}
	return nt
}

// test decides the first nt tries of b that the squeeze did not accept,
// made again from their words in p, as draw does: valid, then accept
// (with the memo's lookup inlined).
func (s *btrs) test(b *tryBatch, p []byte, nt int) {
	for q := range nt {
		t := int(b.idx[q])
		x, y := le64(p, 16*t), le64(p, 16*t+8)
		u, us, _ := tryU(x)
		_, k, in := s.proposal(u, us)
		if s.valid(in, k) == 0 {
			continue // b.st[t] is 0: rejected
		}
		v := open01(y)
		var r float64
		if i := k - s.lo; uint64(i) < uint64(len(b.memo)) {
			r = b.memo[i]
			if r == 0 {
				r = s.ratio(k, float64(k-s.m))
				b.memo[i] = r
			}
		} else {
			// Beyond the memo's window (16 standard deviations either
			// side of m but for n·p·(1-p) above 2^18 or a short Fill),
			// where a ratio would be computed for one test and dropped,
			// the bounds decide first: they cost less than the ratio.
			if d := s.surely(k, float64(k-s.m), us, v); d != surelyUndecided {
				b.k[t], b.st[t] = k, uint8(d&surelyAccepted) // no branch on the verdict
				continue
			}
			r = s.ratio(k, float64(k-s.m))
		}
		// k is propose's, but for a kernel's where |t - m| > 2^51
		// (asmProposals): the test's own k goes with its verdict.
		b.k[t], b.st[t] = k, discFlag(s.passes(r, us, v))
	}
}

// ratio returns f(k)/f(m) for k = m + j. With Loader's form,
//
//	f(k)/f(m) = exp(expo(m) - expo(k))·√(m(n-m)/(k(n-k))),
//	expo(k) = δ(k) + δ(n-k) + bd0(k, np) + bd0(n-k, nq),
//
// for 0 < k < n; f(0) and f(n) are (1-p)^n and p^n.
func (s *btrs) ratio(k int64, j float64) float64 {
	if math.IsNaN(s.em) {
		s.setRatio()
	}
	if k == 0 || k == s.n {
		// log f(m) = δ(n) - expo(m) + ½·log(n/(2π·m(n-m))).
		fn := float64(s.n)
		lm := stirlingErr(fn) - s.em + float64(0.5*log(fn/float64(2*math.Pi*s.mm)))
		lp := log1p(-s.p)
		if k != 0 {
			lp = log(s.p)
		}
		return exp(float64(fn*lp) - lm)
	}
	x, y := float64(k), float64(s.n-k)
	return exp(s.em-s.expo(k, j-s.dm)) * math.Sqrt(s.mm/float64(x*y))
}

// setRatio sets what ratio and the acceptance test need beyond init:
// expo(m), m·(n-m) and alpha.
func (s *btrs) setRatio() {
	s.em = s.expo(s.m, -s.dm)
	s.mm = float64(s.m) * float64(s.n-s.m)
	s.alpha = (2.83 + 5.1/s.b) * s.spq
}

// expo returns δ(k) + δ(n-k) + bd0(k, np) + bd0(n-k, nq) for 0 < k < n and
// d = k - np.
func (s *btrs) expo(k int64, d float64) float64 {
	return stirlingErr(float64(k)) + stirlingErr(float64(s.n-k)) +
		loaderBD0(s.np, d) + loaderBD0(s.nq, -d)
}
