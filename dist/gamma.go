package dist

// The gamma sampler, shared by Gamma, ChiSquared, Beta and StudentsT.
//
// Shape >= 1: G. Marsaglia and W. W. Tsang, "A simple method for generating
// gamma variables", ACM Transactions on Mathematical Software 26(3),
// 363-372, 2000: d·v with v = (1 + c·x)³, x standard normal, d = shape -
// 1/3, c = 1/(3√d), accepted with the ratio of densities. One normal and
// one uniform per try and an acceptance rate above 95% at every shape: the
// fastest exact method known for shape >= 1, its cost not growing with the
// shape. The squeeze here is tighter than the paper's 1 - 0.0331·x⁴ (see
// mtGamma.accept), so the exact test with its two logs runs for about
// 1/(36d) of the tries instead of about 10% at every shape. A try is two
// words, four where its normal word misses the ziggurat's fast path (one
// attempt of its slow path from the next two, whose failure rejects the
// try: mtGamma.try), so that the Fill's kernels make every try of a block
// at once.
//
// Shape 1 and 1/2, exactly: Gamma(1) is the exponential and Gamma(1/2) is
// Z²/2 for Z standard normal, one ziggurat word each instead of Marsaglia
// and Tsang's two words and squeeze (or the boost's log and exp): these are
// ChiSquared(2) and ChiSquared(1), the Cauchy (StudentsT with Nu = 1) and
// Beta(1/2, 1/2). An exponential or normal of exactly 0 (the ziggurat's
// grid gives one with probability 2^-53; the laws have no atom there) is
// drawn again, so these values too are > 0, as Beta's ratio and StudentsT's
// h/G need.
//
// lmsMax <= shape < 1 (the boost): Gamma(a) = Gamma(a+1)·U^(1/a)
// (Marsaglia and Tsang, section 6), U^(1/a) = exp(-E/a) for E = -log U,
// an exponential deviate, drawn by the exponential ziggurat (one word, no
// log, but in its slow paths). E < r - log(2^-53) < 44.5, so U^(1/a) >
// e^(-44.5/lmsMax) and the values stay far above the subnormals in this
// branch. A try is three words, the gamma's two and E's, E taken with the
// try (boostTry), so that the Fill's kernel makes every try of a block at
// once, as for shapes above 1.
//
// shape < lmsMax: C. Liu, R. Martin and N. Syring, "Simulating from a gamma
// distribution with small shape parameter", Computational Statistics 32(3),
// 1767-1775, 2017. It samples z = -a·log X (whose law tends to Exp(1) as
// a -> 0) by rejection from a two-sided exponential envelope, so log X is
// had without forming X: for a = 0.001 about 47% of the mass lies below
// the least subnormal, those values are 0 in float64 as they must be, and
// every representable value keeps its precision (the boost's U^(1/a)
// underflows there, and loses the subnormals' precision before it does).
// Its acceptance rate tends to 1 as a -> 0 (0.91 at a = 0.1, 0.78 at
// 0.3), and it takes a log or an exp in most tries; the boost's Fill,
// whose kernels make a block of tries at once, is the faster down to
// shapes below 0.1 (BenchmarkLMSSwitch), so lmsMax is the least shape the
// boost can take.

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Gamma is the gamma distribution with shape Alpha and rate Beta: density
// Beta^Alpha x^(Alpha-1) exp(-Beta x) / Γ(Alpha) for x > 0, mean
// Alpha/Beta, variance Alpha/Beta² (the meaning of gonum's distuv.Gamma).
// Alpha and Beta must be finite and > 0.
//
// A value is the variate rounded to float64, within an ulp or two (and the
// relative precision of log X for small shapes, where |log X| is large): 0
// where it is below half the least subnormal (for Alpha = 0.001 about 47%
// of the mass), +Inf where it is above the greatest float64 (only where
// the mass lies there, as for Alpha = 1e300 with Beta = 1e-300).
type Gamma struct{ Alpha, Beta float64 }

func (d Gamma) check() {
	if !(okPositive(d.Alpha) && okPositive(d.Beta)) {
		d.fail()
	}
}

func (d Gamma) fail() {
	positive("Gamma", "Alpha", d.Alpha)
	positive("Gamma", "Beta", d.Beta)
}

// okPositive reports whether v is finite and > 0 (false for NaN): the
// inlined fast path of the checks, which call positive for the panic.
func okPositive(v float64) bool { return v > 0 && v <= math.MaxFloat64 }

// Rand returns a Gamma(Alpha, Beta) variate.
func (d Gamma) Rand(src rand.Source) float64 {
	// The common case first, its check folded into the choice of the
	// sampler (Alpha > 1 and finite, Beta finite and > 0), so that it pays
	// no call before its words: Marsaglia and Tsang's draw on the words of
	// the call, taken from src.Uint64 directly (a perCall words would
	// reach them through two more calls each), the same words in the same
	// order as draw's, so the same value. The loop is written in here,
	// where the sampler is set up, so that its fields stay in registers
	// (a call of a draw given the sampler measured 1.08x slower);
	// ChiSquared's Rand writes the same loop in: keep the two the same.
	if d.Alpha > 1 && d.Alpha <= math.MaxFloat64 && okPositive(d.Beta) {
		var m mtGamma
		m.init(d.Alpha)
		r := newGammaScale(d.Beta)
		for {
			xu, qu := src.Uint64(), src.Uint64() // try, written in
			x, fast := normalFast(xu)
			if !fast {
				var ok bool
				if x, ok = slowNormal(xu, x, src.Uint64(), src.Uint64()); !ok {
					continue
				}
			}
			y := float64(m.c * x)
			q := open01(qu)
			x2 := x * x // accept, inlined
			if m.c2*(x2*x2) < (1-q)*min(1, 1+y) || y > -1 && m.exact(y, q) {
				return r.of(m.value(y))
			}
		}
	}
	d.check()
	switch d.Alpha { // the common cases without the rest of the sampler
	case 1:
		return newGammaScale(d.Beta).of(expSrc(src))
	case 0.5:
		return newGammaScale(d.Beta).of(halfSrc(src))
	}
	return d.randOther(src)
}

// randOther is Rand for the other Alpha < 1, apart so that the common case
// keeps a small frame.
func (d Gamma) randOther(src rand.Source) float64 {
	var s gammaSampler
	s.init(d.Alpha, d.Beta)
	w := perCall(src)
	return s.draw(&w)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Gamma) Fill(src rand.Source, dst []float64) {
	d.check()
	s := newGammaSampler(d.Alpha, d.Beta)
	w := open(src)
	defer w.done()
	sc := (*tryScratch)(nil)
	if s.walks(len(dst)) {
		sc = new(tryScratch) // on the stack: zeroed once a Fill
	}
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.kind {
		case gammaMT:
			i = s.mt.fill(&w, c, s.scale, sc)
		case gammaExp:
			i = expUnitFill(&w, c, s.scale)
		case gammaHalf:
			i = halfUnitFill(&w, c, s.scale)
		case gammaBoost:
			i = s.boostFill(&w, c, sc)
		default:
			i = s.lmsFill(&w, c)
		}
		dst = dst[i:]
	}
}

// lmsMax is the shape below which the sampler uses Liu, Martin and
// Syring's method instead of the boost. It must stay >= 0.1 for the boost
// to keep its values in the normal range (see the top of this file).
const lmsMax = 0.1

type gammaKind uint8

