package dist

// Beta(a, b) is X/(X+Y) for independent X ~ Gamma(a), Y ~ Gamma(b), drawn
// by the gamma sampler of gamma.go (Marsaglia and Tsang 2000; Liu, Martin
// and Syring 2017 for small shapes), X first.
//
// Where neither shape is below lmsMax the gammas are normal numbers and the
// ratio is formed directly (within 2 ulps). Where one is, X or Y may lie
// far below the subnormals (Gamma(0.001) does half the time), so the value
// is formed from t = log X - log Y, which the sampler gives without
// forming X or Y: s = e/(1+e) with e = exp(-|t|) <= 1, the value s for
// t < 0 and 1 - s for t >= 0. So the result is in [0, 1], never NaN, keeps
// its precision down to the subnormals near 0, and near 1 is 1 - s rounded
// once (to 1 where s < 2^-54): a shape as small as 0.001 puts nearly half
// the mass within 1e-300 of 1 and half within 1e-300 of 0. Where both
// shapes are small, t is computed from the scaled logs a·log X and b·log Y
// (never infinite) as (a·log X·m/a - b·log Y·m/b)/m, m = min(a, b), so
// that even shapes below 1e-300, where log X itself is -Inf, give 0 or 1
// with the right odds and never NaN.
//
// Measured against the alternatives on this package's exp and log:
// R. C. H. Cheng, "Generating beta variates with nonintegral shape
// parameters", Communications of the ACM 21(4), 317-322, 1978 (BB, for
// shapes > 1), takes a log, an exp and a division per try where the two
// gammas take none but in rare tries, and is several times slower for
// Beta(2, 5); M. D. Jöhnk, "Erzeugung von betaverteilten und
// gammaverteilten Zufallszahlen", Metrika 8, 5-15, 1964 (for shapes < 1),
// written in log space as small shapes need (U^(1/a) underflows), takes
// two logs, an exp and a log1p per try, its acceptance rate falling
// towards 0 as the shapes grow, and is slower than the two gammas at
// shapes 0.001, 0.1 and 0.5 alike.

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Beta is the beta distribution on [0, 1] with shapes Alpha and Beta:
// density x^(Alpha-1) (1-x)^(Beta-1) / B(Alpha, Beta) (gonum's
// distuv.Beta). Alpha and Beta must be finite and > 0. A value is the
// variate rounded to float64 (within an ulp or two), so it may be exactly 0
// or 1 where the shapes put mass within half an ulp of them
// (Beta(0.001, 0.001) gives 0 or 1 most of the time).
type Beta struct{ Alpha, Beta float64 }

func (d Beta) check() {
	if !(okPositive(d.Alpha) && okPositive(d.Beta)) {
		d.fail()
	}
}

func (d Beta) fail() {
	positive("Beta", "Alpha", d.Alpha)
	positive("Beta", "Beta", d.Beta)
}

// Rand returns a Beta(Alpha, Beta) variate.
func (d Beta) Rand(src rand.Source) float64 {
	if d.Alpha > 1 && d.Beta > 1 && d.Alpha+d.Beta < betaScaledMin {
		// The common case without the rest of the sampler, and without
		// the check, which its condition implies (both shapes finite).
		var mx, my mtGamma
		mx.init(d.Alpha)
		my.init(d.Beta)
		x := mx.drawSrc(src)
		return x / (x + my.drawSrc(src))
	}
	d.check()
	return d.randOther(src)
}

// randOther is Rand for the other shapes, apart so that the common case
// keeps a small frame.
func (d Beta) randOther(src rand.Source) float64 {
	var s betaSampler
	s.init(d.Alpha, d.Beta)
	w := perCall(src)
	return s.draw(&w)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Beta) Fill(src rand.Source, dst []float64) {
	d.check()
	s := newBetaSampler(d.Alpha, d.Beta)
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.kind {
		case betaMT:
			i = s.fill(&w, c)
		case betaLinear:
			if s.x.kind == s.y.kind && (s.x.kind == gammaHalf || s.x.kind == gammaExp) {
				i = s.pairFill(&w, c)
				break
			}
			if s.x.hasFast() && s.y.hasFast() {
				i = s.fill(&w, c)
				break
			}
			i = s.boostFill(&w, c)
		case betaScaled:
			for ; i < len(c) && !w.spent(); i++ {
				c[i] = s.drawScaled(&w)
			}
		default:
			i = s.logFill(&w, c)
		}
		dst = dst[i:]
	}
}

