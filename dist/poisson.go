package dist

// The Poisson law, by two methods, switched at Lambda = 30 (poissonSwitch):
//
// Below, inversion: the value is the least k with u < F(k), for one uniform
// u and the CDF F built term by term, p(k) = p(k-1)·(λ·(1/k)) from p(0) =
// exp(-λ). One word per value whatever λ, and Lambda = 0 (F(0) = 1) and a
// tiny Lambda (1e-6: F(0) = 0.999999) need no special case. Rand sums the
// first λ + 2.5√λ + 4 terms with no branch on u and counts the F(k) <= u
// (walking on only for the rare u beyond); Fill builds the same CDF once,
// term for term with the same operations, and finds k through a guide
// table (the index method of H. C. Chen and Y. Asau, "On generating random
// variates from an empirical distribution", AIIE Transactions 6(2), 1974):
// the top 8 bits of the word name the cell of u, the cell the least k it
// may hold, so k is found in one compare most of the time. Both give the
// least k with u < F(k) for the same F, so the same k. The walk stops where
// a term no longer moves the sum (F(k-1) + p(k) == F(k-1)): the mass left
// beyond it, under 2^-52, goes to that k. It was chosen over the
// multiplication method (numpy's random_poisson_mult: λ+1 words and
// products per value) because it reads one word per value and, in Fill,
// costs one lookup whatever λ.
//
// From 30 up, PTRS: W. Hörmann, "The transformed rejection method for
// generating Poisson random variables", Insurance: Mathematics and
// Economics 12(1), 1993, pp. 39-45. Transformed rejection with a squeeze:
// two words per try, 1.33 tries per value at λ = 10, 1.22 at 30 and 1.12
// for large λ, the squeeze (no function of k at all) taking 35% of the
// tries at 10, 55% at 30 and 80% for large λ. It is the method numpy uses
// for λ >= 10, chosen for the same reasons: a cost that does not grow with
// λ, a short setup, exact for every λ >= 10 the paper's constants cover.
// The switch is at 30, not the paper's 10, by measurement: between 10 and
// 30 the inversion's Rand is faster than PTRS's (whose squeeze takes little
// there) and its Fill several times faster.
//
// Huge λ. The proposal is written k = m + j, m = ⌊λ⌋ an exact int64 and j
// the float ⌊(2a/us + b)·U + (λ - m) + 0.43⌋ of modest size, so k keeps its
// low bits however large λ (a float k near 2^61 would be a multiple of 512).
// The acceptance test compares against p(k) in C. Loader's saddle-point
// form, "Fast and accurate computation of binomial probabilities", 2000:
//
//	log p(k) = -δ(k) - ½·log(2πk) - bd0(k, λ),  bd0(k, λ) = k·log(k/λ) + λ - k,
//
// with δ the remainder of Stirling's series (stirlingErr) and bd0 computed
// from d = k - λ = j - (λ - m) by a series with no cancellation (loaderBD0),
// so its error stays small relative to 1 at every size, where k·log λ -
// lgamma(k+1) loses everything above λ ≈ 1e15. The largest λ taken is 2^62
// (poissonMaxLambda): every k the test can accept (within 2^52 of λ) then
// fits an int64; above it Rand and Fill panic rather than return a wrong
// value.

import (
	"math"
	"math/rand/v2"
	"sync"
)

// Poisson is the Poisson distribution with mean Lambda: P(k) =
// Lambda^k·e^-Lambda/k!, k = 0, 1, 2, .... Lambda = 0 is allowed (the value
// is always 0); Lambda must be at most 2^62 (poissonMaxLambda).
type Poisson struct{ Lambda float64 }

const (
	// poissonSwitch is the least λ drawn by PTRS (the paper's constants
	// hold from 10); below it, inversion.
	poissonSwitch = 30
	// poissonMaxLambda is the largest λ taken: for λ <= 2^62 every k the
	// acceptance test can accept, |k - λ| < 2^52, is below 2^63.
	poissonMaxLambda = 0x1p62
)