const (
	gammaMT    gammaKind = iota // shape > 1: Marsaglia-Tsang
	gammaExp                    // shape 1: the exponential
	gammaHalf                   // shape 1/2: Z²/2
	gammaBoost                  // lmsMax <= shape < 1: Gamma(shape+1)·U^(1/shape)
	gammaLMS                    // shape < lmsMax: Liu-Martin-Syring
)

// gammaSampler draws Gamma(alpha, rate) variates (or the logs of
// Gamma(alpha, 1) ones). Rand builds one per call and Fill once, from the
// same parameters by the same operations, so both draw the same values.
type gammaSampler struct {
	kind  gammaKind
	alpha float64
	rate  float64
	scale gammaScale // of rate
	mt    mtGamma    // shape alpha (gammaMT) or alpha+1 (gammaBoost)
	inva  float64    // gammaBoost: 1/alpha

	// gammaLMS: the envelope of z = -alpha·log X is exp(-z) for z >= 0
	// and exp(-1 + λz) for z < 0, λ = 1/alpha - 1; nlr = -log P(z >= 0)
	// = log1p(1/(λe)). On the negative side log X = E/(λ·alpha) = E·k,
	// k = 1/(1-alpha), and alpha·log X = E·k2, k2 = alpha/(1-alpha).
	nlr, k, k2 float64
	logRate    float64 // gammaLMS: log(rate), for values below the normal range
}

// newGammaSampler returns the sampler of Gamma(alpha, rate) for finite
// alpha, rate > 0.
func newGammaSampler(alpha, rate float64) gammaSampler {
	var s gammaSampler
	s.init(alpha, rate)
	return s
}

// init makes s the sampler of Gamma(alpha, rate), in place.
func (s *gammaSampler) init(alpha, rate float64) {
	s.alpha, s.rate, s.scale = alpha, rate, newGammaScale(rate)
	switch {
	case alpha == 1:
		s.kind = gammaExp
	case alpha == 0.5:
		s.kind = gammaHalf
	case alpha > 1:
		s.kind = gammaMT
		s.mt.init(alpha)
	case alpha >= lmsMax:
		s.setBoost()
	default:
		s.setLMS()
	}
}

// setBoost and setLMS make s the boost or Liu-Martin-Syring sampler of
// its alpha < 1 and rate (apart for the benchmark that places lmsMax).
func (s *gammaSampler) setBoost() {
	s.kind = gammaBoost
	s.mt.init(s.alpha + 1)
	s.inva = 1 / s.alpha
}

func (s *gammaSampler) setLMS() {
	a := s.alpha
	s.kind = gammaLMS
	s.nlr = float64(log1p(a / ((1 - a) * math.E)))
	s.k = 1 / (1 - a)
	s.k2 = a / (1 - a)
	if s.rate != 1 {
		s.logRate = float64(log(s.rate))
	}
}

// gammaScale divides a Gamma(alpha, 1) value by the rate: it multiplies by
// the reciprocal where that is a normal number (mul; div = 1), so that the
// loops have no division (the two differ by at most an ulp, and not at all
// for a power of two such as ChiSquared's 1/2), else divides (div = rate,
// mul = 1), which keeps the values an overflowing or subnormal reciprocal
// would lose.
type gammaScale struct{ mul, div float64 }

func newGammaScale(rate float64) gammaScale {
	if rate == 1 { // 1/rate without its division's latency
		return gammaScale{1, 1}
	}
	if rate >= 0x1p-1021 && rate <= 0x1p1021 {
		return gammaScale{1 / rate, 1}
	}
	return gammaScale{1, rate}
}

// divide divides the values of v made with mul = 1 by div, where div is
// not 1 (then mul is 1).
func (r gammaScale) divide(v []float64) {
	if r.div != 1 {
		for i := range v {
			v[i] /= r.div
		}
	}
}

func (r gammaScale) of(x float64) float64 {
	if r.div == 1 {
		return x * r.mul
	}
	return x / r.div
}

// draw returns a Gamma(alpha, rate) variate.
func (s *gammaSampler) draw(w *words) float64 {
	switch s.kind {
	case gammaMT:
		return s.scale.of(s.mt.draw(w))
	case gammaExp:
		return s.scale.of(expUnit(w))
	case gammaHalf:
		return s.scale.of(halfUnit(w))
	case gammaBoost:
		return s.drawBoost(w)
	default:
		return s.drawLMS(w)
	}
}

func (s *gammaSampler) drawBoost(w *words) float64 {
	return s.scale.of(s.boost(w))
}

func (s *gammaSampler) drawLMS(w *words) float64 {
	_, lx, x := s.lms(w)
	if lx >= -708 { // x >= e^-708 > 2^-1022: x is normal
		return s.scale.of(x)
	}
	return exp(lx - s.logRate)
}

// unit returns a Gamma(alpha, 1) variate for the kinds but gammaLMS, whose
// values are normal numbers (the least nonzero ziggurat normal is above
// 1e-17, so Z²/2 is above 1e-34).
func (s *gammaSampler) unit(w *words) float64 {
	switch s.kind {
	case gammaMT:
		return s.mt.draw(w)
	case gammaExp:
		return expUnit(w)
	case gammaHalf:
		return halfUnit(w)
	}
	return s.boost(w)
}

// hasFast reports whether unitFast serves s: shape 1/2, 1, or above 1
// (below mtBig).
func (s *gammaSampler) hasFast() bool {
	return s.kind == gammaHalf || s.kind == gammaExp || s.kind == gammaMT && !s.mt.big
}

// unitFast returns unit's value where it takes the fast path from the
// words buffered in p at k (n = len(p) - 7), and the bytes of its words:
// Z²/2 of a normal word or the exponential of a word (one word; not 0,
// which halfUnit and expUnit draw again), or Marsaglia and Tsang's first
// try taken at once (two words, as mtGamma.run); else ok is false. For s
// with hasFast. Dirichlet's fillChunks writes it in: keep the two the same.
func (s *gammaSampler) unitFast(p []byte, k, n int) (g float64, used int, ok bool) {
	if k >= n {
		return 0, 0, false
	}
	switch s.kind {
	case gammaHalf:
		x, fast := normalFast(le64(p, k))
		return float64(0.5 * (x * x)), 8, fast && x != 0
	case gammaExp:
		e, fast := expFast(le64(p, k))
		return e, 8, fast && e != 0
	}
	if k+8 >= n {
		return 0, 0, false
	}
	m := &s.mt
	x, fast := normalFast(le64(p, k))
	y := float64(m.c * x)
	q := open01(le64(p, k+8))
	x2 := x * x
	return mtValue(m.d, false, y), 16, fast && m.c2*(x2*x2) < (1-q)*min(1, 1+y)
}

// logUnit returns log X for X ~ Gamma(alpha, 1): finite, or -Inf only
// where alpha·log X is below -alpha·MaxFloat64 (alpha below 1e-300 or so).
func (s *gammaSampler) logUnit(w *words) float64 {
	switch s.kind {
	case gammaMT:
		return log(s.mt.draw(w))
	case gammaExp:
		return log(expUnit(w))
	case gammaHalf:
		return log(halfUnit(w))
	case gammaBoost:
		g, e := s.boostParts(w)
		return float64(log(g)) + float64(-e*s.inva)
	default:
		_, lx := s.lmsQuick(w)
		return lx
	}
}