type betaKind uint8

const (
	betaMT     betaKind = iota // both shapes > 1: X/(X+Y), Marsaglia-Tsang both
	betaLinear                 // both >= lmsMax, one <= 1: X/(X+Y)
	betaScaled                 // the same, shapes so large that X+Y could overflow
	betaLog                    // one shape < lmsMax: from log X - log Y
	betaLMS                    // both < lmsMax: from the scaled logs
)

// betaSampler draws Beta(a, b) as X/(X+Y), X ~ Gamma(a), Y ~ Gamma(b), X
// drawn first.
type betaSampler struct {
	kind   betaKind
	x, y   gammaSampler
	ra, rb float64 // betaLMS: m/a and m/b, m = min(a, b)
	m      float64
	// pairFill's X, drawn from the last chunk's words, whose Y the next
	// chunk's first gamma is (pend).
	px   float64
	pend bool
}

// betaScaledMin: where a + b >= 2^1020 X + Y could overflow (X is within a
// few ulps of a for such shapes), so both are scaled by 2^-8 first, which
// is exact (the gammas of unit are normal numbers far above 2^-1014).
const betaScaledMin = 0x1p1020

func newBetaSampler(a, b float64) betaSampler {
	var s betaSampler
	s.init(a, b)
	return s
}

// init makes s the sampler of Beta(a, b), in place.
func (s *betaSampler) init(a, b float64) {
	s.x.init(a, 1)
	s.y.init(b, 1)
	lx, ly := s.x.kind == gammaLMS, s.y.kind == gammaLMS
	switch {
	case lx && ly:
		s.kind = betaLMS
		s.m = min(a, b)
		s.ra, s.rb = s.m/a, s.m/b
	case lx || ly:
		s.kind = betaLog
	case a+b >= betaScaledMin:
		s.kind = betaScaled
	case s.x.kind == gammaMT && s.y.kind == gammaMT:
		s.kind = betaMT
	default:
		s.kind = betaLinear
	}
}

func (s *betaSampler) draw(w *words) float64 {
	switch s.kind {
	case betaMT, betaLinear:
		return s.drawLinear(w)
	case betaScaled:
		return s.drawScaled(w)
	default:
		return betaOfLogRatio(s.logRatio(w))
	}
}

// drawLinear is X/(X+Y); for betaMT it is what Rand computes and fill
// inlines.
func (s *betaSampler) drawLinear(w *words) float64 {
	x := s.x.unit(w)
	return x / (x + s.y.unit(w))
}

// boostFill sets dst[i] = drawLinear(w) for successive i while the words
// of w's chunk last, for betaLinear with a boosted gamma, and returns how
// many values it set: a block at a time, X's and Y's words in turn first
// (unitParts), then the boosted gammas' powers over the block
// (boostPowers), then X/(X+Y): drawLinear's operations.
func (s *betaSampler) boostFill(w *words, dst []float64) int {
	if s.x.kind == gammaBoost && s.y.kind == gammaBoost && haveKernels() {
		return s.boostPairFill(w, dst)
	}
	var xu, yg, yu [boostBlock]float64
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(xu))]
		n := 0
		for ; n < len(b) && !w.spent(); n++ {
			b[n], xu[n] = s.x.unitParts(w)
			yg[n], yu[n] = s.y.unitParts(w)
		}
		if s.x.kind == gammaBoost {
			s.x.boostPowers(b[:n], xu[:n])
		}
		if s.y.kind == gammaBoost {
			s.y.boostPowers(yg[:n], yu[:n])
		}
		for j, x := range b[:n] {
			b[j] = x / (x + yg[j])
		}
		i += n
	}
	return i
}

