package dist

// Beta(a, b) is X/(X+Y) for independent X ~ Gamma(a), Y ~ Gamma(b), drawn
// by the gamma sampler of gamma.go (Marsaglia and Tsang 2000; Liu, Martin
// and Syring 2017 for small shapes), X first; where both shapes are below
// 1 (but both 1/2), by Jöhnk's method instead (betajohnk.go).
//
// Where both shapes are above 1 (Marsaglia and Tsang's), a try is a try of
// X and a try of Y, four words (eight where a normal word is off the
// ziggurat's fast path: betaSampler.tryMT), taken where both are: the
// tries are independent, so given that both are taken X and Y are
// independent gammas of the two shapes. With tries of fixed words the
// Fill's kernel makes every try of a block at once and never stops.
//
// Where neither shape is below lmsMax the gammas are normal numbers and the
// ratio is formed directly (within 2 ulps). Where one is (and the other is
// at least 1), X or Y may lie far below the subnormals (Gamma(0.001) does
// half the time), so the value is formed from t = log X - log Y, which the
// sampler gives without forming X or Y: s = e/(1+e) with e = exp(-|t|) <=
// 1, the value s for t < 0 and 1 - s for t >= 0. So the result is in [0,
// 1], never NaN, keeps its precision down to the subnormals near 0, and
// near 1 is 1 - s rounded once (to 1 where s < 2^-54): a shape as small as
// 0.001 puts nearly half the mass within 1e-300 of 1 and half within
// 1e-300 of 0.
//
// Measured against the alternatives on this package's exp and log: R. C.
// H. Cheng, "Generating beta variates with nonintegral shape parameters",
// Communications of the ACM 21(4), 317-322, 1978 (BB, for shapes > 1),
// takes a log, an exp and a division per try, and its squeeze takes only
// 44% of the tries for Beta(2, 5) (the rest need one or two logs more),
// where the two gammas take none but in rare tries; it is several times
// slower for Beta(2, 5). Jöhnk's method, whose acceptance rate falls
// towards 0 as the shapes grow, is used only where both are below 1.

import (
	"math"
	"math/rand/v2"
)

// Beta is the beta distribution on [0, 1] with shapes Alpha and Beta:
// density x^(Alpha-1) (1-x)^(Beta-1) / B(Alpha, Beta) (gonum's
// distuv.Beta). Alpha and Beta must be finite and > 0. A value is the
// variate rounded to float64 (within an ulp or two; for small shapes, as
// precise as log X and log Y, to their relative precision, where they are
// large), so it may be exactly 0 or 1 where the shapes put mass within
// half an ulp of them (Beta(0.001, 0.001) gives 0 or 1 most of the time).
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
		for { // betaSampler.tryMT, the words from src directly
			xu, xq, yu, yq := src.Uint64(), src.Uint64(), src.Uint64(), src.Uint64()
			x1, f1 := normalFast(xu)
			x2, f2 := normalFast(yu)
			if !(f1 && f2) {
				var ok bool
				if x1, x2, ok = slowNormals2(xu, yu, x1, x2, f1, f2, src.Uint64(), src.Uint64(), src.Uint64(), src.Uint64()); !ok {
					continue
				}
			}
			// Both tests (mtGamma.test), their squeezes written in.
			y1, y2 := float64(mx.c*x1), float64(my.c*x2)
			q1, q2 := open01(xq), open01(yq)
			s1, s2 := x1*x1, x2*x2
			if (mx.c2*(s1*s1) < (1-q1)*min(1, 1+y1) || y1 > -1 && mx.exact(y1, q1)) &&
				(my.c2*(s2*s2) < (1-q2)*min(1, 1+y2) || y2 > -1 && my.exact(y2, q2)) {
				gx, gy := mx.value(y1), my.value(y2)
				return gx / (gx + gy)
			}
		}
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
	sc := (*betaScratch)(nil)
	if s.kind == betaMT && !s.x.mt.big && !s.y.mt.big && walks(len(dst)) {
		sc = new(betaScratch) // on the stack: zeroed once a Fill
	}
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.kind {
		case betaMT:
			i = s.fill(&w, c, sc)
		case betaLinear:
			if s.x.kind == s.y.kind && (s.x.kind == gammaHalf || s.x.kind == gammaExp) {
				i = s.pairFill(&w, c)
				break
			}
			if s.x.hasFast() && s.y.hasFast() {
				i = s.fill(&w, c, nil)
				break
			}
			i = s.boostFill(&w, c)
		case betaJohnk:
			i = s.johnkFill(&w, c)
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
	betaLinear                 // both >= lmsMax, one >= 1 or both 1/2: X/(X+Y)
	betaScaled                 // the same, shapes so large that X+Y could overflow
	betaJohnk                  // both < 1, not both 1/2: Jöhnk's (betajohnk.go)
	betaLog                    // one shape < lmsMax, the other >= 1: from log X - log Y
)