// boost returns a Gamma(alpha, 1) variate for lmsMax <= alpha < 1:
// Gamma(alpha+1)·exp(-E/alpha), exp(-E/alpha) > e^(-44.5/lmsMax).
func (s *gammaSampler) boost(w *words) float64 {
	g, e := s.boostParts(w)
	return float64(g * exp(float64(-e*s.inva)))
}

// boostParts returns the Gamma(alpha+1) variate and the exponential E of
// a boosted gamma: those of the first try taken (boostTry).
func (s *gammaSampler) boostParts(w *words) (g, e float64) {
	for {
		if g, e, ok := s.boostTry(w); ok {
			return g, e
		}
	}
}

// boostTry makes a try of a boosted gamma from the next triple of words:
// Marsaglia and Tsang's try of Gamma(alpha+1) from the first two (x's
// word and q's, as mtGamma.try) and the exponential E from the third,
// taken with it. Words off their ziggurat's fast path continue from the
// next triple: x's by slowNormal from its first two words, E's by
// expAttempt from its third; where an attempt fails the try is rejected.
// So every try is whole triples of words and the Fill's kernel makes
// every try of a block at once (boostWalk). It returns the try's value, E
// and whether it is taken. An attempt succeeds with the probability with
// which the ziggurat takes the word, and then gives its value, so given
// that the try is taken, x is a normal deviate and E an exponential one,
// independent of the value, as the boost needs.
func (s *gammaSampler) boostTry(w *words) (g, e float64, ok bool) {
	xu, qu, eu := w.next(), w.next(), w.next()
	x, fx := normalFast(xu)
	e, fe := expFast(eu)
	if !(fx && fe) {
		if x, e, ok = boostSlow(xu, x, fx, eu, e, fe, w.next(), w.next(), w.next()); !ok {
			return 0, 0, false
		}
	}
	g, ok = s.mt.test(x, open01(qu))
	return g, e, ok
}

// boostSlow continues a boosted try whose normal word xu (value x, fx
// whether it took the fast path) or exponential word eu (e, fe) misses its
// fast path, from the next triple's words a, b and c: x's by slowNormal
// from a and b, E's by expAttempt from c. It returns x and E and whether
// every attempt succeeded.
func boostSlow(xu uint64, x float64, fx bool, eu uint64, e float64, fe bool, a, b, c uint64) (float64, float64, bool) {
	okx, oke := true, true
	if !fx {
		x, okx = slowNormal(xu, x, a, b)
	}
	if !fe {
		e, oke = expAttempt(eu, e, c)
	}
	return x, e, okx && oke
}

// boostFill sets dst[i] = drawBoost(w) for successive i while the words
// of w's chunk last, and returns how many values it set. It takes a block
// of values at a time: their Gamma(alpha+1) draws and the boost's
// exponentials in turn first (boostRun: the same words in the same
// order), then U^(1/alpha) = exp(-E·(1/alpha)) over the block by the
// slice form of exp (its kernel where there is one), then the products
// and the rate (boostPowers): boost's operations, so its values.
//
// With a kernel (sc, the walk's scratch, not nil) the draws and
// exponentials come from boostWalk, a block of tries at a time, and those
// of the words it leaves (fewer than a group of tries before their end)
// from boostRun.
func (s *gammaSampler) boostFill(w *words, dst []float64, sc *tryScratch) int {
	var us [boostBlock]float64
	var bu [mtBlockLen]float64
	var l mtLanes
	if sc != nil {
		l = s.mt.lanes() // alpha+1 < 2: never mtBig
	}
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(us))]
		n := 0
		if sc != nil {
			n = boostWalk(w, b, us[:len(b)], &l, sc, &bu, &s.mt, func(i int) bool {
				g, e, ok := s.boostTry(w)
				sc.vals[i], bu[i] = g, e
				return ok
			})
		}
		if n < len(b) {
			n += s.boostRun(w, b[n:], us[n:len(b)], nil)
		}
		s.boostPowers(b[:n], us[:n])
		i += n
	}
	return i
}

// boostWalk sets gs[i] and us[i] to the Gamma(shape+1) draws and the
// exponentials of the boosted tries taken (m's, of l's shape in every
// lane), for successive i from the words of w's chunk (gs's memory or
// below it), a block of tries at a time, and returns how many it set: it
// stops where fewer than a group of the kernel's tries (or of values) is
// left, or after a try that drew past the chunk's words. As mtGamma.walk,
// for tries of triples: the kernel (asmBoostTries) makes every triple of
// the block as if its words took their ziggurats' fast paths, their
// exponentials into bu; the walk continues the tries whose words do not,
// in order, as boostTry does (boostWedges: the wedge tests from the next
// try's words, then the kernel's try is the try; by try(i) itself, which
// makes try i from w, as positioned at its words, and sets its draw and
// exponential, for a tail strip or at the block's end), and drops the
// tries whose words they drew; it decides the tries the squeeze leaves
// (decideMarked), and then the compaction kernel stores the draws and the
// exponentials of the tries kept, in order.
func boostWalk(w *words, gs, us []float64, l *mtLanes, sc *tryScratch, bu *[mtBlockLen]float64, m *mtGamma, try func(i int) bool) int {
	o := 0
	for {
		p, base, gen := w.p, w.k, w.gen
		n := min(len(gs)-o, (len(p)-base)/24, mtBlockLen)
		if n < 8 {
			return o
		}
		t := asmBoostTries(sc, bu, p[base:base+24*n], l) // a multiple of 8
		keep := allKept()
		var done [walkBlock / 64]uint64 // the tries try decided
		next, crossed := forSlowTries(sc, t, 1, func(i int) (int, bool) {
			at := base + 24*i
			if i+1 < t {
				if ok, made := boostWedges(p, at); made {
					return wedgeDrawn(&keep, i, 1, ok), false
				}
			}
			w.k = at
			ok := try(i) // from w
			return tryDrawn(w, gen, base, 24, i, 1, t, ok, &keep, &done)
		})
		decideMarked([2]*mtGamma{m, m}, sc, &keep, &done, t)
		// The compactions may write anything after the values kept, up
		// to gs[o+t-1] and us[o+t-1]: bytes below the words of the
		// block's try t, and in us.
		asmCompact(us[o:], bu[:], &keep, t)
		o += asmCompact(gs[o:], sc.vals[:], &keep, t)
		if crossed {
			return o
		}
		w.k = base + 24*max(next, t)
	}
}

// boostWedges makes the wedge tests of the words off their fast paths of
// the try at byte at of p, as boostSlow would from the next try's words
// (the heights' uniforms its first and third words), and returns whether
// all passed, and whether it made them: not where a word is in its
// ziggurat's tail strip, whose test needs more words (the try's own code
// makes it).
func boostWedges(p []byte, at int) (ok uint64, made bool) {
	xu, eu := le64(p, at), le64(p, at+16)
	x, fx := normalFast(xu)
	e, fe := expFast(eu)
	if !(fx || xu&0xFF != 0) || !(fe || eu&0xFF != 0) {
		return 0, false
	}
	ok = 1
	if !fx {
		ok &= b2u(normalWedge(xu, x, le64(p, at+24)))
	}
	if !fe {
		ok &= b2u(expWedge(eu, e, le64(p, at+40)))
	}
	return ok, true
}