// boostPairFill is boostFill where both gammas are boosted, with a kernel:
// X's and Y's draws and uniforms in turn, as unitParts draws them, in one
// pair of arrays (asmBoostRun, its lanes alternating X's parameters and
// Y's, makes those taken at once; unitParts the others, finishing their
// value), then boostPowers' operations over both, each gamma with its 1/a,
// then X/(X+Y).
func (s *betaSampler) boostPairFill(w *words, dst []float64) int {
	var gs, us [2 * boostBlock]float64
	l := pairLanes(&s.x.mt, &s.y.mt)
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+boostBlock)]
		m := 2 * len(b) // gammas to draw
		n := 0          // gammas drawn: X's at even n, Y's at odd
		for n < m {
			j := asmBoostRun(gs[n:m], us[n:m], w.p[w.k:], &l)
			w.k += 24 * j
			if n += j; n == m {
				break
			}
			if n%2 == 0 {
				if w.spent() {
					break
				}
				gs[n], us[n] = s.x.unitParts(w)
				n++
			}
			gs[n], us[n] = s.y.unitParts(w)
			n++
		}
		logAll(us[:n])
		for j := 0; j < n; j += 2 {
			us[j] = float64(us[j] * s.x.inva)
			us[j+1] = float64(us[j+1] * s.y.inva)
		}
		expAll(us[:n])
		for j := range n / 2 {
			x := float64(gs[2*j] * us[2*j])
			b[j] = x / (x + float64(gs[2*j+1]*us[2*j+1]))
		}
		i += n / 2
	}
	return i
}

// run is runMT for betaMT, else runLinear.
func (s *betaSampler) run(p []byte, k, n int, dst []float64) (int, int) {
	if s.kind == betaMT {
		return s.runMT(p, k, n, dst)
	}
	return s.runLinear(p, k, n, dst)
}

// runLinear sets dst[i] = drawLinear for successive i while both gammas of
// each value take their fast paths from the words buffered in p at k (n =
// len(p) - 7), and returns how many it set and the offset past their
// words: drawLinear written out for that case, so the same values.
func (s *betaSampler) runLinear(p []byte, k, n int, dst []float64) (int, int) {
	for i := range dst {
		x, ux, ok := s.x.unitFast(p, k, n)
		if !ok {
			return i, k
		}
		y, uy, ok := s.y.unitFast(p, k+ux, n)
		if !ok {
			return i, k
		}
		k += ux + uy
		dst[i] = x / (x + y)
	}
	return len(dst), k
}

func (s *betaSampler) drawScaled(w *words) float64 {
	x := float64(s.x.unit(w) * 0x1p-8)
	y := float64(s.y.unit(w) * 0x1p-8)
	return x / (x + y)
}

// logRatio returns log X - log Y for betaLog, or that ratio from the
// scaled logs for betaLMS.
func (s *betaSampler) logRatio(w *words) float64 {
	if s.kind == betaLog {
		lx := s.x.logUnit(w)
		return lx - s.y.logUnit(w)
	}
	sx, _ := s.x.lmsQuick(w)
	sy, _ := s.y.lmsQuick(w)
	return (float64(sx*s.ra) - float64(sy*s.rb)) / s.m
}

// logFill sets dst[i] = betaOfLogRatio(logRatio(w)) for successive i while
// the words of w's chunk last, for betaLog and betaLMS, and returns how
// many values it set: a block at a time, the ratios first, then
// betaOfLogRatio's exp(-|t|) over the block by expAll (the scalar's bits),
// then its quotients.
func (s *betaSampler) logFill(w *words, dst []float64) int {
	var es, gs [boostBlock]float64
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(es))]
		n := 0
		if s.kind == betaLMS {
			for ; n < len(b) && !w.spent(); n++ {
				b[n] = s.logRatio(w)
			}
		} else {
			n = s.logParts(w, b, gs[:len(b)], es[:len(b)])
		}
		for j, t := range b[:n] {
			es[j] = -math.Abs(t)
		}
		expAll(es[:n])
		for j, t := range b[:n] {
			b[j] = betaOfExp(t, es[j])
		}
		i += n
	}
	return i
}

// logParts sets ts[i] to logRatio(w) for betaLog for successive i while
// the words of w's chunk last (up to a value that draws past them: see
// rechunk), and returns how many it set: the LMS
// gamma's log from lmsQuick and the other's unitParts in turn first (gs
// and us hold them), then the other's logs over the block (unitLogs), then
// their differences.
func (s *betaSampler) logParts(w *words, ts, gs, us []float64) int {
	xl := s.x.kind == gammaLMS
	n, was := 0, w.peeked
	for ; n < len(ts) && !w.spent() && w.peeked == was; n++ {
		if xl {
			_, ts[n] = s.x.lmsQuick(w)
			gs[n], us[n] = s.y.unitParts(w)
		} else {
			gs[n], us[n] = s.x.unitParts(w)
			_, ts[n] = s.y.lmsQuick(w)
		}
	}
	if xl {
		s.y.unitLogs(gs[:n], us[:n])
		for j, l := range gs[:n] {
			ts[j] -= l
		}
	} else {
		s.x.unitLogs(gs[:n], us[:n])
		for j, l := range gs[:n] {
			ts[j] = l - ts[j]
		}
	}
	return n
}