// betaSampler draws Beta(a, b) as X/(X+Y), X ~ Gamma(a), Y ~ Gamma(b), X
// drawn first.
type betaSampler struct {
	kind   betaKind
	x, y   gammaSampler
	ra, rb float64 // betaJohnk: m/a and m/b, m = min(a, b)
	m      float64
	ia, ib float64 // betaJohnk: 1/a and 1/b (+Inf for a subnormal shape)
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
	if a < 1 && b < 1 && !(a == 0.5 && b == 0.5) {
		s.kind = betaJohnk
		s.m = min(a, b)
		s.ra, s.rb = s.m/a, s.m/b
		s.ia, s.ib = 1/a, 1/b
		return
	}
	s.x.init(a, 1)
	s.y.init(b, 1)
	switch {
	case s.x.kind == gammaLMS || s.y.kind == gammaLMS:
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
	case betaMT:
		return s.drawMT(w)
	case betaLinear:
		return s.drawLinear(w)
	case betaJohnk:
		return s.drawJohnk(w)
	case betaScaled:
		return s.drawScaled(w)
	default:
		return betaOfLogRatio(s.logRatio(w))
	}
}

// drawMT is X/(X+Y) for betaMT: of the first try tryMT takes.
func (s *betaSampler) drawMT(w *words) float64 {
	for {
		if gx, gy, ok := s.tryMT(w); ok {
			return gx / (gx + gy)
		}
	}
}

// tryMT makes a try of X and Y from the next quad of words: X's pair (its
// normal word, its uniform), then Y's. A normal word off the fast path
// continues from the next quad, X's from its first pair and Y's from its
// second (slowNormals2). It returns X and Y and whether the try is taken:
// where both gammas' tries are (given that, X and Y are independent
// gammas of the two shapes). Four words a try and eight where a normal
// word is slow, so that the kernels make every try of a block at once
// (walk).
func (s *betaSampler) tryMT(w *words) (float64, float64, bool) {
	xu, xq, yu, yq := w.next(), w.next(), w.next(), w.next()
	x1, f1 := normalFast(xu)
	x2, f2 := normalFast(yu)
	if !(f1 && f2) {
		var ok bool
		if x1, x2, ok = slowNormals2(xu, yu, x1, x2, f1, f2, w.next(), w.next(), w.next(), w.next()); !ok {
			return 0, 0, false
		}
	}
	gx, ok := s.x.mt.test(x1, open01(xq))
	if !ok {
		return 0, 0, false
	}
	gy, ok := s.y.mt.test(x2, open01(yq))
	return gx, gy, ok
}

// slowNormals2 continues the normal words xu and yu of a Beta try (values
// x1 and x2, f1 and f2 whether each took the fast path) from the next
// quad's words a, b (X's) and c, d (Y's), as slowNormal does each: the
// normals and whether every attempt succeeded.
func slowNormals2(xu, yu uint64, x1, x2 float64, f1, f2 bool, a, b, c, d uint64) (float64, float64, bool) {
	ok1, ok2 := true, true
	if !f1 {
		x1, ok1 = slowNormal(xu, x1, a, b)
	}
	if !f2 {
		x2, ok2 = slowNormal(yu, x2, c, d)
	}
	return x1, x2, ok1 && ok2
}

// drawLinear is X/(X+Y) for betaLinear.
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

// logRatio returns log X - log Y for betaLog.
func (s *betaSampler) logRatio(w *words) float64 {
	lx := s.x.logUnit(w)
	return lx - s.y.logUnit(w)
}