// boostWords sets gs[i] and us[i] to boostParts' draw and exponential, and
// zs[i] first to a standard normal drawn before them where zs is not nil
// (StudentsT's Z), for successive i while the words of w's chunk last (up
// to a value that draws past them, where the Fill starts a new chunk: see
// rechunk), and returns how many it set. The first try comes from three
// buffered words where they are at hand, on their fast paths, and the
// squeeze takes the try (alpha+1 < mtBig), else from boostParts.
func (s *gammaSampler) boostWords(w *words, gs, us, zs []float64) int {
	m := &s.mt
	c, c2, d := m.c, m.c2, m.d
	n, was := 0, w.peeked
	for ; n < len(gs) && !w.spent() && w.peeked == was; n++ {
		if zs != nil {
			zs[n] = stdNormal(w)
		}
		if k := w.k; k+16 < w.n {
			x, fx := normalFast(le64(w.p, k))
			e, fe := expFast(le64(w.p, k+16))
			y := float64(c * x)
			q := open01(le64(w.p, k+8))
			x2 := x * x
			if fx && fe && c2*(x2*x2) < (1-q)*min(1, 1+y) {
				gs[n], us[n] = mtValue(d, false, y), e
				w.k = k + 24
				continue
			}
		}
		gs[n], us[n] = s.boostParts(w)
	}
	return n
}

// boostRun is boostWords with the values taken at once made a group at a
// time by a kernel (asmBoostRun, or asmBoostRunZ with zs) up to the first
// that is not, which boostWords then draws.
func (s *gammaSampler) boostRun(w *words, gs, us, zs []float64) int {
	if !haveKernels() || len(gs) < boostRunMin {
		return s.boostWords(w, gs, us, zs)
	}
	l := s.mt.lanes()
	n, was := 0, w.peeked
	for n < len(gs) && !w.spent() && w.peeked == was {
		var j int
		if zs == nil {
			j = asmBoostRun(gs[n:], us[n:], w.p[w.k:], &l)
			w.k += 24 * j
		} else {
			j = asmBoostRunZ(zs[n:], gs[n:], us[n:], w.p[w.k:], &l)
			w.k += 32 * j
		}
		if n += j; n < len(gs) {
			var z []float64
			if zs != nil {
				z = zs[n : n+1]
			}
			n += s.boostWords(w, gs[n:n+1], us[n:n+1], z)
		}
	}
	return n
}

// boostRunMin is the fewest values for which boostRun calls its kernel.
const boostRunMin = 16

// unitParts returns unit(w) for a gamma that is not boosted (e is 0), or
// for a boosted one boostParts' draw and exponential, which boostPowers
// makes its value: from buffered words where the fast paths take them
// (unitFast; boostWords' first try, written out: its call would not
// inline, and a Beta of two boosted gammas would pay it twice a value),
// else by the draws. For shapes of at least lmsMax.
func (s *gammaSampler) unitParts(w *words) (g, e float64) {
	if s.kind != gammaBoost {
		if s.hasFast() {
			if g, used, ok := s.unitFast(w.p, w.k, w.n); ok {
				w.k += used
				return g, 0
			}
		}
		return s.unit(w), 0
	}
	m := &s.mt
	if k := w.k; k+16 < w.n {
		x, fx := normalFast(le64(w.p, k))
		e, fe := expFast(le64(w.p, k+16))
		y := float64(m.c * x)
		q := open01(le64(w.p, k+8))
		x2 := x * x
		if fx && fe && m.c2*(x2*x2) < (1-q)*min(1, 1+y) {
			w.k = k + 24
			return mtValue(m.d, false, y), e
		}
	}
	return s.boostParts(w)
}

// unitLogs sets gs[i] to logUnit's value from unitParts' g = gs[i] and e
// = us[i]: log g, and for a boosted gamma log g - e·(1/alpha), by the
// slice form of log (the scalar's bits). For shapes of at least lmsMax.
func (s *gammaSampler) unitLogs(gs, us []float64) {
	logAll(gs)
	if s.kind == gammaBoost {
		for j, e := range us {
			gs[j] += float64(-e * s.inva)
		}
	}
}

// boostPowers sets gs[i] to boost's value from the draw gs[i] and the
// exponential us[i] (us is overwritten): gs[i]·exp(-us[i]·(1/alpha)), at
// s's rate (for Beta's and StudentsT's gammas, of rate 1, a product by 1,
// exact).
func (s *gammaSampler) boostPowers(gs, us []float64) {
	ninva, r := -s.inva, s.scale // in registers: the stores could alias s
	for j, e := range us {
		us[j] = float64(e * ninva) // -(e/alpha): a product's sign is exact
	}
	expAll(us)
	gs = gs[:len(us)]
	if r.div != 1 {
		for j, e := range us {
			gs[j] = r.of(float64(gs[j] * e))
		}
		return
	}
	for j, e := range us {
		gs[j] = float64(gs[j]*e) * r.mul // r.of, its branch outside the loop
	}
}

// boostBlock is the most values boostFill draws before their powers.
const boostBlock = 256

// lms returns, for X ~ Gamma(alpha, 1) with alpha < 1 (Liu, Martin and
// Syring), sl = alpha·log X, lx = log X and x = exp(lx) (0 where lx is
// below the subnormals).
//
// z = -alpha·log X has density h(z) = exp(-z - exp(-z/alpha))/Γ(alpha+1)
// on the real line. The envelope is exp(-z) for z >= 0 (h/η = exp(-x)) and
// exp(-1 + λz) for z < 0 (h/η = exp(1 + log X - x), since 1 + λ =
// 1/alpha). Of z >= 0, z = E - nlr given E >= nlr is Exp(1) by the lack of
// memory of the exponential, so one E both picks the side and gives z. The
// acceptance tests take q uniform in (0, 1) as 1 - V, V the uniform of the
// test (1 - q is exact): exp(t) >= 1 + t and exp(t) <= 1 + t + t²/2 for
// t <= 0 decide all but a sliver of the tries without a log.
func (s *gammaSampler) lms(w *words) (sl, lx, x float64) {
	for {
		e := float64(stdExp(w))
		if e >= s.nlr {
			sl = s.nlr - e // -z <= 0
			lx = sl / s.alpha
			x = float64(exp(lx))
			// Accept with probability exp(-x): V < exp(-x).
			q := open01(w.next())
			if q > x {
				return sl, lx, x
			}
			if q >= x-float64(0.5*x*x) && -log(1-q) > x {
				return sl, lx, x
			}
			continue
		}
		ee := stdExp(w)
		sl = float64(ee * s.k2)
		lx = float64(ee * s.k)
		x = float64(exp(lx))
		// Accept with probability exp(y), y = 1 + lx - x <= 0.
		y := (1 + lx) - x
		q := open01(w.next())
		if q > -y {
			return sl, lx, x
		}
		if q >= -y-float64(0.5*y*y) && log(1-q) < y {
			return sl, lx, x
		}
	}
}

// lmsFill sets dst[i] = drawLMS(w) for successive i while the words of
// w's chunk last, and returns how many values it set. It takes a block of
// values at a time: their logs first (lmsLogs), then exp over the block by
// expAll (its kernel where there is one), which gives lms's x = exp(lx),
// and then drawLMS's value from x or, below the normal range, from lx.
func (s *gammaSampler) lmsFill(w *words, dst []float64) int {
	var ls [lmsBlock]float64
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(ls))]
		n := s.lmsLogs(w, ls[:len(b)], nil)
		b = b[:n]
		copy(b, ls[:n])
		expAll(b)
		if s.rate != 1 {
			for j, lx := range ls[:n] {
				if lx >= -708 {
					b[j] = s.scale.of(b[j])
				} else {
					b[j] = exp(lx - s.logRate)
				}
			}
		}
		// With rate 1 drawLMS's value is x itself: scale.of(x) = x·1,
		// and exp(lx - logRate) = exp(lx) with logRate 0.
		i += n
	}
	return i
}