// betaOfLogRatio returns X/(X+Y) for t = log X - log Y (±Inf allowed):
// e/(1+e) for e = exp(-|t|) <= 1, or 1 minus it for t > 0, so the
// values near 1 are 1 - s rounded once, s to its full precision (1/(1+e)
// would round 1+e to the ulp of 1 first, twice as coarse as the float64s
// just below 1).
func betaOfLogRatio(t float64) float64 {
	return betaOfExp(t, exp(-math.Abs(t)))
}

// betaOfExp is betaOfLogRatio(t) given e = exp(-|t|).
func betaOfExp(t, e float64) float64 {
	if t < 0 {
		return e / (1 + e)
	}
	return 1 - e/(1+e)
}

// pairFill sets dst[i] = drawLinear(w) for successive i while the words of
// w's chunk last, for two gammas of shape 1/2 (Z²/2, a normal word each)
// or two of shape 1 (an exponential word each), and returns how many
// values it set. The gammas come first, in place over the chunk's words,
// by the normals' or the exponentials' kernel (halfUnitFill, expUnitFill:
// unit's values in turn, a deviate of 0 dropped as unit draws again), then
// X/(X+Y) of each pair in turn (asmBetaRatios, then the Go loop), in place
// again (value i is stored where gamma i was, after gammas 2i and 2i+1
// are read). An X left without its Y waits in s for the next chunk's first
// gamma; none is left once the Fill's values are all set, since a chunk
// holds no more words than the values left and every gamma takes a word.
func (s *betaSampler) pairFill(w *words, dst []float64) int {
	var n int
	if s.x.kind == gammaHalf {
		n = halfUnitFill(w, dst, s.x.scale)
	} else {
		n = expUnitFill(w, dst, s.x.scale)
	}
	g := dst[:n]
	i, j := 0, 0
	if s.pend && n > 0 {
		dst[0] = s.px / (s.px + g[0])
		i, j, s.pend = 1, 1, false
	}
	v := asmBetaRatios(dst[i:], g[j:])
	i, j = i+v, j+2*v
	for ; j+1 < n; j += 2 {
		x := g[j]
		dst[i] = x / (x + g[j+1])
		i++
	}
	if j < n {
		s.px, s.pend = g[j], true
	}
	return i
}

// fill sets dst[i] = drawLinear(w) for successive i, both gammas
// Marsaglia-Tsang (betaMT) or with fast paths (hasFast), and returns how
// many values it set, as mtGamma.fill does: for betaMT with a kernel the
// values come from walk a block of tries at a time; without one, those
// whose two gammas take their fast paths from buffered words come from
// run; the others from drawLinear.
func (s *betaSampler) fill(w *words, dst []float64) int {
	var l, ly mtLanes
	var sc *betaScratch
	if s.kind == betaMT && !s.x.mt.big && !s.y.mt.big && haveKernels() && len(dst) >= mtWalkMin {
		l, ly = pairLanes(&s.x.mt, &s.y.mt), pairLanes(&s.y.mt, &s.x.mt)
		sc = new(betaScratch) // on the stack: zeroed once a chunk
	}
	i := 0
	for i < len(dst) {
		if sc != nil {
			i += s.walk(w, dst[i:], &l, &ly, sc)
			if i == len(dst) {
				break
			}
			if w.spent() || rechunk(w, len(dst)-i) {
				return i
			}
		}
		j, k := s.run(w.p, w.k, w.n, dst[i:])
		w.k = k
		i += j
		if i == len(dst) {
			break
		}
		if w.spent() {
			return i
		}
		dst[i] = s.drawLinear(w)
		i++
		if rechunk(w, len(dst)-i) {
			return i
		}
	}
	return len(dst)
}

// betaScratch is walk's: the gammas taken and not yet paired into values
// (acc), and a block's tries (mtScratch).
type betaScratch struct {
	acc [betaAcc]float64
	mtScratch
}