func (d Poisson) check() {
	l := d.Lambda
	switch {
	case l >= 0 && l <= poissonMaxLambda:
	case l > poissonMaxLambda:
		bad("Poisson", "Lambda", fmtFloat(l), "<= "+fmtFloat(poissonMaxLambda))
	case l < 0:
		bad("Poisson", "Lambda", fmtFloat(l), ">= 0")
	default:
		bad("Poisson", "Lambda", fmtFloat(l), "in [0, "+fmtFloat(poissonMaxLambda)+"]")
	}
}

// Rand returns a Poisson variate: one word below Lambda = 30 (inversion),
// two per try of PTRS above (2.2 to 2.5 words per value). Once a program
// has made a few hundred calls on one Lambda, its calls take what they
// would compute each time from a cache kept for that Lambda (one for the
// program, which goroutines share safely): below 30 a table of the CDF,
// above it PTRS's setup and the probabilities its test needs. The values
// are the same, at less cost.
func (d Poisson) Rand(src rand.Source) int64 {
	if !(d.Lambda >= 0 && d.Lambda <= poissonMaxLambda) { // check's test, written in
		d.check()
	}
	if d.Lambda < poissonSwitch {
		u := src.Uint64()
		if e := poissonTables.get(0, d.Lambda); e != nil {
			return e.t.draw(u)
		}
		poissonTables.miss(0, d.Lambda)
		return poissonWalk(open01(u), d.Lambda)
	}
	if e := ptrsSetups.get(0, d.Lambda); e != nil {
		s := e.s
		if e.full {
			return s.drawSrc(src, e.memo[:])
		}
		return s.drawSrc(src, nil)
	}
	ptrsSetups.miss(0, d.Lambda)
	var s ptrs
	s.init(d.Lambda)
	return s.drawSrc(src, nil)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Poisson) Fill(src rand.Source, dst []int64) {
	d.check()
	if d.Lambda < poissonSwitch {
		var t invTable
		t.poisson(d.Lambda)
		w := open(src)
		defer w.done()
		t.fill(&w, dst, 0, 1)
		return
	}
	var s ptrs
	s.init(d.Lambda)
	w := open(src)
	defer w.done()
	s.fill(&w, dst)
}

// invK returns 1/k, from a table below 64 (the same IEEE quotient).
func invK(k int64) float64 {
	if uint64(k) < uint64(len(invKTab)) {
		return invKTab[k]
	}
	return 1 / float64(k)
}

var invKTab = func() (t [64]float64) {
	for k := 1; k < len(t); k++ {
		t[k] = 1 / float64(k)
	}
	return t
}()

// poissonTerm returns p(k) from p = p(k-1): the one step of the CDF that
// poissonWalk and invTable.poisson both take, so their sums are the same
// floats. The conversion keeps the product from fusing into the sum.
func poissonTerm(p, lam float64, k int64) float64 {
	return float64(p * float64(lam*invK(k)))
}

// poissonWalk returns the least k < K with u < F(k), else K, where K is the
// first k whose term no longer moves the sum (F(k-1) + p(k) == F(k-1)): the
// value inversion gives for uniform u.
//
// It sums the first k0 terms with no branch on u (k0 depends on λ only: a
// loop whose exit is predicted) and counts the F(k) <= u among them; that
// count is the answer if u < F(k0) (the F(k) past K, if k0 > K, all equal
// F(K-1)). Otherwise, with probability P(X > k0) (under 0.5% at every λ),
// poissonSearch walks from 0 with the early exit.
func poissonWalk(u, lam float64) int64 {
	k0 := int64(lam + float64(2.5*math.Sqrt(lam)) + 4)
	p := exp(-lam)
	c := p
	n := int64(0)
	for k := int64(1); k <= k0; k++ {
		n += int64(discFlag(u >= c))
		p = poissonTerm(p, lam, k)
		c += p
	}
	if u < c {
		return n
	}
	return poissonSearch(u, lam)
}