// lmsBlock is the most values lmsFill draws before their exps.
const lmsBlock = 256

// lmsLogs sets ls[i] to lmsQuick's lx, and ss[i] to its sl where ss is not
// nil, for successive i while the words of w's chunk last (up to a value
// that draws past them: see rechunk), and returns how many it set.
// lmsQuick's sure path is written out (keep the two the
// same), with the words' offset in a local, so that the values it takes
// (most) pay no call.
func (s *gammaSampler) lmsLogs(w *words, ls, ss []float64) int {
	nlr, alpha := s.nlr, s.alpha
	p, k, end := w.p, w.k, w.n-16
	n, was := 0, w.peeked
	for n < len(ls) {
		if k < end {
			if e, fast := expFast(le64(p, k)); fast && e >= nlr {
				sl := nlr - float64(e)
				lx := sl / alpha
				if lx < lmsLogLow[le64(p, k+8)>>56] {
					ls[n] = lx
					if ss != nil {
						ss[n] = sl
					}
					n++
					k += 16
					continue
				}
			}
		}
		w.k = k
		if w.spent() {
			return n
		}
		sl, lx := s.lmsQuick(w)
		ls[n] = lx
		if ss != nil {
			ss[n] = sl
		}
		n++
		if w.peeked != was {
			return n // drew past the chunk's words: see rechunk
		}
		p, k, end = w.p, w.k, w.n-16
	}
	w.k = k
	return n
}

// lmsQuick returns lms's sl and lx, from the same words. A try whose
// exponential words take the ziggurat's fast path is decided here from
// the words buffered: on the side z >= 0 (all but about alpha/e of the
// tries) taken at once where its lx is surely below log q (lmsLogLow),
// without its exp, as lms would take it (x = exp(lx) < q); else, on either
// side, by lms's tests (taken, or rejected and the next try made here).
// A try with a word off the fast path, or beyond the words buffered, is
// left to lms, from its first word, so the same words give the same
// decisions.
func (s *gammaSampler) lmsQuick(w *words) (sl, lx float64) {
	for {
		k := w.k
		if k+16 >= w.n {
			break
		}
		e, fast := expFast(le64(w.p, k))
		if !fast {
			break
		}
		if e >= s.nlr {
			sl = s.nlr - float64(e) // e is a product: lms's rounding, no fusion
			lx = sl / s.alpha
			u := le64(w.p, k+8)
			if lx < lmsLogLow[u>>56] {
				w.k = k + 16
				return sl, lx
			}
			q := open01(u)
			x := float64(exp(lx))
			if q > x || q >= x-float64(0.5*x*x) && -log(1-q) > x {
				w.k = k + 16
				return sl, lx
			}
			w.k = k + 16 // rejected: the next try
			continue
		}
		ee, fast := expFast(le64(w.p, k+8))
		if !fast {
			break
		}
		sl = float64(ee * s.k2)
		lx = float64(ee * s.k)
		x := float64(exp(lx))
		y := (1 + lx) - x
		q := open01(le64(w.p, k+16))
		if q > -y || q >= -y-float64(0.5*y*y) && log(1-q) < y {
			w.k = k + 24
			return sl, lx
		}
		w.k = k + 24 // rejected: the next try
	}
	sl, lx, _ = s.lms(w)
	return sl, lx
}

// lmsLogLow[i] is a lower bound on log q for q = open01(u) of every word u
// whose top byte is i: q > i/256, and log(i/256) (within an ulp) less
// 2^-30, -Inf for i = 0. So where lx < lmsLogLow[u>>56], exp(lx) < q as
// exp computes it (within an ulp): lms's x < q, which takes the try.
var lmsLogLow = func() (t [256]float64) {
	t[0] = math.Inf(-1)
	for i := 1; i < len(t); i++ {
		t[i] = log(float64(i)/256) - 0x1p-30
	}
	return t
}()

// mtGamma is Marsaglia and Tsang's sampler of Gamma(shape, 1), shape >= 1.
type mtGamma struct {
	d, c float64 // shape - 1/3 and 1/(3√d)
	c2   float64 // c²/12, the squeeze's coefficient
	d3   float64 // 3d
	big  bool    // d >= mtBig: value forms d + d·((1+y)³ - 1)
}

// mtLanes holds the parameters of the kernels' tries (asmMTTries), lane
// by lane: tries of one shape (Gamma) or of two in turn (Beta's X and Y).
type mtLanes struct{ c, c2, d [8]float64 }

// lanes returns m's parameters in every lane.
func (m *mtGamma) lanes() mtLanes {
	var l mtLanes
	for t := range 8 {
		l.c[t], l.c2[t], l.d[t] = m.c, m.c2, m.d
	}
	return l
}

// pairLanes returns a's parameters in the even lanes and b's in the odd
// ones: Beta's X and Y in turn.
func pairLanes(a, b *mtGamma) mtLanes {
	l := a.lanes()
	for t := 1; t < 8; t += 2 {
		l.c[t], l.c2[t], l.d[t] = b.c, b.c2, b.d
	}
	return l
}

// mtBig is the d from which value computes d·(1+y)³ as d + d·w, w =
// y(3 + y(3 + y)): |y| is then below 0.01 (but with probability below
// 1e-18), so 1 + w >= 0.97 and nothing cancels, while 1 + y would round y
// to the ulp of 1, about 2^-53/|y| of it, which shows in the value once
// the law's spread d·3|y| nears the value's ulp (d above 1e20 or so).
// Below mtBig, y is large and (1+y)³ rounds to within 2 ulps.
const mtBig = 0x1p20

// init makes m the sampler of Gamma(shape, 1), in place (a returned
// struct costs a Rand call more than its arithmetic).
func (m *mtGamma) init(shape float64) {
	d := float64(shape) - 1.0/3 // shape may be a caller's product (K/2): no fusion
	m.d = d
	// c²/12 = 1/(108d), computed from d beside the square root rather
	// than after it (the setup is most of a Rand call's latency).
	m.c2 = 1 / (108 * d)
	m.d3 = 3 * d
	m.big = d >= mtBig
	// d+0 is d (d > 0), in a register zeroed first. SQRTSD writes only
	// the low half of its destination, so it waits for that register's
	// last writer; Go's compiler does not zero it (golang/go PR 80576),
	// and within a Rand call that writer was the last call's value,
	// which chained the calls. As compiled, the sum gives the square
	// root a register of its own to read and write.
	m.c = 1 / (3 * math.Sqrt(d+0))
}

// value returns d·(1+y)³, the try's value.
func (m *mtGamma) value(y float64) float64 { return mtValue(m.d, m.big, y) }

func mtValue(d float64, big bool, y float64) float64 {
	if big {
		w := y * (3 + float64(y*(3+y)))
		return d + float64(d*w)
	}
	v := 1 + y
	return float64(d * (v * v * v))
}

// draw returns a Gamma(shape, 1) variate, the value of the first try taken
// (try): a normal number, d·(1+y)³ >= d·2^-159 (1 + y > 0 is at least
// 2^-53).
func (m *mtGamma) draw(w *words) float64 {
	for {
		if g, ok := m.try(w); ok {
			return g
		}
	}
}