// walk is a walk of Marsaglia-Tsang tries (mtGamma.walk) for X/(X+Y): the
// tries of X and Y in turn, four words a value. The gammas taken come in the order X, Y, X, Y, ..., so
// walk keeps them in sc.acc as the kernel stores them and pairs them into
// values a batch at a time (flush). The kernel makes a block's tries with
// the parameters of X and Y in alternate lanes, lanes l from an X try, ly
// from a Y try (an odd number of gammas kept). A try the exact test rejects
// is followed by the next try of the same gamma, which the kernel made with
// the other's parameters, so the block ends there and the next block starts
// at the try after it. At a normal word off the fast path or a y <= -1
// the block ends too, draw takes that gamma from the try's words, and the
// next block starts after them. Blocks are betaBlock tries at most, since the kernel's tries
// after a block's end are made again. sc.acc is not dst's memory: each
// value X/(X+Y) is stored after its words are read, 32 bytes a value. walk
// returns at a value that drew past the chunk's words, or where fewer than
// a group of tries is left, with every gamma drawn paired.
func (s *betaSampler) walk(w *words, dst []float64, l, ly *mtLanes, sc *betaScratch) int {
	o, n := 0, 0 // values set, gammas kept
	flush := func() {
		v := n / 2
		for k := asmBetaRatios(dst[o:o+v], sc.acc[:2*v]); k < v; k++ {
			gx, gy := sc.acc[2*k], sc.acc[2*k+1]
			dst[o+k] = gx / (gx + gy)
		}
		o += v
		if n%2 == 1 {
			sc.acc[0] = sc.acc[n-1]
		}
		n %= 2
	}
	for {
		p, base := w.p, w.k
		if n > betaAcc-betaBlock {
			flush()
		}
		tries := min(2*(len(dst)-o)-n, (len(p)-base)/16, betaBlock)
		if tries < 8 {
			if n%2 == 1 {
				sc.acc[n] = s.y.mt.draw(w)
				n++
			}
			flush()
			return o
		}
		lanes := l
		if n%2 == 1 {
			lanes = ly
		}
		t := asmMTBlock(sc.acc[n:n+tries], &sc.ys, &sc.qs, &sc.und, p[base:base+16*tries], lanes, 1)
		rejected := false
	exact:
		for k := range (t + 63) / 64 {
			b := sc.und[k]
			if r := t - 64*k; r < 64 {
				b &= 1<<r - 1
			}
			for ; b != 0; b &= b - 1 {
				j := k<<6 + bits.TrailingZeros64(b)
				m := &s.x.mt
				if (j+n)%2 == 1 {
					m = &s.y.mt
				}
				if !m.exact(sc.ys[j], sc.qs[j]) {
					t, rejected = j, true
					break exact
				}
			}
		}
		n += t
		w.k = base + 16*t
		if t == tries&^7 {
			continue
		}
		if rejected {
			w.k += 16 // the next try is the same gamma's
			continue
		}
		// The try's gamma from its words on, as drawLinear draws it.
		m := &s.x.mt
		if n%2 == 1 {
			m = &s.y.mt
		}
		sc.acc[n] = m.draw(w)
		n++
		if w.peeked {
			if n%2 == 1 {
				sc.acc[n] = s.y.mt.draw(w)
				n++
			}
			flush()
			return o
		}
	}
}

// betaBlock is the most tries of a Beta walk's block; betaAcc the most
// gammas walk keeps, a few blocks' worth, so that most batches of values
// are long.
const (
	betaBlock = 64
	betaAcc   = 4 * betaBlock
)

// runMT is mtGamma.run for X/(X+Y): four words a value (keep it the same
// as drawLinear).
func (s *betaSampler) runMT(p []byte, k, n int, dst []float64) (int, int) {
	cx, c2x, dx, bigx := s.x.mt.c, s.x.mt.c2, s.x.mt.d, s.x.mt.big
	cy, c2y, dy, bigy := s.y.mt.c, s.y.mt.c2, s.y.mt.d, s.y.mt.big
	for i := range dst {
		if k+24 >= n {
			return i, k
		}
		x1, f1 := normalFast(le64(p, k))
		y1 := float64(cx * x1)
		q1 := open01(le64(p, k+8))
		x2, f2 := normalFast(le64(p, k+16))
		y2 := float64(cy * x2)
		q2 := open01(le64(p, k+24))
		s1, s2 := x1*x1, x2*x2
		if !(f1 && f2 && c2x*(s1*s1) < (1-q1)*min(1, 1+y1) && c2y*(s2*s2) < (1-q2)*min(1, 1+y2)) {
			return i, k
		}
		k += 32
		gx, gy := mtValue(dx, bigx, y1), mtValue(dy, bigy, y2)
		dst[i] = gx / (gx + gy)
	}
	return len(dst), k
}