// poissonSearch is poissonWalk one term at a time, stopping at the answer.
func poissonSearch(u, lam float64) int64 {
	p := exp(-lam)
	c := p
	k := int64(0)
	for u >= c {
		k++
		p = poissonTerm(p, lam, k)
		cn := c + p
		if cn == c {
			break
		}
		c = cn
	}
	return k
}

// discFlag is 1 for true, 0 for false: a SETcc, no branch.
func discFlag(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// invTable is the CDF of an inversion walk, F(0), ..., F(K-1) and +Inf at
// K, the walk's last value, with a guide: guide[i] is the least k with F(k)
// > i/256. For u in [i/256, (i+1)/256) the least k with u < F(k) is then at
// least guide[i], so the search from there finds the walk's k.
type invTable struct {
	cdf   [invLen]float64
	guide [256]uint8
}

// invLen bounds the walks tabled: K < invLen. The walks of Poisson below 30
// and of Binomial below n·min(p, 1-p) = 30 stop by k = 90 (the tests sweep
// both); building a longer one panics.
const invLen = 128

// poisson builds the table of poissonWalk(·, lam).
func (t *invTable) poisson(lam float64) {
	p := exp(-lam)
	c := p
	k := int64(0)
	for {
		t.cdf[k] = c
		k++
		p = poissonTerm(p, lam, k)
		cn := c + p
		if cn == c {
			break
		}
		c = cn
		if k == invLen-1 {
			panic("dist: internal error: Poisson inversion table overflow at Lambda = " + fmtFloat(lam))
		}
	}
	t.finish(k)
}

// finish sets F(K) = +Inf and the guide.
func (t *invTable) finish(last int64) {
	t.cdf[last] = math.Inf(1)
	k := 0
	for i := range t.guide {
		// i/256 is exact; F(last) = +Inf ends the search.
		for !(t.cdf[k] > float64(i)*(1.0/256)) {
			k++
		}
		t.guide[i] = uint8(k)
	}
}

// fill sets dst[i] to off + sign·draw(x) for successive words x: the words
// at hand in w's buffer read with its offset in a local and no call, then
// one through next (which refills the buffer), and so on.
func (t *invTable) fill(w *words, dst []int64, off, sign int64) {
	for len(dst) > 0 {
		p, o := w.p, w.k
		n := min(len(dst), (len(p)-o)/8)
		if n == 0 {
			dst[0] = off + sign*t.draw(w.next())
			dst = dst[1:]
			continue
		}
		for i := range dst[:n] {
			dst[i] = off + sign*t.draw(le64(p, o))
			o += 8
		}
		w.k = o
		dst = dst[n:]
	}
}

// draw returns the least k with open01(x) < F(k).
func (t *invTable) draw(x uint64) int64 {
	u := open01(x)
	// The top 8 bits of x are those of u's 52: ⌊256u⌋.
	k := uint(t.guide[x>>56])
	for u >= t.cdf[k&(invLen-1)] {
		k++
	}
	return int64(k)
}

// The state of one try of PTRS or BTRS (bits): accepted by the squeeze, or
// to be decided by the acceptance test; neither is a rejection.
const (
	tryAccept = 1
	tryTest   = 2
)

// tryBatch holds up to tryBatchLen tries of a Fill: their k and states, and
// the list of those the squeeze did not accept (to be tested, or rejected).
//
// A Fill with r values still to make draws the next min(r, tryBatchLen)
// tries at once: each try gives at most one value, so all of them are
// tries the Rand calls would make too, and no word is drawn ahead. The
// squeeze decides most of them with no branch; the rest are listed, and
// only they are made again from their words (still at hand) to be judged
// (a quick rejection, k out of range, or the acceptance test), so the
// loop over every try does no more than the squeeze needs. The accepted k
// are then taken in order:
// the values of the Rand calls, with few mispredicted branches (about one
// try in four would otherwise mispredict the squeeze's). With a kernel in
// use (asmTries), the tries are made 8 at a time and those whose p(k) is
// already in the memo are judged there too, so that only the others are
// listed and made again.
type tryBatch struct {
	k    [tryBatchLen]int64
	st   [tryBatchLen]uint8
	idx  [tryBatchLen]uint8
	memo []float64 // at least the window a Fill of the law asks for (batchFor)
	key  memoKey   // the law whose p(k) memo holds
}

// batches keeps the tryBatch of recent Fills, so that a Fill with the
// parameters of an earlier one (a Monte Carlo filling slice after slice
// from one law) starts with the p(k) that one computed instead of
// computing them again: a Fill of 10^4 values computes some hundred. The
// memo's values are functions of the parameters and k only, so they are
// those the Fill would compute.
var batches = sync.Pool{New: func() any { return new(tryBatch) }}

// memoKey names a law by its parameters: PTRS's λ (law 1) or BTRS's n and
// p (law 2).
type memoKey struct {
	law  uint8
	a, b uint64
}

// batchFor returns a tryBatch from batches whose memo holds p(k) of the
// law key: that of an earlier Fill of the law if it has at least window
// values, else window values of nothing. The caller puts it back.
func batchFor(key memoKey, window int) *tryBatch {
	b := batches.Get().(*tryBatch)
	if b.key != key || len(b.memo) < window {
		if cap(b.memo) >= window {
			b.memo = b.memo[:window]
			clear(b.memo)
		} else {
			b.memo = make([]float64, window)
		}
		b.key = key
	}
	return b
}

const tryBatchLen = 128

// tryU returns, for the first word x of a try, u = open01(x) - 1/2, us =
// 1/2 - |u| and the integer mu with us = (mu + 1/2)/2^52: for m = x>>12,
// mu is m below 2^51 and 2^52 - 1 - m from there (m XOR 2^52-1). Every
// step is exact, so u and us are the floats open01(x) - 0.5 and 0.5 -
// math.Abs(u) are. The products are converted explicitly, as open01's, so
// that no caller's sum fuses with them (TestNoFusedMultiplyAdd).
func tryU(x uint64) (u, us float64, mu int64) {
	m := int64(x >> 12)
	mu = m ^ (-(m >> 51) & (1<<52 - 1))
	u = float64((float64(m-1<<51) + 0.5) * 0x1p-52)
	us = float64((float64(mu) + 0.5) * 0x1p-52)
	return u, us, mu
}

// tryUF returns tryU's u and us, us from u (0.5 - |u| is exact: u is a
// multiple of 2^-53 of modulus below 1/2), for the loops that compare us
// itself (us >= 0.07 is mu >= us007) and need no mu.
func tryUF(x uint64) (u, us float64) {
	u = float64((float64(int64(x>>12)-1<<51) + 0.5) * 0x1p-52)
	return u, 0.5 - math.Abs(u)
}

// open01Least returns the least m in [0, 2^52) with (m + 1/2)/2^52 >= c,
// and open01Most the greatest with (m + 1/2)/2^52 <= c, for c in [2^-52,
// 1): a comparison of open01's value with c is then one of its integer.
// X = c·2^52 is exact, and so is X - 1/2 (X is a multiple of its ulp <=
// 1/2), so m + 1/2 >= X is m >= ⌈X - 1/2⌉ and m + 1/2 <= X is m <= ⌊X -
// 1/2⌋.
func open01Least(c float64) int64 { return int64(math.Ceil(float64(c*0x1p52) - 0.5)) }

func open01Most(c float64) int64 { return int64(math.Floor(float64(c*0x1p52) - 0.5)) }

// us007 and us0013: us >= 0.07 if and only if its integer >= us007, us <
// 0.013 if and only if its integer < us0013.
var (
	us007  = open01Least(0.07)
	us0013 = open01Least(0.013)
)

// tryParams is what the kernels read of a PTRS or BTRS setup (asmTries):
// the proposal t = (twoA/us + b)·u + c, k = m + ⌊t⌋; the squeeze's bound
// vrM on v's integer; the quick rejection us < quick and v > us (PTRS's,
// quick = 0.013: the same test as tryU's integers; 0 for none); k valid
// if uint64(k) <= uint64(kmax); the acceptance test with a, b and alpha
// (PTRS's invAlpha) as passes computes it, for the p(k) at memo[k - lo].
type tryParams struct {
	twoA, b, c, a, alpha, quick float64
	m, vrM, kmax, lo, last      int64 // last: the memo's length less 1
}

// add records try t, with proposal k and squeeze flag sq, as the nt-th
// not accepted by the squeeze (kept only if sq is 0: nt then moves on).
func (b *tryBatch) add(t, nt int, k int64, sq uint8) {
	b.k[t], b.st[t] = k, sq
	b.idx[nt&(tryBatchLen-1)] = uint8(t)
}

// take writes the accepted k of the first nb tries, in order, to dst and
// returns how many: the kernel in use the first (asmTake), the loop the
// rest. The n-th accepted is try t >= n, so dst[n] is within the nb <=
// len(dst) values.
func (b *tryBatch) take(dst []int64, nb int) int {
	t0, n := asmTake(dst, b, nb)
	dst = dst[:nb]
	for t := t0; t < len(dst); t++ {
		dst[n] = b.k[t&(tryBatchLen-1)]
		n += int(b.st[t&(tryBatchLen-1)])
	}
	return n
}

// ptrs is the setup of PTRS for one λ >= 10 (30 in use), the same for Rand
// and Fill.
type ptrs struct {
	lam      float64
	m        int64   // ⌊λ⌋
	frac     float64 // λ - m, exact
	c        float64 // frac + 0.43: the paper's k = ⌊(2a/us + b)U + λ + 0.43⌋ less m
	b, twoA  float64
	a        float64
	invAlpha float64 // 0 until the acceptance test needs it (see accept)
	vr       float64
	vrM      int64 // v <= vr if and only if v's integer my <= vrM: set by fill
	lo       int64 // k of memo[0]
}

// init sets s up for lam (in place: a returned struct is copied through
// memory, which costs a Rand call more than the arithmetic). It computes
// only what every try needs: invAlpha waits for the first acceptance test
// and the squeeze's integer bound vrM for fill's batches.
func (s *ptrs) init(lam float64) {
	fm := math.Floor(lam)
	b := float64(2.53*math.Sqrt(lam)) + 0.931
	a := float64(0.02483*b) - 0.059
	s.lam = lam
	s.m = int64(fm)
	s.frac = lam - fm
	s.c = s.frac + 0.43
	s.b = b
	s.a = a
	s.twoA = 2 * a
	s.vr = 0.9277 - 3.6224/(b-2)
	setWindow(&s.lo, s.m, memoLen)
}

// A memo holds pmf values already computed, 0 for none yet (a value that
// underflowed to 0 is computed again: the same value), for the k of a
// window [m - len/2, m + len/2) around the mode: memoLen of them for Rand's
// cache (randcache.go) and a Multinomial's first place, memoWindow's number
// for a Fill, from memoLen to memoMax.
const (
	memoLen = 512
	memoMax = 1 << 14
)

// pmfMemo is a memo of memoLen values.
type pmfMemo [memoLen]float64

// memoWindow returns the length of the memo a Fill of n values asks for,
// for a law of standard deviation sd: the least power of 2 from memoLen
// that is at least 32·sd, or memoMax, or the least at least 4n, whichever
// is least. The tries that reach the acceptance test lie mostly in the
// hat's tails, which fall off as a Cauchy's: a window of 16 sd on either
// side holds all but a few percent of them (512 holds that for sd up to
// 16, as for Poisson(100) and Binomial(1000, 0.5)). memoMax (128 KiB)
// bounds the memory a Fill keeps, and 4n what a short Fill of a law not
// seen before clears.
func memoWindow(sd float64, n int) int {
	w := memoLen
	for w < memoMax && float64(w) < 32*sd && w < 4*n {
		w *= 2
	}
	return w
}

// setWindow sets lo, the k of a memo's first value, for a memo of n
// values around the mode m.
func setWindow(lo *int64, m int64, n int) { *lo = max(0, m-int64(n/2)) }

// One try of PTRS from words x and y is, in draw and fill alike,
//
//	u, us, mu := tryU(x) // u = open01(x) - 1/2, us = 1/2 - |u|
//	my := int64(y >> 12) // v = open01(y) = (my + 1/2)/2^52
//	j, k, in := s.proposal(u, us)
//	sq := s.squeeze(us, my)
//	st := sq | (sq^1)&s.valid(in, k, mu, my)<<1
//
// (st is tryAccept in the squeeze, tryTest for the acceptance test, 0 for
// a rejection), then accept(k, j, us, v) if st is tryTest: the arithmetic
// is in tryU, proposal, squeeze and valid, which inline and have no branch,
// and the comparisons of us and v are of their integers (draw compares v
// with vr, the same test). fill computes st in two steps, the squeeze for
// every try, valid for the others only (or a kernel all of it, and the
// acceptance test where p(k) is in the memo): the same states.

// proposal returns the proposal k = ⌊t⌋ for t = (2a/us + b)·u + λ + 0.43 - m, as
// m + j with j = ⌊t - m⌋ (its float too, exact), and in = 1 if |t - m| <
// 2^52. For |t - m| >= 2^52 the try is rejected (see valid) and k and j
// are unused: the conversion's value is the platform's there. The floor is
// the truncation less 1 below a non-integer negative t: no branch and no
// call (math.Floor calls a function where the CPU lacks SSE4.1, which
// would spill a loop's registers).
func (s *ptrs) proposal(u, us float64) (j float64, k int64, in uint8) {
	t := float64((s.twoA/us+s.b)*u) + s.c
	i := int64(t)
	i -= int64(discFlag(float64(i) > t))
	return float64(i), s.m + i, discFlag(t > -0x1p52) & discFlag(t < 0x1p52)
}

// squeeze is 1 if the try is in the squeeze, us >= 0.07 and v <= vr:
// inside the pmf wherever it applies, so k needs no test (|j| < 4b there,
// and k >= 0: the tests check λ = 10 and up). It compares v's integer my
// with vrM (set by fill); draw compares v itself with vr, the same test
// (see open01Most), and needs no vrM.
func (s *ptrs) squeeze(us float64, my int64) uint8 {
	return discFlag(us >= 0.07) & discFlag(my <= s.vrM)
}

// valid is 1 if the try may be accepted by the test: not in the paper's
// quick rejection below the hat's tails (us < 0.013 and v > us), k >= 0,
// and in (beyond, |k - λ| > 2^52 - 1, where log p(k) < -2^40 for every λ
// <= 2^62: the test would reject).
func (s *ptrs) valid(in uint8, k, mu, my int64) uint8 {
	quick := discFlag(mu < us0013) & discFlag(my > mu)
	return (quick ^ 1) & in & discFlag(k >= 0)
}

// accept is the acceptance test of a try in state tryTest: the paper's
// log(V·invAlpha/(a/us² + b)) <= log p(k), without the logs or the
// division. memo is nil for Rand; a Fill's memo only saves computing the
// same p(k) twice.
func (s *ptrs) accept(k int64, j, us, v float64, memo []float64) bool {
	if s.invAlpha == 0 {
		s.setInvAlpha()
	}
	var p float64
	if i := k - s.lo; uint64(i) < uint64(len(memo)) {
		p = memo[i]
		if p == 0 {
			p = s.pmf(k, j)
			memo[i] = p
		}
	} else {
		p = s.pmf(k, j)
	}
	return s.passes(p, us, v)
}

// setInvAlpha sets the paper's 1/α, which only the acceptance test needs
// (it is above 1, so 0 means not yet set).
func (s *ptrs) setInvAlpha() { s.invAlpha = 1.1239 + 1.1328/(s.b-3.4) }

// passes is the acceptance test given p = p(k), times us² (> 0) so that
// it needs no division.
func (s *ptrs) passes(p, us, v float64) bool {
	us2 := us * us
	return float64(float64(v*s.invAlpha)*us2) <= float64(p*(s.a+float64(s.b*us2)))
}

// drawSrc returns a variate by PTRS, one try at a time, two src.Uint64
// calls a try (as Gamma's Rand draws its tries). memo is nil, a Rand
// cache's, or a Fill's, which only saves computing the same value twice.
func (s *ptrs) drawSrc(src rand.Source, memo []float64) int64 {
	for {
		x, y := src.Uint64(), src.Uint64()
		u, us, mu := tryU(x)
		my := int64(y >> 12)
		v := open01(y)
		j, k, in := s.proposal(u, us)
		sq := discFlag(mu >= us007) & discFlag(v <= s.vr)
		st := sq | (sq^1)&s.valid(in, k, mu, my)<<1
		if st&tryAccept != 0 || st&tryTest != 0 && s.accept(k, j, us, v, memo) {
			return k
		}
	}
}

// fill sets dst to successive draw values, a batch of tries at a time
// (see tryBatch).
func (s *ptrs) fill(w *words, dst []int64) {
	s.vrM = open01Most(s.vr)
	s.setInvAlpha()
	b := batchFor(memoKey{1, math.Float64bits(s.lam), 0}, memoWindow(math.Sqrt(s.lam), len(dst)))
	setWindow(&s.lo, s.m, len(b.memo))
	q := tryParams{s.twoA, s.b, s.c, s.a, s.invAlpha, 0.013, s.m, s.vrM, math.MaxInt64, s.lo, int64(len(b.memo) - 1)}
	defer batches.Put(b)
	for len(dst) > 0 {
		// The tries whose words are at hand in w's buffer, the
		// keystream's next words once those are spent; with fewer than
		// two words at hand even then (always, for a plain Source), one
		// value by drawSrc, from the Source at w's position, whose words
		// refill the buffer.
		nb := min(len(dst), tryBatchLen, (len(w.p)-w.k)/16)
		if nb == 0 && w.refresh() {
			nb = min(len(dst), tryBatchLen, (len(w.p)-w.k)/16)
		}
		if nb == 0 {
			dst[0] = s.drawSrc(w.source(), b.memo)
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
func (s *ptrs) propose(b *tryBatch, p []byte, q *tryParams) int {
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
func (s *ptrs) test(b *tryBatch, p []byte, nt int) {
	for q := range nt {
		t := int(b.idx[q])
		x, y := le64(p, 16*t), le64(p, 16*t+8)
		u, us, mu := tryU(x)
		my := int64(y >> 12)
		_, k, in := s.proposal(u, us)
		if s.valid(in, k, mu, my) == 0 {
			continue // b.st[t] is 0: rejected
		}
		var r float64
		if i := k - s.lo; uint64(i) < uint64(len(b.memo)) {
			r = b.memo[i]
			if r == 0 {
				r = s.pmf(k, float64(k-s.m))
				b.memo[i] = r
			}
		} else {
			r = s.pmf(k, float64(k-s.m))
		}
		// k is propose's, but for a kernel's where |t - m| > 2^51
		// (asmProposals): the test's own k goes with its verdict.
		b.k[t], b.st[t] = k, discFlag(s.passes(r, us, open01(y)))
	}
}

// pmf returns p(k) for k = m + j: exp(-δ(k) - bd0(k, λ))/√(2πk), the
// square root in place of ½·log(2πk) (the same value, at less cost).
func (s *ptrs) pmf(k int64, j float64) float64 {
	if k == 0 {
		return exp(-s.lam)
	}
	x := float64(k)
	return exp(-stirlingErr(x)-loaderBD0(s.lam, j-s.frac)) / math.Sqrt(2*math.Pi*x)
}

// stirlingErr returns δ(k) = log k! - (k·log k - k + ½·log(2πk)), the
// remainder of Stirling's series, for an integer k >= 1: a table for k <=
// 15 (log k! less the leading terms to 22 digits, from mpmath), the series
// 1/(12k) - 1/(360k³) + 1/(1260k⁵) - 1/(1680k⁷) + 1/(1188k⁹) - 691/(360360k¹¹)
// above, with as many terms as keep the first omitted one below 3e-17
// (six terms from k = 16, two above 500).
//
// It is the Stirling-remainder form the Poisson and Binomial acceptance
// tests need for huge k (a difference of lgammas of size 1e20 has no digits
// left); xmath.go's lgamma does not give it.
func stirlingErr(k float64) float64 {
	if k <= 15 {
		return stirlingErrTab[int(k)]
	}
	r := 1 / k
	r2 := r * r
	const (
		s0 = 1.0 / 12
		s1 = 1.0 / 360
		s2 = 1.0 / 1260
		s3 = 1.0 / 1680
		s4 = 1.0 / 1188
		s5 = 691.0 / 360360
	)
	switch {
	case k > 500:
		return r * (s0 - float64(r2*s1))
	case k > 80:
		return r * (s0 - float64(r2*(s1-float64(r2*s2))))
	case k > 35:
		return r * (s0 - float64(r2*(s1-float64(r2*(s2-float64(r2*s3))))))
	}
	return r * (s0 - float64(r2*(s1-float64(r2*(s2-float64(r2*(s3-float64(r2*(s4-float64(r2*s5))))))))))
}

var stirlingErrTab = [16]float64{
	0,
	0.08106146679532725821967,
	0.04134069595540929409382,
	0.02767792568499833914879,
	0.02079067210376509311152,
	0.01664469118982119216319,
	0.01387612882307074799875,
	0.01189670994589177009506,
	0.01041126526197209649748,
	0.009255462182712732917729,
	0.008330563433362871256469,
	0.007573675487951840794972,
	0.006942840107209529865664,
	0.00640899418800420706844,
	0.005951370112758847735624,
	0.005554733551962801371039,
}

// invOdd[j] is 1/(2j+1).
var invOdd = func() (t [12]float64) {
	for j := range t {
		t[j] = 1 / float64(2*j+1)
	}
	return t
}()

// loaderBD0 returns bd0(x, mu) = x·log(x/mu) + mu - x for x = mu + d > 0,
// mu > 0, given d: the deviance term of the saddle-point pmf. Near mu
// (|d| < 0.1(x + mu)) it sums Loader's series in v = d/(x + mu),
//
//	bd0 = d·v + 2x·(v³/3 + v⁵/5 + ...),
//
// every term of one sign after the first and no cancellation, so the error
// is a few ulps of the result at any size of x and mu; farther out x·log(1
// + d/mu) - d is within a few ulps too (the result exceeds 0.002·x there).
func loaderBD0(mu, d float64) float64 {
	x := mu + d
	s := x + mu
	if math.Abs(d) < 0.1*s {
		v := d / s
		sum := float64(d * v)
		e := float64(2*x) * v
		v2 := v * v
		// |v| < 0.1: each term is below 1% of the one before, and
		// below half an ulp of the sum by the 9th (v^19/19 < 2^-60·v).
		for j := 1; j < len(invOdd); j++ {
			e = float64(e * v2)
			t := sum + float64(e*invOdd[j])
			if t == sum {
				break
			}
			sum = t
		}
		return sum
	}
	return float64(x*log1p(d/mu)) - d
}