// try makes a try from the next pair of words, the normal x's and the
// uniform q's, and returns its value and whether it is taken. A normal
// word off the ziggurat's fast path continues from the next pair
// (slowNormal), so that every try is whole pairs of words: the kernels
// then make every try of a block at once (walk).
func (m *mtGamma) try(w *words) (float64, bool) {
	xu, qu := w.next(), w.next()
	x, fast := normalFast(xu)
	if !fast {
		var ok bool
		if x, ok = slowNormal(xu, x, w.next(), w.next()); !ok {
			return 0, false
		}
	}
	return m.test(x, open01(qu))
}

// test returns the value of the try of normal x and uniform q and whether
// it is taken.
func (m *mtGamma) test(x, q float64) (float64, bool) {
	y := float64(m.c * x)
	if y > -1 && m.accept(x, y, q) {
		return m.value(y), true
	}
	return 0, false
}

// slowNormal continues a try whose normal word u (value x) misses the
// fast path, from the next pair of words a and b: one attempt of the slow
// path, the wedge test of u's strip with a the height's uniform
// (normalWedge), or for the tail strip the tail's test with both
// (normalTail). It returns the normal and whether the attempt succeeded;
// where it fails the try is rejected. An attempt succeeds with the
// probability with which normalSlow takes the word, and then gives the
// value normalSlow would, so the normal of a try that is not rejected is
// a normal deviate, and a failure only costs words.
func slowNormal(u uint64, x float64, a, b uint64) (float64, bool) {
	if u&0xFF == 0 {
		return normalTail(u, a, b)
	}
	return x, normalWedge(u, x, a)
}

// accept reports whether the try of normal x, y = c·x > -1 and uniform q
// is taken. With d·c² = 1/9 the log of the ratio of densities, x²/2 +
// d(1 - v + log v), is 3d·R(y) with R(y) = log(1+y) - y + y²/2 - y³/3, and
// R'(y) = -y³/(1+y), so R(y) >= -y⁴/4 for y >= 0 and R(y) >= -y⁴/(4(1+y))
// for y < 0. With exp(t) >= 1 + t the try is taken at once if (3d/4)·y⁴ =
// (c²/12)·x⁴ < (1-q)·min(1, 1+y), which fails with probability about
// 1/(36d); the rest take the exact test, log q < 3d·R(y). (Written without
// a branch on the sign of y, which would be mispredicted half the time.)
// The Fill loop (fill) inlines the squeeze: keep the two the same.
func (m *mtGamma) accept(x, y, q float64) bool {
	x2 := x * x
	return m.c2*(x2*x2) < (1-q)*min(1, 1+y) || m.exact(y, q)
}

// exact is Marsaglia and Tsang's exact test, log q < 3d·R(y), R computed
// with log1p (its terms cancel less than those of 1 - v + log v). Most
// tries that reach it (all but 8-13% at shapes 1.5 to 2, fewer above) are
// decided by bounds without the logs (decide).
func (m *mtGamma) exact(y, q float64) bool {
	if sure, accept := m.decide(y, q); sure {
		return accept
	}
	return m.logTest(y, q)
}

// decide returns true and logTest's answer where bounds on both sides
// decide it without a log, else false (for -1 < y <= 1; false above).
//
// With x = 1 - q (exact), -log q = x + x²/2 + x³/3 + x⁴/4 + ..., so lo = x
// + x²/2 + x³/3 + x⁴/4 <= -log q <= hi = x + x²/2 + x³/3 + x⁴/(4q). R'(y)
// = -y³/(1+y), and 1/(1+t) lies between the partial sums of 1 - t + t² -
// ... for t >= 0; for t = -s < 0, s³/(1-s) = s³ + s⁴ + s⁵ + s⁶/(1-s). So
// R(y) <= -u with u = y⁴·(1/4 - y/5 + y²/6 - max(y, 0)³/7), and R(y) >= -l
// with l = y⁴·(1/4 - y/5 + y²/6 - y³/(7·min(1, 1+y)) + max(y, 0)⁴/8), for
// every y > -1. The try is rejected where hi < 3d·u (log q >= -hi >
// 3d·(-u) >= 3d·R) and taken where lo > 3d·l, each by more than a margin.
// logTest's computed values agree there: log q's is within an ulp or two
// of |log q| <= hi, and R's terms are each below K = |y|/min(1, 1+y) + |y|
// + y² + |y|³ (|log1p(y)| <= |y|/min(1, 1+y)), rounded a few times, so
// within a few ulps of 3d·K; the bounds are sums of a few positive terms
// (u and l of terms each below K for -1 < y <= 1), each within a few
// ulps too. The margin, 2^-40 of hi + 3d·K, is far above those roundings
// and far below the gaps of all but a sliver of tries.
func (m *mtGamma) decide(y, q float64) (sure, accept bool) {
	v := m.verdict(y, q)
	return v != 0, v == 2
}

// verdict is decide's answer as a number, computed without a branch: 1
// where the bounds reject the try, 2 where they take it, 0 where they do
// not decide it (or y > 1). The bounds cannot both hold: lo <= hi, and u
// <= l (l - u is y⁸/8 for y >= 0, y⁴·(-y³)/(7(1+y)) >= 0 for y < 0).
func (m *mtGamma) verdict(y, q float64) uint8 {
	x := 1 - q
	x2 := float64(x * x)
	x4 := float64(x2 * x2)
	s := x + float64(0.5*x2) + float64(float64(x2*x)*(1.0/3))
	hi := s + x4/float64(4*q)
	lo := s + float64(0.25*x4)
	p := max(y, 0)
	y2 := float64(y * y)
	y3 := float64(y2 * y)
	y4 := float64(y2 * y2)
	a := 0.25 - float64(0.2*y) + float64(y2*(1.0/6))
	u := float64(y4 * (a - float64(float64(float64(p*p)*p)*(1.0/7))))
	l := float64(y4 * (a - y3/float64(7*min(1, 1+y)) + float64(0.125*float64(float64(p*p)*float64(p*p)))))
	ay := math.Abs(y)
	k := ay/min(1, 1+y) + ay + y2 + float64(y2*ay)
	margin := float64(float64(hi+float64(m.d3*k)) * 0x1p-40)
	rej := discFlag(hi+margin < float64(m.d3*u))
	acc := discFlag(lo-margin > float64(m.d3*l))
	return (rej | acc<<1) & -discFlag(y <= 1)
}

// logTest is the exact test itself.
func (m *mtGamma) logTest(y, q float64) bool {
	y2 := y * y
	r := float64(log1p(y)) - y + float64(0.5*y2) - float64(y2*y*(1.0/3))
	return log(q) < float64(m.d3*r)
}