// logFill sets dst[i] = betaOfLogRatio(logRatio(w)) for successive i while
// the words of w's chunk last, for betaLog, and returns how
// many values it set: a block at a time, the ratios first, then
// betaOfLogRatio's exp(-|t|) over the block by expAll (the scalar's bits),
// then its quotients.
func (s *betaSampler) logFill(w *words, dst []float64) int {
	var es, gs [boostBlock]float64
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(es))]
		n := s.logParts(w, b, gs[:len(b)], es[:len(b)])
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
// many values it set, as mtGamma.fill does: for betaMT with a kernel (sc,
// the walk's scratch, not nil) the values come from walk a block of tries
// at a time; without one, those whose two gammas take their fast paths
// from buffered words come from run; the others from drawLinear.
func (s *betaSampler) fill(w *words, dst []float64, sc *betaScratch) int {
	var l mtLanes
	if len(dst) < mtWalkMin {
		sc = nil
	}
	if sc != nil {
		l = pairLanes(&s.x.mt, &s.y.mt)
	}
	i := 0
	for i < len(dst) {
		if sc != nil {
			i += s.walk(w, dst[i:], &l, sc)
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
		dst[i] = s.draw(w)
		i++
		if rechunk(w, len(dst)-i) {
			return i
		}
	}
	return len(dst)
}

// betaScratch is walk's: a block's tries (asmMTTries'), and the gammas of
// those taken, X and Y in turn.
type betaScratch struct {
	tries tryScratch
	acc   [mtBlockLen]float64
}

// walk sets dst[0], dst[1], ... to drawMT(w) for successive values from
// the words of w's chunk (dst's memory), a block of tries at a time, as
// mtGamma.walk does for one gamma: the kernel makes the block's gamma
// tries, X's and Y's in turn (l: X's shape in the even lanes, Y's in the
// odd ones), as if their normal words took the fast path; walk continues
// those that do not, in order, as slowNormals2 does (the wedge tests from
// the next quad's words, then the kernel's tries are the try's; by tryMT
// itself for the tail strip or at the block's end) and drops the tries
// whose words they drew, decides the tries the squeeze leaves
// (decideMarked), and keeps the pairs of X and Y both taken; then the
// compaction kernel gathers their gammas and a kernel their ratios X/(X+Y)
// (32 bytes of words a value: the values stay below the words not yet
// read). It returns the values set, at a try that drew past the chunk's
// words or where fewer than a group of tries is left.
func (s *betaSampler) walk(w *words, dst []float64, l *mtLanes, bs *betaScratch) int {
	ms := [2]*mtGamma{&s.x.mt, &s.y.mt}
	sc := &bs.tries
	o := 0
	for {
		p, base, gen := w.p, w.k, w.gen
		n := min(len(dst)-o, (len(p)-base)/32, mtBlockLen/2) // tries of X and Y
		if n < 4 {
			return o
		}
		t := asmMTTries(sc, p[base:base+32*n], l, 1) // gamma tries: an even number
		keep := allKept()
		var done [walkBlock / 64]uint64                                   // the tries tryMT decided
		next, crossed := forSlowTries(sc, t, 2, func(i int) (int, bool) { // i: X's try
			at := base + 16*i
			xu, yu := le64(p, at), le64(p, at+16)
			if i+2 < t && xu&0xFF != 0 && yu&0xFF != 0 {
				// slowNormals2's wedge tests from the next quad's
				// words: of the one word off the fast path, chosen
				// without a branch on which, or of both where both are
				// (rarely).
				x1, f1 := normalFast(xu)
				x2, f2 := normalFast(yu)
				if !(f1 || f2) {
					ok := b2u(normalWedge(xu, x1, le64(p, at+32))) & b2u(normalWedge(yu, x2, le64(p, at+48)))
					return wedgeDrawn(&keep, i, 2, ok), false
				}
				u, h, x := xu, le64(p, at+32), x1
				if f1 {
					u, h, x = yu, le64(p, at+48), x2
				}
				return wedgeDrawn(&keep, i, 2, b2u(normalWedge(u, x, h))), false
			}
			w.k = at
			gx, gy, ok := s.tryMT(w)
			sc.vals[i], sc.vals[i+1] = gx, gy
			return tryDrawn(w, gen, base, 16, i, 2, t, ok, &keep, &done)
		})
		decideMarked(ms, sc, &keep, &done, t)
		// A value where both its tries are kept.
		for g := range keep {
			both := keep[g] & (keep[g] >> 1) & 0x5555555555555555
			keep[g] = both | both<<1
		}
		c := asmCompact(bs.acc[:], sc.vals[:], &keep, t) / 2
		k := asmBetaRatios(dst[o:o+c], bs.acc[:2*c])
		for ; k < c; k++ {
			gx, gy := bs.acc[2*k], bs.acc[2*k+1]
			dst[o+k] = gx / (gx + gy)
		}
		o += c
		if crossed {
			return o
		}
		w.k = base + 16*max(next, t)
	}
}

// runMT is mtGamma.run for X/(X+Y): tryMT's tries of four words taken at
// once (keep it the same as tryMT).
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