// fill sets dst[i] = r.of(m.draw(w)) for successive i and returns how
// many values it set: fewer than len(dst) where the chunk's words are
// spent before a value begins. With a kernel (sc, the walk's scratch, not
// nil) the values come from walk a block of tries at a time, from the
// chunk's words and then from the keystream's buffer (the few hundred
// values at a Fill's end, which would not pay for a chunk of their own:
// rechunk); the values of the words walk leaves (fewer than a group of
// tries before the end of the words at hand), or without a kernel, those
// whose first try is taken at once from two buffered words (all but about
// 1/(36d) + 1.5% of them) come from run, a loop without a call, so that
// its state stays in registers. Each other value comes from draw, from
// the same first word, so from the same words by the same decisions.
func (m *mtGamma) fill(w *words, dst []float64, r gammaScale, sc *tryScratch) int {
	var l mtLanes
	if m.big {
		sc = nil
	}
	if sc != nil {
		l = m.lanes()
	}
	i := 0
	for i < len(dst) {
		if sc != nil {
			j := m.walk(w, dst[i:], &l, r.mul, sc)
			r.divide(dst[i : i+j])
			i += j
			if i == len(dst) {
				break
			}
			if w.spent() || rechunk(w, len(dst)-i) {
				return i
			}
		}
		j, k := m.run(w.p, w.k, w.n, dst[i:], r.mul)
		w.k = k
		r.divide(dst[i : i+j])
		i += j
		if i == len(dst) {
			break
		}
		if w.spent() {
			return i
		}
		dst[i] = r.of(m.draw(w))
		i++
		if rechunk(w, len(dst)-i) {
			return i
		}
	}
	return len(dst)
}

// mtWalkMin is the fewest values for which fill walks: below it the
// scratch block's zeroing would cost more than the kernel saves.
const mtWalkMin = 128

// walks reports whether a Fill of n values of s may walk (mtGamma.walk,
// boostWalk), so needs a scratch block.
func (s *gammaSampler) walks(n int) bool {
	return (s.kind == gammaMT || s.kind == gammaBoost && haveBoostTries()) && walks(n)
}

// walks reports whether a Fill of n values may walk, so needs a scratch
// block. A Fill zeroes its block once, not once a chunk: a Fill's chunks
// shrink as its values near its end (each value takes its chunk's first
// words), so a Fill of a few thousand values has several.
func walks(n int) bool { return haveKernels() && n >= mtWalkMin }

// mtBlockLen is the most tries a walk's kernel call makes.
const mtBlockLen = 256

// tryScratch is a walk's block of tries (asmMTTries', asmTBlock's): their
// values, y and q, and a bit for each whose normal words miss the fast
// path (slow) and for each with y <= -1 or that the squeeze does not take
// (und).
type tryScratch struct {
	vals, ys, qs [mtBlockLen]float64
	und, slow    [mtBlockLen / 64]uint64
	v            verdictScratch // decideMarked's
}

// walk sets dst[0], dst[1], ... to mul·draw(w) for successive values from
// the words of w's chunk (dst's memory), a block of tries at a time, and
// returns how many it set: it stops where fewer than a group of the
// kernel's tries (or of values) is left, or after a try that drew past the
// chunk's words. The kernel (asmMTTries) makes every try of the block as
// if its normal word took the fast path; walk continues those that do not,
// in order, as slowNormal does (the wedge test from the next pair's first
// word, then the kernel's try is the try; by try itself for the tail strip
// or at the block's end) and drops the tries whose words they drew; it
// decides the tries the squeeze leaves (decideMarked); then the
// compaction kernel stores the values of the tries taken, in
// order: the values, since draw returns the first try taken and every
// try is whole pairs of words.
func (m *mtGamma) walk(w *words, dst []float64, l *mtLanes, mul float64, sc *tryScratch) int {
	o := 0
	for {
		p, base, gen := w.p, w.k, w.gen
		n := min(len(dst)-o, (len(p)-base)/16, mtBlockLen)
		if n < 8 {
			return o
		}
		t := asmMTTries(sc, p[base:base+16*n], l, mul)
		keep := allKept()
		var done [walkBlock / 64]uint64 // the tries try decided
		next, crossed := forSlowTries(sc, t, 1, func(i int) (int, bool) {
			at := base + 16*i
			if u := le64(p, at); i+1 < t && u&0xFF != 0 {
				// slowNormal's wedge test, its uniform the next try's
				// first word.
				x, _ := normalFast(u)
				return wedgeDrawn(&keep, i, 1, b2u(normalWedge(u, x, le64(p, at+16)))), false
			}
			w.k = at
			v, ok := m.try(w)
			sc.vals[i] = mul * v
			return tryDrawn(w, gen, base, 16, i, 1, t, ok, &keep, &done)
		})
		decideMarked([2]*mtGamma{m, m}, sc, &keep, &done, t)
		// The compaction may write anything after the values kept, up to
		// dst[o+t-1]: bytes below the words of the block's try t.
		o += asmCompact(dst[o:], sc.vals[:], &keep, t)
		if crossed {
			return o
		}
		w.k = base + 16*max(next, t)
	}
}

// forSlowTries calls try for the tries of sc's block (the first t) that
// the kernel marked slow, in order, each of span lanes (i its first), but
// those whose words an earlier call drew: try returns the first try of the
// block that it did not draw, and whether it drew past the block's words,
// where the loop stops. It returns the same of the last call (0 and false
// without one).
func forSlowTries(sc *tryScratch, t, span int, try func(i int) (next int, crossed bool)) (next int, crossed bool) {
	for g := range (t + 63) / 64 {
		for b := sc.slow[g] & lowBits(t-64*g); b != 0; b &= b - 1 {
			i := (g<<6 + bits.TrailingZeros64(b)) &^ (span - 1)
			if i < next {
				continue // its words drawn by an earlier try
			}
			if next, crossed = try(i); crossed {
				return next, true
			}
		}
	}
	return next, false
}

// wedgeDrawn records in keep a slow try of span lanes at i whose wedge
// tests, made from the next try's words, took it (ok 1) or not (0), and
// that next try dropped; it returns the first try not drawn.
func wedgeDrawn(keep *[walkBlock / 64]uint64, i, span int, ok uint64) int {
	b := uint64(1)<<span - 1
	keep[i>>6] &^= b * (1 - ok) << (i & 63)
	keep[(i+span)>>6] &^= b << ((i + span) & 63)
	return i + 2*span
}

// allKept returns a walk's keep mask with every try kept.
func allKept() (keep [walkBlock / 64]uint64) {
	for g := range keep {
		keep[g] = ^uint64(0)
	}
	return keep
}

// tryDrawn records in keep and done a try of a walk's block that the walk
// made itself from its words (ok: taken), the span tries from i of the
// block's t (at byte base of the words at hand of generation gen, stride
// bytes a try), w just after its words; it drops the tries whose words it
// drew and returns the first try of the block not drawn, or t and true
// where it drew past those words (a draw past them replaces the words at
// hand), the rest of the block's tries then dropped.
func tryDrawn(w *words, gen uint64, base, stride, i, span, t int, ok bool, keep, done *[walkBlock / 64]uint64) (next int, crossed bool) {
	b := uint64(1)<<span - 1
	keep[i>>6] &^= b * b2u(!ok) << (i & 63)
	done[i>>6] |= b << (i & 63)
	next = t
	if crossed = !w.holds(gen); !crossed {
		next = (w.k - base) / stride // whole tries
	}
	for j := i + span; j < min(next, t); j++ {
		keep[j>>6] &^= 1 << (j & 63)
	}
	return next, crossed
}

// decideMarked clears in keep the bits of the tries of sc (the first t)
// that the squeeze left (und) and the exact test rejects, of those still
// kept and not done: y <= -1, or verdict's answer or else logTest's, of
// ms[0]'s shape for the even tries and ms[1]'s for the odd ones. The
// answers are gathered without a branch on them (each is known only after
// verdict's divisions, so a branch would be mispredicted late, as often as
// the answers change: about 70% of these tries are rejected); where there
// are verdictsMin tries or more, verdict's answers come from a kernel
// (asmVerdicts), 8 or 4 tries a register.
func decideMarked(ms [2]*mtGamma, sc *tryScratch, keep, done *[walkBlock / 64]uint64, t int) {
	var marked [walkBlock / 64]uint64
	n := 0
	for g := range (t + 63) / 64 {
		marked[g] = sc.und[g] &^ done[g] & keep[g] & lowBits(t-64*g)
		n += bits.OnesCount64(marked[g])
	}
	if n < verdictsMin || !haveKernels() {
		for g := range (t + 63) / 64 {
			var rej uint64
			for b := marked[g]; b != 0; b &= b - 1 {
				i := g<<6 + bits.TrailingZeros64(b)
				m, y, q := ms[i&1], sc.ys[i], sc.qs[i]
				v := uint8(1) // y <= -1: rejected
				if y > -1 {
					if v = m.verdict(y, q); v == 0 && !m.logTest(y, q) {
						v = 1
					}
				}
				rej |= uint64(v&1) << (i & 63)
			}
			keep[g] &^= rej
		}
		return
	}
	// The tries packed for asmVerdicts (y <= -1 rejected at once).
	v := &sc.v
	n = 0
	for g := range (t + 63) / 64 {
		for b := marked[g]; b != 0; b &= b - 1 {
			i := g<<6 + bits.TrailingZeros64(b)
			y := sc.ys[i]
			keep[g] &^= b2u(!(y > -1)) << (i & 63)
			v.ys[n], v.qs[n], v.d3s[n], v.at[n] = y, sc.qs[i], ms[i&1].d3, uint8(i)
			n += int(b2u(y > -1))
		}
	}
	asmVerdicts(v, n)
	for e := range n {
		i := int(v.at[e])
		r := v.rej[e>>3] >> (e & 7) & 1
		if (r|v.acc[e>>3]>>(e&7))&1 == 0 && !ms[i&1].logTest(v.ys[e], v.qs[e]) {
			r = 1
		}
		keep[i>>6] &^= uint64(r) << (i & 63)
	}
}

// verdictsMin is the fewest tries decideMarked gives asmVerdicts: for
// fewer, packing them and the kernel's call cost more than verdict's
// scalar code.
const verdictsMin = 4

// verdictScratch holds the tries decideMarked decides: their y, q, the
// 3d of their shape and index, and verdict's answers as bits.
type verdictScratch struct {
	ys, qs, d3s [mtBlockLen]float64
	at          [mtBlockLen]uint8
	rej, acc    [mtBlockLen / 8]uint8
}

// lowBits returns a mask of the low min(r, 64) bits.
func lowBits(r int) uint64 {
	if r >= 64 {
		return ^uint64(0)
	}
	return 1<<r - 1
}

// rechunk reports whether a Fill loop whose value has just drawn past its
// chunk's words into the keystream's buffer (a law of more than one word
// a value spends its chunk's words before its values) should end the
// chunk there, so that its next values take the words of a new chunk, read
// in bulk, rather than those of the buffer, which end a run of the loop
// every 128 words: where at least rechunkMin values are left. The words
// are the same either way (the next chunk starts where the buffer's taken
// bytes end); only where they are read from changes.
func rechunk(w *words, left int) bool { return w.peeked && left >= rechunkMin }

// rechunkMin is the fewest values left for which rechunk starts a new
// chunk: fewer take the buffer's words, as a short chunk would (each new
// chunk of a law of k words a value makes only 1/k of its values).
const rechunkMin = 256

// run sets dst[i] = mul·draw for successive i while each value's first
// try is taken at once from two words buffered in p at k (n = len(p) - 7),
// and returns how many it set and the offset past their words. draw,
// accept and value written out: keep them the same. (A try with y <= -1
// never passes the squeeze: its right side is then <= 0.)
func (m *mtGamma) run(p []byte, k, n int, dst []float64, mul float64) (int, int) {
	c, c2, d, big := m.c, m.c2, m.d, m.big
	for i := range dst {
		if k+8 >= n {
			return i, k
		}
		x, fast := normalFast(le64(p, k))
		y := float64(c * x)
		q := open01(le64(p, k+8))
		x2 := x * x
		if !fast || !(c2*(x2*x2) < (1-q)*min(1, 1+y)) {
			return i, k
		}
		k += 16
		dst[i] = mtValue(d, big, y) * mul
	}
	return len(dst), k
}

// expUnit returns a Gamma(1, 1) variate, the exponential, drawn again
// where it is exactly 0.
func expUnit(w *words) float64 {
	for {
		if e := stdExp(w); e != 0 {
			return e
		}
	}
}

// halfUnit returns a Gamma(1/2, 1) variate, Z²/2, drawn again where Z is
// exactly 0.
func halfUnit(w *words) float64 {
	for {
		if z := stdNormal(w); z != 0 {
			return float64(0.5 * (z * z))
		}
	}
}

// expSrc and halfSrc are expUnit and halfUnit on the words of a Rand
// call, from src.Uint64 directly (as Gamma's Rand and stdNormalSrc).
func expSrc(src rand.Source) float64 {
	for {
		u := src.Uint64()
		e, fast := expFast(u)
		if !fast {
			w := perCall(src)
			e = expSlow(&w, u)
		}
		if e != 0 {
			return e
		}
	}
}

func halfSrc(src rand.Source) float64 {
	for {
		if z := stdNormalSrc(src); z != 0 {
			return float64(0.5 * (z * z))
		}
	}
}

// expUnitFill sets dst[i] = r.of(expUnit(w)) for successive i and returns
// how many values it set, as mtGamma.fill does: the exponentials of
// expFill (stdExp's, by the kernels where there are), less those exactly
// 0, for which expUnit draws again from the next words (keepNonzero).
func expUnitFill(w *words, dst []float64, r gammaScale) int {
	return r.keepNonzero(dst[:expFill(w, dst, 1)], false)
}

// halfUnitFill is expUnitFill for halfUnit: Z²/2 of the normals of
// normalFill (0 + 1·z is z), less the zeros.
func halfUnitFill(w *words, dst []float64, r gammaScale) int {
	return r.keepNonzero(dst[:normalFill(w, dst, 0, 1)], true)
}

// keepNonzero moves the values of v other than 0, in order, to its start,
// each as r.of(x) (r.of(x²/2) where half), and returns how many: the
// values of expUnit and halfUnit, which draw again after a deviate of 0,
// from stdExp's and stdNormal's on the same words. (x²/2 is 0 only for x
// = 0: the least nonzero normal is above 2^-60.) A deviate of 0 comes about
// once in 2^53 words, so the loop that moves values runs only from one on.
func (r gammaScale) keepNonzero(v []float64, half bool) int {
	if r.div != 1 {
		return r.keepFrom(v, 0, half)
	}
	mul := r.mul
	if half {
		for j, x := range v {
			if x == 0 {
				return r.keepFrom(v, j, half)
			}
			v[j] = float64(0.5*(x*x)) * mul
		}
		return len(v)
	}
	for j, x := range v {
		if x == 0 {
			return r.keepFrom(v, j, half)
		}
		v[j] = x * mul
	}
	return len(v)
}

// keepFrom is keepNonzero for v whose values before j are done.
func (r gammaScale) keepFrom(v []float64, j int, half bool) int {
	k := j
	for _, x := range v[j:] {
		if x == 0 {
			continue
		}
		if half {
			x = float64(0.5 * (x * x))
		}
		v[k] = r.of(x)
		k++
	}
	return k
}
